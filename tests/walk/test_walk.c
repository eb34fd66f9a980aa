// SPDX-License-Identifier: MIT
/* The walk controller: the same course at every step rate, exact landings,
   look once per frame, keys per step, camera blending. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/dmath.h"
#include "kickstep/rng.h"
#include "kickstep/walk.h"

/* The ledge's exact results (test_ledge_one_euler_rate_clears_the_other_misses). */
#define LEDGE_BITS_E60_APEX 0x3feb333333333337ull
#define LEDGE_BITS_E60_LAND 0x401377777777777aull
#define LEDGE_BITS_E120_APEX 0x3febfffffffffffcull
#define LEDGE_BITS_E120_LAND 0x401444444444443bull
#define LEDGE_BITS_X60_LAND 0x4014b68fa3229701ull
#define LEDGE_BITS_X120_LAND 0x4014b68fa32296f3ull

static const int32_t rates[] = {30, 60, 120, 240};

static walk_report course(int32_t rate) {
  walk_def d = walk_default_def();
  d.steps_per_second = rate;
  walk_report r;
  assert_int_equal(walk_course_run(&d, &r), KS_OK);
  return r;
}

/* The course gives the same report at 30, 60, 120 and 240 steps a second. */
static void test_course_same_at_every_rate(void **st) {
  (void)st;
  walk_report ref = course(30);
  char ref_text[2048], text[2048];
  size_t n = 0;
  for (int f = 0; f < walk_report_field_count; f++)
    n += (size_t)snprintf(ref_text + n, sizeof ref_text - n, "%s=%.2f\n", walk_report_field_name(f), ref.v[f]);
  for (size_t i = 1; i < 4; i++) {
    walk_report r = course(rates[i]);
    size_t m = 0;
    for (int f = 0; f < walk_report_field_count; f++) {
      double d = r.v[f] - ref.v[f];
      if (d < 0) d = -d;
      if (d >= 0.005) print_error("%s differs at %d/s: %.6f vs %.6f\n", walk_report_field_name(f), rates[i], r.v[f], ref.v[f]);
      assert_true(d < 0.005);
      m += (size_t)snprintf(text + m, sizeof text - m, "%s=%.2f\n", walk_report_field_name(f), r.v[f]);
    }
    assert_string_equal(text, ref_text);
  }
  /* The course really happened: every milestone was reached. */
  for (int f = 0; f < walk_report_field_count; f++) assert_true(ref.v[f] != 0.0);
  assert_true(ref.v[WALK_R_STEPS_TOP_X] == 9.2);
  assert_true(ref.v[WALK_R_SLIDE_DISTANCE] > 5.0);
  assert_true(ref.v[WALK_R_DROP_LAND_SPEED] > 6.3245 && ref.v[WALK_R_DROP_LAND_SPEED] < 6.3247);
}

/* Every integer rate from 24 to 480 steps a second, multiples of 30 or not
   (primes such as 97, 211 and 479 among them), gives the report of 30/s to
   the centimetre, every field, and the same text printed to the centimetre.
   Before the course split a step at its script's moments and read its
   samples at their own times, 144/s read eye_at_2_4 as 0 (2.4 s is no step
   boundary there) and 25/s started the slide 16 cm late. */
static void test_course_same_at_rates_24_to_480(void **st) {
  (void)st;
  walk_report ref = course(30);
  double worst[walk_report_field_count] = {0};
  int32_t worst_rate[walk_report_field_count] = {0};
  for (int32_t rate = 24; rate <= 480; rate++) {
    walk_report r = course(rate);
    for (int f = 0; f < walk_report_field_count; f++) {
      double d = r.v[f] - ref.v[f];
      if (d < 0) d = -d;
      if (!(d < 0.005)) fail_msg("%s differs at %d/s: %.6f vs %.6f", walk_report_field_name(f), rate, r.v[f], ref.v[f]);
      char a[64], b[64];
      snprintf(a, sizeof a, "%.2f", r.v[f]);
      snprintf(b, sizeof b, "%.2f", ref.v[f]);
      assert_string_equal(a, b);
      if (d > worst[f]) {
        worst[f] = d;
        worst_rate[f] = rate;
      }
    }
  }
  double all = 0.0;
  for (int f = 0; f < walk_report_field_count; f++)
    if (worst[f] > all) all = worst[f];
  print_message("course at 457 rates (24..480/s): largest difference from 30/s %.3g m or s\n", all);
  for (int f = 0; f < walk_report_field_count; f++)
    if (worst[f] > 1e-9) print_message("  %s: %.3g at %d/s\n", walk_report_field_name(f), worst[f], worst_rate[f]);
}

/* Off a 1 m ledge at any rate, even odd ones: touch-down at √(2·20·1) m/s. */
static void test_drop_lands_at_6_3246(void **st) {
  (void)st;
  static const int32_t odd[] = {30, 50, 60, 120, 144, 240, 1000};
  for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
    walk_def d = walk_default_def();
    d.steps_per_second = odd[i];
    d.floor.risers = 1;
    d.floor.riser_x[0] = 1.2345;
    d.floor.height[0] = 1.0;
    d.floor.height[1] = 0.0;
    walk_body b;
    assert_int_equal(walk_body_init(&b, &d, 0.0), KS_OK);
    double land = 0.0, land_x = 0.0;
    for (int k = 0; k < 3 * odd[i] && land == 0.0; k++) {
      ks_events e;
      ks_events_clear(&e);
      walk_body_step(&b, &d, WALK_KEY_FORWARD, &e);
      int32_t j = ks_events_find(&e, WALK_EV_LAND);
      if (j >= 0) {
        land = e.items[j].value[2];
        land_x = e.items[j].value[0];
      }
    }
    assert_true(land > 6.32455 && land < 6.32456);
    double expect = ks_sqrt(40.0);
    assert_true(ks_fabs(land - expect) < 1e-9);
    /* Same touch-down point at every rate (walk speed reached long before). */
    static double first_x = 0.0;
    if (i == 0) first_x = land_x;
    assert_true(ks_fabs(land_x - first_x) < 1e-9);
  }
}

/* A frame that runs three steps turns the view once, not three times. */
static void test_look_once_per_frame(void **st) {
  (void)st;
  walk_def d = walk_default_def();
  d.steps_per_second = 120;
  walk_game g;
  assert_int_equal(walk_game_init(&g, &d), KS_OK);
  walk_input in = {0, 0, 100.0, -40.0};
  int64_t n = walk_game_frame(&g, 3.0 / 120.0, &in, NULL);
  assert_int_equal(n, 3);
  assert_true(ks_f64_bits(g.body.yaw) == ks_f64_bits(100.0 * d.look_sensitivity));
  assert_true(ks_f64_bits(g.body.pitch) == ks_f64_bits(40.0 * d.look_sensitivity));
  /* The same displacement over a frame with one step gives the same view. */
  walk_game h;
  assert_int_equal(walk_game_init(&h, &d), KS_OK);
  assert_int_equal(walk_game_frame(&h, 1.0 / 120.0, &in, NULL), 1);
  assert_true(ks_f64_bits(g.body.yaw) == ks_f64_bits(h.body.yaw));
  /* And a frame with no step still turns the view. */
  walk_game z;
  assert_int_equal(walk_game_init(&z, &d), KS_OK);
  assert_int_equal(walk_game_frame(&z, 0.001, &in, NULL), 0);
  assert_true(ks_f64_bits(z.body.yaw) == ks_f64_bits(h.body.yaw));
  assert_true(ks_f64_bits(walk_game_camera(&z).yaw) == ks_f64_bits(z.body.yaw));
}

/* Held keys are read per step and scaled by the step: one second of turning is the same at any rate. */
static void test_keys_per_step(void **st) {
  (void)st;
  double yaw[4];
  for (size_t i = 0; i < 4; i++) {
    walk_def d = walk_default_def();
    d.steps_per_second = rates[i];
    walk_game g;
    assert_int_equal(walk_game_init(&g, &d), KS_OK);
    walk_input in = {WALK_KEY_TURN_RIGHT, 0, 0.0, 0.0};
    int64_t steps = 0;
    for (int f = 0; f < 20; f++) steps += walk_game_frame(&g, 0.05, &in, NULL);
    assert_int_equal(steps, rates[i]);
    yaw[i] = g.body.yaw;
    assert_true(ks_fabs(yaw[i] - 2.5) < 1e-12);
  }
  /* Three steps in one frame turn three steps' worth. */
  walk_def d = walk_default_def();
  walk_game g;
  assert_int_equal(walk_game_init(&g, &d), KS_OK);
  walk_input in = {WALK_KEY_TURN_LEFT, 0, 0.0, 0.0};
  assert_int_equal(walk_game_frame(&g, 3.0 / 120.0, &in, NULL), 3);
  assert_true(ks_fabs(g.body.yaw + 3.0 * 2.5 / 120.0) < 1e-15);
}

/* Presses are never lost (seed 002: "read input every frame and apply it in
   the next fixed step without losing presses"). A sweep of step rates
   (multiples of 30 and not, primes among them) against display rates (30 to
   240 Hz and uneven frames), with jump presses of every length: a press and
   release both between two frames (a single event, only in `pressed`), and
   a key held for 1 to 8 frames, given with `pressed` or as the held keys
   alone. Each press jumps exactly once, on the first step that runs after
   it arrived, whichever frame that step falls in. */
static const int32_t press_rates[] = {24, 25, 29, 30, 31, 37, 48, 50, 59, 60, 61, 75, 97,
                                      100, 120, 127, 144, 165, 199, 211, 240, 293, 360, 479, 480};
static const double display_hz[] = {30, 60, 75, 90, 120, 144, 165, 240};
#define DISPLAYS (sizeof display_hz / sizeof display_hz[0] + 1) /* the last: uneven */

static double display_frame(size_t display, ks_rng *r) {
  if (display < DISPLAYS - 1) return 1.0 / display_hz[display];
  return ks_rng_range(r, 1.0 / 300.0, 1.0 / 20.0);
}

/* Events of one frame: takeoffs counted, the first one's step kept. */
static int takeoffs(const ks_events *e, int64_t *step) {
  int n = 0;
  for (uint32_t i = 0; i < e->count; i++)
    if (e->items[i].type == WALK_EV_TAKEOFF) {
      if (n == 0) *step = e->items[i].step;
      n++;
    }
  return n;
}

typedef struct press_case {
  int32_t rate;
  size_t display;
  int32_t hold_frames; /* 0: pressed and released before the next frame */
  bool with_pressed;   /* the press also given as walk_input.pressed */
  int32_t wait_frames; /* frames on the spot before the press */
} press_case;

/* Returns the number of takeoffs; *late is true if the first was not on the
   first step run after the press. */
static int run_press(const press_case *c, bool *late) {
  walk_def d = walk_default_def();
  d.steps_per_second = c->rate;
  walk_game g;
  assert_int_equal(walk_game_init(&g, &d), KS_OK);
  ks_rng r = ks_rng_seeded((uint64_t)c->rate * 131u + c->display * 7u + (uint64_t)c->wait_frames);
  walk_input idle = {0, 0, 0.0, 0.0};
  int jumps = 0;
  for (int32_t f = 0; f < c->wait_frames; f++) {
    ks_events e;
    ks_events_clear(&e);
    walk_game_frame(&g, display_frame(c->display, &r), &idle, &e);
    int64_t s;
    jumps += takeoffs(&e, &s);
  }
  int64_t first_step = -1, jump_step = -1;
  double after = 0.0;
  for (int32_t f = 0; after < 1.0; f++) {
    walk_input in = idle;
    if (c->hold_frames == 0) {
      if (f == 0) in.pressed = WALK_KEY_JUMP;
    } else if (f < c->hold_frames) {
      in.keys = WALK_KEY_JUMP;
      if (f == 0 && c->with_pressed) in.pressed = WALK_KEY_JUMP;
    }
    ks_events e;
    ks_events_clear(&e);
    int64_t before = g.body.step;
    double dt = display_frame(c->display, &r);
    int64_t n = walk_game_frame(&g, dt, &in, &e);
    after += dt;
    if (first_step < 0 && n > 0) first_step = before + 1;
    int64_t s = -1;
    int k = takeoffs(&e, &s);
    if (k > 0 && jumps == 0) jump_step = s;
    jumps += k;
  }
  *late = jump_step != first_step;
  return jumps;
}

static void test_presses_never_lost(void **st) {
  (void)st;
  static const int32_t holds[] = {0, 1, 2, 3, 5, 8};
  int cases = 0, lost = 0, twice = 0, late = 0;
  for (size_t ri = 0; ri < sizeof press_rates / sizeof press_rates[0]; ri++)
    for (size_t di = 0; di < DISPLAYS; di++)
      for (size_t hi = 0; hi < sizeof holds / sizeof holds[0]; hi++)
        for (int with = 0; with < 2; with++) {
          if (holds[hi] == 0 && !with) continue; /* a single event exists only as a press */
          for (int32_t wait = 17; wait < 20; wait++) {
            press_case c = {press_rates[ri], di, holds[hi], with != 0, wait};
            bool is_late = false;
            int n = run_press(&c, &is_late);
            cases++;
            if (n == 0) lost++;
            if (n > 1) twice++;
            if (n == 1 && is_late) late++;
            if (n != 1 || is_late)
              print_error("rate %d/s, display %s%.0f, hold %d frames%s, wait %d: %d jumps%s\n", c.rate,
                          di == DISPLAYS - 1 ? "uneven ~" : "", di == DISPLAYS - 1 ? 0.0 : display_hz[di], c.hold_frames,
                          c.with_pressed ? " (pressed)" : "", wait, n, is_late ? ", late" : "");
          }
        }
  print_message("presses: %d cases, %d lost, %d jumped twice, %d late\n", cases, lost, twice, late);
  assert_int_equal(cases, 25 * 9 * 11 * 3);
  assert_int_equal(lost, 0);
  assert_int_equal(twice, 0);
  assert_int_equal(late, 0);
}

/* A release and a new press both between two steps are a new press: after
   landing with jump still held (no repeat: the latch), the player lets go
   and presses again within frames that run no step, and jumps again. */
static void test_repress_between_steps(void **st) {
  (void)st;
  walk_def d = walk_default_def();
  d.steps_per_second = 30;
  walk_game g;
  assert_int_equal(walk_game_init(&g, &d), KS_OK);
  int jumps = 0;
  walk_input hold = {WALK_KEY_JUMP, WALK_KEY_JUMP, 0.0, 0.0};
  for (int f = 0; f < 240; f++) { /* 1 s at 240 Hz: up, down, and standing with the key held */
    ks_events e;
    ks_events_clear(&e);
    walk_game_frame(&g, 1.0 / 240.0, &hold, &e);
    hold.pressed = 0;
    int64_t s;
    jumps += takeoffs(&e, &s);
  }
  assert_int_equal(jumps, 1);
  assert_true(g.body.grounded && g.body.jump_latched);
  /* Run to just after a step, then release and press again before the next. */
  while (walk_game_frame(&g, 1.0 / 240.0, &hold, NULL) == 0) {}
  walk_input up = {0, 0, 0.0, 0.0};
  walk_input down = {WALK_KEY_JUMP, 0, 0.0, 0.0}; /* the held state alone */
  assert_int_equal(walk_game_frame(&g, 1.0 / 240.0, &up, NULL), 0);
  assert_int_equal(walk_game_frame(&g, 1.0 / 240.0, &down, NULL), 0);
  ks_events e;
  ks_events_clear(&e);
  for (int f = 0; f < 8; f++) walk_game_frame(&g, 1.0 / 240.0, &down, &e);
  int64_t s;
  assert_int_equal(takeoffs(&e, &s), 1);
}

/* Position and pitch blend; yaw takes the shortest way round. */
static void test_camera_lerp(void **st) {
  (void)st;
  walk_camera a = {0.0, 1.6, 3.0, 0.2, 0.0};
  walk_camera b = {1.0, 1.8, -3.0, 0.4, 0.0};
  walk_camera m = walk_camera_lerp(a, b, 0.5);
  assert_true(ks_fabs(m.x - 0.5) < 1e-15);
  assert_true(ks_fabs(m.y - 1.7) < 1e-15);
  assert_true(ks_fabs(m.pitch - 0.3) < 1e-15);
  /* Across ±π: the middle of 3.0 and −3.0 is ±π, not 0. */
  assert_true(ks_fabs(ks_fabs(m.yaw) - KS_PI) < 1e-12);
  walk_camera q = walk_camera_lerp(a, b, 0.25);
  assert_true(q.yaw > 3.0);
  assert_true(ks_f64_bits(walk_camera_lerp(a, b, 0.0).yaw) == ks_f64_bits(ks_wrap_angle(3.0)));
}

/* The eye's settling after a step-up does not depend on the rate. */
static void test_eye_settles_alike(void **st) {
  (void)st;
  double eye[4];
  for (size_t i = 0; i < 4; i++) {
    walk_def d = walk_default_def();
    d.steps_per_second = rates[i];
    d.floor.risers = 1;
    d.floor.riser_x[0] = 0.77;
    d.floor.height[0] = 0.0;
    d.floor.height[1] = 0.3;
    walk_body b;
    assert_int_equal(walk_body_init(&b, &d, 0.0), KS_OK);
    for (int k = 0; k < rates[i] / 2; k++) walk_body_step(&b, &d, WALK_KEY_FORWARD, NULL);
    assert_true(b.y == 0.3);
    eye[i] = b.eye_offset;
    assert_true(eye[i] < -0.001);
  }
  for (size_t i = 1; i < 4; i++) assert_true(ks_fabs(eye[i] - eye[0]) < 1e-9);
}

/* Why the controller integrates exactly: a per-step Euler jump peaks lower at
   60 steps a second than at 120 (by about 2.5 cm here); the controller's apex
   is the same at both. */
static double euler_peak(int32_t rate) {
  double dt = 1.0 / (double)rate, y = 0.0, vy = 6.0, peak = 0.0;
  while (vy > 0.0 || y > 0.0) {
    vy -= 20.0 * dt;
    y += vy * dt;
    if (y > peak) peak = y;
    if (y < 0.0) break;
  }
  return peak;
}

static double controller_apex(int32_t rate) {
  walk_def d = walk_default_def();
  d.steps_per_second = rate;
  walk_body b;
  assert_int_equal(walk_body_init(&b, &d, 0.0), KS_OK);
  for (int k = 0; k < rate; k++) {
    ks_events e;
    ks_events_clear(&e);
    walk_body_step(&b, &d, k == 0 ? WALK_KEY_JUMP : 0u, &e);
    int32_t j = ks_events_find(&e, WALK_EV_APEX);
    if (j >= 0) return e.items[j].value[2];
  }
  return -1.0;
}

static void test_exact_flight_versus_euler(void **st) {
  (void)st;
  double e60 = euler_peak(60), e120 = euler_peak(120);
  assert_true(e120 - e60 > 0.02);
  double c60 = controller_apex(60), c120 = controller_apex(120);
  assert_true(ks_fabs(c60 - 0.9) < 1e-12);
  assert_true(ks_fabs(c120 - c60) < 1e-12);
}

/* Seed 001: "A game at 60 used to jump 2.6 cm lower than one at 120 and miss a
   ledge the other cleared". The course's jump at the ledge: the Euler jump
   misses it at 30 and 60 steps a second and clears it at 120 and 240; the
   controller clears it at every rate. Exact bits pinned: the same on every
   build (tests/golden is not involved; these are here). */
static void test_ledge_one_euler_rate_clears_the_other_misses(void **st) {
  (void)st;
  static const int32_t ledge_rates[] = {30, 60, 120, 240};
  static const int32_t euler_clears[] = {0, 0, 1, 1};
  for (size_t i = 0; i < 4; i++) {
    walk_def d = walk_default_def();
    d.steps_per_second = ledge_rates[i];
    walk_ledge_result e, x, e2;
    assert_int_equal(walk_ledge_run(&d, WALK_INTEGRATE_EULER, &e), KS_OK);
    assert_int_equal(walk_ledge_run(&d, WALK_INTEGRATE_EXACT, &x), KS_OK);
    assert_int_equal(walk_ledge_run(&d, WALK_INTEGRATE_EULER, &e2), KS_OK);
    assert_memory_equal(&e, &e2, sizeof e);
    printf("ledge %3d/s: euler apex %.4f m %s (lands x %.4f), exact apex %.4f m %s (lands x %.4f)\n", ledge_rates[i],
           e.apex_y_m, e.cleared ? "clears" : "misses", e.land_x_m, x.apex_y_m, x.cleared ? "clears" : "misses",
           x.land_x_m);
    assert_int_equal(e.cleared, euler_clears[i]);
    assert_int_equal(x.cleared, 1);
    assert_true(x.land_y_m == WALK_LEDGE_TOP_M);
    assert_true(ks_fabs(x.apex_y_m - 0.9) < 1e-12);
    /* Both leave the floor at the same place: the course's take-off. */
    assert_true(ks_fabs(e.takeoff_x_m - 3.7333333333333333) < 1e-12);
    assert_true(ks_fabs(x.takeoff_x_m - e.takeoff_x_m) < 1e-12);
    if (!e.cleared) {
      assert_true(e.land_y_m == 0.0);
      assert_true(e.land_x_m < WALK_LEDGE_X_M);
    }
  }
  /* The pair the seed names, to the bit. */
  walk_def d = walk_default_def();
  walk_ledge_result r60, r120, x60, x120;
  d.steps_per_second = 60;
  assert_int_equal(walk_ledge_run(&d, WALK_INTEGRATE_EULER, &r60), KS_OK);
  assert_int_equal(walk_ledge_run(&d, WALK_INTEGRATE_EXACT, &x60), KS_OK);
  d.steps_per_second = 120;
  assert_int_equal(walk_ledge_run(&d, WALK_INTEGRATE_EULER, &r120), KS_OK);
  assert_int_equal(walk_ledge_run(&d, WALK_INTEGRATE_EXACT, &x120), KS_OK);
  printf("bits: euler60 apex %016llx land %016llx; euler120 apex %016llx land %016llx; exact60 land %016llx; "
         "exact120 land %016llx\n",
         (unsigned long long)ks_f64_bits(r60.apex_y_m), (unsigned long long)ks_f64_bits(r60.land_x_m),
         (unsigned long long)ks_f64_bits(r120.apex_y_m), (unsigned long long)ks_f64_bits(r120.land_x_m),
         (unsigned long long)ks_f64_bits(x60.land_x_m), (unsigned long long)ks_f64_bits(x120.land_x_m));
  assert_int_equal(r60.cleared, 0);
  assert_int_equal(r120.cleared, 1);
  assert_true(ks_f64_bits(r60.apex_y_m) == LEDGE_BITS_E60_APEX);
  assert_true(ks_f64_bits(r60.land_x_m) == LEDGE_BITS_E60_LAND);
  assert_true(ks_f64_bits(r120.apex_y_m) == LEDGE_BITS_E120_APEX);
  assert_true(ks_f64_bits(r120.land_x_m) == LEDGE_BITS_E120_LAND);
  assert_true(ks_f64_bits(x60.land_x_m) == LEDGE_BITS_X60_LAND);
  assert_true(ks_f64_bits(x120.land_x_m) == LEDGE_BITS_X120_LAND);
  /* The ledge sits between the two Euler apexes. */
  assert_true(r60.apex_y_m < WALK_LEDGE_TOP_M && WALK_LEDGE_TOP_M < r120.apex_y_m);
  walk_ledge_result bad;
  assert_int_equal(walk_ledge_run(&d, walk_integrator_count, &bad), KS_ERR_RANGE);
  assert_int_equal(walk_ledge_run(NULL, 0, &bad), KS_ERR_NULL);
}

/* The figure: the Euler jump's apex falls short of v²/2g by v·dt/2 here
   (v/(g·dt) whole), so 60/s peaks v·(1/60 − 1/120)/2 = v/240 lower than 120/s:
   2.50 cm for this 6 m/s jump (the seed's 2.6 cm is a jump of about 6.24 m/s). */
static void test_euler_figure(void **st) {
  (void)st;
  walk_def d = walk_default_def();
  d.steps_per_second = 60;
  double a60 = walk_euler_apex(&d);
  d.steps_per_second = 120;
  double a120 = walk_euler_apex(&d);
  assert_true(ks_fabs(a60 - 0.85) < 1e-12);
  assert_true(ks_fabs(a120 - 0.875) < 1e-12);
  assert_true(ks_fabs((a120 - a60) - d.jump_speed_mps / 240.0) < 1e-12);
  char text[64];
  snprintf(text, sizeof text, "%.2f cm", (a120 - a60) * 100.0);
  assert_string_equal(text, "2.50 cm");
  /* The same as the old test's own Euler loop. */
  assert_true(ks_fabs(a60 - euler_peak(60)) < 1e-12 && ks_fabs(a120 - euler_peak(120)) < 1e-12);
  /* A 6.24 m/s jump: 2.6 cm, the seed's figure. */
  d.jump_speed_mps = 6.24;
  d.steps_per_second = 60;
  double b60 = walk_euler_apex(&d);
  d.steps_per_second = 120;
  double b120 = walk_euler_apex(&d);
  snprintf(text, sizeof text, "%.1f cm", (b120 - b60) * 100.0);
  assert_string_equal(text, "2.6 cm");
}

/* Seed 001's head bob, blended like the camera: the drawn bob is the blend of
   the bobs of the bodies before and after the last step, by the same alpha;
   none at rest or in the air; never more than WALK_BOB_M. */
static void test_head_bob_blended_like_the_camera(void **st) {
  (void)st;
  walk_def d = walk_default_def();
  d.steps_per_second = 60;
  walk_game g;
  assert_int_equal(walk_game_init(&g, &d), KS_OK);
  assert_true(walk_game_camera(&g).bob == 0.0);
  walk_input in = {WALK_KEY_FORWARD, 0, 0.0, 0.0};
  double lo = 0.0, hi = 0.0;
  int blended = 0;
  for (int f = 0; f < 144 * 2; f++) {
    walk_game_frame(&g, 1.0 / 144.0, &in, NULL);
    walk_camera c = walk_game_camera(&g);
    walk_camera a = walk_body_camera(&g.prev, &g.def), b = walk_body_camera(&g.body, &g.def);
    double alpha = ks_clock_alpha(&g.clock);
    assert_true(ks_f64_bits(c.bob) == ks_f64_bits(ks_lerp(a.bob, b.bob, alpha)));
    assert_true(ks_fabs(c.bob) <= WALK_BOB_M);
    if (alpha > 0.0 && a.bob != b.bob && c.bob != b.bob) blended++;
    if (c.bob < lo) lo = c.bob;
    if (c.bob > hi) hi = c.bob;
  }
  assert_true(blended > 50);
  assert_true(hi > 0.9 * WALK_BOB_M && lo < -0.9 * WALK_BOB_M);
  /* In the air: none. */
  walk_input jump = {WALK_KEY_FORWARD | WALK_KEY_JUMP, WALK_KEY_JUMP, 0.0, 0.0};
  walk_game_frame(&g, 1.0 / 60.0, &jump, NULL);
  walk_game_frame(&g, 1.0 / 60.0, &in, NULL);
  assert_int_equal(g.body.grounded, 0);
  assert_true(walk_body_camera(&g.body, &g.def).bob == 0.0);
}

static void test_walls_and_validation(void **st) {
  (void)st;
  walk_def d = walk_default_def();
  d.floor.risers = 1;
  d.floor.riser_x[0] = 2.0;
  d.floor.height[1] = 1.0;
  walk_body b;
  assert_int_equal(walk_body_init(&b, &d, 0.0), KS_OK);
  int walls = 0;
  for (int k = 0; k < 240; k++) {
    ks_events e;
    ks_events_clear(&e);
    walk_body_step(&b, &d, WALK_KEY_FORWARD, &e);
    if (ks_events_find(&e, WALK_EV_WALL) >= 0) walls++;
  }
  assert_true(walls >= 1);
  assert_true(b.x == 2.0);
  assert_true(b.y == 0.0);

  walk_game g, keep;
  walk_def good = walk_default_def();
  assert_int_equal(walk_game_init(&g, &good), KS_OK);
  keep = g;
  walk_def bad = good;
  bad.gravity_mps2 = 0.0 / 0.0;
  assert_int_equal(walk_game_init(&g, &bad), KS_ERR_NOT_FINITE);
  bad = good;
  bad.steps_per_second = 5;
  assert_int_equal(walk_game_init(&g, &bad), KS_ERR_RANGE);
  bad = good;
  bad.floor.riser_x[1] = bad.floor.riser_x[0];
  assert_int_equal(walk_game_init(&g, &bad), KS_ERR_RANGE);
  bad = good;
  bad.cookie = 1;
  assert_int_equal(walk_game_init(&g, &bad), KS_ERR_UNINITIALISED);
  assert_int_equal(walk_game_init(NULL, &good), KS_ERR_NULL);
  assert_memory_equal(&g, &keep, sizeof g);
}

static void test_snapshot(void **st) {
  (void)st;
  walk_def d = walk_default_def();
  walk_game g;
  assert_int_equal(walk_game_init(&g, &d), KS_OK);
  walk_input in = {WALK_KEY_FORWARD | WALK_KEY_SPRINT, 0, 3.0, 1.0};
  for (int f = 0; f < 90; f++) walk_game_frame(&g, 1.0 / 60.0, &in, NULL);
  walk_game copy = g;
  in.keys |= WALK_KEY_JUMP;
  for (int f = 0; f < 90; f++) {
    walk_game_frame(&g, 1.0 / 60.0, &in, NULL);
    walk_game_frame(&copy, 1.0 / 60.0, &in, NULL);
  }
  assert_true(walk_body_hash(&g.body) == walk_body_hash(&copy.body));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_course_same_at_every_rate), cmocka_unit_test(test_course_same_at_rates_24_to_480), cmocka_unit_test(test_drop_lands_at_6_3246),
      cmocka_unit_test(test_look_once_per_frame),       cmocka_unit_test(test_keys_per_step),
      cmocka_unit_test(test_camera_lerp),               cmocka_unit_test(test_eye_settles_alike),
      cmocka_unit_test(test_walls_and_validation),      cmocka_unit_test(test_snapshot),
      cmocka_unit_test(test_exact_flight_versus_euler),
      cmocka_unit_test(test_ledge_one_euler_rate_clears_the_other_misses),
      cmocka_unit_test(test_euler_figure),
      cmocka_unit_test(test_head_bob_blended_like_the_camera),   cmocka_unit_test(test_presses_never_lost),
      cmocka_unit_test(test_repress_between_steps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
