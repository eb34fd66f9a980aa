// SPDX-License-Identifier: MIT
/* The cached step (kick_shot_step_cached: the wind from a table shared by a
   shot and its copies, the keeper's estimate taken from the cache, his read
   run beside the flight) and the reworked kick_shot_step against the step as
   it was (kick_step_reference.h), bit for bit: 2,000+ whole kicks on every
   level and on made-up setups (every keeper, a learner with a history, a
   person tapping, walls that jump, rings, gusts, both rules), after every
   step the hash, the keeper (his read seen finished), the wall, the ball, the
   dice and the events, with events asked for on some steps and not on
   others, hashes taken at random steps, and copies taken at random steps
   (before, during and after the read) advanced on their own, with the same
   cache, another, none, or kick_shot_step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "kick_internal.h"
#include "kick_step_reference.h"
#include "kick_test_setups.h"
#include "kickstep/kick_batch.h"
#include "kickstep/kick_levels.h"
#include "kickstep/rng.h"

enum { KICKS = 2100, MAX_STEPS = 7000, FORKS = 4 };

/* Big: outside the stack. */
static kick_shot_cache caches[3];

static double rnd(ks_rng *r, double lo, double hi) { return ks_rng_range(r, lo, hi); }

/* A made-up setup: anything kick_setup_validate takes. */
static kick_setup made_up(ks_rng *r) {
  kick_setup su = kick_setup_default();
  su.spot_x = rnd(r, -18.0, 18.0);
  su.spot_z = rnd(r, -36.0, -9.0);
  su.pitch = kick_pitch_default(ks_rng_below(r, 2) == 0);
  if (ks_rng_below(r, 4) != 0) {
    su.wind.mean_speed_mps = rnd(r, 0.0, 20.0);
    su.wind.bearing = rnd(r, -3.2, 3.2);
    su.wind.gustiness = ks_rng_below(r, 3) == 0 ? 0.0 : rnd(r, 0.0, 1.0);
    su.wind.swirl = ks_rng_below(r, 3) == 0 ? 0.0 : rnd(r, 0.0, 1.0);
    su.wind.gust_seed = ks_rng_below(r, 4);
  }
  su.keeper.kind = (kick_keeper_kind)ks_rng_below(r, (uint64_t)kick_keeper_kind_count);
  su.keeper.rating = rnd(r, 0.0, 1.0);
  su.keeper.reaction_s = rnd(r, 0.0, 1.0);
  su.keeper.line_z = rnd(r, -3.0, 0.0);
  su.person_in_goal = su.keeper.kind != KICK_KEEPER_NONE && ks_rng_below(r, 6) == 0;
  su.history_count = (int32_t)ks_rng_below(r, KICK_HISTORY_MAX + 1);
  for (int32_t i = 0; i < su.history_count; i++) {
    su.history[i].x = rnd(r, -4.0, 4.0);
    su.history[i].y = rnd(r, 0.0, 2.5);
    su.history[i].outcome = (kick_outcome)(1 + ks_rng_below(r, (uint64_t)kick_outcome_count - 1));
  }
  if (ks_rng_below(r, 3) != 0 && su.spot_z < -10.5) {
    kick_setup_wall_at(&su, (int32_t)(1 + ks_rng_below(r, KICK_WALL_MAX)));
    su.wall.jump_mask = (uint32_t)ks_rng_below(r, 64);
    su.wall.jump_chance = rnd(r, 0.0, 1.0);
    su.wall.jump_delay_s = rnd(r, 0.0, 0.5);
    su.wall.jump_height = rnd(r, 0.0, 1.0);
  }
  su.ring_count = (int32_t)ks_rng_below(r, 5);
  for (int32_t i = 0; i < su.ring_count; i++) {
    su.rings[i] = kick_ring_default(rnd(r, -3.2, 3.2), rnd(r, 0.4, 2.1));
    su.rings[i].motion = (kick_ring_motion)ks_rng_below(r, 3);
    su.rings[i].amplitude = rnd(r, 0.0, 0.5);
  }
  su.rules = ks_rng_below(r, 3) == 0 ? KICK_RULES_ORIGINAL : KICK_RULES_CURRENT;
  su.match_seed = ks_rng_next(r);
  su.kick_number = ks_rng_below(r, 1000);
  return su;
}

static kick_launch random_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = rnd(r, 8.0, 33.5);
  k.elevation = rnd(r, -0.05, 0.5);
  k.direction = rnd(r, -0.35, 0.35);
  k.spin_rate = ks_rng_below(r, 5) == 0 ? 0.0 : rnd(r, 0.0, 90.0);
  k.spin_axis = ks_v3_norm(ks_v3(rnd(r, -0.4, 0.4), ks_rng_below(r, 2) ? 1.0 : -1.0, rnd(r, -0.4, 0.4)));
  return k;
}

static void bits_eq(double a, double b) { assert_true(ks_f64_bits(a) == ks_f64_bits(b)); }
static void vec_eq(ks_vec3 a, ks_vec3 b) {
  bits_eq(a.x, b.x);
  bits_eq(a.y, b.y);
  bits_eq(a.z, b.z);
}
static void ball_eq(const kick_ball *a, const kick_ball *b) {
  vec_eq(a->pos, b->pos);
  vec_eq(a->vel, b->vel);
  vec_eq(a->spin_axis, b->spin_axis);
  bits_eq(a->spin_rate, b->spin_rate);
  bits_eq(a->roll_speed, b->roll_speed);
  assert_int_equal(a->on_ground, b->on_ground);
  assert_int_equal(a->held, b->held);
}
static void keeper_eq(const kick_keeper_state *a, const kick_keeper_state *b) {
  bits_eq(a->stand_x, b->stand_x);
  bits_eq(a->sway_phase, b->sway_phase);
  assert_true(a->read_step == b->read_step);
  assert_true(a->dive_step == b->dive_step);
  bits_eq(a->dive_from_x, b->dive_from_x);
  bits_eq(a->target_x, b->target_x);
  bits_eq(a->target_y, b->target_y);
  bits_eq(a->dive_seconds, b->dive_seconds);
  bits_eq(a->est_x, b->est_x);
  bits_eq(a->est_y, b->est_y);
  bits_eq(a->est_t, b->est_t);
  assert_true(a->tap_applied_step == b->tap_applied_step);
  assert_int_equal(a->touches, b->touches);
  assert_int_equal(a->contact_prev, b->contact_prev);
}
static void events_eq(const ks_events *a, const ks_events *b) {
  assert_int_equal(a->count, b->count);
  assert_int_equal(a->dropped, b->dropped);
  for (uint32_t i = 0; i < a->count; i++) {
    const ks_event *x = &a->items[i], *y = &b->items[i];
    assert_true(x->step == y->step);
    assert_int_equal(x->type, y->type);
    assert_int_equal(x->subject, y->subject);
    for (int j = 0; j < 3; j++) bits_eq(x->value[j], y->value[j]);
  }
}

/* Everything but the keeper's dive, which may still be running in t: the
   ball, the wall, the dice, the rules' fields. Reads t without changing it. */
static void live_eq(const kick_shot *ref, const kick_shot *t) {
  ball_eq(&ref->ball, &t->ball);
  assert_true(ref->dice.state == t->dice.state);
  assert_true(ref->clock.total_steps == t->clock.total_steps);
  assert_int_equal(ref->phase, t->phase);
  assert_int_equal(ref->outcome, t->outcome);
  assert_true(ref->decision_step == t->decision_step && ref->done_step == t->done_step);
  assert_int_equal(ref->moments, t->moments);
  assert_int_equal(ref->contact_flags, t->contact_flags);
  assert_int_equal(ref->ring_hits, t->ring_hits);
  assert_int_equal(ref->woodwork_prev, t->woodwork_prev);
  assert_int_equal(ref->crossed, t->crossed);
  assert_true(ref->crossing_step == t->crossing_step);
  vec_eq(ref->crossing, t->crossing);
  assert_int_equal(ref->wall.contact_prev, t->wall.contact_prev);
  assert_int_equal(ref->wall.touched, t->wall.touched);
  for (int i = 0; i < KICK_WALL_MAX; i++) assert_true(ref->wall.jump_step[i] == t->wall.jump_step[i]);
  bits_eq(ref->stats.max_height, t->stats.max_height);
  bits_eq(ref->stats.glove_distance, t->stats.glove_distance);
  assert_int_equal(ref->keeper.touches, t->keeper.touches);
  assert_int_equal(ref->keeper.contact_prev, t->keeper.contact_prev);
  /* A shot with no read running holds its keeper as it is. */
  if (!t->read.pending) keeper_eq(&ref->keeper, &t->keeper);
  else assert_true(t->keeper.dive_step < 0);
}

/* The keeper as he will be (his read finished, on a copy) and his pose. */
static void settled_eq(const kick_shot *ref, const kick_shot *t) {
  kick_shot s = *t;
  kick_shot_settle(&s);
  assert_false(s.read.pending);
  keeper_eq(&ref->keeper, &s.keeper);
  kick_keeper_pose a, b;
  kick_shot_keeper_pose(ref, &a);
  kick_shot_keeper_pose(t, &b);
  assert_int_equal(a.diving, b.diving);
  vec_eq(a.glove[0], b.glove[0]);
  vec_eq(a.body_b, b.body_b);
}

typedef enum { ENGINE_CACHED, ENGINE_UNCACHED, ENGINE_STEP, ENGINE_COUNT } engine;

/* A pair: the reference and the shot under test, and how the latter steps. */
typedef struct pair {
  kick_shot ref, t;
  engine how;
  int32_t cache; /* index into caches */
  int32_t events; /* events asked for: 0 never, 1 on a random step in four, 2 always */
} pair;

typedef struct tally {
  long kicks, steps, dives, pending_steps, forks_during, forks_before, forks_after, hashes, event_steps, saves;
} tally;

static void step_pair(pair *p, ks_rng *r, const kick_input *in, tally *ty) {
  static ks_events ea, eb;
  bool events = p->events == 2 || (p->events == 1 && ks_rng_below(r, 4) == 0);
  ks_events_clear(&ea);
  ks_events_clear(&eb);
  ref_shot_step(&p->ref, in, events ? &ea : NULL);
  switch (p->how) {
  case ENGINE_CACHED: kick_shot_step_cached(&p->t, &caches[p->cache], in, events ? &eb : NULL); break;
  case ENGINE_UNCACHED: kick_shot_step_cached(&p->t, NULL, in, events ? &eb : NULL); break;
  default: kick_shot_step(&p->t, in, events ? &eb : NULL); break;
  }
  if (events) {
    events_eq(&ea, &eb);
    ty->event_steps++;
  }
  live_eq(&p->ref, &p->t);
  if (p->t.read.pending) {
    ty->pending_steps++;
    if (ks_rng_below(r, 8) == 0) settled_eq(&p->ref, &p->t);
  } else if (ks_rng_below(r, 64) == 0) {
    settled_eq(&p->ref, &p->t);
  }
  if (ks_rng_below(r, 10) == 0) {
    assert_true(kick_shot_hash(&p->ref) == kick_shot_hash(&p->t));
    ty->hashes++;
  }
  ty->steps++;
}

/* Done, or well past its decision (the ball rolls on for 4 s), or at the step limit. */
static bool finished(const kick_shot *s) {
  return s->phase == KICK_PHASE_DONE || (s->decision_step >= 0 && s->clock.total_steps > s->decision_step + 300) ||
         s->clock.total_steps > MAX_STEPS;
}

static void play_kick(const kick_setup *su, ks_rng *r, tally *ty) {
  pair live;
  assert_int_equal(kick_shot_init(&live.ref, su), KS_OK);
  /* Time on the spot, in steps with and without a cache. */
  int wait = (int)ks_rng_below(r, 90);
  for (int i = 0; i < wait; i++) ref_shot_step(&live.ref, NULL, NULL);
  live.t = live.ref;
  kick_launch k = random_launch(r);
  assert_int_equal(kick_shot_strike(&live.ref, &k), KS_OK);
  assert_int_equal(kick_shot_strike(&live.t, &k), KS_OK);
  live.how = (engine)(ks_rng_below(r, 8) < 6 ? ENGINE_CACHED : ks_rng_below(r, 2) ? ENGINE_UNCACHED : ENGINE_STEP);
  live.cache = (int32_t)ks_rng_below(r, 3);
  live.events = (int32_t)(ks_rng_below(r, 8) < 5 ? 0 : ks_rng_below(r, 3) ? 1 : 2);
  kick_input tap = {0};
  const kick_input *in = NULL;
  if (su->person_in_goal && ks_rng_below(r, 4) != 0) {
    tap.has_tap = true;
    tap.tap_step = live.ref.strike_step + (int64_t)ks_rng_below(r, 400);
    tap.tap_x = rnd(r, -4.0, 4.0);
    tap.tap_y = rnd(r, 0.0, 2.8);
    in = &tap;
  }
  /* Copies: one before the read, one while it runs, one after, and now and then any step. */
  pair forks[FORKS];
  int nf = 0;
  bool took_before = false, took_during = false, took_after = false;
  int64_t before_at = live.ref.strike_step + (int64_t)ks_rng_below(r, 60);
  while (!finished(&live.ref)) {
    bool fork = false;
    if (!took_before && live.t.clock.total_steps >= before_at && live.t.keeper.dive_step < 0 && !live.t.read.pending) {
      took_before = fork = true;
      ty->forks_before++;
    } else if (!took_during && live.t.read.pending && ks_rng_below(r, 3) == 0) {
      took_during = fork = true;
      ty->forks_during++;
    } else if (!took_after && live.t.keeper.dive_step >= 0 && !live.t.read.pending && ks_rng_below(r, 20) == 0) {
      took_after = fork = true;
      ty->forks_after++;
    } else if (ks_rng_below(r, 400) == 0) {
      fork = true;
    }
    if (fork && nf < FORKS) {
      pair f = live;
      f.how = (engine)ks_rng_below(r, ENGINE_COUNT);
      f.cache = ks_rng_below(r, 2) ? live.cache : (int32_t)ks_rng_below(r, 3);
      f.events = (int32_t)ks_rng_below(r, 3);
      forks[nf++] = f;
    }
    step_pair(&live, r, in, ty);
  }
  for (int i = 0; i < nf; i++)
    while (!finished(&forks[i].ref)) step_pair(&forks[i], r, in, ty);
  assert_true(kick_shot_hash(&live.ref) == kick_shot_hash(&live.t));
  settled_eq(&live.ref, &live.t);
  ty->kicks++;
  ty->dives += live.ref.keeper.dive_step >= 0;
  ty->saves += live.ref.outcome == KICK_OUTCOME_SAVED;
}

static void test_busy_step_same_bits(void **state) {
  (void)state;
  for (int i = 0; i < 3; i++) kick_shot_cache_init(&caches[i]);
  ks_rng r = ks_rng_seeded(20261202u);
  tally ty = {0};
  int32_t levels = kick_level_count();
  for (int n = 0; n < KICKS; n++) {
    kick_setup su;
    if (n % 2 == 0) {
      const kick_level *lv = kick_level_at((n / 2) % levels);
      uint64_t match_seed = ks_rng_next(&r);
      uint64_t kick_number = ks_rng_below(&r, 100);
      assert_int_equal(kick_level_setup(lv, match_seed, kick_number, &su), KS_OK);
    } else {
      do su = made_up(&r);
      while (kick_setup_validate(&su) != KS_OK);
    }
    play_kick(&su, &r, &ty);
  }
  print_message("busy step: %ld kicks, %ld steps, %ld dives, %ld saves; %ld steps with a read running; copies before %ld, "
                "during %ld, after the read %ld; %ld hashes, %ld steps with events\n",
                ty.kicks, ty.steps, ty.dives, ty.saves, ty.pending_steps, ty.forks_before, ty.forks_during,
                ty.forks_after, ty.hashes, ty.event_steps);
  assert_true(ty.kicks >= 2000);
  assert_true(ty.forks_during >= 200 && ty.forks_before >= 500 && ty.forks_after >= 200);
  assert_true(ty.pending_steps > 20000 && ty.dives > 300);
}

/* A shot left with its read running joins a batch settled: the batch's lane
   is the reference's shot, step for step. */
static void test_batch_takes_a_running_read(void **state) {
  (void)state;
  kick_shot_cache_init(&caches[0]);
  kick_setup su = kt_setup_thunder();
  kick_shot ref = kt_struck(su, 0.1, kt_launch(27.0, 0.22, 0.08, 40.0));
  kick_shot t = ref;
  int pending = 0;
  while (!t.read.pending && t.clock.total_steps < 2000) {
    ref_shot_step(&ref, NULL, NULL);
    kick_shot_step_cached(&t, &caches[0], NULL, NULL);
  }
  assert_true(t.read.pending);
  for (int i = 0; i < 5; i++) {
    ref_shot_step(&ref, NULL, NULL);
    kick_shot_step_cached(&t, &caches[0], NULL, NULL);
    pending += t.read.pending;
  }
  assert_int_equal(pending, 5);
  static kick_batch b;
  kick_batch_def d = kick_batch_default_def();
  assert_int_equal(kick_batch_init(&b, &d), KS_OK);
  int32_t lane = -1;
  assert_int_equal(kick_batch_add(&b, &t, &lane), KS_OK);
  assert_false(kick_batch_lane(&b, lane)->read.pending);
  for (int i = 0; i < 1500 && ref.phase != KICK_PHASE_DONE; i++) {
    ref_shot_step(&ref, NULL, NULL);
    kick_batch_step(&b, NULL, NULL);
    const kick_shot *l = kick_batch_lane(&b, lane);
    live_eq(&ref, l);
    assert_true(kick_shot_hash(&ref) == kick_shot_hash(l));
  }
}

/* A cache holds one wind: shots of two winds in turn, and a memo of another
   kick offered to a read, change no bit. */
static void test_cache_shared_by_strangers(void **state) {
  (void)state;
  kick_shot_cache_init(&caches[1]);
  kick_setup a = kt_setup_thunder(), b = kt_setup_wall_jump();
  b.wind.mean_speed_mps = 6.0;
  b.wind.gustiness = 0.5;
  kick_shot ra = kt_struck(a, 0.2, kt_launch(26.0, 0.2, 0.05, 30.0)), rb = kt_struck(b, 0.3, kt_launch(24.0, 0.18, 0.1, -30.0));
  kick_shot ta = ra, tb = rb;
  for (int i = 0; i < 2500; i++) {
    ref_shot_step(&ra, NULL, NULL);
    ref_shot_step(&rb, NULL, NULL);
    kick_shot_step_cached(&ta, &caches[1], NULL, NULL);
    kick_shot_step_cached(&tb, &caches[1], NULL, NULL);
    live_eq(&ra, &ta);
    live_eq(&rb, &tb);
  }
  assert_true(kick_shot_hash(&ra) == kick_shot_hash(&ta) && kick_shot_hash(&rb) == kick_shot_hash(&tb));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_busy_step_same_bits),
      cmocka_unit_test(test_batch_takes_a_running_read),
      cmocka_unit_test(test_cache_shared_by_strangers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
