// SPDX-License-Identifier: MIT
/* Property: a kick replayed from the snapshot taken just before the strike,
 * under any frame pattern, is the live kick, bit for bit.
 *
 * Random World Tour levels × random kicks (speed, elevation, direction, spin)
 * × random frame patterns (steady 30-240 Hz, jittery, stalls, slow motion,
 * invalid frames), with a person's tap now and then. The live run waits on
 * the spot for a random time, is copied, struck and played out under one
 * pattern; the copy is struck with the same kick and played out under another
 * pattern, and once more one step at a time. All three must decide on the
 * same step with the same outcome, moments and crossing bits, and, brought to
 * the same step, hash identically (the clock's banked leftover — how the last
 * frame fell — is the only thing allowed to differ, and is set aside). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/rng.h"

#define CASES 240
#define MAX_AFTER_STRIKE (8 * KICK_STEPS_PER_SECOND)

typedef enum { PAT_STEADY, PAT_JITTER, PAT_STALLS, PAT_SLOW, PAT_INVALID, PAT_COUNT } pattern_kind;

typedef struct pattern {
  pattern_kind kind;
  double base;     /* s */
  ks_rng r;
} pattern;

static pattern make_pattern(ks_rng *r) {
  static const double rates[] = {30, 60, 75, 120, 144, 165, 240};
  pattern p;
  p.kind = (pattern_kind)ks_rng_below(r, PAT_COUNT);
  p.base = 1.0 / rates[ks_rng_below(r, 7)];
  p.r = ks_rng_seeded(ks_rng_next(r));
  return p;
}

static double next_frame(pattern *p) {
  switch (p->kind) {
    case PAT_STEADY: return p->base;
    case PAT_JITTER: return p->base * ks_rng_range(&p->r, 0.5, 1.5);
    case PAT_STALLS: return ks_rng_chance(&p->r, 0.05) ? ks_rng_range(&p->r, 0.1, 0.5) : p->base;
    case PAT_SLOW: return p->base * 0.3;
    default: {
      uint32_t k = ks_rng_below(&p->r, 10);
      if (k == 0) return ks_f64_from_bits(0x7ff8000000000000ull); /* NaN: counts as 0 */
      if (k == 1) return -p->base;
      if (k == 2) return 0.0;
      return p->base;
    }
  }
}

/* Plays a struck shot out under a pattern, until it is done or 8 s pass. */
static void play_out(kick_shot *s, pattern *p, const kick_input *in) {
  int64_t limit = kick_shot_strike_step(s) + MAX_AFTER_STRIKE;
  while (kick_shot_phase(s) != KICK_PHASE_DONE && kick_shot_steps(s) < limit) kick_shot_advance(s, next_frame(p), in, NULL);
}

static void play_out_steps(kick_shot *s, const kick_input *in) {
  int64_t limit = kick_shot_strike_step(s) + MAX_AFTER_STRIKE;
  while (kick_shot_phase(s) != KICK_PHASE_DONE && kick_shot_steps(s) < limit) kick_shot_step(s, in, NULL);
}

static void step_to(kick_shot *s, int64_t steps, const kick_input *in) {
  while (kick_shot_steps(s) < steps) kick_shot_step(s, in, NULL);
}

/* The hash with the frame leftover set aside. */
static uint64_t hash_but_leftover(const kick_shot *s) {
  kick_shot c = *s;
  c.clock.banked_units = 0;
  return kick_shot_hash(&c);
}

static void same_kick(const kick_shot *a, const kick_shot *b, int32_t level, uint64_t seed, const char *what) {
  char where[160];
  snprintf(where, sizeof where, "case seed %llu, level %d: %s", (unsigned long long)seed, (int)level, what);
  if (kick_shot_outcome(a) != kick_shot_outcome(b)) fail_msg("%s: outcome differs", where);
  if (kick_shot_decision_step(a) != kick_shot_decision_step(b)) fail_msg("%s: decision step differs", where);
  if (kick_shot_moments(a) != kick_shot_moments(b)) fail_msg("%s: moments differ", where);
  ks_vec3 ca = {0, 0, 0}, cb = {0, 0, 0};
  if (kick_shot_crossing(a, &ca) != kick_shot_crossing(b, &cb)) fail_msg("%s: crossing presence differs", where);
  if (ks_f64_bits(ca.x) != ks_f64_bits(cb.x) || ks_f64_bits(ca.y) != ks_f64_bits(cb.y) ||
      ks_f64_bits(ca.z) != ks_f64_bits(cb.z))
    fail_msg("%s: crossing bits differ", where);
  if (kick_shot_steps(a) != kick_shot_steps(b)) fail_msg("%s: not at the same step", where);
  if (hash_but_leftover(a) != hash_but_leftover(b)) fail_msg("%s: state hash differs at step %lld", where, (long long)kick_shot_steps(a));
  if (ks_f64_bits(a->ball.pos.x) != ks_f64_bits(b->ball.pos.x) || ks_f64_bits(a->ball.pos.y) != ks_f64_bits(b->ball.pos.y) ||
      ks_f64_bits(a->ball.pos.z) != ks_f64_bits(b->ball.pos.z) || ks_f64_bits(a->ball.vel.x) != ks_f64_bits(b->ball.vel.x) ||
      ks_f64_bits(a->ball.vel.y) != ks_f64_bits(b->ball.vel.y) || ks_f64_bits(a->ball.vel.z) != ks_f64_bits(b->ball.vel.z))
    fail_msg("%s: ball bits differ", where);
}

static kick_launch random_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = ks_rng_range(r, 8.0, KICK_MAX_LAUNCH_SPEED);
  k.elevation = ks_rng_range(r, -0.05, 0.6);
  k.direction = ks_rng_range(r, -0.45, 0.45);
  if (ks_rng_chance(r, 0.7)) {
    k.spin_axis = ks_v3(ks_rng_range(r, -0.3, 0.3), ks_rng_range(r, -1.0, 1.0), ks_rng_range(r, -0.3, 0.3));
    if (ks_v3_len2(k.spin_axis) < 1e-3) k.spin_axis = ks_v3(0.0, 1.0, 0.0);
    k.spin_rate = ks_rng_range(r, 0.0, 100.0);
  }
  return k;
}

static void live_and_replay_agree(void **st) {
  (void)st;
  int32_t levels = kick_level_count();
  assert_true(levels > 0);
  int decided = 0, tapped = 0;
  for (uint64_t seed = 1; seed <= CASES; seed++) {
    ks_rng r = ks_rng_seeded(0x6b69636bull + seed);
    int32_t level = (int32_t)ks_rng_below(&r, (uint32_t)levels);
    kick_setup su;
    assert_int_equal(kick_level_setup(kick_level_at(level), ks_rng_next(&r), seed, &su), KS_OK);
    kick_input in = {0};
    if (!su.person_in_goal && su.keeper.kind != KICK_KEEPER_NONE && ks_rng_chance(&r, 0.2)) su.person_in_goal = true;
    kick_shot live;
    assert_int_equal(kick_shot_init(&live, &su), KS_OK);
    pattern wait = make_pattern(&r);
    double wait_s = ks_rng_range(&r, 0.0, 1.5);
    while (kick_shot_time(&live) < wait_s) kick_shot_advance(&live, next_frame(&wait), NULL, NULL);
    kick_shot before = live;
    kick_launch k = random_launch(&r);
    assert_int_equal(kick_shot_strike(&live, &k), KS_OK);
    if (su.person_in_goal && su.keeper.kind != KICK_KEEPER_NONE) {
      in.has_tap = true;
      in.tap_step = kick_shot_strike_step(&live) + (int64_t)ks_rng_below(&r, 400);
      in.tap_x = ks_rng_range(&r, -3.5, 3.5);
      in.tap_y = ks_rng_range(&r, 0.2, 2.3);
      tapped++;
    }
    pattern live_frames = make_pattern(&r);
    play_out(&live, &live_frames, &in);

    kick_shot replay = before;
    assert_int_equal(kick_shot_strike(&replay, &k), KS_OK);
    pattern replay_frames = make_pattern(&r);
    play_out(&replay, &replay_frames, &in);

    kick_shot stepped = before;
    assert_int_equal(kick_shot_strike(&stepped, &k), KS_OK);
    play_out_steps(&stepped, &in);

    int64_t end = kick_shot_steps(&live);
    if (kick_shot_steps(&replay) > end) end = kick_shot_steps(&replay);
    if (kick_shot_steps(&stepped) > end) end = kick_shot_steps(&stepped);
    step_to(&live, end, &in);
    step_to(&replay, end, &in);
    step_to(&stepped, end, &in);
    same_kick(&live, &replay, level, seed, "live vs replay");
    same_kick(&live, &stepped, level, seed, "live vs step-by-step replay");
    if (kick_shot_decided(&live)) decided++;
  }
  print_message("%d cases, %d decided, %d with a person's tap\n", CASES, decided, tapped);
  assert_true(decided > CASES / 2); /* the cases are real kicks, not duds */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(live_and_replay_agree),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
