// SPDX-License-Identifier: MIT
/* The penalty duel's rules, offline: phases, scoring, the early end, sudden
   death, a draw, the shot clock, inputs that do not fit the moment, the
   replay of a goal fed with the recorded tap, the input bytes and the trace. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/kick_duel.h"
#include "kickstep/synctest.h"

static kick_launch goal_launch(double side) {
  kick_launch k = kick_launch_default();
  k.speed_mps = 24.0;
  k.elevation = 0.12;
  k.direction = 0.27 * side; /* about 3 m from the middle at the line */
  return k;
}

static kick_launch wide_launch(void) {
  kick_launch k = kick_launch_default();
  k.speed_mps = 24.0;
  k.elevation = 0.1;
  k.direction = 0.55;
  return k;
}

static kick_duel_def quick_def(void) {
  kick_duel_def d = kick_duel_default_def();
  d.ready_steps = 30;
  d.after_steps = 60;
  d.replays = false;
  return d;
}

static void step_none(kick_duel *d) { kick_duel_step(d, NULL); }

static void step_with(kick_duel *d, int32_t player, const kick_duel_input *in) {
  const kick_duel_input *p[2] = {NULL, NULL};
  p[player] = in;
  kick_duel_step(d, p);
}

static void run_to_phase(kick_duel *d, kick_duel_phase ph, int64_t max) {
  for (int64_t i = 0; i < max && d->phase != ph; i++) step_none(d);
  assert_int_equal(d->phase, ph);
}

/* Plays one kick: the shooter strikes `k` once AIM comes; returns the result. */
static kick_duel_result play_kick(kick_duel *d, const kick_launch *k) {
  int32_t kick = d->kick;
  run_to_phase(d, KICK_DUEL_AIM, 100000);
  kick_duel_input in = kick_duel_strike_input(k);
  step_with(d, d->shooter, &in);
  assert_int_equal(d->phase, KICK_DUEL_FLIGHT);
  for (int i = 0; i < 20000 && d->kick == kick && d->phase != KICK_DUEL_OVER; i++) step_none(d);
  return (kick_duel_result)d->results[kick];
}

static void test_definitions_and_kick_setups(void **st) {
  (void)st;
  kick_duel_def d = kick_duel_default_def();
  assert_int_equal(kick_duel_def_validate(&d), KS_OK);
  kick_duel_def bad = d;
  bad.cookie = 0;
  assert_int_equal(kick_duel_def_validate(&bad), KS_ERR_UNINITIALISED);
  bad = d;
  bad.max_kicks = 9;
  assert_int_equal(kick_duel_def_validate(&bad), KS_ERR_RANGE);
  bad = d;
  bad.max_kicks = 8; /* fewer than the regulation ten */
  assert_int_equal(kick_duel_def_validate(&bad), KS_ERR_RANGE);
  bad = d;
  bad.keeper_rating = 0.0 / 0.0;
  assert_int_equal(kick_duel_def_validate(&bad), KS_ERR_NOT_FINITE);
  kick_setup su;
  assert_int_equal(kick_duel_kick_setup(&d, 3, &su), KS_OK);
  assert_true(su.person_in_goal);
  assert_int_equal(su.keeper.kind, KICK_KEEPER_PLAIN);
  assert_int_equal(su.kick_number, 3);
  assert_true(su.spot_z == -11.0);
  assert_int_equal(kick_duel_kick_setup(&d, 40, &su), KS_ERR_RANGE);
  kick_duel duel;
  memset(&duel, 0x33, sizeof duel);
  kick_duel copy = duel;
  assert_int_equal(kick_duel_init(&duel, &bad), KS_ERR_NOT_FINITE);
  assert_memory_equal(&duel, &copy, sizeof duel);
  assert_int_equal(kick_duel_init(&duel, &d), KS_OK);
  assert_int_equal(duel.phase, KICK_DUEL_READY);
  assert_int_equal(duel.shooter, 0);
  assert_int_equal(duel.winner, KICK_DUEL_NO_WINNER);
}

/* Player 0 scores every kick, player 1 misses every kick: it is over after
   six kicks (3-0 with two left for player 1), and then nothing changes. */
static void test_the_shootout_ends_when_one_side_cannot_catch_up(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  kick_duel d;
  assert_int_equal(kick_duel_init(&d, &def), KS_OK);
  kick_launch g = goal_launch(1.0), w = wide_launch();
  for (int k = 0; k < 6; k++) {
    assert_int_equal(d.kick, k);
    assert_int_equal(d.shooter, k % 2);
    assert_int_equal(kick_duel_keeper(&d), 1 - k % 2);
    kick_duel_result r = play_kick(&d, k % 2 == 0 ? &g : &w);
    assert_int_equal(r, k % 2 == 0 ? KICK_DUEL_SCORED : KICK_DUEL_MISSED);
  }
  assert_int_equal(d.phase, KICK_DUEL_OVER);
  assert_int_equal(d.score[0], 3);
  assert_int_equal(d.score[1], 0);
  assert_int_equal(d.winner, 0);
  uint64_t h = kick_duel_hash(&d);
  int64_t steps = d.step;
  kick_duel_input in = kick_duel_strike_input(&g);
  for (int i = 0; i < 100; i++) step_with(&d, 1, &in);
  assert_int_equal(kick_duel_hash(&d), h);
  assert_int_equal(d.step, steps);
}

/* 5-5 after ten, then sudden death: 1-0 in the next pair ends it. */
static void test_sudden_death_goes_pair_by_pair(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  kick_duel d;
  assert_int_equal(kick_duel_init(&d, &def), KS_OK);
  kick_launch left = goal_launch(1.0), right = goal_launch(-1.0), w = wide_launch();
  for (int k = 0; k < 10; k++) assert_int_equal(play_kick(&d, k % 3 ? &left : &right), KICK_DUEL_SCORED);
  assert_int_not_equal(d.phase, KICK_DUEL_OVER);
  assert_int_equal(play_kick(&d, &left), KICK_DUEL_SCORED); /* kick 10, player 0 */
  assert_int_not_equal(d.phase, KICK_DUEL_OVER);            /* player 1 may still level */
  assert_int_equal(play_kick(&d, &w), KICK_DUEL_MISSED);
  assert_int_equal(d.phase, KICK_DUEL_OVER);
  assert_int_equal(d.winner, 0);
  assert_int_equal(d.score[0], 6);
  assert_int_equal(d.score[1], 5);
  assert_int_equal(d.kick, 11);
}

static void test_a_tie_at_max_kicks_is_a_draw(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  def.kicks_each = 1;
  def.max_kicks = 4;
  kick_duel d;
  assert_int_equal(kick_duel_init(&d, &def), KS_OK);
  kick_launch g = goal_launch(1.0);
  for (int k = 0; k < 4; k++) assert_int_equal(play_kick(&d, &g), KICK_DUEL_SCORED);
  assert_int_equal(d.phase, KICK_DUEL_OVER);
  assert_int_equal(d.winner, KICK_DUEL_DRAW);
}

/* No strike within aim_steps: a miss, and the match goes on. */
static void test_the_shot_clock_runs_out(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  def.aim_steps = 120;
  kick_duel d;
  assert_int_equal(kick_duel_init(&d, &def), KS_OK);
  run_to_phase(&d, KICK_DUEL_AIM, 1000);
  int64_t aim_at = d.step;
  run_to_phase(&d, KICK_DUEL_AFTER, 1000);
  assert_int_equal(d.step - aim_at, 120);
  assert_int_equal(d.results[0], KICK_DUEL_NO_SHOT);
  assert_int_equal(d.taken[0], 1);
  assert_int_equal(d.score[0], 0);
  run_to_phase(&d, KICK_DUEL_READY, 1000);
  assert_int_equal(d.kick, 1);
  assert_int_equal(d.shooter, 1);
}

/* A keeper's strike, a shooter's tap, a tap in READY, a second tap and a
   launch out of range change nothing: the same bits as without them. */
static void test_inputs_that_do_not_fit_the_moment_are_ignored(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  kick_duel a, b;
  assert_int_equal(kick_duel_init(&a, &def), KS_OK);
  b = a;
  kick_launch g = goal_launch(-1.0), silly = goal_launch(1.0);
  silly.speed_mps = 99.0;
  kick_duel_input strike = kick_duel_strike_input(&g), bad = kick_duel_strike_input(&silly);
  kick_duel_input tap = kick_duel_tap_input(-2.0, 1.0), tap2 = kick_duel_tap_input(2.0, 0.5);
  step_with(&b, 1, &tap); /* READY: ignored */
  step_none(&a);
  run_to_phase(&a, KICK_DUEL_AIM, 1000);
  run_to_phase(&b, KICK_DUEL_AIM, 1000);
  assert_false(b.tapped);
  step_with(&b, 1, &strike); /* the keeper cannot strike */
  step_none(&a);
  step_with(&b, 0, &tap); /* the shooter cannot tap */
  step_none(&a);
  step_with(&b, 0, &bad); /* out of range */
  step_none(&a);
  assert_int_equal(kick_duel_hash(&a), kick_duel_hash(&b));
  assert_memory_equal(&a.shot, &b.shot, sizeof a.shot);
  /* The keeper's tap, then a second one that changes nothing. */
  step_with(&a, 1, &tap);
  step_with(&b, 1, &tap);
  assert_true(a.tapped);
  step_with(&b, 1, &tap2);
  step_none(&a);
  assert_int_equal(kick_duel_hash(&a), kick_duel_hash(&b));
  assert_false(kick_duel_may_tap(&a, 1));
  assert_true(kick_duel_may_strike(&a, 0));
  assert_false(kick_duel_may_strike(&a, 1));
  step_with(&a, 0, &strike);
  step_with(&b, 0, &strike);
  for (int i = 0; i < 2000; i++) {
    step_with(&b, 1, &tap2);
    step_none(&a);
  }
  assert_int_equal(kick_duel_hash(&a), kick_duel_hash(&b));
}

/* A goal past a keeper who dived the wrong way: the replay copy, rebuilt from
   the setup with the same wait, the same tap and the same launch, is decided
   on the same step with the same crossing bits as the live kick. */
static void test_a_goal_replays_with_the_recorded_tap(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  def.replays = true;
  kick_duel d;
  assert_int_equal(kick_duel_init(&d, &def), KS_OK);
  run_to_phase(&d, KICK_DUEL_AIM, 1000);
  for (int i = 0; i < 37; i++) step_none(&d);
  kick_duel_input tap = kick_duel_tap_input(-2.5, 1.0);
  step_with(&d, 1, &tap);
  for (int i = 0; i < 11; i++) step_none(&d);
  kick_launch g = goal_launch(1.0);
  kick_duel_input strike = kick_duel_strike_input(&g);
  step_with(&d, 0, &strike);
  run_to_phase(&d, KICK_DUEL_AFTER, 5000);
  assert_int_equal(d.results[0], KICK_DUEL_SCORED);
  assert_true(d.shot.keeper.tap_applied_step >= 0);
  ks_vec3 live_cross = d.shot.crossing;
  int64_t live_dec = d.shot.decision_step, live_dive = d.shot.keeper.dive_step, live_strike = d.strike_step;
  run_to_phase(&d, KICK_DUEL_REPLAY, 5000);
  int64_t replay_steps = 0;
  bool seen = false;
  while (d.phase == KICK_DUEL_REPLAY) {
    step_none(&d);
    replay_steps++;
    if (!seen && d.phase == KICK_DUEL_REPLAY && kick_shot_decided(&d.shot)) {
      seen = true;
      assert_int_equal(d.shot.decision_step, live_dec);
      assert_int_equal(d.shot.keeper.dive_step, live_dive);
      assert_int_equal(ks_f64_bits(d.shot.crossing.x), ks_f64_bits(live_cross.x));
      assert_int_equal(ks_f64_bits(d.shot.crossing.y), ks_f64_bits(live_cross.y));
    }
  }
  assert_true(seen);
  /* At 0.45x: S shot steps from the strike to 0.7 s after the decision take
     ceil(20 S / 9) duel steps. */
  int64_t s_steps = live_dec + KICK_DUEL_REPLAY_TAIL_STEPS - live_strike;
  assert_int_equal(replay_steps, (20 * s_steps + 8) / 9);
  assert_int_equal(d.kick, 1);
}

static void test_input_bytes_round_trip_and_bad_bytes_are_refused(void **st) {
  (void)st;
  kick_launch k = goal_launch(1.0);
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = 33.25;
  kick_duel_input ins[3] = {kick_duel_strike_input(&k), kick_duel_tap_input(-1.25, 0.75), {KICK_DUEL_IN_NONE, k, 0, 0}};
  for (int i = 0; i < 3; i++) {
    uint8_t b[KICK_DUEL_INPUT_BYTES];
    kick_duel_input_encode(&ins[i], b);
    kick_duel_input back;
    assert_int_equal(kick_duel_input_decode(b, &back), KS_OK);
    assert_int_equal(back.kind, ins[i].kind);
    uint8_t again[KICK_DUEL_INPUT_BYTES];
    kick_duel_input_encode(&back, again);
    assert_memory_equal(b, again, sizeof b);
  }
  uint8_t b[KICK_DUEL_INPUT_BYTES];
  kick_duel_input_encode(&ins[1], b);
  assert_int_equal(b[0], KICK_DUEL_IN_TAP);
  b[30] = 1; /* past a tap's two doubles */
  kick_duel_input out = ins[0];
  assert_int_equal(kick_duel_input_decode(b, &out), KS_ERR_FORMAT);
  assert_int_equal(out.kind, KICK_DUEL_IN_STRIKE); /* untouched */
  b[30] = 0;
  b[0] = 9;
  assert_int_equal(kick_duel_input_decode(b, &out), KS_ERR_FORMAT);
  /* Through the rollback callback, bad bytes step as none. */
  kick_duel_def def = quick_def();
  kick_duel a, c;
  assert_int_equal(kick_duel_init(&a, &def), KS_OK);
  c = a;
  uint8_t zero[KICK_DUEL_INPUT_BYTES] = {0};
  const uint8_t *pa[2] = {b, zero}, *pc[2] = {zero, zero};
  for (int i = 0; i < 100; i++) {
    kick_duel_rb_step(&a, pa, NULL);
    kick_duel_rb_step(&c, pc, NULL);
  }
  assert_int_equal(kick_duel_rb_hash(&a, NULL), kick_duel_rb_hash(&c, NULL));
}

static void test_the_trace_names_the_differing_field(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  kick_duel a, b;
  assert_int_equal(kick_duel_init(&a, &def), KS_OK);
  run_to_phase(&a, KICK_DUEL_AIM, 1000);
  kick_launch g = goal_launch(1.0);
  kick_duel_input strike = kick_duel_strike_input(&g);
  step_with(&a, 0, &strike);
  for (int i = 0; i < 50; i++) step_none(&a);
  b = a;
  b.shot.ball.vel.z = ks_f64_from_bits(ks_f64_bits(b.shot.ball.vel.z) + 1u);
  char la[4096], lb[4096], field[40];
  ks_tl_writer wa, wb;
  ks_tl_writer_init(&wa, la, sizeof la);
  ks_tl_writer_init(&wb, lb, sizeof lb);
  kick_duel_trace_line(&wa, &a);
  kick_duel_trace_line(&wb, &b);
  assert_false(wa.overflow);
  assert_true(kick_duel_trace_diff(la, wa.len, lb, wb.len, field, sizeof field));
  assert_string_equal(field, "vz");
  assert_false(kick_duel_trace_diff(la, wa.len, la, wa.len, field, sizeof field));
  b = a;
  b.score[1] = 4;
  ks_tl_writer_init(&wb, lb, sizeof lb);
  kick_duel_trace_line(&wb, &b);
  assert_true(kick_duel_trace_diff(la, wa.len, lb, wb.len, field, sizeof field));
  assert_string_equal(field, "score1");
  b = a;
  b.replay_stop = 99; /* in the hash, not a trace field */
  ks_tl_writer_init(&wb, lb, sizeof lb);
  kick_duel_trace_line(&wb, &b);
  assert_true(kick_duel_trace_diff(la, wa.len, lb, wb.len, field, sizeof field));
  assert_string_equal(field, "hash");
  assert_true(kick_duel_trace_diff(la, wa.len, "{\"step\":1}", 10, field, sizeof field));
  assert_string_equal(field, "(line)");
}

/* The generic sync test over a whole scripted duel: a copy rewound and
   stepped again always hashes the same. */
typedef struct scripted {
  kick_duel d;
} scripted;

static void scripted_step(void *state, void *user) {
  (void)user;
  kick_duel *d = &((scripted *)state)->d;
  kick_launch g = goal_launch(d->kick % 3 == 0 ? -1.0 : 1.0);
  kick_duel_input strike = kick_duel_strike_input(&g), tap = kick_duel_tap_input(d->kick % 2 ? 2.0 : -2.0, 1.0);
  const kick_duel_input *in[2] = {NULL, NULL};
  int64_t age = d->step - d->phase_step;
  if (d->phase == KICK_DUEL_AIM && age == 50 + d->kick * 7) in[d->shooter] = &strike;
  if (d->phase == KICK_DUEL_AIM && age == 30 + d->kick * 11) in[1 - d->shooter] = &tap;
  kick_duel_step(d, in);
}

static uint64_t scripted_hash(const void *state, void *user) {
  (void)user;
  return kick_duel_hash(&((const scripted *)state)->d);
}

static void test_a_whole_duel_passes_the_sync_test(void **st) {
  (void)st;
  kick_duel_def def = quick_def();
  def.replays = true;
  static scripted s, scratch;
  assert_int_equal(kick_duel_init(&s.d, &def), KS_OK);
  ks_sync_def sd = ks_sync_default_def();
  sd.steps = 20000;
  sd.check_every = 97;
  ks_sync_result r;
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, scripted_step, scripted_hash, NULL, &sd, &r),
                   KS_OK);
  assert_true(r.ok);
  assert_true(s.d.kick >= 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_definitions_and_kick_setups),
      cmocka_unit_test(test_the_shootout_ends_when_one_side_cannot_catch_up),
      cmocka_unit_test(test_sudden_death_goes_pair_by_pair),
      cmocka_unit_test(test_a_tie_at_max_kicks_is_a_draw),
      cmocka_unit_test(test_the_shot_clock_runs_out),
      cmocka_unit_test(test_inputs_that_do_not_fit_the_moment_are_ignored),
      cmocka_unit_test(test_a_goal_replays_with_the_recorded_tap),
      cmocka_unit_test(test_input_bytes_round_trip_and_bad_bytes_are_refused),
      cmocka_unit_test(test_the_trace_names_the_differing_field),
      cmocka_unit_test(test_a_whole_duel_passes_the_sync_test),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
