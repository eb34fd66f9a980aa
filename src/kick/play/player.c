// SPDX-License-Identifier: MIT
/* The simulated player (kick_player.h): candidates, rerolled trials, the
   choice and the execution error. Moved here from kick-cli simulate, bit for
   bit: the same draws of the dice in the same order, the same arithmetic. */
#include "kickstep/kick_player.h"

#include "kickstep/dmath.h"
#include "kickstep/kick_solver.h"

#define DEG (KS_PI / 180.0)
#define WAIT_EXTRA_MAX ((uint32_t)KICK_STEPS_PER_SECOND * 60u)
#define FLIGHT_MAX ((int64_t)KICK_STEPS_PER_SECOND * 600)

/* Where the 25 candidates aim (x, y on the goal plane, m) and how they are
   struck (speed m/s, bend): candidate 1 + a*5 + s. */
static const double cand_aims[5][2] = {{-2.9, 0.35}, {2.9, 0.35}, {-2.8, 1.95}, {2.8, 1.95}, {0.0, 2.15}};
static const double cand_styles[5][2] = {{22.0, -0.5}, {22.0, 0.5}, {26.0, 0.0}, {30.0, -0.3}, {30.0, 0.3}};

/* KS_OK for a shot kick_shot_init made (its setup's cookie, a known phase)
   that is waiting (want_struck false) or struck (true). */
static ks_status shot_ready(const kick_shot *s, bool want_struck) {
  if (!s) return KS_ERR_NULL;
  if (s->setup.cookie != KS_DEF_COOKIE || (uint32_t)s->phase >= (uint32_t)kick_phase_count)
    return KS_ERR_UNINITIALISED;
  return (s->phase != KICK_PHASE_WAITING) == want_struck ? KS_OK : KS_ERR_STATE;
}

kick_player_def kick_player_default_def(void) {
  kick_player_def d;
  d.skill = 1.0;
  d.speed_error_mps = 0.5;
  d.elevation_error = 0.7 * DEG;
  d.direction_error = 0.7 * DEG;
  d.spin_error = 0.06;
  d.wait_min_steps = 180u;
  d.wait_extra_steps = 420u;
  d.max_flight_steps = KICK_PLAYER_MAX_FLIGHT_STEPS;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static bool nonneg(double x) { return x >= 0.0; }

ks_status kick_player_def_check(const kick_player_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(d->skill) || !ks_is_finite(d->speed_error_mps) || !ks_is_finite(d->elevation_error) ||
      !ks_is_finite(d->direction_error) || !ks_is_finite(d->spin_error))
    return KS_ERR_NOT_FINITE;
  if (!nonneg(d->skill) || !nonneg(d->speed_error_mps) || !nonneg(d->elevation_error) ||
      !nonneg(d->direction_error) || !nonneg(d->spin_error))
    return KS_ERR_RANGE;
  if (d->wait_min_steps > WAIT_EXTRA_MAX || d->wait_extra_steps > WAIT_EXTRA_MAX) return KS_ERR_RANGE;
  if (d->max_flight_steps < 1 || d->max_flight_steps > FLIGHT_MAX) return KS_ERR_RANGE;
  return KS_OK;
}

/* The solver's launch for an aim and a style; its best try when it cannot
   reach the aim; a plain launch at that speed when the def is refused. */
static kick_launch solve_launch(const kick_setup *su, double x, double y, double speed, double bend) {
  kick_solver_def d = kick_solver_def_for_setup(su);
  d.aim_x = x;
  d.aim_y = y;
  d.speed_mps = speed;
  d.bend = bend;
  kick_solution sol;
  ks_status s = kick_solve(&d, &sol);
  if (s == KS_OK || s == KS_ERR_NOT_FOUND) return sol.launch;
  kick_launch l = kick_launch_default();
  l.speed_mps = speed;
  return l;
}

ks_status kick_player_candidates(const kick_level *lv, kick_launch cand[KICK_PLAYER_CANDIDATES]) {
  if (!lv || !cand) return KS_ERR_NULL;
  kick_setup su;
  kick_level_setup(lv, 1, 0, &su); /* the spot and pitch do not depend on the dice */
  cand[0] = solve_launch(&su, lv->aim.aim_x, lv->aim.aim_y, lv->aim.speed_mps, lv->aim.bend);
  int c = 1;
  for (int a = 0; a < 5; a++)
    for (int s = 0; s < 5; s++)
      cand[c++] = solve_launch(&su, cand_aims[a][0], cand_aims[a][1], cand_styles[s][0], cand_styles[s][1]);
  return KS_OK;
}

uint32_t kick_player_wait_steps(const kick_player_def *def, ks_rng *dice) {
  if (kick_player_def_check(def) != KS_OK || !dice) return 0;
  return def->wait_min_steps + ks_rng_below(dice, def->wait_extra_steps + 1u);
}

ks_status kick_player_trials(const kick_player_def *def, const kick_shot *shot, ks_rng *dice,
                             kick_shot trial[KICK_PLAYER_TRIALS]) {
  ks_status st = kick_player_def_check(def);
  if (st != KS_OK) return st;
  if (!shot || !dice || !trial) return KS_ERR_NULL;
  if ((st = shot_ready(shot, false)) != KS_OK) return st;
  for (int t = 0; t < KICK_PLAYER_TRIALS; t++) {
    trial[t] = *shot;
    kick_shot_reroll(&trial[t], ks_rng_next(dice));
  }
  return KS_OK;
}

int32_t kick_player_trial_score(const kick_level *lv, const kick_shot *s) {
  if (!lv || !s) return 0;
  return (kick_shot_outcome(s) == KICK_OUTCOME_GOAL ? 3 : 0) + kick_level_stars(lv, s);
}

/* kick_player_play without the checks. */
static void play_out(const kick_player_def *def, kick_shot *s) {
  int64_t limit = kick_shot_strike_step(s) + def->max_flight_steps;
  while (!kick_shot_decided(s) && kick_shot_steps(s) < limit) kick_shot_step(s, NULL, NULL);
}

ks_status kick_player_play(const kick_player_def *def, kick_shot *shot) {
  ks_status st = kick_player_def_check(def);
  if (st != KS_OK) return st;
  if ((st = shot_ready(shot, true)) != KS_OK) return st;
  play_out(def, shot);
  return KS_OK;
}

ks_status kick_player_score(const kick_player_def *def, const kick_level *lv,
                            const kick_launch cand[KICK_PLAYER_CANDIDATES], const kick_shot trial[KICK_PLAYER_TRIALS],
                            int32_t score[KICK_PLAYER_CANDIDATES]) {
  ks_status st = kick_player_def_check(def);
  if (st != KS_OK) return st;
  if (!lv || !cand || !trial || !score) return KS_ERR_NULL;
  for (int c = 0; c < KICK_PLAYER_CANDIDATES; c++) {
    score[c] = 0;
    for (int t = 0; t < KICK_PLAYER_TRIALS; t++) {
      kick_shot s = trial[t];
      if (kick_shot_strike(&s, &cand[c]) != KS_OK) continue;
      play_out(def, &s);
      score[c] += kick_player_trial_score(lv, &s);
    }
  }
  return KS_OK;
}

int32_t kick_player_choose(const int32_t score[KICK_PLAYER_CANDIDATES], int32_t *best_score) {
  int32_t best = 0, top = -1;
  if (score) {
    for (int32_t c = 0; c < KICK_PLAYER_CANDIDATES; c++) {
      if (score[c] > top) {
        top = score[c];
        best = c;
      }
    }
  }
  if (best_score) *best_score = score ? top : 0;
  return best;
}

/* Roughly normal with mean 0 and standard deviation 1: three uniforms. */
static double normalish(ks_rng *r) {
  double u = ks_rng_double(r) + ks_rng_double(r) + ks_rng_double(r);
  return (u - 1.5) * 2.0;
}

static double clampd(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

ks_status kick_player_execute(const kick_player_def *def, const kick_launch *aimed, ks_rng *dice, kick_launch *out) {
  ks_status st = kick_player_def_check(def);
  if (st != KS_OK) return st;
  if (!aimed || !dice || !out) return KS_ERR_NULL;
  double skill = def->skill;
  kick_launch l = *aimed;
  l.speed_mps = clampd(l.speed_mps + def->speed_error_mps * skill * normalish(dice), 5.0, KICK_MAX_LAUNCH_SPEED);
  l.elevation = clampd(l.elevation + def->elevation_error * skill * normalish(dice), -0.1, 1.2);
  l.direction = clampd(l.direction + def->direction_error * skill * normalish(dice), -1.5, 1.5);
  l.spin_rate = clampd(l.spin_rate * (1.0 + def->spin_error * skill * normalish(dice)), 0.0, KICK_MAX_SPIN_RATE);
  if (kick_launch_validate(&l) != KS_OK) l = *aimed;
  *out = l;
  return KS_OK;
}

ks_status kick_player_kick(const kick_player_def *def, const kick_level *lv,
                           const kick_launch cand[KICK_PLAYER_CANDIDATES], const kick_shot *shot, ks_rng *dice,
                           kick_player_choice *out) {
  ks_status st = kick_player_def_check(def);
  if (st != KS_OK) return st;
  if (!lv || !cand || !shot || !dice || !out) return KS_ERR_NULL;
  if ((st = shot_ready(shot, false)) != KS_OK) return st;
  ks_rng mine = *dice;
  kick_shot trial[KICK_PLAYER_TRIALS];
  int32_t score[KICK_PLAYER_CANDIDATES];
  kick_player_trials(def, shot, &mine, trial);
  kick_player_score(def, lv, cand, trial, score);
  kick_player_choice ch;
  ch.candidate = kick_player_choose(score, &ch.score);
  ch.aimed = cand[ch.candidate];
  kick_player_execute(def, &ch.aimed, &mine, &ch.launch);
  *dice = mine;
  *out = ch;
  return KS_OK;
}
