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
   cache, another, none, kick_shot_step or kick_shot_advance_cached in
   chunks of steps. The director and the duel with a cache against the same
   without one, frame by frame and step by step (their states, events and
   outcomes), and the duel restored and stepped again as a rollback does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "simulation/simulation.h"
#include "kick_step_reference.h"
#include "support/kick_setups.h"
#include "kickstep/kick_batch.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_duel.h"
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

typedef enum { ENGINE_CACHED, ENGINE_UNCACHED, ENGINE_STEP, ENGINE_ADVANCE, ENGINE_COUNT } engine;

/* kick_shot_advance as it was: the clock's steps, then the reference's. */
static int64_t ref_shot_advance(kick_shot *shot, double seconds, const kick_input *in, ks_events *out) {
  int64_t due = ks_clock_advance(&shot->clock, seconds);
  int64_t base = shot->clock.total_steps - due;
  for (int64_t i = 0; i < due; i++) ref_run_step(shot, base + i, in, out);
  return due;
}

/* A pair: the reference and the shot under test, and how the latter steps. */
typedef struct pair {
  kick_shot ref, t;
  engine how;
  int32_t cache; /* index into caches */
  int32_t events; /* events asked for: 0 never, 1 on a random step in four, 2 always */
} pair;

typedef struct tally {
  long kicks, steps, dives, pending_steps, forks_during, forks_before, forks_after, hashes, event_steps, saves, advances;
} tally;

static void step_pair(pair *p, ks_rng *r, const kick_input *in, tally *ty) {
  static ks_events ea, eb;
  bool events = p->events == 2 || (p->events == 1 && ks_rng_below(r, 4) == 0);
  ks_events_clear(&ea);
  ks_events_clear(&eb);
  if (p->how == ENGINE_ADVANCE) {
    /* A few steps' time (a remainder banked now and then), the cache's or none. */
    double sec = (double)(1 + ks_rng_below(r, 12)) / 600.0 + (ks_rng_below(r, 4) == 0 ? 1e-4 : 0.0);
    kick_shot_cache *c = p->cache == 2 ? NULL : &caches[p->cache];
    int64_t a = ref_shot_advance(&p->ref, sec, in, events ? &ea : NULL);
    int64_t b = kick_shot_advance_cached(&p->t, c, sec, in, events ? &eb : NULL);
    assert_true(a == b);
    ty->advances++;
  } else {
    ref_shot_step(&p->ref, in, events ? &ea : NULL);
  }
  switch (p->how) {
  case ENGINE_ADVANCE: break;
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
  uint64_t pick = ks_rng_below(r, 16);
  live.how = pick < 11 ? ENGINE_CACHED : pick < 13 ? ENGINE_UNCACHED : pick < 15 ? ENGINE_STEP : ENGINE_ADVANCE;
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
                "during %ld, after the read %ld; %ld hashes, %ld steps with events, %ld advances\n",
                ty.kicks, ty.steps, ty.dives, ty.saves, ty.pending_steps, ty.forks_before, ty.forks_during,
                ty.forks_after, ty.hashes, ty.event_steps, ty.advances);
  assert_true(ty.kicks >= 2000);
  assert_true(ty.forks_during >= 200 && ty.forks_before >= 500 && ty.forks_after >= 200);
  assert_true(ty.pending_steps > 20000 && ty.dives > 300 && ty.advances > 10000);
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

/* kick_shot_wait_steps (a duel's replay waits on the spot as long as its
   kick did) against as many reference steps: shots waiting with a person's
   tap stamped before, at or after the wait's end, with an AI keeper, or
   none, struck and stepped on after the wait. */
static void test_wait_steps_same_bits(void **state) {
  (void)state;
  ks_rng r = ks_rng_seeded(77);
  long dove_waiting = 0;
  for (int n = 0; n < 400; n++) {
    kick_setup su;
    do su = made_up(&r);
    while (kick_setup_validate(&su) != KS_OK);
    if (n % 2 == 0 && su.keeper.kind != KICK_KEEPER_NONE) su.person_in_goal = true;
    kick_shot ref, t;
    assert_int_equal(kick_shot_init(&ref, &su), KS_OK);
    t = ref;
    int64_t wait = (int64_t)ks_rng_below(&r, 3000);
    kick_input tap = {0};
    const kick_input *in = NULL;
    if (ks_rng_below(&r, 3) != 0) {
      tap.has_tap = true;
      tap.tap_step = (int64_t)ks_rng_below(&r, (uint32_t)wait + 200u);
      tap.tap_x = rnd(&r, -4.0, 4.0);
      tap.tap_y = rnd(&r, 0.0, 2.8);
      in = &tap;
    }
    kick_shot_cache *c = ks_rng_below(&r, 2) ? &caches[0] : NULL;
    for (int64_t i = 0; i < wait; i++) ref_shot_step(&ref, in, NULL);
    kick_shot_wait_steps(&t, c, wait, in);
    live_eq(&ref, &t);
    assert_true(kick_shot_hash(&ref) == kick_shot_hash(&t));
    dove_waiting += ref.keeper.dive_step >= 0;
    kick_launch k = random_launch(&r);
    assert_int_equal(kick_shot_strike(&ref, &k), KS_OK);
    assert_int_equal(kick_shot_strike(&t, &k), KS_OK);
    for (int i = 0; i < 1500 && ref.phase != KICK_PHASE_DONE; i++) {
      ref_shot_step(&ref, in, NULL);
      kick_shot_step_cached(&t, c, in, NULL);
      live_eq(&ref, &t);
    }
    assert_true(kick_shot_hash(&ref) == kick_shot_hash(&t));
  }
  print_message("wait steps: 400 waits, %ld with the keeper diving before the strike\n", dove_waiting);
  assert_true(dove_waiting > 20);
}

/* ------------------------------------------------ the director, the duel */

static void camera_eq(const kick_camera *a, const kick_camera *b) {
  vec_eq(a->pos, b->pos);
  vec_eq(a->target, b->target);
  bits_eq(a->yaw, b->yaw);
  bits_eq(a->pitch, b->pitch);
  bits_eq(a->fov, b->fov);
}

/* Two directors, one with a cache: everything they hold and show. */
static void director_eq(const kick_director *a, const kick_director *b) {
  assert_true(kick_shot_hash(&a->live) == kick_shot_hash(&b->live));
  assert_true(kick_shot_hash(&a->before) == kick_shot_hash(&b->before));
  assert_true(kick_shot_hash(&a->replay) == kick_shot_hash(&b->replay));
  assert_int_equal(a->mode, b->mode);
  assert_int_equal(a->struck, b->struck);
  assert_int_equal(a->strike_pending, b->strike_pending);
  assert_int_equal(a->slow_planned, b->slow_planned);
  assert_int_equal(a->slow_active, b->slow_active);
  assert_true(a->slow_from_step == b->slow_from_step && a->slow_to_step == b->slow_to_step);
  assert_int_equal(a->replay_state, b->replay_state);
  assert_true(a->replay_wait_ticks == b->replay_wait_ticks && a->replay_stop_step == b->replay_stop_step);
  assert_true(a->replay_start_live_step == b->replay_start_live_step && a->bank_ticks == b->bank_ticks);
  vec_eq(a->replay_cross, b->replay_cross);
  for (int i = 0; i < KICK_RUN_COUNT; i++) {
    const kick_run_record *x = &a->runs[i], *y = &b->runs[i];
    assert_int_equal(x->valid, y->valid);
    assert_int_equal(x->outcome, y->outcome);
    assert_true(x->decision_step == y->decision_step);
    assert_int_equal(x->moments, y->moments);
    for (int j = 0; j < 3; j++) assert_true(x->crossing_bits[j] == y->crossing_bits[j]);
  }
  vec_eq(a->ball_prev, b->ball_prev);
  vec_eq(a->ball_cur, b->ball_cur);
  camera_eq(&a->cam_prev, &b->cam_prev);
  camera_eq(&a->cam_cur, &b->cam_cur);
  assert_true(kick_director_speed(a) == kick_director_speed(b));
}

/* The director with and without a cache (kick_director_*_cached), frame by
   frame over whole kicks on the levels and made-up setups: the same events
   and states, with a person in goal tapping, skips, run-ups, effects
   switched off, slow motion and replays; the cache kept from kick to kick. */
static void test_director_cached_same_bits(void **state) {
  (void)state;
  kick_shot_cache_init(&caches[2]);
  static ks_events ea, eb;
  static kick_director a, b;
  ks_rng r = ks_rng_seeded(4242);
  long kicks = 0, slow = 0, replays = 0, taps = 0, skips = 0, frames = 0;
  int32_t levels = kick_level_count();
  kick_director_def def = kick_director_default_def();
  def.effects = true;
  assert_int_equal(kick_director_init(&a, &def), KS_OK);
  b = a;
  double t = 0.0;
  for (int n = 0; n < 160; n++) {
    kick_setup su;
    if (n % 2 == 0) {
      assert_int_equal(kick_level_setup(kick_level_at((n / 2) % levels), ks_rng_next(&r), ks_rng_below(&r, 50), &su), KS_OK);
    } else {
      do su = made_up(&r);
      while (kick_setup_validate(&su) != KS_OK);
    }
    su.history_count = 0;
    assert_int_equal(kick_director_next_kick(&a, &su), KS_OK);
    assert_int_equal(kick_director_next_kick(&b, &su), KS_OK);
    if (ks_rng_below(&r, 10) == 0) {
      kick_director_set_effects(&a, false);
      kick_director_set_effects(&b, false);
    } else {
      kick_director_set_effects(&a, true);
      kick_director_set_effects(&b, true);
    }
    int aim_frames = 5 + (int)ks_rng_below(&r, 60);
    bool kicked = false, skipped = false;
    int after = 0;
    for (int f = 0; f < 2000 && after < 260; f++) {
      t += ks_rng_below(&r, 10) == 0 ? 0.0 : rnd(&r, 0.004, 0.05);
      ks_events_clear(&ea);
      ks_events_clear(&eb);
      assert_int_equal(kick_director_frame(&a, t, &ea), KS_OK);
      assert_int_equal(kick_director_frame_cached(&b, t, &eb, &caches[2]), KS_OK);
      events_eq(&ea, &eb);
      director_eq(&a, &b);
      frames++;
      if (!kicked && f == aim_frames) {
        kick_launch k = random_launch(&r);
        if (ks_rng_below(&r, 3) != 0) {
          /* At the goal, so that close shaves earn slow motion and goals replays. */
          k.direction = ks_atan2(-su.spot_x + rnd(&r, -3.0, 3.0), -su.spot_z);
          k.speed_mps = rnd(&r, 20.0, 30.0);
          k.elevation = rnd(&r, 0.08, 0.3);
        }
        int32_t runup = ks_rng_below(&r, 3) == 0 ? (int32_t)ks_rng_below(&r, 40) : 0;
        ks_status sa = runup ? kick_director_kick_after(&a, &k, runup) : kick_director_kick(&a, &k);
        ks_status sb = runup ? kick_director_kick_after_cached(&b, &k, runup, &caches[2])
                             : kick_director_kick_cached(&b, &k, &caches[2]);
        assert_int_equal(sa, sb);
        kicked = true;
        director_eq(&a, &b);
        slow += a.slow_planned;
      }
      if (kicked && a.struck && su.person_in_goal && ks_rng_below(&r, 30) == 0) {
        double x = rnd(&r, -4.0, 4.0), y = rnd(&r, 0.0, 2.8);
        ks_status sa = kick_director_tap(&a, x, y), sb = kick_director_tap(&b, x, y);
        assert_int_equal(sa, sb);
        taps += sa == KS_OK;
      }
      if (kicked && a.struck && !skipped && ks_rng_below(&r, 200) == 0) {
        skipped = true;
        ks_events_clear(&ea);
        ks_events_clear(&eb);
        ks_status sa = kick_director_skip_to_decision(&a, &ea);
        ks_status sb = kick_director_skip_to_decision_cached(&b, &eb, &caches[2]);
        assert_int_equal(sa, sb);
        events_eq(&ea, &eb);
        director_eq(&a, &b);
        skips += sa == KS_OK;
      }
      if (a.replay_state == KICK_REPLAY_Q_PLAYING && f % 7 == 0) replays++;
      if (kicked && kick_shot_decided(&a.live) && a.mode != KICK_DIRECTOR_REPLAY &&
          a.replay_state != KICK_REPLAY_Q_PENDING)
        after++;
    }
    uint32_t ma = 0, mb = 0;
    assert_int_equal(kick_director_runs_agree(&a, &ma), kick_director_runs_agree(&b, &mb));
    assert_int_equal(ma, mb);
    kicks++;
  }
  print_message("director: %ld kicks, %ld frames, %ld with slow motion, %ld replay frames (sampled), %ld taps, %ld skips\n",
                kicks, frames, slow, replays, taps, skips);
  assert_true(slow >= 3 && replays > 10 && taps > 10 && skips > 5);
}

/* Two duels, one stepped with a cache (kick_duel_step_cached), every step
   the same hash; the cached one now and then restored to a state up to 300
   steps back and stepped again with the same inputs (a rollback), with its
   cache, another or none, and must come back to the same bits. */
typedef struct duel_in {
  kick_duel_input in[KICK_DUEL_PLAYERS];
  bool has[KICK_DUEL_PLAYERS];
} duel_in;

static void duel_do(kick_duel *d, const duel_in *x, kick_shot_cache *c, bool cached) {
  const kick_duel_input *p[KICK_DUEL_PLAYERS];
  for (int i = 0; i < KICK_DUEL_PLAYERS; i++) p[i] = x->has[i] ? &x->in[i] : NULL;
  if (cached) kick_duel_step_cached(d, p, c);
  else kick_duel_step(d, p);
}

enum { DUEL_RING = 301, DUEL_STEPS = 60000 };

static void test_duel_cached_same_bits(void **state) {
  (void)state;
  kick_shot_cache_init(&caches[0]);
  kick_shot_cache_init(&caches[1]);
  static kick_duel ring[DUEL_RING];
  static duel_in ins[DUEL_RING];
  static uint64_t hashes[DUEL_RING];
  ks_rng r = ks_rng_seeded(99);
  long rollbacks = 0, resim = 0, goals = 0, replays = 0, early_taps = 0, matches = 0;
  for (int m = 0; m < 6; m++) {
    kick_duel_def def = kick_duel_default_def();
    def.match_seed = ks_rng_next(&r);
    def.ready_steps = 60;
    def.aim_steps = 900;
    def.after_steps = 120;
    def.wind_mps = m % 3 == 0 ? 0.0 : rnd(&r, 1.0, 10.0);
    kick_duel a, b;
    assert_int_equal(kick_duel_init(&a, &def), KS_OK);
    b = a;
    int64_t strike_at = -1, tap_at = -1;
    int32_t kick_seen = -1;
    for (int64_t n = 0; n < DUEL_STEPS && a.phase != KICK_DUEL_OVER; n++) {
      if (a.kick != kick_seen) {
        kick_seen = a.kick;
        strike_at = a.step + def.ready_steps + (int64_t)ks_rng_below(&r, 500);
        tap_at = a.step + def.ready_steps + (int64_t)ks_rng_below(&r, 700);
      }
      duel_in x = {0};
      if (a.step >= strike_at && kick_duel_may_strike(&a, a.shooter)) {
        kick_launch k = random_launch(&r);
        k.speed_mps = rnd(&r, 18.0, 30.0);
        k.elevation = rnd(&r, 0.0, 0.3);
        k.direction = rnd(&r, -0.2, 0.2);
        x.in[a.shooter] = kick_duel_strike_input(&k);
        x.has[a.shooter] = true;
      }
      int32_t keeper = kick_duel_keeper(&a);
      if (a.step >= tap_at && kick_duel_may_tap(&a, keeper) && ks_rng_below(&r, 2) == 0) {
        x.in[keeper] = kick_duel_tap_input(rnd(&r, -3.5, 3.5), rnd(&r, 0.1, 2.4));
        x.has[keeper] = true;
        early_taps += a.phase == KICK_DUEL_AIM;
      }
      int slot = (int)(n % DUEL_RING);
      ring[slot] = b;
      ins[slot] = x;
      duel_do(&a, &x, NULL, false);
      duel_do(&b, &x, &caches[0], true);
      hashes[slot] = kick_duel_hash(&a);
      assert_true(hashes[slot] == kick_duel_hash(&b));
      if (a.phase == KICK_DUEL_REPLAY && a.replay_bank == 9) replays++;
      if (n > DUEL_RING && ks_rng_below(&r, 150) == 0) {
        /* A rollback: restore the state `back` steps ago, step it again. */
        int64_t back = 1 + (int64_t)ks_rng_below(&r, DUEL_RING - 1);
        uint64_t which = ks_rng_below(&r, 4);
        kick_shot_cache *c = which == 0 ? NULL : which == 1 ? &caches[1] : &caches[0];
        kick_duel x2 = ring[(n - back + 1) % DUEL_RING];
        for (int64_t k = n - back + 1; k <= n; k++) {
          duel_do(&x2, &ins[k % DUEL_RING], c, true);
          assert_true(kick_duel_hash(&x2) == hashes[k % DUEL_RING]);
          resim++;
        }
        b = x2;
        rollbacks++;
      }
    }
    for (int i = 0; i < a.kick; i++) goals += a.results[i] == KICK_DUEL_SCORED;
    matches++;
  }
  print_message("duel: %ld matches, %ld goals, %ld replay steps, %ld taps in the aim, %ld rollbacks re-simulating %ld steps\n",
                matches, goals, replays, early_taps, rollbacks, resim);
  assert_true(rollbacks > 100 && goals > 5 && replays > 3 && early_taps > 3);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_busy_step_same_bits),
      cmocka_unit_test(test_batch_takes_a_running_read),
      cmocka_unit_test(test_cache_shared_by_strangers),
      cmocka_unit_test(test_wait_steps_same_bits),
      cmocka_unit_test(test_director_cached_same_bits),
      cmocka_unit_test(test_duel_cached_same_bits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
