// SPDX-License-Identifier: MIT
/* The timestep lab's claims, checked numerically. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/dmath.h"
#include "kickstep/lab.h"

/* Frame-tied at 15 fps moves 4× slower than the fixed step (60 Hz reference). */
static void test_frame_tied_quarter_speed_at_15fps(void **st) {
  (void)st;
  lab_loop_def d = lab_loop_default_def();
  lab_loop l;
  assert_int_equal(lab_loop_init(&l, &d), KS_OK);
  int64_t steps = 0;
  for (int f = 0; f < 15 * 4; f++) steps += lab_loop_frame(&l, 1.0 / 15.0);
  assert_int_equal(steps, 240);
  double tied = l.x[LAB_FRAME_TIED], fixed = l.x[LAB_FIXED_STEP], var = l.x[LAB_VARIABLE_DT];
  assert_true(ks_fabs(fixed - 8.0) < 1e-12);   /* 4 s at 2 m/s */
  assert_true(ks_fabs(var - 8.0) < 1e-12);
  assert_true(ks_fabs(tied - 2.0) < 1e-12);    /* a quarter */
  assert_true(ks_fabs(fixed / tied - 4.0) < 1e-12);
  /* At the 60 fps reference all three agree. */
  assert_int_equal(lab_loop_init(&l, &d), KS_OK);
  for (int f = 0; f < 240; f++) lab_loop_frame(&l, 1.0 / 60.0);
  assert_true(ks_fabs(l.x[LAB_FRAME_TIED] - l.x[LAB_FIXED_STEP]) < 1e-12);
}

/* The accumulator gauge and a hitch: the fixed step clamps and drops, variable dt teleports. */
static void test_gauge_and_hitch(void **st) {
  (void)st;
  lab_loop_def d = lab_loop_default_def();
  lab_loop l;
  assert_int_equal(lab_loop_init(&l, &d), KS_OK);
  /* 144 Hz display, 60 Hz simulation: the bank fills over frames and drains by whole steps. */
  int zero = 0, one = 0;
  for (int f = 0; f < 144; f++) {
    int64_t n = lab_loop_frame(&l, 1.0 / 144.0);
    assert_true(l.gauge_after >= 0.0 && l.gauge_after < 1.0);
    assert_true(ks_fabs(l.gauge_before - ((double)n + l.gauge_after)) < 1e-12);
    if (n == 0) zero++;
    if (n == 1) one++;
  }
  assert_true(zero > 0 && one > 0);
  assert_true(ks_fabs(l.x[LAB_FIXED_STEP] - 2.0) < 1e-9);
  /* Drawn interpolated, the fixed-step object sits between its last two steps. */
  double drawn = lab_loop_drawn(&l, LAB_FIXED_STEP);
  assert_true(drawn >= l.fixed_prev_x && drawn <= l.x[LAB_FIXED_STEP]);
  assert_int_equal(lab_loop_set(&l, 60, 0), KS_OK);
  assert_true(lab_loop_drawn(&l, LAB_FIXED_STEP) == l.x[LAB_FIXED_STEP]);

  double before[3] = {l.x[0], l.x[1], l.x[2]};
  int64_t n = lab_loop_frame(&l, 0.4); /* hitch */
  assert_int_equal(n, 5);                                      /* capped */
  assert_true(l.gauge_before > 14.0);                          /* 0.25 s clamp = 15 steps banked */
  assert_true(l.dropped_seconds > 0.16);                       /* 10 steps thrown away */
  assert_true(ks_fabs(l.x[1] - before[1] - 0.8) < 1e-12);      /* variable dt teleports 0.8 m */
  assert_true(ks_fabs(l.x[0] - before[0] - 2.0 / 60.0) < 1e-12); /* frame-tied: one frame's worth */
  assert_true(ks_fabs(l.x[2] - before[2] - 5.0 * 2.0 / 60.0) < 1e-12);

  lab_loop keep = l;
  assert_int_equal(lab_loop_set(&l, 0, 1), KS_ERR_RANGE);
  assert_int_equal(lab_loop_set(&l, 60, 2), KS_ERR_RANGE);
  assert_memory_equal(&l, &keep, sizeof l);
  d.sim_hz = 2000;
  assert_int_equal(lab_loop_init(&l, &d), KS_ERR_RANGE);
  d = lab_loop_default_def();
  d.speed_mps = 1.0 / 0.0;
  assert_int_equal(lab_loop_init(&l, &d), KS_ERR_NOT_FINITE);
  d = lab_loop_default_def();
  d.cookie = 0;
  assert_int_equal(lab_loop_init(&l, &d), KS_ERR_UNINITIALISED);
}

/* At an uneven 20 fps the variable-step peaks differ; the fixed-step peaks are equal to the bit. */
static void test_jump_demo_at_20fps(void **st) {
  (void)st;
  lab_jump_def d = lab_jump_default_def();
  lab_jump j;
  assert_int_equal(lab_jump_init(&j, &d), KS_OK);
  double t = 0.0, next_press = 0.3;
  for (int f = 0; f < 20 * 20; f++) {
    if (t >= next_press) {
      lab_jump_press(&j);
      next_press += 1.3;
    }
    double dt = lab_jump_next_frame(&j);
    assert_true(dt > 0.035 && dt < 0.065);
    lab_jump_frame(&j, dt);
    t += dt;
  }
  assert_true(j.variable.peaks >= 10);
  assert_true(j.fixed.peaks >= 10);
  double lo = 1e9, hi = -1e9;
  for (int32_t k = 0; k < j.variable.peaks; k++) {
    double p = lab_ball_peak(&j.variable, k);
    if (p < lo) lo = p;
    if (p > hi) hi = p;
  }
  assert_true(hi - lo > 0.02); /* centimetres of difference between jumps */
  for (int32_t k = 0; k < j.fixed.peaks; k++)
    assert_true(ks_f64_bits(lab_ball_peak(&j.fixed, k)) == ks_f64_bits(j.line_y));
  /* The line is near the exact apex v²/2g = 1.667 m. */
  assert_true(ks_fabs(j.line_y - 10.0 * 10.0 / 60.0) < 0.1);
}

/* Steady 20 fps with no jitter: even the variable ball repeats, which is why the demo needs uneven frames. */
static void test_jump_demo_steady_frames(void **st) {
  (void)st;
  lab_jump_def d = lab_jump_default_def();
  d.jitter = 0.0;
  lab_jump j;
  assert_int_equal(lab_jump_init(&j, &d), KS_OK);
  for (int f = 0; f < 200; f++) {
    if (f % 25 == 0) lab_jump_press(&j);
    lab_jump_frame(&j, lab_jump_next_frame(&j));
  }
  assert_true(j.variable.peaks >= 5);
  for (int32_t k = 1; k < j.variable.peaks; k++)
    assert_true(ks_f64_bits(lab_ball_peak(&j.variable, k)) == ks_f64_bits(lab_ball_peak(&j.variable, 0)));
  /* But its peak is not the fixed step's line: the step size changes the answer. */
  assert_true(lab_ball_peak(&j.variable, 0) != j.line_y);
}

/* The page's frame-rate choices (seed 002's demo let the page pick only an
   uneven 20 fps). At even 15, 20, 30, 60 and 144 fps the variable-step ball
   repeats its own peak but peaks at a different height at each rate (at 60
   fps its dt is the fixed step, so it peaks at the line); at the uneven rate
   it peaks differently each jump. The fixed-step ball peaks at the line, to
   the bit, at every rate, and the line is the same at every rate. */
static void test_jump_demo_rates(void **st) {
  (void)st;
  double var_peak[lab_jump_rate_count] = {0};
  double line = 0.0;
  for (int32_t r = 0; r < lab_jump_rate_count; r++) {
    lab_jump_def d = lab_jump_default_def();
    assert_int_equal(lab_jump_def_set_rate(&d, r), KS_OK);
    assert_true(lab_jump_rate_name(r)[0] != '\0');
    lab_jump j;
    assert_int_equal(lab_jump_init(&j, &d), KS_OK);
    if (r == 0) line = j.line_y;
    assert_true(ks_f64_bits(j.line_y) == ks_f64_bits(line));
    double t = 0.0, next_press = 0.3;
    for (int f = 0; t < 16.0 && f < 100000; f++) {
      if (t >= next_press) {
        lab_jump_press(&j);
        next_press += 1.3;
      }
      double dt = lab_jump_next_frame(&j);
      lab_jump_frame(&j, dt);
      t += dt;
    }
    assert_true(j.variable.peaks >= 10 && j.fixed.peaks >= 10);
    for (int32_t k = 0; k < j.fixed.peaks; k++) assert_true(ks_f64_bits(lab_ball_peak(&j.fixed, k)) == ks_f64_bits(line));
    double lo = 1e9, hi = -1e9;
    for (int32_t k = 0; k < j.variable.peaks; k++) {
      double p = lab_ball_peak(&j.variable, k);
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    print_message("%-14s variable-step peaks %.4f..%.4f m, fixed-step %.4f m\n", lab_jump_rate_name(r), lo, hi, line);
    if (r == LAB_JUMP_UNEVEN) {
      assert_true(hi - lo > 0.01); /* a centimetre or more between jumps */
    } else {
      assert_true(ks_f64_bits(lo) == ks_f64_bits(hi)); /* even frames: the same jump every time */
      var_peak[r] = lo;
    }
  }
  /* Each even rate peaks at its own height; only 60 fps peaks at the line. */
  for (int32_t a = 0; a < LAB_JUMP_UNEVEN; a++) {
    for (int32_t b = a + 1; b < LAB_JUMP_UNEVEN; b++) assert_true(ks_fabs(var_peak[a] - var_peak[b]) > 0.005);
    assert_true((var_peak[a] == line) == (a == LAB_JUMP_60_FPS));
  }
  /* The lower the rate, the lower the variable-step peak (semi-implicit Euler undershoots). */
  assert_true(var_peak[LAB_JUMP_15_FPS] < var_peak[LAB_JUMP_20_FPS] && var_peak[LAB_JUMP_20_FPS] < var_peak[LAB_JUMP_30_FPS]);
  lab_jump_def d = lab_jump_default_def();
  lab_jump_def before = d;
  assert_int_equal(lab_jump_def_set_rate(&d, lab_jump_rate_count), KS_ERR_RANGE);
  assert_int_equal(lab_jump_def_set_rate(&d, -1), KS_ERR_RANGE);
  assert_memory_equal(&d, &before, sizeof d);
  assert_int_equal(lab_jump_def_set_rate(NULL, 0), KS_ERR_NULL);
  assert_string_equal(lab_jump_rate_name(99), "");
  /* The default def is the uneven choice. */
  assert_int_equal(lab_jump_def_set_rate(&d, LAB_JUMP_UNEVEN), KS_OK);
  assert_memory_equal(&d, &before, sizeof d);
}

/* Explicit Euler's spring energy grows every step; semi-implicit stays bounded. */
static void test_spring_energy(void **st) {
  (void)st;
  lab_spring_def d = lab_spring_default_def();
  lab_spring s;
  assert_int_equal(lab_spring_init(&s, &d), KS_OK);
  double e0 = lab_spring_energy(&s, 0);
  assert_true(e0 == lab_spring_energy(&s, 1));
  double prev = e0, lo = e0, hi = e0;
  double growth = 1.0 + d.stiffness_npm / d.mass_kg * d.dt_s * d.dt_s;
  for (int k = 0; k < 300; k++) {
    lab_spring_step(&s);
    double e = lab_spring_energy(&s, 0);
    assert_true(e > prev);
    assert_true(ks_fabs(e / prev - growth) < 1e-9);
    prev = e;
  }
  assert_true(prev > 1000.0 * e0);
  assert_int_equal(lab_spring_init(&s, &d), KS_OK);
  for (int k = 0; k < 30000; k++) {
    lab_spring_step(&s);
    double e = lab_spring_energy(&s, 1);
    if (e < lo) lo = e;
    if (e > hi) hi = e;
  }
  assert_true(lo > 0.75 * e0 && hi < 1.25 * e0);
  d.dt_s = 0.0;
  assert_int_equal(lab_spring_init(&s, &d), KS_ERR_RANGE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_frame_tied_quarter_speed_at_15fps), cmocka_unit_test(test_gauge_and_hitch),
      cmocka_unit_test(test_jump_demo_at_20fps),                cmocka_unit_test(test_jump_demo_steady_frames),
      cmocka_unit_test(test_jump_demo_rates),
      cmocka_unit_test(test_spring_energy),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
