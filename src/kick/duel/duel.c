// SPDX-License-Identifier: MIT
/* The penalty duel: a shoot-out as one value stepped with both players'
   inputs. See kickstep/kick_duel.h and docs/duel.md. */
#include "kickstep/kick_duel.h"

#include "kickstep/dmath.h"
#include "kickstep/hash.h"
#include "kickstep/kick_replay.h"
#include "kickstep/rng.h"
#include "simulation/simulation.h"

#define REPLAY_BANK_STEP 9   /* a replay step costs 20, a duel step pays 9: 0.45x */
#define REPLAY_BANK_COST 20

/* ------------------------------------------------------------- definition */

kick_duel_def kick_duel_default_def(void) {
  kick_duel_def d = {0};
  d.match_seed = 1;
  d.kicks_each = 5;
  d.max_kicks = 40;
  d.ready_steps = 360;
  d.aim_steps = 7200;
  d.after_steps = 900;
  d.replays = true;
  d.players = 2;
  d.keeper_rating = 0.7;
  d.spot_z = -11.0;
  d.wind_mps = 0.0;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

kick_duel_def kick_duel_party_def(int32_t players) {
  kick_duel_def d = kick_duel_default_def();
  if (players == 2) return d;
  d.players = (uint8_t)(players >= 0 && players <= 255 ? players : 0);
  if (players == 3 || players == 4) {
    d.kicks_each = players == 3 ? 4 : 3;
    d.max_kicks = (KICK_DUEL_MAX_KICKS / players) * players;
  }
  return d;
}

ks_status kick_duel_def_validate(const kick_duel_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(d->keeper_rating) || !ks_is_finite(d->spot_z) || !ks_is_finite(d->wind_mps)) return KS_ERR_NOT_FINITE;
  if (d->kicks_each < 1 || d->kicks_each > 10) return KS_ERR_RANGE;
  if (d->players < 2 || d->players > KICK_DUEL_MAX_PLAYERS) return KS_ERR_RANGE;
  int32_t n = (int32_t)d->players;
  if (d->max_kicks < n * d->kicks_each || d->max_kicks > KICK_DUEL_MAX_KICKS || d->max_kicks % n != 0) return KS_ERR_RANGE;
  if (d->ready_steps < 0 || d->ready_steps > 6000) return KS_ERR_RANGE;
  if (d->aim_steps < 60 || d->aim_steps > 36000) return KS_ERR_RANGE;
  if (d->after_steps < 0 || d->after_steps > 6000) return KS_ERR_RANGE;
  if (!(d->keeper_rating >= 0.0 && d->keeper_rating <= 1.0)) return KS_ERR_RANGE;
  if (!(d->spot_z >= -20.0 && d->spot_z <= -5.5)) return KS_ERR_RANGE;
  if (!(d->wind_mps >= 0.0 && d->wind_mps <= 10.0)) return KS_ERR_RANGE;
  return KS_OK;
}

ks_status kick_duel_kick_setup(const kick_duel_def *def, int32_t k, kick_setup *out) {
  ks_status st = kick_duel_def_validate(def);
  if (st != KS_OK) return st;
  if (!out) return KS_ERR_NULL;
  if (k < 0 || k >= def->max_kicks) return KS_ERR_RANGE;
  kick_setup s = kick_setup_default();
  s.spot_x = 0.0;
  s.spot_z = def->spot_z;
  s.keeper.kind = KICK_KEEPER_PLAIN;
  s.keeper.rating = def->keeper_rating;
  s.person_in_goal = true;
  s.match_seed = def->match_seed;
  s.kick_number = (uint64_t)k;
  if (def->wind_mps > 0.0) {
    ks_rng r = ks_rng_stream(def->match_seed ^ 0x57494e44ull, (uint64_t)k); /* "WIND" */
    s.wind.mean_speed_mps = def->wind_mps;
    s.wind.bearing = ks_rng_range(&r, -KS_PI, KS_PI);
    s.wind.gustiness = 0.3;
    s.wind.gust_seed = ks_rng_next(&r);
  }
  *out = s;
  return KS_OK;
}

/* ------------------------------------------------------------------- kicks */

static bool start_kick(kick_duel *d, int32_t k) {
  kick_setup su;
  if (kick_duel_kick_setup(&d->def, k, &su) != KS_OK) return false;
  if (kick_shot_init(&d->shot, &su) != KS_OK) return false;
  d->kick = k;
  d->shooter = k % (int32_t)d->def.players;
  d->phase = KICK_DUEL_READY;
  d->phase_step = d->step;
  d->struck = false;
  d->tapped = false;
  d->launch = kick_launch_default();
  d->strike_step = -1;
  kick_input none = {false, 0, 0.0, 0.0};
  d->tap = none;
  d->outcome = KICK_OUTCOME_NONE;
  d->moments = 0u;
  d->decision_step = -1;
  d->crossing = ks_v3(0.0, 0.0, 0.0);
  d->replay_bank = 0;
  d->replay_stop = -1;
  return true;
}

ks_status kick_duel_init(kick_duel *d, const kick_duel_def *def) {
  ks_status st = kick_duel_def_validate(def);
  if (st != KS_OK) return st;
  if (!d) return KS_ERR_NULL;
  kick_duel z = {0};
  z.def = *def;
  z.winner = KICK_DUEL_NO_WINNER;
  if (!start_kick(&z, 0)) return KS_ERR_RANGE;
  *d = z;
  return KS_OK;
}

/* The match is decided when a side cannot catch up within its regulation
   kicks, after a pair of sudden-death kicks that differ, or at max_kicks. */
static bool decided(kick_duel *d) {
  int32_t done = d->kick + 1;
  int32_t reg = 2 * d->def.kicks_each;
  int32_t a = d->score[0], b = d->score[1];
  if (done <= reg) {
    int32_t left0 = d->def.kicks_each - d->taken[0], left1 = d->def.kicks_each - d->taken[1];
    if (a + left0 < b || b + left1 < a) return true;
    return false;
  }
  if (done % 2 == 0 && a != b) return true;
  return done >= d->def.max_kicks;
}

/* A party (3 or 4 players): decided at max_kicks, or when one player leads
   by more than any other can make up with the kicks he takes before the next
   point of decision (the end of regulation, then the end of each round). */
static bool party_decided(const kick_duel *d) {
  int32_t n = (int32_t)d->def.players;
  int32_t done = d->kick + 1;
  int32_t reg = n * d->def.kicks_each;
  if (done >= d->def.max_kicks) return true;
  int32_t until = done <= reg ? reg : ((done + n - 1) / n) * n;
  int32_t left[KICK_DUEL_MAX_PLAYERS] = {0};
  for (int32_t k = done; k < until; k++) left[k % n]++;
  for (int32_t i = 0; i < n; i++) {
    bool alone = true;
    for (int32_t j = 0; j < n && alone; j++)
      if (j != i && d->score[j] + left[j] >= d->score[i]) alone = false;
    if (alone) return true;
  }
  return false;
}

/* The party's winner: the one top scorer, or a draw (players). */
static int32_t party_winner(const kick_duel *d) {
  int32_t n = (int32_t)d->def.players, best = 0, tied = 0;
  for (int32_t i = 1; i < n; i++)
    if (d->score[i] > d->score[best]) best = i;
  for (int32_t i = 0; i < n; i++)
    if (d->score[i] == d->score[best]) tied++;
  return tied == 1 ? best : n;
}

static void next_kick(kick_duel *d) {
  if (d->def.players > 2 ? party_decided(d) : decided(d)) {
    int32_t a = d->score[0], b = d->score[1];
    d->winner = d->def.players > 2 ? party_winner(d) : a > b ? 0 : b > a ? 1 : KICK_DUEL_DRAW;
    d->phase = KICK_DUEL_OVER;
    d->phase_step = d->step;
    return;
  }
  if (!start_kick(d, d->kick + 1)) d->phase = KICK_DUEL_OVER;
}

static void record_result(kick_duel *d, kick_duel_result r) {
  d->results[d->kick] = (uint8_t)r;
  d->taken[d->shooter]++;
  if (r == KICK_DUEL_SCORED) d->score[d->shooter]++;
  d->phase = KICK_DUEL_AFTER;
}

static const kick_input *tap_of(const kick_duel *d) { return d->tapped ? &d->tap : NULL; }

/* The replay: the kick rebuilt from its setup, waited on the spot for as
   many steps with the same tap, struck with the same launch. */
static void begin_replay(kick_duel *d, kick_shot_cache *c) {
  kick_setup su;
  if (kick_duel_kick_setup(&d->def, d->kick, &su) != KS_OK || kick_shot_init(&d->shot, &su) != KS_OK) {
    next_kick(d);
    return;
  }
  /* As many waiting steps (counted at once until the keeper's tap, if he
     tapped before the strike, may act). */
  kick_shot_wait_steps(&d->shot, c, d->strike_step, tap_of(d));
  (void)kick_shot_strike(&d->shot, &d->launch);
  d->replay_bank = 0;
  d->replay_stop = d->decision_step + KICK_DUEL_REPLAY_TAIL_STEPS;
  d->phase = KICK_DUEL_REPLAY;
}

/* --------------------------------------------------------------- the step */

static void take_tap(kick_duel *d, const kick_duel_input *in) {
  if (!in || in->kind != KICK_DUEL_IN_TAP || d->tapped) return;
  if (!ks_is_finite(in->tap_x) || !ks_is_finite(in->tap_y)) return;
  d->tapped = true;
  d->tap.has_tap = true;
  d->tap.tap_step = kick_shot_steps(&d->shot);
  d->tap.tap_x = in->tap_x;
  d->tap.tap_y = in->tap_y;
}

static void take_strike(kick_duel *d, const kick_duel_input *in) {
  if (!in || in->kind != KICK_DUEL_IN_STRIKE || d->struck) return;
  if (kick_shot_strike(&d->shot, &in->launch) != KS_OK) return;
  d->struck = true;
  d->launch = in->launch;
  d->strike_step = kick_shot_strike_step(&d->shot);
  d->phase = KICK_DUEL_FLIGHT;
}

void kick_duel_step(kick_duel *d, const kick_duel_input *const in[KICK_DUEL_PLAYERS]) {
  kick_duel_step_cached(d, in, NULL);
}

void kick_duel_step_cached(kick_duel *d, const kick_duel_input *const in[KICK_DUEL_PLAYERS], kick_shot_cache *c) {
  /* A duel kick_duel_init made carries its def's cookie and a shooter 0 or 1;
     zeroed or never-written memory does not, and takes no step. */
  if (!d || d->def.cookie != KS_DEF_COOKIE || d->def.players < 2 || d->def.players > KICK_DUEL_MAX_PLAYERS ||
      (uint32_t)d->shooter >= (uint32_t)d->def.players)
    return;
  if (d->phase == KICK_DUEL_OVER) return;
  const kick_duel_input *shooter_in = in ? in[d->shooter] : NULL;
  const kick_duel_input *keeper_in = in ? in[kick_duel_keeper(d)] : NULL;
  int64_t age = d->step + 1 - d->phase_step; /* steps in this phase, this one included */
  switch (d->phase) {
  case KICK_DUEL_READY:
    kick_shot_step_cached(&d->shot, c, NULL, NULL);
    if (age >= d->def.ready_steps) {
      d->phase = KICK_DUEL_AIM;
      d->phase_step = d->step + 1;
    }
    break;
  case KICK_DUEL_AIM:
    take_tap(d, keeper_in);
    take_strike(d, shooter_in);
    kick_shot_step_cached(&d->shot, c, tap_of(d), NULL);
    if (d->phase == KICK_DUEL_FLIGHT) {
      d->phase_step = d->step + 1;
    } else if (age >= d->def.aim_steps) {
      record_result(d, KICK_DUEL_NO_SHOT);
      d->phase_step = d->step + 1;
    }
    break;
  case KICK_DUEL_FLIGHT:
    take_tap(d, keeper_in);
    kick_shot_step_cached(&d->shot, c, tap_of(d), NULL);
    if (kick_shot_decided(&d->shot)) {
      d->outcome = kick_shot_outcome(&d->shot);
      d->moments = kick_shot_moments(&d->shot);
      d->decision_step = kick_shot_decision_step(&d->shot);
      d->crossing = d->shot.crossed ? d->shot.crossing : d->shot.ball.pos;
      record_result(d, d->outcome == KICK_OUTCOME_GOAL ? KICK_DUEL_SCORED : KICK_DUEL_MISSED);
      d->phase_step = d->step + 1;
    }
    break;
  case KICK_DUEL_AFTER:
    kick_shot_step_cached(&d->shot, c, tap_of(d), NULL);
    if (age >= d->def.after_steps) {
      d->step++;
      if (d->def.replays && d->results[d->kick] == KICK_DUEL_SCORED) {
        d->phase_step = d->step;
        begin_replay(d, c);
      } else {
        next_kick(d);
      }
      return;
    }
    break;
  case KICK_DUEL_REPLAY:
    d->replay_bank += REPLAY_BANK_STEP;
    while (d->replay_bank >= REPLAY_BANK_COST) {
      d->replay_bank -= REPLAY_BANK_COST;
      kick_shot_step_cached(&d->shot, c, tap_of(d), NULL);
    }
    if (kick_shot_steps(&d->shot) >= d->replay_stop) {
      d->step++;
      next_kick(d);
      return;
    }
    break;
  default: break;
  }
  d->step++;
}

/* ---------------------------------------------------------------- queries */

int32_t kick_duel_keeper_of(const kick_duel_def *def, int32_t k) {
  if (!def || def->players < 2 || def->players > KICK_DUEL_MAX_PLAYERS || k < 0 || k >= KICK_DUEL_MAX_KICKS) return -1;
  int32_t n = (int32_t)def->players, s = k % n, round = k / n;
  return (s + 1 + round % (n - 1)) % n;
}

int32_t kick_duel_players(const kick_duel *d) {
  return d && d->def.players >= 2 && d->def.players <= KICK_DUEL_MAX_PLAYERS ? (int32_t)d->def.players : 2;
}

int32_t kick_duel_keeper(const kick_duel *d) {
  if (!d) return 0;
  if (d->def.players <= 2) return 1 - d->shooter;
  int32_t k = kick_duel_keeper_of(&d->def, d->kick);
  return k < 0 ? 0 : k;
}

bool kick_duel_may_strike(const kick_duel *d, int32_t player) {
  return d && d->phase == KICK_DUEL_AIM && player == d->shooter && !d->struck;
}

bool kick_duel_may_tap(const kick_duel *d, int32_t player) {
  return d && (d->phase == KICK_DUEL_AIM || d->phase == KICK_DUEL_FLIGHT) && player == kick_duel_keeper(d) && !d->tapped;
}

uint64_t kick_duel_hash(const kick_duel *d) {
  if (!d) return 0;
  ks_hash h = ks_hash_begin();
  const kick_duel_def *f = &d->def;
  ks_hash_u64(&h, f->match_seed);
  ks_hash_i32(&h, f->kicks_each);
  ks_hash_i32(&h, f->max_kicks);
  ks_hash_i32(&h, f->ready_steps);
  ks_hash_i32(&h, f->aim_steps);
  ks_hash_i32(&h, f->after_steps);
  ks_hash_bool(&h, f->replays);
  ks_hash_f64(&h, f->keeper_rating);
  ks_hash_f64(&h, f->spot_z);
  ks_hash_f64(&h, f->wind_mps);
  ks_hash_u64(&h, kick_shot_hash(&d->shot));
  ks_hash_u32(&h, (uint32_t)d->phase);
  ks_hash_i64(&h, d->step);
  ks_hash_i64(&h, d->phase_step);
  ks_hash_i32(&h, d->kick);
  ks_hash_i32(&h, d->shooter);
  ks_hash_i32(&h, d->score[0]);
  ks_hash_i32(&h, d->score[1]);
  ks_hash_i32(&h, d->taken[0]);
  ks_hash_i32(&h, d->taken[1]);
  ks_hash_i32(&h, d->winner);
  ks_hash_bytes(&h, d->results, sizeof d->results);
  ks_hash_bool(&h, d->struck);
  ks_hash_bool(&h, d->tapped);
  ks_hash_f64(&h, d->launch.speed_mps);
  ks_hash_f64(&h, d->launch.elevation);
  ks_hash_f64(&h, d->launch.direction);
  ks_hash_f64(&h, d->launch.spin_axis.x);
  ks_hash_f64(&h, d->launch.spin_axis.y);
  ks_hash_f64(&h, d->launch.spin_axis.z);
  ks_hash_f64(&h, d->launch.spin_rate);
  ks_hash_i64(&h, d->strike_step);
  ks_hash_bool(&h, d->tap.has_tap);
  ks_hash_i64(&h, d->tap.tap_step);
  ks_hash_f64(&h, d->tap.tap_x);
  ks_hash_f64(&h, d->tap.tap_y);
  ks_hash_u32(&h, (uint32_t)d->outcome);
  ks_hash_u32(&h, d->moments);
  ks_hash_i64(&h, d->decision_step);
  ks_hash_f64(&h, d->crossing.x);
  ks_hash_f64(&h, d->crossing.y);
  ks_hash_f64(&h, d->crossing.z);
  ks_hash_i32(&h, d->replay_bank);
  ks_hash_i64(&h, d->replay_stop);
  if (f->players > 2) { /* a party: its size and the other players' tallies (a duel hashes as it always did) */
    ks_hash_u32(&h, f->players);
    for (int32_t i = 2; i < (int32_t)f->players && i < KICK_DUEL_MAX_PLAYERS; i++) {
      ks_hash_i32(&h, d->score[i]);
      ks_hash_i32(&h, d->taken[i]);
    }
  }
  return ks_hash_end(&h);
}

/* ----------------------------------------------------------------- inputs */

static void put64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint64_t get64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

void kick_duel_input_encode(const kick_duel_input *in, uint8_t out[KICK_DUEL_INPUT_BYTES]) {
  for (int i = 0; i < KICK_DUEL_INPUT_BYTES; i++) out[i] = 0;
  if (!in) return;
  if (in->kind == KICK_DUEL_IN_STRIKE) {
    const kick_launch *k = &in->launch;
    double v[7] = {k->speed_mps, k->elevation, k->direction, k->spin_axis.x, k->spin_axis.y, k->spin_axis.z, k->spin_rate};
    out[0] = (uint8_t)KICK_DUEL_IN_STRIKE;
    for (int i = 0; i < 7; i++) put64(out + 8 + 8 * i, ks_f64_bits(v[i]));
  } else if (in->kind == KICK_DUEL_IN_TAP) {
    out[0] = (uint8_t)KICK_DUEL_IN_TAP;
    put64(out + 8, ks_f64_bits(in->tap_x));
    put64(out + 16, ks_f64_bits(in->tap_y));
  }
}

/* Whether bytes [from, KICK_DUEL_INPUT_BYTES) of an input are all zero: a
   word at a go, from a multiple of 8, OR-ed, no branch per byte. */
static bool zero_from(const uint8_t in[KICK_DUEL_INPUT_BYTES], int from) {
  uint64_t acc = 0;
  for (int i = from; i < KICK_DUEL_INPUT_BYTES; i += 8) acc |= get64(in + i);
  return acc == 0u;
}

ks_status kick_duel_input_decode(const uint8_t in[KICK_DUEL_INPUT_BYTES], kick_duel_input *out) {
  if (!in || !out) return KS_ERR_NULL;
  /* Byte 0 the kind, 1..7 zero: the first word (little-endian), shifted
     right by 8, is bytes 1..7. */
  uint64_t head = get64(in);
  kick_duel_input r;
  r.kind = KICK_DUEL_IN_NONE;
  r.launch = kick_launch_default();
  r.tap_x = r.tap_y = 0.0;
  size_t used = 8;
  if (in[0] == KICK_DUEL_IN_STRIKE) {
    r.kind = KICK_DUEL_IN_STRIKE;
    r.launch.speed_mps = ks_f64_from_bits(get64(in + 8));
    r.launch.elevation = ks_f64_from_bits(get64(in + 16));
    r.launch.direction = ks_f64_from_bits(get64(in + 24));
    r.launch.spin_axis.x = ks_f64_from_bits(get64(in + 32));
    r.launch.spin_axis.y = ks_f64_from_bits(get64(in + 40));
    r.launch.spin_axis.z = ks_f64_from_bits(get64(in + 48));
    r.launch.spin_rate = ks_f64_from_bits(get64(in + 56));
    used = 64;
  } else if (in[0] == KICK_DUEL_IN_TAP) {
    r.kind = KICK_DUEL_IN_TAP;
    r.tap_x = ks_f64_from_bits(get64(in + 8));
    r.tap_y = ks_f64_from_bits(get64(in + 16));
    used = 24;
  } else if (in[0] != KICK_DUEL_IN_NONE) {
    return KS_ERR_FORMAT;
  }
  if ((head >> 8) != 0u || !zero_from(in, (int)used)) return KS_ERR_FORMAT;
  *out = r;
  return KS_OK;
}

kick_duel_input kick_duel_strike_input(const kick_launch *launch) {
  kick_duel_input r = {KICK_DUEL_IN_STRIKE, kick_launch_default(), 0.0, 0.0};
  if (launch) r.launch = *launch;
  return r;
}

kick_duel_input kick_duel_tap_input(double x, double y) {
  kick_duel_input r = {KICK_DUEL_IN_TAP, kick_launch_default(), x, y};
  return r;
}

void kick_duel_rb_step_cached(void *state, const uint8_t *const inputs[KICK_DUEL_PLAYERS], void *user) {
  kick_duel_input in[KICK_DUEL_MAX_PLAYERS];
  const kick_duel_input *p[KICK_DUEL_MAX_PLAYERS] = {NULL, NULL, NULL, NULL};
  int32_t n = kick_duel_players((const kick_duel *)state);
  for (int i = 0; i < n; i++) {
    /* All zero is "none" (decoded or not): skip the decode. */
    if (inputs && inputs[i] && !(get64(inputs[i]) == 0u && zero_from(inputs[i], 8)) &&
        kick_duel_input_decode(inputs[i], &in[i]) == KS_OK && in[i].kind != KICK_DUEL_IN_NONE)
      p[i] = &in[i];
  }
  kick_duel_step_cached((kick_duel *)state, p, (kick_shot_cache *)user);
}

void kick_duel_rb_step(void *state, const uint8_t *const inputs[KICK_DUEL_PLAYERS], void *user) {
  (void)user;
  kick_duel_rb_step_cached(state, inputs, NULL);
}

uint64_t kick_duel_rb_hash(const void *state, void *user) {
  (void)user;
  return kick_duel_hash((const kick_duel *)state);
}

/* ------------------------------------------------------------------ names */

const char *kick_duel_phase_name(kick_duel_phase p) {
  switch (p) {
  case KICK_DUEL_READY: return "ready";
  case KICK_DUEL_AIM: return "aim";
  case KICK_DUEL_FLIGHT: return "flight";
  case KICK_DUEL_AFTER: return "after";
  case KICK_DUEL_REPLAY: return "replay";
  case KICK_DUEL_OVER: return "over";
  default: return "unknown";
  }
}

const char *kick_duel_result_name(kick_duel_result r) {
  switch (r) {
  case KICK_DUEL_PENDING: return "pending";
  case KICK_DUEL_SCORED: return "scored";
  case KICK_DUEL_MISSED: return "missed";
  case KICK_DUEL_NO_SHOT: return "no_shot";
  default: return "unknown";
  }
}
