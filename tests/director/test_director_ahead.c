// SPDX-License-Identifier: MIT
/* The look-ahead flown during the run-up (kick_shot_ahead, in the cache):
   - a director stepped with a cache, its kicks read with a run-up
     (kick_director_kick_after_cached), emits the same events frame by frame,
     plans the same slow motion, records the same four runs and ends every
     kick on the same hash as one stepped with no cache, over random levels
     (every keeper, walls, rings, wind), launches, run-ups of 1 to 600 steps,
     jittery frames of 1/240 to 1/20 s, effects on and off and a person in
     goal; and the strike took the look-ahead from the cache whenever the
     run-up was longer than the frame after the read;
   - a look-ahead in the cache that is not of this kick is never taken: the
     cache shared with another director whose kick waits on the same step
     with the same launch, or whose kick was read in between. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "director_test_util.h"
#include "kickstep/kick_levels.h"
#include "kickstep/rng.h"

static kick_shot_cache cache;

static double uni(ks_rng *r, double lo, double hi) { return lo + (hi - lo) * ks_rng_double(r); }

static kick_setup random_setup(ks_rng *r, uint64_t kick) {
  kick_setup su;
  int32_t n = kick_level_count();
  const kick_level *lv = kick_level_at((int32_t)(ks_rng_next(r) % (uint64_t)n));
  assert_int_equal(kick_level_setup(lv, 20261204u + kick, kick, &su), KS_OK);
  if (ks_rng_next(r) % 3u == 0u) { /* a made-up one: any keeper, gusts, swirl */
    su.keeper.kind = (kick_keeper_kind)(ks_rng_next(r) % 5u);
    su.wind.mean_speed_mps = uni(r, 0.0, 9.0);
    su.wind.gustiness = uni(r, 0.0, 1.0);
    su.wind.swirl = uni(r, 0.0, 1.0);
    su.wind.bearing = uni(r, -3.1, 3.1);
  }
  return su;
}

static kick_launch random_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = uni(r, 14.0, 33.0);
  k.elevation = uni(r, 0.02, 0.45);
  k.direction = uni(r, -0.45, 0.45);
  k.spin_axis = ks_v3(uni(r, -0.3, 0.3), 1.0, uni(r, -0.2, 0.2));
  k.spin_rate = uni(r, 0.0, 70.0);
  return k;
}

typedef struct side {
  kick_director d;
  double t;
  kick_shot_cache *c;
} side;

static ks_status frame(side *s, double gap, ks_events *out) {
  s->t += gap;
  return s->c ? kick_director_frame_cached(&s->d, s->t, out, s->c) : kick_director_frame(&s->d, s->t, out);
}

static void same_events(const ks_events *a, const ks_events *b) {
  assert_int_equal(a->count, b->count);
  for (uint32_t i = 0; i < a->count; i++) {
    assert_int_equal(a->items[i].step, b->items[i].step);
    assert_int_equal(a->items[i].type, b->items[i].type);
    assert_int_equal(a->items[i].subject, b->items[i].subject);
    for (int k = 0; k < 3; k++) assert_int_equal(ks_f64_bits(a->items[i].value[k]), ks_f64_bits(b->items[i].value[k]));
  }
}

static void same_runs(const kick_director *a, const kick_director *b) {
  for (int i = 0; i < KICK_RUN_COUNT; i++) {
    const kick_run_record *x = &a->runs[i], *y = &b->runs[i];
    assert_int_equal(x->valid, y->valid);
    assert_int_equal(x->outcome, y->outcome);
    assert_int_equal(x->decision_step, y->decision_step);
    assert_int_equal(x->moments, y->moments);
    for (int k = 0; k < 3; k++) assert_int_equal(x->crossing_bits[k], y->crossing_bits[k]);
  }
  assert_int_equal(a->slow_planned, b->slow_planned);
  assert_int_equal(a->slow_from_step, b->slow_from_step);
  assert_int_equal(a->slow_to_step, b->slow_to_step);
}

/* One kick on both sides, the same frames; returns whether the strike took
   its look-ahead from the cache. */
static bool play_kick(side *a, side *b, ks_rng *r, const kick_launch *k, int32_t runup, int *frames_out) {
  static ks_events ea, eb;
  uint64_t taken0 = a->c->ahead.taken;
  int aim = (int)(ks_rng_next(r) % 40u);
  for (int i = 0; i < aim; i++) {
    double gap = uni(r, 1.0 / 240.0, 1.0 / 20.0);
    ks_events_clear(&ea);
    ks_events_clear(&eb);
    assert_int_equal(frame(a, gap, &ea), KS_OK);
    assert_int_equal(frame(b, gap, &eb), KS_OK);
    same_events(&ea, &eb);
  }
  assert_int_equal(kick_director_kick_after_cached(&a->d, k, runup, a->c), KS_OK);
  assert_int_equal(kick_director_kick_after(&b->d, k, runup), KS_OK);
  int f = 0;
  for (; f < 4000; f++) {
    double gap = uni(r, 1.0 / 240.0, 1.0 / 20.0);
    ks_events_clear(&ea);
    ks_events_clear(&eb);
    assert_int_equal(frame(a, gap, &ea), KS_OK);
    assert_int_equal(frame(b, gap, &eb), KS_OK);
    same_events(&ea, &eb);
    assert_int_equal(kick_shot_hash(&a->d.live), kick_shot_hash(&b->d.live));
    bool decided = kick_shot_decided(&a->d.live);
    bool replay_open = a->d.replay_state == KICK_REPLAY_Q_PENDING || a->d.replay_state == KICK_REPLAY_Q_PLAYING;
    if (decided && !replay_open && a->d.live.clock.total_steps > a->d.live.decision_step + 30) break;
  }
  assert_true(kick_shot_decided(&a->d.live));
  same_runs(&a->d, &b->d);
  *frames_out = f;
  return a->c->ahead.taken == taken0 + 1u;
}

static void test_the_same_kicks_with_the_look_ahead_flown_in_the_run_up(void **st) {
  (void)st;
  ks_rng r = ks_rng_stream(20261204u, 1u);
  kick_shot_cache_init(&cache);
  int kicks = 0, taken = 0, expected = 0, slow = 0;
  for (int match = 0; match < 40; match++) {
    side a = {.t = 50.0, .c = &cache}, b = {.t = 50.0, .c = NULL};
    kick_director_def def = kick_director_default_def();
    def.setup = random_setup(&r, 0);
    def.effects = ks_rng_next(&r) % 8u != 0u;
    def.setup.person_in_goal = false;
    assert_int_equal(kick_director_init(&a.d, &def), KS_OK);
    assert_int_equal(kick_director_init(&b.d, &def), KS_OK);
    for (uint64_t kick = 0; kick < 8; kick++) {
      if (kick > 0) {
        kick_setup su = random_setup(&r, kick);
        assert_int_equal(kick_director_next_kick(&a.d, &su), KS_OK);
        assert_int_equal(kick_director_next_kick(&b.d, &su), KS_OK);
      }
      kick_launch k = random_launch(&r);
      int32_t runup = ks_rng_next(&r) % 4u == 0u ? 1 + (int32_t)(ks_rng_next(&r) % 40u) : 40 + (int32_t)(ks_rng_next(&r) % 561u);
      int frames = 0;
      bool took = play_kick(&a, &b, &r, &k, runup, &frames);
      bool looks = a.d.settings.effects && !a.d.settings.person_in_goal;
      if (looks && runup >= 40) {
        expected++;
        if (!took) fail_msg("match %d kick %d (run-up %d): the strike flew its own look-ahead", match, (int)kick, runup);
      }
      if (!looks) assert_false(took);
      taken += took;
      slow += a.d.slow_planned;
      kicks++;
    }
  }
  printf("%d kicks, %d with a look-ahead flown in the run-up (%d expected at least), %d in slow motion\n", kicks, taken,
         expected, slow);
  assert_true(taken >= expected && expected > 200 && slow > 10);
}

static void test_a_look_ahead_not_of_this_kick_is_not_taken(void **st) {
  (void)st;
  kick_shot_cache_init(&cache);
  /* Two directors, one cache, the same kick read on the same step: one on a
     penalty with an empty goal, one with a keeper. B's read replaces A's
     look-ahead in the cache; A's strike must not take B's. */
  side a = {.t = 10.0, .c = &cache}, b = {.t = 10.0, .c = &cache}, ra = {.t = 10.0, .c = NULL}, rb = {.t = 10.0, .c = NULL};
  kick_director_def da = kick_director_default_def(), db = kick_director_default_def();
  da.setup = dt_penalty();
  db.setup = dt_penalty();
  db.setup.keeper.kind = KICK_KEEPER_PLAIN;
  assert_int_equal(kick_director_init(&a.d, &da), KS_OK);
  assert_int_equal(kick_director_init(&ra.d, &da), KS_OK);
  assert_int_equal(kick_director_init(&b.d, &db), KS_OK);
  assert_int_equal(kick_director_init(&rb.d, &db), KS_OK);
  kick_launch k = dt_at_keeper();
  assert_int_equal(kick_director_kick_after_cached(&a.d, &k, 270, a.c), KS_OK);
  assert_int_equal(kick_director_kick_after(&ra.d, &k, 270), KS_OK);
  assert_int_equal(kick_director_kick_after_cached(&b.d, &k, 270, b.c), KS_OK);
  assert_int_equal(kick_director_kick_after(&rb.d, &k, 270), KS_OK);
  uint64_t taken0 = cache.ahead.taken;
  /* The cache holds B's look-ahead (the same kick, step and launch: only
     the shot differs); A's frame strikes first each time. */
  for (int i = 0; i < 40; i++) {
    assert_int_equal(frame(&a, 1.0 / 60.0, NULL), KS_OK);
    assert_int_equal(frame(&ra, 1.0 / 60.0, NULL), KS_OK);
    assert_int_equal(frame(&b, 1.0 / 60.0, NULL), KS_OK);
    assert_int_equal(frame(&rb, 1.0 / 60.0, NULL), KS_OK);
  }
  assert_true(a.d.struck && b.d.struck);
  /* A found B's copy in the cache and flew its own; B's copy was dropped by
     then, so neither took one, and each planned what its reference planned. */
  assert_int_equal(cache.ahead.taken, taken0);
  same_runs(&a.d, &ra.d);
  same_runs(&b.d, &rb.d);
  for (int i = 0; i < 400; i++) {
    assert_int_equal(frame(&a, 1.0 / 60.0, NULL), KS_OK);
    assert_int_equal(frame(&ra, 1.0 / 60.0, NULL), KS_OK);
    assert_int_equal(frame(&b, 1.0 / 60.0, NULL), KS_OK);
    assert_int_equal(frame(&rb, 1.0 / 60.0, NULL), KS_OK);
  }
  assert_int_equal(kick_shot_hash(&a.d.live), kick_shot_hash(&ra.d.live));
  assert_int_equal(kick_shot_hash(&b.d.live), kick_shot_hash(&rb.d.live));
  same_runs(&a.d, &ra.d);
  same_runs(&b.d, &rb.d);
  assert_int_not_equal(a.d.runs[KICK_RUN_LOOKAHEAD].outcome, b.d.runs[KICK_RUN_LOOKAHEAD].outcome);

  /* A planted look-ahead: the cache's copy is this kick's waiting shot at
     the strike step with one bit of the ball changed. The strike must fly
     its own. */
  kick_shot_cache_init(&cache);
  side c = {.t = 10.0, .c = &cache}, rc = {.t = 10.0, .c = NULL};
  assert_int_equal(kick_director_init(&c.d, &da), KS_OK);
  assert_int_equal(kick_director_init(&rc.d, &da), KS_OK);
  kick_launch top = dt_top_corner();
  assert_int_equal(kick_director_kick_after_cached(&c.d, &top, 120, c.c), KS_OK);
  assert_int_equal(kick_director_kick_after(&rc.d, &top, 120), KS_OK);
  assert_int_equal(frame(&c, 1.0 / 60.0, NULL), KS_OK);
  assert_int_equal(frame(&rc, 1.0 / 60.0, NULL), KS_OK);
  assert_true(cache.ahead.struck);
  cache.ahead.pre.ball.pos.x = ks_f64_from_bits(ks_f64_bits(cache.ahead.pre.ball.pos.x) ^ 1u);
  cache.ahead.look.outcome = KICK_OUTCOME_WIDE; /* what a wrong copy would claim */
  taken0 = cache.ahead.taken;
  for (int i = 0; i < 300; i++) {
    assert_int_equal(frame(&c, 1.0 / 60.0, NULL), KS_OK);
    assert_int_equal(frame(&rc, 1.0 / 60.0, NULL), KS_OK);
  }
  assert_int_equal(cache.ahead.taken, taken0);
  same_runs(&c.d, &rc.d);
  assert_true(c.d.slow_planned);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_the_same_kicks_with_the_look_ahead_flown_in_the_run_up),
      cmocka_unit_test(test_a_look_ahead_not_of_this_kick_is_not_taken),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
