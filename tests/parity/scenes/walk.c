// SPDX-License-Identifier: MIT
/* walk — the walk course's parity scene.
 *
 * The course at 30, 60, 120 and 240 steps a second: a line every quarter
 * second of simulated time with the body's state, then the course report.
 * Then a game driven by uneven frames with look input and turn keys, a line
 * every 10 frames with the interpolated camera. Freestanding. */
#include "kickstep/rng.h"
#include "kickstep/timeline.h"
#include "kickstep/walk.h"

size_t ks_scene_walk(char *out, size_t cap);

static void body_line(ks_tl_writer *w, const walk_body *b, double rate) {
  ks_tl_field f[] = {{"rate", rate},       {"x", b->x},   {"y", b->y},
                     {"vx", b->vx},        {"vy", b->vy}, {"eye", b->eye_offset},
                     {"t", b->time},       {"seg", (double)b->segment}};
  ks_tl_line(w, b->step, walk_body_hash(b), f, sizeof f / sizeof f[0]);
}

/* The course report at one rate, as one line. */
static void course(ks_tl_writer *w, int32_t rate) {
  walk_def d = walk_default_def();
  d.steps_per_second = rate;
  walk_report r;
  if (walk_course_run(&d, &r) != KS_OK) {
    ks_tl_text(w, "{\"error\":\"course\"}\n");
    return;
  }
  ks_tl_field f[walk_report_field_count + 1];
  f[0].name = "rate";
  f[0].value = (double)rate;
  for (int32_t i = 0; i < walk_report_field_count; i++) {
    f[i + 1].name = walk_report_field_name(i);
    f[i + 1].value = r.v[i];
  }
  ks_tl_line(w, (int64_t)rate * WALK_COURSE_SECONDS, (uint64_t)r.events, f, walk_report_field_count + 1);
}

static void walk_free(ks_tl_writer *w, int32_t rate) {
  walk_def d = walk_default_def();
  d.steps_per_second = rate;
  walk_game g;
  if (walk_game_init(&g, &d) != KS_OK) return;
  ks_rng dice = ks_rng_seeded(1001u + (uint64_t)rate);
  static const uint32_t keys[] = {WALK_KEY_FORWARD,
                                  WALK_KEY_FORWARD | WALK_KEY_SPRINT | WALK_KEY_TURN_LEFT,
                                  WALK_KEY_FORWARD | WALK_KEY_JUMP,
                                  WALK_KEY_FORWARD | WALK_KEY_SPRINT | WALK_KEY_CROUCH,
                                  WALK_KEY_BACK | WALK_KEY_TURN_RIGHT,
                                  0};
  for (int f = 0; f < 600; f++) {
    walk_input in;
    in.keys = keys[(f / 50) % 6];
    in.pressed = 0;
    in.look_dx = ks_rng_range(&dice, -40.0, 40.0);
    in.look_dy = ks_rng_range(&dice, -10.0, 10.0);
    walk_game_frame(&g, ks_rng_range(&dice, 1.0 / 144.0, 1.0 / 24.0), &in, NULL);
    if (f % 10 == 0) {
      walk_camera c = walk_game_camera(&g);
      ks_tl_field fl[] = {{"rate", (double)rate}, {"cx", c.x}, {"cy", c.y}, {"yaw", c.yaw}, {"pitch", c.pitch},
                          {"x", g.body.x}};
      ks_tl_line(w, g.body.step, walk_body_hash(&g.body), fl, sizeof fl / sizeof fl[0]);
    }
  }
}

size_t ks_scene_walk(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  static const int32_t rates[] = {30, 60, 120, 240};
  for (int i = 0; i < 4; i++) {
    walk_def d = walk_default_def();
    d.steps_per_second = rates[i];
    walk_body b;
    if (walk_body_init(&b, &d, 0.0) != KS_OK) continue;
    /* The body through the first 3 s of the course's keys (forward, a jump at 1 s). */
    for (int64_t k = 0; k < 3 * (int64_t)rates[i]; k++) {
      uint32_t keys = WALK_KEY_FORWARD;
      if (k * 30 >= 30 * (int64_t)rates[i] && k * 30 < 36 * (int64_t)rates[i]) keys |= WALK_KEY_JUMP;
      walk_body_step(&b, &d, keys, NULL);
      if (b.step % (rates[i] / 4 > 0 ? rates[i] / 4 : 1) == 0) body_line(&w, &b, (double)rates[i]);
    }
    course(&w, rates[i]);
  }
  walk_free(&w, 60);
  walk_free(&w, 144);
  return w.len;
}
