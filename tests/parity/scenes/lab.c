// SPDX-License-Identifier: MIT
/* lab — the timestep lab's parity scene: the three loop strategies at 15, 60
 * and 144 fps with a hitch, the jump demo at an uneven 20 fps, and the two
 * Euler integrators on a spring. Freestanding. */
#include "kickstep/lab.h"
#include "kickstep/timeline.h"

size_t ks_scene_lab(char *out, size_t cap);

static void loops(ks_tl_writer *w, double fps) {
  lab_loop_def d = lab_loop_default_def();
  lab_loop l;
  if (lab_loop_init(&l, &d) != KS_OK) return;
  for (int f = 0; f < 240; f++) {
    lab_loop_frame(&l, f == 100 ? 0.4 : 1.0 / fps);
    if (f % 20 == 0 || f == 100) {
      ks_tl_field fl[] = {{"fps", fps},
                          {"tied", lab_loop_drawn(&l, LAB_FRAME_TIED)},
                          {"variable", lab_loop_drawn(&l, LAB_VARIABLE_DT)},
                          {"fixed", lab_loop_drawn(&l, LAB_FIXED_STEP)},
                          {"gauge_before", l.gauge_before},
                          {"gauge_after", l.gauge_after},
                          {"dropped", l.dropped_seconds}};
      ks_tl_line(w, l.clock.total_steps, (uint64_t)l.frames, fl, sizeof fl / sizeof fl[0]);
    }
  }
}

static void jumps(ks_tl_writer *w) {
  lab_jump_def d = lab_jump_default_def();
  lab_jump j;
  if (lab_jump_init(&j, &d) != KS_OK) return;
  double t = 0.0, next = 0.3;
  for (int f = 0; f < 400; f++) {
    if (t >= next) {
      lab_jump_press(&j);
      next += 1.3;
    }
    double dt = lab_jump_next_frame(&j);
    lab_jump_frame(&j, dt);
    t += dt;
    if (f % 10 == 0) {
      ks_tl_field fl[] = {{"t", t}, {"var_y", j.variable.y}, {"fixed_y", lab_jump_fixed_drawn(&j)},
                          {"var_peaks", (double)j.variable.peaks}, {"line", j.line_y}};
      ks_tl_line(w, j.clock.total_steps, j.frame_rng.state, fl, sizeof fl / sizeof fl[0]);
    }
  }
  for (int32_t k = 0; k < j.variable.peaks && k < LAB_JUMP_MAX_PEAKS; k++) {
    ks_tl_field fl[] = {{"jump", (double)k}, {"var_peak", lab_ball_peak(&j.variable, k)},
                        {"fixed_peak", lab_ball_peak(&j.fixed, k)}};
    ks_tl_line(w, k, 0, fl, 3);
  }
}

static void spring(ks_tl_writer *w) {
  lab_spring_def d = lab_spring_default_def();
  lab_spring s;
  if (lab_spring_init(&s, &d) != KS_OK) return;
  for (int k = 0; k <= 600; k++) {
    if (k % 15 == 0) {
      ks_tl_field fl[] = {{"ex", s.ex}, {"sx", s.sx}, {"e_explicit", lab_spring_energy(&s, 0)},
                          {"e_semi", lab_spring_energy(&s, 1)}};
      ks_tl_line(w, s.steps, 0, fl, 4);
    }
    lab_spring_step(&s);
  }
}

size_t ks_scene_lab(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  loops(&w, 15.0);
  loops(&w, 60.0);
  loops(&w, 144.0);
  jumps(&w);
  spring(&w);
  return w.len;
}
