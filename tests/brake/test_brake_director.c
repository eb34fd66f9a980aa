// SPDX-License-Identifier: MIT
/* The brake game's frame loop: events once per crossing whatever the frames,
   the guard and the clamp, slow motion that changes nothing, "what if". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/brake.h"
#include "kickstep/rng.h"

/* Every event of a run, recorded with exact bits. */
typedef struct log {
  uint32_t n;
  ks_event ev[256];
} log_t;

static void log_add(log_t *l, const ks_events *e) {
  for (uint32_t i = 0; i < e->count; i++) {
    assert_true(l->n < 256);
    l->ev[l->n++] = e->items[i];
  }
  assert_int_equal(e->dropped, 0);
}

static void assert_logs_equal(const log_t *a, const log_t *b) {
  assert_int_equal(a->n, b->n);
  for (uint32_t i = 0; i < a->n; i++) {
    assert_int_equal(a->ev[i].step, b->ev[i].step);
    assert_int_equal(a->ev[i].type, b->ev[i].type);
    assert_int_equal(a->ev[i].subject, b->ev[i].subject);
    for (int k = 0; k < 3; k++) assert_true(ks_f64_bits(a->ev[i].value[k]) == ks_f64_bits(b->ev[i].value[k]));
  }
}

static brake_policy policy(const char *name) {
  brake_policy p;
  assert_int_equal(brake_policy_parse(name, &p), KS_OK);
  return p;
}

/* Reference: one step at a time, no frames at all. */
static uint64_t run_steps(const char *name, log_t *l, brake_result *r) {
  brake_def d = brake_default_def();
  brake_sim s;
  assert_int_equal(brake_sim_init(&s, &d), KS_OK);
  brake_policy p = policy(name);
  l->n = 0;
  while (s.phase != BRAKE_PHASE_DONE) {
    ks_events e;
    ks_events_clear(&e);
    brake_sim_step(&s, brake_policy_pedal(&p, &s, false), &e);
    log_add(l, &e);
  }
  *r = brake_sim_result(&s);
  return brake_sim_hash(&s);
}

/* Through the director, with frames of `frame` s (jittered by `jitter`). */
static double g_max_frame = 0.05;

static uint64_t run_frames(const char *name, double frame, double jitter, double slowmo, log_t *l, brake_result *r,
                           double *min_scale, int64_t *frames) {
  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  dd.slowmo_scale = slowmo;
  dd.max_frame_seconds = g_max_frame;
  brake_director d;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
  brake_policy p = policy(name);
  assert_int_equal(brake_director_set_policy(&d, &p), KS_OK);
  ks_rng rng = ks_rng_seeded(7);
  l->n = 0;
  *min_scale = 1.0;
  while (d.sim.phase != BRAKE_PHASE_DONE) {
    ks_events e;
    ks_events_clear(&e);
    double f = frame * (1.0 + jitter * (ks_rng_double(&rng) - 0.5));
    brake_director_frame(&d, f, false, &e);
    log_add(l, &e);
    if (d.time_scale < *min_scale) *min_scale = d.time_scale;
    assert_true(d.frames < 1000000);
  }
  *r = brake_sim_result(&d.sim);
  *frames = d.frames;
  return brake_sim_hash(&d.sim);
}

static void assert_results_equal(const brake_result *a, const brake_result *b) {
  assert_int_equal(a->outcome, b->outcome);
  assert_int_equal(a->score, b->score);
  assert_int_equal(a->flips, b->flips);
  assert_int_equal(a->clean_landing, b->clean_landing);
  assert_int_equal(a->steps, b->steps);
  assert_true(ks_f64_bits(a->stopwatch_s) == ks_f64_bits(b->stopwatch_s));
  assert_true(ks_f64_bits(a->stop_x_m) == ks_f64_bits(b->stop_x_m));
  assert_true(ks_f64_bits(a->stopping_distance_m) == ks_f64_bits(b->stopping_distance_m));
  assert_true(ks_f64_bits(a->leap_distance_m) == ks_f64_bits(b->leap_distance_m));
}

/* Events come out once, on the same step, however steps are grouped into frames. */
static void test_events_independent_of_frames(void **st) {
  (void)st;
  static const char *const names[] = {"never", "late", "stunt:20", "at-distance:30"};
  static const double frames[] = {1.0 / 144.0, 1.0 / 60.0, 1.0 / 30.0, 0.05, 0.2};
  for (size_t n = 0; n < 4; n++) {
    log_t ref, got;
    brake_result rr, rg;
    uint64_t h = run_steps(names[n], &ref, &rr);
    for (size_t f = 0; f < 5; f++) {
      double ms;
      int64_t fr;
      uint64_t hg = run_frames(names[n], frames[f], 0.6, 0.3, &got, &rg, &ms, &fr);
      assert_true(h == hg);
      assert_logs_equal(&ref, &got);
      assert_results_equal(&rr, &rg);
    }
    /* Many steps in one frame: frames of about 0.9 s, unclamped, run ~108 steps each. */
    g_max_frame = 1.0;
    double ms;
    int64_t fr;
    uint64_t hg = run_frames(names[n], 0.9, 0.2, 0.3, &got, &rg, &ms, &fr);
    g_max_frame = 0.05;
    assert_true(h == hg);
    assert_logs_equal(&ref, &got);
    assert_results_equal(&rr, &rg);
    assert_true(fr < rr.steps / 50);
  }
}

/* The jump and the score are identical at any speed; slow motion really happened. */
static void test_slow_motion_changes_nothing(void **st) {
  (void)st;
  log_t a, b;
  brake_result ra, rb;
  double ma, mb;
  int64_t fa, fb;
  uint64_t ha = run_frames("never", 1.0 / 60.0, 0.0, 1.0, &a, &ra, &ma, &fa);
  uint64_t hb = run_frames("never", 1.0 / 60.0, 0.0, 0.3, &b, &rb, &mb, &fb);
  assert_true(ha == hb);
  assert_logs_equal(&a, &b);
  assert_results_equal(&ra, &rb);
  assert_true(ma == 1.0);
  assert_true(mb < 0.4);
  assert_true(fb > fa + 60);
}

/* The easing formula, frame by frame, and the return to 1 near touch-down. */
static void test_easing(void **st) {
  (void)st;
  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  brake_director d;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
  brake_policy p = policy("never");
  brake_director_set_policy(&d, &p);
  while (d.sim.phase != BRAKE_PHASE_AIR) brake_director_frame(&d, 1.0 / 60.0, false, NULL);
  double dt = 1.0 / 60.0;
  double expect = 1.0;
  bool came_back = false;
  while (d.sim.phase == BRAKE_PHASE_AIR) {
    bool slow = brake_sim_time_to_land(&d.sim) > dd.ease_back_seconds;
    double target = slow ? dd.slowmo_scale : 1.0;
    double k = dt * dd.ease_rate < 1.0 ? dt * dd.ease_rate : 1.0;
    expect += (target - expect) * k;
    brake_director_frame(&d, dt, false, NULL);
    assert_true(ks_f64_bits(d.time_scale) == ks_f64_bits(expect));
    if (!slow && d.target_scale == 1.0) came_back = true;
  }
  assert_true(came_back);
}

/* The clamp: one long frame runs at most 0.05 s of steps. The guard: at most
   400 steps in one frame, and, as in seed 004's loop (the guard stops the
   while loop, acc keeps the rest), the time over the guard stays in the
   accumulator: the next frames run it, at most 400 at a time. */
static void test_clamp_and_guard(void **st) {
  (void)st;
  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  brake_director d;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
  assert_int_equal(brake_director_frame(&d, 2.0, false, NULL), 6);
  assert_int_equal(brake_director_frame(&d, 0.0 / 0.0, false, NULL), 0);
  assert_int_equal(brake_director_frame(&d, -1.0, false, NULL), 0);

  g.steps_per_second = 10000;
  dd.max_frame_seconds = 1.0;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
  /* 0.1037 s owes 1037 steps: 400 now, 400 in the next frame (which adds
     nothing), then the last 237; the bank's 0.7 step fraction stays. */
  assert_int_equal(brake_director_frame(&d, 0.10377, false, NULL), 400);
  assert_int_equal(d.clock.last_dropped_units, 0);
  assert_int_equal(brake_director_frame(&d, 0.0, false, NULL), 400);
  assert_int_equal(brake_director_frame(&d, 0.0, false, NULL), 237);
  assert_int_equal(brake_director_frame(&d, 0.0, false, NULL), 0);
  assert_int_equal(d.sim.step, 1037);
  assert_int_equal(d.clock.dropped_units, 0);
  assert_true(d.clock.banked_units == 700000);
  /* While steps are owed, a frame adds its own time on top. */
  assert_int_equal(brake_director_frame(&d, 0.045, false, NULL), 400);
  assert_int_equal(brake_director_frame(&d, 0.00003, false, NULL), 51);
  assert_int_equal(d.sim.step, 1037 + 451);
  assert_int_equal(d.clock.dropped_units, 0);
  /* One second (the clamp) is 10000 steps: 25 frames of 400, nothing lost. */
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
  assert_int_equal(brake_director_frame(&d, 1.0, false, NULL), 400);
  int64_t total = 400;
  for (int i = 0; i < 30; i++) total += brake_director_frame(&d, 0.0, false, NULL);
  assert_int_equal(total, 10000);
  assert_int_equal(d.clock.dropped_units, 0);

  dd.max_steps_per_frame = 0;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_ERR_RANGE);
  dd = brake_director_default_def();
  dd.slowmo_scale = 1.0 / 0.0;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_ERR_NOT_FINITE);
  brake_policy bad = {99, 0, 0.0};
  assert_int_equal(brake_director_set_policy(&d, &bad), KS_ERR_RANGE);
}

/* "What if": end a run when the barrier is cleared, finish it in a tight loop. */
static void test_what_if_matches_full_run(void **st) {
  (void)st;
  static const char *const names[] = {"never", "stunt:20", "at-distance:20"};
  for (size_t n = 0; n < 3; n++) {
    log_t full;
    brake_result rf;
    run_steps(names[n], &full, &rf);

    brake_def g = brake_default_def();
    brake_director_def dd = brake_director_default_def();
    brake_director d;
    assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
    brake_policy p = policy(names[n]);
    brake_director_set_policy(&d, &p);
    bool ended = false;
    while (!ended && d.sim.phase != BRAKE_PHASE_DONE) {
      ks_events e;
      ks_events_clear(&e);
      brake_director_frame(&d, 1.0 / 60.0, false, &e);
      ended = ks_events_find(&e, BRAKE_EV_CLEAR) >= 0 || ks_events_find(&e, BRAKE_EV_STOPPED) >= 0;
    }
    assert_true(d.sim.phase != BRAKE_PHASE_DONE || rf.outcome != BRAKE_OUT_LEAP);
    brake_sim left = d.sim;
    brake_result rw = brake_sim_run_out(&left, &p, 1000000);
    assert_results_equal(&rf, &rw);
  }
}

/* A human who holds the pedal: run_out holds the last pedal. */
static void test_what_if_holds_the_pedal(void **st) {
  (void)st;
  brake_def g = brake_default_def();
  brake_sim a;
  assert_int_equal(brake_sim_init(&a, &g), KS_OK);
  for (int k = 0; k < 1200; k++) brake_sim_step(&a, k >= 1000, NULL);
  brake_sim b = a;
  while (a.phase != BRAKE_PHASE_DONE) brake_sim_step(&a, true, NULL);
  brake_result rb = brake_sim_run_out(&b, NULL, 1000000);
  brake_result ra = brake_sim_result(&a);
  assert_results_equal(&ra, &rb);
}

/* Seed 004: the what-if starts "when a run ends early (the car has cleared the
   barrier)": the director runs it on the step of the clear, in that frame, and
   its result is the one the drawn run reaches at its stop, bit for bit. */
static void test_what_if_starts_at_the_clear(void **st) {
  (void)st;
  static const char *const names[] = {"never", "stunt:20", "stunt:18"};
  for (size_t n = 0; n < 3; n++) {
    log_t full;
    brake_result rf;
    run_steps(names[n], &full, &rf);
    assert_int_equal(rf.outcome, BRAKE_OUT_LEAP);
    brake_def g = brake_default_def();
    brake_director_def dd = brake_director_default_def();
    brake_director d;
    assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
    brake_policy p = policy(names[n]);
    assert_int_equal(brake_director_set_policy(&d, &p), KS_OK);
    bool cleared = false;
    while (!cleared) {
      ks_events e;
      ks_events_clear(&e);
      assert_int_equal(d.ended, 0);
      brake_director_frame(&d, 1.0 / 144.0, false, &e);
      cleared = ks_events_find(&e, BRAKE_EV_CLEAR) >= 0;
      assert_true(d.sim.phase != BRAKE_PHASE_DONE);
    }
    /* Ended in the frame of the clear, still in the air: no landing yet. */
    assert_int_equal(d.ended, 1);
    assert_int_equal(d.sim.phase, BRAKE_PHASE_AIR);
    assert_results_equal(&rf, &d.what_if);
    /* The drawn run goes on to the same stop. */
    while (d.sim.phase != BRAKE_PHASE_DONE) brake_director_frame(&d, 1.0 / 144.0, false, NULL);
    brake_result live = brake_sim_result(&d.sim);
    assert_results_equal(&rf, &live);
  }
  /* A human: after the clear the pedal is the what-if's (the last one held),
     so a press then changes nothing. */
  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  brake_director d;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
  while (!d.ended) brake_director_frame(&d, 1.0 / 60.0, false, NULL);
  brake_result w = d.what_if;
  while (d.sim.phase != BRAKE_PHASE_DONE) {
    brake_director_press(&d);
    brake_director_frame(&d, 1.0 / 60.0, true, NULL);
  }
  brake_result live = brake_sim_result(&d.sim);
  assert_results_equal(&w, &live);
}

/* Seed 002's common mistake: "losing button presses that happen between fixed
   steps". On a 144 Hz display over 120 steps a second, some frames run no
   step; a tap pressed and released within such a frame, or between two steps
   inside one frame's gap, must still reach the next step as a pedal down. */
static void test_press_between_steps_reaches_a_step(void **st) {
  (void)st;
  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  int taps = 0;
  for (int fps = 121; fps <= 240; fps += 23) {
    for (int phase = 0; phase < 6; phase++) {
      brake_director d;
      assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
      /* Past the countdown, a second up the road (at speed: a tap then slows
         the car and it coasts on). */
      while (d.sim.phase == BRAKE_PHASE_COUNTDOWN) brake_director_frame(&d, 1.0 / (double)fps, false, NULL);
      for (int k = 0; k < fps + phase; k++) brake_director_frame(&d, 1.0 / (double)fps, false, NULL);
      /* Find a frame that runs no step (fps > 120 leaves some), then tap: the
         pedal went down and came up before the frame; the frame sees it up. */
      int guard = 0;
      while (brake_director_frame(&d, 1.0 / (double)fps, false, NULL) != 0) assert_true(++guard < 1000);
      assert_int_equal(d.sim.braked, 0);
      brake_director_press(&d);
      int64_t ran = brake_director_frame(&d, 1.0 / (double)fps, false, NULL);
      if (ran == 0) {
        assert_int_equal(d.sim.braked, 0); /* no step yet: the press waits */
        assert_int_equal(d.pressed, 1);
        while (brake_director_frame(&d, 1.0 / (double)fps, false, NULL) == 0) assert_true(++guard < 2000);
      }
      assert_int_equal(d.sim.braked, 1);
      assert_int_equal(d.pressed, 0);
      /* Taken by exactly one step: the next step has the pedal up. */
      int64_t before = d.sim.step;
      ks_events e;
      ks_events_clear(&e);
      while (d.sim.step == before) {
        brake_director_frame(&d, 1.0 / (double)fps, false, &e);
        assert_true(++guard < 3000);
      }
      assert_int_equal(d.sim.pedal, 0);
      taps++;
    }
  }
  assert_int_equal(taps, 36);
  /* The same tap without a press (the pedal only sampled at frames) is lost:
     what the page did before. */
  brake_director d;
  assert_int_equal(brake_director_init(&d, &g, &dd), KS_OK);
  while (d.sim.phase == BRAKE_PHASE_COUNTDOWN) brake_director_frame(&d, 1.0 / 144.0, false, NULL);
  for (int k = 0; k < 50; k++) brake_director_frame(&d, 1.0 / 144.0, false, NULL);
  assert_int_equal(d.sim.braked, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_events_independent_of_frames), cmocka_unit_test(test_slow_motion_changes_nothing),
      cmocka_unit_test(test_easing),                        cmocka_unit_test(test_clamp_and_guard),
      cmocka_unit_test(test_what_if_matches_full_run),      cmocka_unit_test(test_what_if_holds_the_pedal),
      cmocka_unit_test(test_what_if_starts_at_the_clear),   cmocka_unit_test(test_press_between_steps_reaches_a_step),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
