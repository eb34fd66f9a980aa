// SPDX-License-Identifier: MIT
/* Scripted frame sequences — uneven frames, stalls, pauses (in flight, in
   slow motion, during the replay), rate changes — drive the director through
   whole kicks. However the frames fall, the kick, its events and its replay
   are the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "director_test_util.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"
#include "kickstep/rng.h"

static dt_log SMOOTH, SCRIPTED;

/* Plays a kick: 0.5 s on the spot in 1/60 s frames, then the script. A
   script step is a gap in seconds; a negative entry -k pauses for k frames of
   1/60 s (then resumes). */
static void run(dt_rig *r, kick_setup su, kick_launch k, const double *script, int n, dt_log *log) {
  assert_int_equal(dt_init(r, su, true), KS_OK);
  memset(log, 0, sizeof *log);
  for (int i = 0; i < 30; i++) dt_frame_log(r, 1.0 / 60.0, log, -1);
  assert_int_equal(kick_director_kick(&r->d, &k), KS_OK);
  for (int i = 0; i < 100000; i++) {
    double g = script[i % n];
    if (g < 0.0) {
      kick_director_pause(&r->d);
      for (int p = 0; p < (int)(-g); p++) dt_frame_log(r, 1.0 / 60.0, log, i);
      kick_director_resume(&r->d);
      continue;
    }
    dt_frame_log(r, g, log, i);
    bool open = r->d.replay_state == KICK_REPLAY_Q_PENDING || r->d.replay_state == KICK_REPLAY_Q_PLAYING;
    if (kick_shot_decided(&r->d.live) && !open && r->d.live.clock.total_steps > r->d.live.decision_step + 60) break;
  }
}

static void assert_same_events(const dt_log *a, const dt_log *b) {
  assert_int_equal(a->n, b->n);
  for (int i = 0; i < a->n; i++) {
    assert_int_equal(a->ev[i].type, b->ev[i].type);
    assert_int_equal(a->ev[i].step, b->ev[i].step);
    assert_int_equal(a->ev[i].subject, b->ev[i].subject);
    assert_memory_equal(a->ev[i].value, b->ev[i].value, sizeof a->ev[i].value);
  }
}

static void test_frames_stalls_pauses_and_rate_changes_never_change_a_kick(void **st) {
  (void)st;
  const double smooth[1] = {1.0 / 60.0};
  /* 120 Hz, a 0.3 s stall, 80 Hz, a pause, 37 Hz, 144 Hz, a long pause,
     a frame that goes back in time, 15 Hz, 90 Hz. */
  const double script[] = {1.0 / 120.0, 1.0 / 120.0, 0.3,        1.0 / 80.0, -3.0,       1.0 / 37.0,
                           1.0 / 144.0, 1.0 / 144.0, -40.0,      1.0 / 60.0, -0.001,     1.0 / 15.0,
                           1.0 / 90.0,  1.0 / 120.0, 1.0 / 80.0, 0.0,        1.0 / 240.0};
  dt_rig a, b;
  run(&a, dt_penalty(), dt_top_corner(), smooth, 1, &SMOOTH);
  run(&b, dt_penalty(), dt_top_corner(), script, (int)(sizeof script / sizeof script[0]), &SCRIPTED);
  assert_same_events(&SMOOTH, &SCRIPTED);
  assert_int_equal(b.d.replay_state, KICK_REPLAY_Q_FINISHED);
  uint32_t mask = 0;
  assert_true(kick_director_runs_agree(&b.d, &mask));
  assert_int_equal(mask, 0xfu);
  assert_memory_equal(&a.d.runs, &b.d.runs, sizeof a.d.runs);
}

/* Many kicks on the World Tour's levels, each with its own random frame
   script: the four runs agree, slow motion and replay events come in pairs,
   once each, and the events equal those of the same kick in smooth frames. */
static void test_random_scripts_on_every_level(void **st) {
  (void)st;
  ks_rng rng = ks_rng_stream(2026u, 4u);
  const double smooth[1] = {1.0 / 60.0};
  int replays = 0, slowmos = 0;
  for (int32_t li = 0; li < kick_level_count(); li++) {
    const kick_level *lv = kick_level_at(li);
    kick_setup su;
    assert_int_equal(kick_level_setup(lv, 77u + (uint64_t)li, 1u, &su), KS_OK);
    su.person_in_goal = false;
    kick_launch k = dt_launch(18.0 + 15.0 * ks_rng_double(&rng), 0.05 + 0.3 * ks_rng_double(&rng), 0.0);
    k.direction = -lv->spot_x / (-lv->spot_z) + 0.3 * (ks_rng_double(&rng) - 0.5);
    if (ks_rng_double(&rng) < 0.7) {
      /* Mostly the solver's kick into a top corner at 31 m/s: top corner and rocket. */
      kick_solver_def sd = kick_solver_def_for_setup(&su);
      sd.aim_x = ks_rng_double(&rng) < 0.5 ? -3.3 : 3.3;
      sd.aim_y = 2.05;
      sd.speed_mps = 31.0;
      kick_solution sol;
      assert_int_equal(kick_solve(&sd, &sol), KS_OK);
      k = sol.launch;
    }
    double script[12];
    for (int i = 0; i < 12; i++) {
      double u = ks_rng_double(&rng);
      if (u < 0.08) script[i] = -(double)(1 + (int)(ks_rng_double(&rng) * 20.0)); /* a pause */
      else if (u < 0.15) script[i] = 0.05 + ks_rng_double(&rng);                 /* a stall */
      else script[i] = 1.0 / (15.0 + 130.0 * ks_rng_double(&rng));                /* 15..145 Hz */
    }
    dt_rig a, b;
    run(&a, su, k, smooth, 1, &SMOOTH);
    run(&b, su, k, script, 12, &SCRIPTED);
    assert_same_events(&SMOOTH, &SCRIPTED);
    uint32_t mask = 0;
    if (b.d.runs[KICK_RUN_LIVE].valid) assert_true(kick_director_runs_agree(&b.d, &mask));
    int s0 = dt_count(&SCRIPTED, KICK_DIR_EV_SLOWMO_START), s1 = dt_count(&SCRIPTED, KICK_DIR_EV_SLOWMO_END);
    int r0 = dt_count(&SCRIPTED, KICK_DIR_EV_REPLAY_START), r1 = dt_count(&SCRIPTED, KICK_DIR_EV_REPLAY_END);
    assert_true(s0 <= 1 && s0 == s1);
    assert_true(r0 <= 1 && r0 == r1);
    slowmos += s0;
    replays += r0;
  }
  print_message("%d levels: %d slow-motion windows, %d replays\n", kick_level_count(), slowmos, replays);
  assert_true(slowmos > 0 && replays > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_frames_stalls_pauses_and_rate_changes_never_change_a_kick),
      cmocka_unit_test(test_random_scripts_on_every_level),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
