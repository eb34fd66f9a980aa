// SPDX-License-Identifier: MIT
/* Scripted drivers: a policy reads the state and decides the pedal, one step
   at a time, so a strategy can be tried by code instead of by thumb. */
#include "kickstep/brake.h"
#include "kickstep/dmath.h"

const char *brake_policy_name(int32_t kind) {
  static const char *const names[] = {"human", "never", "at-distance", "at-time", "late", "early", "stunt"};
  return kind >= 0 && kind < brake_policy_count ? names[kind] : "unknown";
}

/* Does `text` start with `word` followed by end or ':'? Returns the rest. */
static const char *match_word(const char *text, const char *word) {
  size_t i = 0;
  for (; word[i]; i++)
    if (text[i] != word[i]) return NULL;
  return (text[i] == '\0' || text[i] == ':') ? text + i : NULL;
}

/* A plain decimal "12", "2.5", ".5": at most 15 significant digits, so the
   mantissa and the power of ten are exact and the one division rounds once. */
static ks_status parse_number(const char *t, double *out) {
  int64_t mant = 0;
  int digits = 0, frac = 0;
  bool dot = false;
  for (; *t; t++) {
    if (*t == '.') {
      if (dot) return KS_ERR_FORMAT;
      dot = true;
    } else if (*t >= '0' && *t <= '9') {
      if (++digits > 15) return KS_ERR_RANGE;
      mant = mant * 10 + (*t - '0');
      if (dot) frac++;
    } else {
      return KS_ERR_FORMAT;
    }
  }
  if (digits == 0) return KS_ERR_FORMAT;
  double p = 1.0;
  for (int i = 0; i < frac; i++) p *= 10.0;
  *out = (double)mant / p;
  return KS_OK;
}

ks_status brake_policy_parse(const char *text, brake_policy *out) {
  if (!text || !out) return KS_ERR_NULL;
  static const struct { const char *name; int32_t kind; bool needs_param; } table[] = {
      {"human", BRAKE_POLICY_HUMAN, false},       {"never", BRAKE_POLICY_NEVER, false},
      {"at-distance", BRAKE_POLICY_AT_DISTANCE, true}, {"at-time", BRAKE_POLICY_AT_TIME, true},
      {"late", BRAKE_POLICY_LATE, false},         {"early", BRAKE_POLICY_EARLY, false},
      {"stunt", BRAKE_POLICY_STUNT, true}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    const char *rest = match_word(text, table[i].name);
    if (!rest) continue;
    brake_policy p = {table[i].kind, 0, 0.0};
    if (table[i].needs_param) {
      if (*rest != ':') return KS_ERR_FORMAT;
      ks_status st = parse_number(rest + 1, &p.param);
      if (st != KS_OK) return st;
      if (p.param > 1e6) return KS_ERR_RANGE;
    } else if (*rest != '\0') {
      return KS_ERR_FORMAT;
    }
    *out = p;
    return KS_OK;
  }
  return KS_ERR_NOT_FOUND;
}

/* Distance needed to slow from v to `to` at the brake's deceleration, plus two
   steps of travel as a margin for the step the decision takes to act. */
static double brake_distance(const brake_sim *s, double v, double to) {
  double b = s->def.brake_decel_mps2;
  return (v * v - to * to) / (2.0 * b) + 2.0 * v * s->dt;
}

bool brake_policy_pedal(const brake_policy *p, const brake_sim *s, bool human_pedal) {
  if (!s) return false;
  if (!p) return human_pedal;
  bool driving = s->phase != BRAKE_PHASE_COUNTDOWN && s->phase != BRAKE_PHASE_DONE;
  if (!driving) return false;
  double gap = brake_sim_gap(s);
  switch (p->kind) {
  case BRAKE_POLICY_HUMAN: return human_pedal;
  case BRAKE_POLICY_NEVER: return false;
  case BRAKE_POLICY_AT_DISTANCE: return s->braked || gap <= p->param;
  case BRAKE_POLICY_AT_TIME: return s->braked || s->stopwatch_s >= p->param;
  case BRAKE_POLICY_LATE: return s->braked || brake_distance(s, s->speed, 0.0) >= gap;
  case BRAKE_POLICY_EARLY: return s->braked || 2.0 * brake_distance(s, s->speed, 0.0) >= gap;
  case BRAKE_POLICY_STUNT:
    if (s->phase != BRAKE_PHASE_ROAD || s->speed <= p->param) return false;
    return brake_distance(s, s->speed, p->param) >= gap;
  default: return false;
  }
}

brake_result brake_sim_run_out(brake_sim *s, const brake_policy *policy, int64_t max_steps) {
  if (!s || s->def.cookie != KS_DEF_COOKIE) { /* NULL or never initialised: nothing runs */
    brake_result r = {0};
    return r;
  }
  for (int64_t k = 0; k < max_steps && s->phase != BRAKE_PHASE_DONE; k++) {
    bool held = s->pedal != 0;
    brake_sim_step(s, brake_policy_pedal(policy, s, held), NULL);
  }
  return brake_sim_result(s);
}
