// SPDX-License-Identifier: MIT
/* The batch against the scalar step, bit for bit.

   Thousands of random kicks over every World Tour level and over made-up
   setups that between them have every keeper kind (a person in goal with a
   tap too), walls of 0 to 6 that jump, no wind, steady wind, gusts and
   swirl, static, sliding and bobbing rings, wet and dry pitches. Each kick
   goes into a free lane of a batch, and a scalar copy of it is stepped
   beside it with kick_shot_step: after every step the two must have the same
   state hash, the same ball to the bit and the same events. Lanes leave
   when decided (or later, or when the ball rests) and new kicks take their
   place, so the lanes are always at different steps and of different setups;
   more winds than the batch has tables are in play at once. kick_batch_run
   is checked against the scalar loop it stands for on the rerolled trials of
   one kick (a simulated player's), lanes refilled as they finish. The
   randomness is a fixed-seed ks_rng: the same test every run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_batch.h"
#include "kickstep/kick_levels.h"
#include "kickstep/rng.h"

#define MAX_LIFE_STEPS 8000

static uint64_t bits(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

/* ---------------------------------------------------------------- setups */

static kick_setup made_up_setup(ks_rng *r, int kind) {
  kick_setup su = kick_setup_default();
  su.match_seed = ks_rng_next(r);
  su.kick_number = ks_rng_below(r, 1000);
  su.spot_x = ks_rng_range(r, -12.0, 12.0);
  su.spot_z = ks_rng_range(r, -32.0, -11.0);
  su.pitch = kick_pitch_default(ks_rng_chance(r, 0.4));
  su.keeper.kind = (kick_keeper_kind)(kind % (int)kick_keeper_kind_count);
  su.keeper.rating = ks_rng_range(r, 0.2, 1.0);
  su.keeper.reaction_s = ks_rng_range(r, 0.05, 0.4);
  if (kind % 7 == 3) su.person_in_goal = su.keeper.kind != KICK_KEEPER_NONE;
  if (ks_rng_chance(r, 0.6)) {
    kick_setup_wall_at(&su, (int32_t)ks_rng_below(r, KICK_WALL_MAX + 1));
    su.wall.jump_mask = (uint32_t)ks_rng_below(r, 64);
    su.wall.jump_chance = ks_rng_range(r, 0.3, 1.0);
    su.wall.jump_height = ks_rng_range(r, 0.2, 0.6);
  }
  switch (kind % 4) {
  case 0: break; /* still air */
  case 1:
    su.wind.mean_speed_mps = ks_rng_range(r, 1.0, 12.0);
    su.wind.bearing = ks_rng_range(r, -3.1, 3.1);
    break;
  default:
    su.wind.mean_speed_mps = ks_rng_range(r, 1.0, 18.0);
    su.wind.bearing = ks_rng_range(r, -3.1, 3.1);
    su.wind.gustiness = ks_rng_range(r, 0.2, 1.0);
    su.wind.swirl = kind % 4 == 3 ? ks_rng_range(r, 0.2, 1.0) : 0.0;
    su.wind.gust_seed = ks_rng_below(r, 6); /* few seeds: lanes share winds */
    break;
  }
  su.ring_count = (int32_t)ks_rng_below(r, KICK_RING_MAX + 1);
  for (int32_t i = 0; i < su.ring_count; i++) {
    su.rings[i] = kick_ring_default(ks_rng_range(r, -3.0, 3.0), ks_rng_range(r, 0.4, 2.2));
    su.rings[i].motion = (kick_ring_motion)ks_rng_below(r, (uint32_t)kick_ring_motion_count);
    su.rings[i].amplitude = ks_rng_range(r, 0.0, 0.8);
    su.rings[i].period_s = ks_rng_range(r, 0.5, 4.0);
    su.rings[i].radius = ks_rng_range(r, 0.3, 1.2);
    if (ks_rng_chance(r, 0.3)) su.rings[i].z = ks_rng_range(r, su.spot_z + 2.0, -1.0);
  }
  if (su.keeper.kind == KICK_KEEPER_LEARNER) {
    su.history_count = (int32_t)ks_rng_below(r, KICK_HISTORY_MAX + 1);
    for (int32_t k = 0; k < su.history_count; k++) {
      su.history[k].x = ks_rng_range(r, -3.5, 3.5);
      su.history[k].y = ks_rng_range(r, 0.1, 2.3);
      su.history[k].outcome = KICK_OUTCOME_GOAL;
    }
  }
  return su;
}

static kick_launch random_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = ks_rng_range(r, 6.0, KICK_MAX_LAUNCH_SPEED);
  k.elevation = ks_rng_range(r, -0.08, 0.6);
  k.direction = ks_rng_range(r, -0.4, 0.4);
  if (ks_rng_chance(r, 0.75)) {
    k.spin_rate = ks_rng_range(r, 0.0, 120.0);
    double ax = ks_rng_range(r, -0.4, 0.4);
    double ay = ks_rng_range(r, -1.0, 1.0);
    double az = ks_rng_range(r, -0.4, 0.4);
    k.spin_axis = ks_v3(ax, ay, az);
    if (!(ks_v3_len2(k.spin_axis) > 1e-6)) k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  }
  return k;
}

/* Kick i: a level's setup or a made-up one, a wait on the spot (sometimes a
   reroll), and a strike; *tap the person-in-goal input. Returns false when
   the random launch was refused (the caller draws another). */
static bool make_kick(ks_rng *r, int i, kick_shot *s, kick_input *tap) {
  kick_setup su;
  if (i % 3 == 0) {
    const kick_level *lv = kick_level_at((int32_t)((uint32_t)(i / 3) % (uint32_t)kick_level_count()));
    assert_int_equal(kick_level_setup(lv, ks_rng_next(r), ks_rng_below(r, 100000), &su), KS_OK);
  } else {
    su = made_up_setup(r, i);
  }
  assert_int_equal(kick_shot_init(s, &su), KS_OK);
  uint32_t wait = ks_rng_below(r, 300);
  for (uint32_t k = 0; k < wait; k++) kick_shot_step(s, NULL, NULL);
  if (ks_rng_chance(r, 0.3)) assert_int_equal(kick_shot_reroll(s, ks_rng_next(r)), KS_OK);
  kick_launch k = random_launch(r);
  if (kick_shot_strike(s, &k) != KS_OK) return false;
  memset(tap, 0, sizeof *tap);
  if (su.person_in_goal) {
    tap->has_tap = true;
    tap->tap_step = kick_shot_strike_step(s) + (int64_t)ks_rng_below(r, 200);
    tap->tap_x = ks_rng_range(r, -4.0, 4.0);
    tap->tap_y = ks_rng_range(r, 0.1, 2.5);
  }
  return true;
}

/* ---------------------------------------------------------------- checks */

static bool same_ball(const kick_ball *a, const kick_ball *b) {
  return bits(a->pos.x) == bits(b->pos.x) && bits(a->pos.y) == bits(b->pos.y) && bits(a->pos.z) == bits(b->pos.z) &&
         bits(a->vel.x) == bits(b->vel.x) && bits(a->vel.y) == bits(b->vel.y) && bits(a->vel.z) == bits(b->vel.z) &&
         bits(a->spin_rate) == bits(b->spin_rate) && bits(a->roll_speed) == bits(b->roll_speed) &&
         a->on_ground == b->on_ground && a->held == b->held;
}

static bool same_events(const ks_events *a, const ks_events *b) {
  if (a->count != b->count || a->dropped != b->dropped) return false;
  for (uint32_t i = 0; i < a->count; i++) {
    const ks_event *x = &a->items[i], *y = &b->items[i];
    if (x->step != y->step || x->type != y->type || x->subject != y->subject) return false;
    for (int k = 0; k < 3; k++)
      if (bits(x->value[k]) != bits(y->value[k])) return false;
  }
  return true;
}

static void check_lane(const kick_shot *lane, const kick_shot *ref, const ks_events *el, const ks_events *er,
                       int kick, int32_t i) {
  bool ok = kick_shot_hash(lane) == kick_shot_hash(ref) && same_ball(&lane->ball, &ref->ball) && same_events(el, er) &&
            lane->clock.total_steps == ref->clock.total_steps;
  if (!ok)
    fail_msg("kick %d in lane %d differs from the scalar step after step %lld (hashes %016llx / %016llx, "
             "events %u / %u, z %.17g / %.17g)",
             kick, i, (long long)ref->clock.total_steps, (unsigned long long)kick_shot_hash(lane),
             (unsigned long long)kick_shot_hash(ref), el->count, er->count, lane->ball.pos.z, ref->ball.pos.z);
}

/* ---------------------------------------------------------------- tests */

typedef struct lane_ref {
  kick_shot ref;            /* the scalar copy */
  kick_input in;
  int kick;
  int64_t leave_after;      /* steps after the decision it stays for (-1: until done) */
} lane_ref;

/* `kicks` kicks through a batch of `lanes` lanes whose flight computes
   `width` balls at a time (0: the widest), every step checked. */
static void run_step_by_step(int kicks, int32_t lanes, bool share_wind, int32_t width, uint64_t seed,
                             int64_t *steps_checked) {
  static kick_batch b;
  static lane_ref refs[KICK_BATCH_LANES];
  static ks_events eb[KICK_BATCH_LANES], es[KICK_BATCH_LANES];
  kick_input in[KICK_BATCH_LANES];
  kick_batch_def d = kick_batch_default_def();
  d.lanes = lanes;
  d.share_wind = share_wind;
  d.vector_width = width;
  assert_int_equal(kick_batch_init(&b, &d), KS_OK);
  if (width != 0) assert_int_equal(b.vector_width, width <= kick_batch_vector_widest() ? width : kick_batch_vector_widest());
  else assert_int_equal(b.vector_width, kick_batch_vector_best());
  ks_rng r = ks_rng_seeded(seed);
  int next = 0, done = 0;
  while (done < kicks) {
    /* Fill the free lanes. */
    while (next < kicks && (kick_batch_active(&b) & ((1u << lanes) - 1u)) != (1u << lanes) - 1u) {
      kick_shot s;
      kick_input tap;
      while (!make_kick(&r, next, &s, &tap)) {
      }
      int32_t lane = -1;
      assert_int_equal(kick_batch_add(&b, &s, &lane), KS_OK);
      assert_true(lane >= 0 && lane < lanes);
      refs[lane].ref = s;
      refs[lane].in = tap;
      refs[lane].kick = next++;
      refs[lane].leave_after = ks_rng_chance(&r, 0.2) ? -1 : (int64_t)ks_rng_below(&r, 700);
    }
    uint32_t act = kick_batch_active(&b);
    for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
      in[i] = refs[i].in;
      ks_events_clear(&eb[i]);
      ks_events_clear(&es[i]);
    }
    kick_batch_step(&b, in, eb);
    for (int32_t i = 0; i < lanes; i++) {
      if ((act & (1u << i)) == 0u) continue;
      lane_ref *lr = &refs[i];
      kick_shot_step(&lr->ref, &lr->in, &es[i]);
      const kick_shot *l = kick_batch_lane(&b, i);
      check_lane(l, &lr->ref, &eb[i], &es[i], lr->kick, i);
      (*steps_checked)++;
      int64_t life = kick_shot_steps(l) - kick_shot_strike_step(l);
      bool leave = kick_shot_phase(l) == KICK_PHASE_DONE || life >= MAX_LIFE_STEPS ||
                   (lr->leave_after >= 0 && kick_shot_decided(l) &&
                    kick_shot_steps(l) - kick_shot_decision_step(l) >= lr->leave_after);
      if (leave) {
        kick_shot out;
        assert_int_equal(kick_batch_remove(&b, i, &out), KS_OK);
        assert_int_equal(kick_shot_hash(&out), kick_shot_hash(&lr->ref));
        done++;
      }
    }
  }
  assert_int_equal(kick_batch_active(&b), 0u);
}

static void test_every_step_matches_scalar(void **state) {
  (void)state;
  int64_t steps = 0;
  run_step_by_step(2400, KICK_BATCH_LANES, true, 0, 1515, &steps);
  print_message("2400 kicks in %d lanes: %lld lane-steps identical to kick_shot_step\n", KICK_BATCH_LANES,
                (long long)steps);
  assert_true(steps > 2000000);
}

/* Every flight width the build has (1: the scalar flight lane by lane; 2
   and 4 lanes a vector), fewer lanes, and lanes that evaluate their own wind. */
static void test_every_width_lane_count_and_own_wind(void **state) {
  (void)state;
  int64_t steps = 0;
  print_message("widest flight on this machine: %d lanes a vector\n", kick_batch_vector_widest());
  run_step_by_step(400, KICK_BATCH_LANES, true, 1, 76, &steps);
  run_step_by_step(400, KICK_BATCH_LANES, true, 2, 77, &steps);
  run_step_by_step(400, KICK_BATCH_LANES, true, 4, 78, &steps);
  run_step_by_step(200, 1, true, 0, 79, &steps);
  run_step_by_step(200, 3, true, 0, 80, &steps);
  run_step_by_step(200, 5, false, 0, 81, &steps);
  run_step_by_step(200, KICK_BATCH_LANES, false, 0, 82, &steps);
  assert_true(steps > 1000000);
}

/* A simulated player's trials of one kick: a random kick's setup (no person
   in goal), the shot after a wait of 0.3-1 s on the spot, and three rerolled
   copies of it, not yet struck. */
static void make_trials(ks_rng *r, int item, kick_shot trial[3]) {
  kick_shot base;
  kick_input tap;
  while (!make_kick(r, item, &base, &tap)) {
  }
  /* make_kick struck it; start again from the setup and wait. */
  kick_setup su = base.setup;
  su.person_in_goal = false;
  assert_int_equal(kick_shot_init(&base, &su), KS_OK);
  uint32_t wait = 180u + ks_rng_below(r, 421u);
  for (uint32_t k = 0; k < wait; k++) kick_shot_step(&base, NULL, NULL);
  for (int t = 0; t < 3; t++) {
    trial[t] = base;
    assert_int_equal(kick_shot_reroll(&trial[t], ks_rng_next(r)), KS_OK);
  }
}

/* A simulated player's trials: rerolled copies of one kick, every candidate
   launch three times, lanes refilled as they finish; kick_batch_run against
   the scalar loop (step while undecided and under the flight limit). */
static void test_run_matches_the_scalar_loop(void **state) {
  (void)state;
  static kick_batch b;
  kick_batch_def d = kick_batch_default_def();
  assert_int_equal(kick_batch_init(&b, &d), KS_OK);
  ks_rng r = ks_rng_seeded(4242);
  const int64_t limit = 6000;
  int checked = 0;
  for (int item = 0; item < 24; item++) {
    kick_shot trial[3];
    make_trials(&r, item, trial);
    kick_launch cand[26];
    for (int c = 0; c < 26; c++) cand[c] = random_launch(&r);
    int64_t lane_job[KICK_BATCH_LANES];
    int job = 0, finished = 0;
    while (finished < 78) {
      while (job < 78 && kick_batch_active(&b) != (1u << KICK_BATCH_LANES) - 1u) {
        kick_shot s = trial[job % 3];
        if (kick_shot_strike(&s, &cand[job / 3]) != KS_OK) {
          job++;
          finished++;
          continue;
        }
        int32_t lane;
        assert_int_equal(kick_batch_add(&b, &s, &lane), KS_OK);
        lane_job[lane] = job++;
      }
      if (kick_batch_active(&b) == 0u) continue;
      uint32_t done = kick_batch_run(&b, limit);
      assert_true(done != 0u);
      for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
        if ((done & (1u << i)) == 0u) continue;
        kick_shot out;
        assert_int_equal(kick_batch_remove(&b, i, &out), KS_OK);
        kick_shot ref = trial[lane_job[i] % 3];
        assert_int_equal(kick_shot_strike(&ref, &cand[lane_job[i] / 3]), KS_OK);
        int64_t stop = kick_shot_strike_step(&ref) + limit;
        while (!kick_shot_decided(&ref) && kick_shot_steps(&ref) < stop) kick_shot_step(&ref, NULL, NULL);
        if (kick_shot_hash(&out) != kick_shot_hash(&ref) || kick_shot_steps(&out) != kick_shot_steps(&ref))
          fail_msg("item %d, trial %lld: kick_batch_run stopped at step %lld, the scalar loop at %lld", item,
                   (long long)lane_job[i], (long long)kick_shot_steps(&out), (long long)kick_shot_steps(&ref));
        assert_int_equal(kick_shot_outcome(&out), kick_shot_outcome(&ref));
        finished++;
        checked++;
      }
    }
  }
  assert_true(checked > 1500);
}

/* kick_batch_run in short slices: random kicks of every kind (levels and
   made-up setups, a person in goal with no tap, winds shared and not), each
   call's flight limit a few steps past the lane that has flown most (a lane
   already at the limit would be finished at once and nothing stepped), so
   that every call returns within a few dozen steps; after every return
   every lane (the batch writes its lanes back) must be its scalar copy at
   the same step (a finished lane: run by kick_batch_run's rule to the
   limit): the state hash, the ball and the highest point to the bit, the
   step count, and whether it is finished. */
static void run_in_slices(int kicks, int32_t lanes, bool share_wind, int32_t width, uint64_t seed, int64_t *checks) {
  static kick_batch b;
  static lane_ref refs[KICK_BATCH_LANES];
  kick_batch_def d = kick_batch_default_def();
  d.lanes = lanes;
  d.share_wind = share_wind;
  d.vector_width = width;
  assert_int_equal(kick_batch_init(&b, &d), KS_OK);
  ks_rng r = ks_rng_seeded(seed);
  int next = 0, done = 0;
  while (done < kicks) {
    while (next < kicks && (kick_batch_active(&b) & ((1u << lanes) - 1u)) != (1u << lanes) - 1u) {
      kick_shot s;
      kick_input tap;
      while (!make_kick(&r, next, &s, &tap)) {
      }
      int32_t lane = -1;
      assert_int_equal(kick_batch_add(&b, &s, &lane), KS_OK);
      refs[lane].ref = s;
      refs[lane].kick = next++;
    }
    uint32_t act = kick_batch_active(&b);
    int64_t most = 0;
    for (int32_t i = 0; i < lanes; i++) {
      if ((act & (1u << i)) == 0u) continue;
      const kick_shot *l = kick_batch_lane(&b, i);
      int64_t flown = kick_shot_steps(l) - kick_shot_strike_step(l);
      if (flown > most) most = flown;
    }
    int64_t limit = most + 1 + (int64_t)ks_rng_below(&r, 80);
    if (limit > MAX_LIFE_STEPS) limit = MAX_LIFE_STEPS;
    uint32_t fin = kick_batch_run(&b, limit);
    assert_true(fin != 0u && (fin & ~act) == 0u);
    for (int32_t i = 0; i < lanes; i++) {
      if ((act & (1u << i)) == 0u) continue;
      kick_shot *ref = &refs[i].ref;
      const kick_shot *l = kick_batch_lane(&b, i);
      /* A lane not finished stopped where the others did: the scalar loop to the same step. */
      int64_t stop = kick_shot_strike_step(ref) + limit, upto = kick_shot_steps(l) < stop ? kick_shot_steps(l) : stop;
      while (!kick_shot_decided(ref) && kick_shot_steps(ref) < upto) kick_shot_step(ref, NULL, NULL);
      if (kick_shot_hash(l) != kick_shot_hash(ref) || !same_ball(&l->ball, &ref->ball) ||
          kick_shot_steps(l) != kick_shot_steps(ref) || bits(l->stats.max_height) != bits(ref->stats.max_height))
        fail_msg("kick %d in lane %d: after kick_batch_run(%lld) at step %lld, the scalar loop at step %lld "
                 "(hashes %016llx / %016llx, z %.17g / %.17g)",
                 refs[i].kick, i, (long long)limit, (long long)kick_shot_steps(l), (long long)kick_shot_steps(ref),
                 (unsigned long long)kick_shot_hash(l), (unsigned long long)kick_shot_hash(ref), l->ball.pos.z,
                 ref->ball.pos.z);
      bool finished = (fin & (1u << i)) != 0u;
      if (finished != (kick_shot_decided(ref) || kick_shot_steps(ref) >= stop))
        fail_msg("kick %d in lane %d: finished %d, the scalar loop says otherwise", refs[i].kick, i, (int)finished);
      (*checks)++;
      if (finished && (kick_shot_decided(l) || limit >= MAX_LIFE_STEPS)) {
        assert_int_equal(kick_batch_remove(&b, i, NULL), KS_OK);
        done++;
      }
    }
  }
}

static void test_run_in_slices_matches_scalar(void **state) {
  (void)state;
  int64_t checks = 0;
  run_in_slices(1500, KICK_BATCH_LANES, true, 0, 2601, &checks);
  run_in_slices(300, KICK_BATCH_LANES, true, 1, 2602, &checks);
  run_in_slices(300, KICK_BATCH_LANES, true, 2, 2603, &checks);
  run_in_slices(300, KICK_BATCH_LANES, true, 4, 2604, &checks);
  run_in_slices(300, KICK_BATCH_LANES, false, 0, 2605, &checks);
  run_in_slices(200, 3, true, 0, 2606, &checks);
  print_message("kick_batch_run in slices: %lld lane states identical to the scalar loop's\n", (long long)checks);
  assert_true(checks > 100000);
}

/* Rerolled copies struck alike, added together (as kick-cli simulate adds a
   candidate's trials), fly alike until their dice part them, and the batch
   computes their shared flight once; kick_batch_run in short slices (each
   call's limit a few steps past the lane that has flown most), every lane
   compared with its own scalar copy after every return. */
static void test_copies_share_their_flight(void **state) {
  (void)state;
  static kick_batch b;
  static kick_shot refs[KICK_BATCH_LANES];
  kick_batch_def d = kick_batch_default_def();
  assert_int_equal(kick_batch_init(&b, &d), KS_OK);
  ks_rng r = ks_rng_seeded(5151);
  int64_t checks = 0;
  for (int item = 0; item < 16; item++) {
    kick_shot trial[3];
    make_trials(&r, item, trial);
    int next = 0, done = 0;
    const int total = 5 * 3 * 4;
    while (done < total) {
      int free_lanes = 0;
      for (int32_t i = 0; i < KICK_BATCH_LANES; i++) free_lanes += (kick_batch_active(&b) & (1u << i)) == 0u;
      while (next < total && free_lanes >= 3) {
        kick_launch l = random_launch(&r);
        for (int t = 0; t < 3; t++) {
          kick_shot sh = trial[t];
          assert_int_equal(kick_shot_strike(&sh, &l), KS_OK);
          int32_t lane = -1;
          assert_int_equal(kick_batch_add(&b, &sh, &lane), KS_OK);
          refs[lane] = sh;
          next++;
          free_lanes--;
        }
      }
      uint32_t act = kick_batch_active(&b);
      int64_t most = 0;
      for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
        if ((act & (1u << i)) == 0u) continue;
        const kick_shot *l = kick_batch_lane(&b, i);
        int64_t flown = kick_shot_steps(l) - kick_shot_strike_step(l);
        if (flown > most) most = flown;
      }
      int64_t limit = most + 1 + (int64_t)ks_rng_below(&r, 80);
      if (limit > MAX_LIFE_STEPS) limit = MAX_LIFE_STEPS;
      uint32_t fin = kick_batch_run(&b, limit);
      assert_true(fin != 0u && (fin & ~act) == 0u);
      for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
        if ((act & (1u << i)) == 0u) continue;
        kick_shot *ref = &refs[i];
        const kick_shot *l = kick_batch_lane(&b, i);
        /* A lane not finished stopped where the others did: the scalar loop to the same step. */
        int64_t stop = kick_shot_strike_step(ref) + limit, upto = kick_shot_steps(l) < stop ? kick_shot_steps(l) : stop;
        while (!kick_shot_decided(ref) && kick_shot_steps(ref) < upto) kick_shot_step(ref, NULL, NULL);
        if (kick_shot_hash(l) != kick_shot_hash(ref) || !same_ball(&l->ball, &ref->ball) ||
            kick_shot_steps(l) != kick_shot_steps(ref) || bits(l->stats.max_height) != bits(ref->stats.max_height))
          fail_msg("item %d, lane %d: after kick_batch_run(%lld) at step %lld, the scalar loop at step %lld", item, i,
                   (long long)limit, (long long)kick_shot_steps(l), (long long)kick_shot_steps(ref));
        bool finished = (fin & (1u << i)) != 0u;
        if (finished != (kick_shot_decided(ref) || kick_shot_steps(ref) >= stop))
          fail_msg("item %d, lane %d: finished %d, the scalar loop says otherwise", item, i, (int)finished);
        checks++;
        if (finished && (kick_shot_decided(l) || limit >= MAX_LIFE_STEPS)) {
          assert_int_equal(kick_batch_remove(&b, i, NULL), KS_OK);
          done++;
        }
      }
    }
  }
  print_message("rerolled copies in slices: %lld lane states identical to the scalar loop's\n", (long long)checks);
  assert_true(checks > 20000);
}

/* A flight limit stops lanes exactly there, decided or not. */
static void test_run_stops_at_the_flight_limit(void **state) {
  (void)state;
  static kick_batch b;
  kick_batch_def d = kick_batch_default_def();
  assert_int_equal(kick_batch_init(&b, &d), KS_OK);
  kick_setup su = kick_setup_default();
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  kick_launch k = kick_launch_default();
  assert_int_equal(kick_shot_strike(&s, &k), KS_OK);
  int32_t lane;
  assert_int_equal(kick_batch_add(&b, &s, &lane), KS_OK);
  assert_int_equal(kick_batch_run(&b, 37), 1u << lane);
  assert_int_equal(kick_shot_steps(kick_batch_lane(&b, lane)) - kick_shot_strike_step(kick_batch_lane(&b, lane)), 37);
  assert_false(kick_shot_decided(kick_batch_lane(&b, lane)));
  /* Finished lanes are not stepped again. */
  assert_int_equal(kick_batch_run(&b, 37), 1u << lane);
  assert_int_equal(kick_shot_steps(kick_batch_lane(&b, lane)) - kick_shot_strike_step(kick_batch_lane(&b, lane)), 37);
  /* A lane not struck is finished at once, and holds the others back. */
  kick_shot w;
  assert_int_equal(kick_shot_init(&w, &su), KS_OK);
  int32_t lane2;
  assert_int_equal(kick_batch_add(&b, &w, &lane2), KS_OK);
  assert_int_equal(kick_batch_run(&b, 100000), 1u << lane2);
  assert_int_equal(kick_shot_steps(kick_batch_lane(&b, lane2)), 0);
  assert_int_equal(kick_shot_steps(kick_batch_lane(&b, lane)) - kick_shot_strike_step(kick_batch_lane(&b, lane)), 37);
  /* Without it, the first lane runs on to its decision. */
  assert_int_equal(kick_batch_remove(&b, lane2, NULL), KS_OK);
  assert_int_equal(kick_batch_run(&b, 100000), 1u << lane);
  assert_true(kick_shot_decided(kick_batch_lane(&b, lane)));
}

static void test_errors(void **state) {
  (void)state;
  static kick_batch b;
  kick_batch_def d = kick_batch_default_def();
  assert_int_equal(d.lanes, KICK_BATCH_LANES);
  assert_true(d.share_wind);
  assert_int_equal(kick_batch_init(NULL, &d), KS_ERR_NULL);
  assert_int_equal(kick_batch_init(&b, NULL), KS_ERR_NULL);
  kick_batch_def bad = d;
  bad.cookie = 0;
  assert_int_equal(kick_batch_init(&b, &bad), KS_ERR_UNINITIALISED);
  bad = d;
  bad.lanes = 0;
  assert_int_equal(kick_batch_init(&b, &bad), KS_ERR_RANGE);
  bad.lanes = KICK_BATCH_LANES + 1;
  assert_int_equal(kick_batch_init(&b, &bad), KS_ERR_RANGE);
  bad = d;
  bad.vector_width = 3;
  assert_int_equal(kick_batch_init(&b, &bad), KS_ERR_RANGE);
  bad.vector_width = 8;
  assert_int_equal(kick_batch_init(&b, &bad), KS_ERR_RANGE);
  d.lanes = 2;
  assert_int_equal(kick_batch_init(&b, &d), KS_OK);
  kick_setup su = kick_setup_default();
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  int32_t lane = -1;
  assert_int_equal(kick_batch_add(NULL, &s, &lane), KS_ERR_NULL);
  assert_int_equal(kick_batch_add(&b, NULL, &lane), KS_ERR_NULL);
  /* Shots kick_shot_init did not make are refused, the batch unchanged. */
  kick_shot junk;
  memset(&junk, 0xff, sizeof junk);
  assert_int_equal(kick_batch_add(&b, &junk, &lane), KS_ERR_UNINITIALISED);
  memset(&junk, 0, sizeof junk);
  assert_int_equal(kick_batch_add(&b, &junk, &lane), KS_ERR_UNINITIALISED);
  junk = s;
  junk.setup.ring_count = KICK_RING_MAX + 1;
  assert_int_equal(kick_batch_add(&b, &junk, &lane), KS_ERR_RANGE);
  junk = s;
  junk.setup.wall.count = -1;
  assert_int_equal(kick_batch_add(&b, &junk, &lane), KS_ERR_RANGE);
  junk = s;
  junk.setup.spot_z = 0.0 / 0.0;
  assert_int_equal(kick_batch_add(&b, &junk, &lane), KS_ERR_NOT_FINITE);
  junk = s;
  junk.phase = (kick_phase)kick_phase_count;
  assert_int_equal(kick_batch_add(&b, &junk, &lane), KS_ERR_STATE);
  assert_int_equal(lane, -1);
  assert_int_equal(kick_batch_active(&b), 0u);
  assert_int_equal(kick_batch_add(&b, &s, &lane), KS_OK);
  assert_int_equal(lane, 0);
  assert_int_equal(kick_batch_add(&b, &s, NULL), KS_OK);
  assert_int_equal(kick_batch_add(&b, &s, &lane), KS_ERR_CAPACITY);
  assert_int_equal(kick_batch_active(&b), 3u);
  assert_null(kick_batch_lane(&b, 2));
  assert_null(kick_batch_lane(&b, -1));
  assert_non_null(kick_batch_lane(&b, 1));
  assert_int_equal(kick_batch_remove(&b, 2, NULL), KS_ERR_RANGE);
  assert_int_equal(kick_batch_remove(&b, KICK_BATCH_LANES, NULL), KS_ERR_RANGE);
  assert_int_equal(kick_batch_remove(NULL, 0, NULL), KS_ERR_NULL);
  assert_int_equal(kick_batch_remove(&b, 0, NULL), KS_OK);
  assert_int_equal(kick_batch_active(&b), 2u);
  assert_int_equal(kick_batch_add(&b, &s, &lane), KS_OK);
  assert_int_equal(lane, 0);
  assert_int_equal(kick_batch_run(NULL, 10), 0u);
  assert_int_equal(kick_batch_run(&b, 0), 0u);
  static kick_batch never;
  memset(&never, 0, sizeof never);
  assert_int_equal(kick_batch_add(&never, &s, &lane), KS_ERR_UNINITIALISED);
  kick_batch_step(NULL, NULL, NULL); /* ignored */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_run_stops_at_the_flight_limit),
      cmocka_unit_test(test_every_step_matches_scalar),
      cmocka_unit_test(test_every_width_lane_count_and_own_wind),
      cmocka_unit_test(test_run_matches_the_scalar_loop),
      cmocka_unit_test(test_run_in_slices_matches_scalar),
      cmocka_unit_test(test_copies_share_their_flight),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
