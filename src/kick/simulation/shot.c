// SPDX-License-Identifier: MIT
/* The shot: init, strike, the step, advance, reroll and the queries. */
#include "simulation.h"
#include "step_parts.h"

_Static_assert(sizeof(kick_shot) <= 4096, "kick_shot must fit in 4 KiB");
_Static_assert(KICK_LANE_BANDS == sizeof(((kick_shot *)0)->band_lo) / sizeof(double), "a shot holds its lane's bands");

/* Draws the moment: everything the dice decide before the strike. */
static void draw_prestrike(kick_shot *s) {
  kick_wall_prepare(s);
  kick_keeper_prepare(s);
}

ks_status kick_shot_init(kick_shot *shot, const kick_setup *setup) {
  if (!shot || !setup) return KS_ERR_NULL;
  ks_status st = kick_setup_validate(setup);
  if (st != KS_OK) return st;
  kick_shot s = {0};
  s.setup = *setup;
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = KICK_STEPS_PER_SECOND;
  cd.max_frame_seconds = 0.0;
  cd.max_call_seconds = KICK_MAX_CALL_SECONDS;
  st = ks_clock_init(&s.clock, &cd);
  if (st != KS_OK) return st;
  kick_wind_prepare(&s);
  kick_wind_memo_reset(&s);
  kick_rings_prepare(&s);
  kick_lane_bands bd;
  kick_lane_bands_of(&s, &bd);
  for (int i = 0; i < KICK_LANE_BANDS; i++) {
    s.band_lo[i] = bd.lo[i];
    s.band_hi[i] = bd.hi[i];
  }
  s.dice = ks_rng_stream(setup->match_seed, setup->kick_number);
  s.spin_decay_step = kick_spin_decay_factor(KICK_STEPS_PER_SECOND);
  s.spin_decay_estimate = kick_spin_decay_factor(KICK_ESTIMATE_STEPS_PER_SECOND);
  s.phase = KICK_PHASE_WAITING;
  s.outcome = KICK_OUTCOME_NONE;
  s.strike_step = -1;
  s.decision_step = -1;
  s.done_step = -1;
  s.crossing_step = -1;
  s.ball.pos = ks_v3(setup->spot_x, KICK_BALL_RADIUS, setup->spot_z);
  s.ball.on_ground = true;
  s.stats.glove_distance = -1.0;
  draw_prestrike(&s);
  *shot = s;
  return KS_OK;
}

/* A reroll keeps the moment: the keeper's spot and sway phase, which wall
   players will jump and when, were drawn when the shot was built and are
   part of what a viewer sees before the strike, so they stay. Only the dice
   are new, and the dice decide only what happens after the strike (the
   keeper's reading errors, catch, tip or parry and its direction). */
ks_status kick_shot_reroll(kick_shot *shot, uint64_t salt) {
  if (!shot) return KS_ERR_NULL;
  if (shot->phase != KICK_PHASE_WAITING) return KS_ERR_STATE;
  shot->dice = ks_rng_reroll(&shot->dice, salt);
  return KS_OK;
}

ks_status kick_shot_strike(kick_shot *shot, const kick_launch *k) {
  if (!shot) return KS_ERR_NULL;
  ks_status st = kick_launch_validate(k);
  if (st != KS_OK) return st;
  if (shot->phase != KICK_PHASE_WAITING) return KS_ERR_STATE;
  double se, ce, sd, cdir;
  ks_sincos(k->elevation, &se, &ce);
  ks_sincos(k->direction, &sd, &cdir);
  kick_ball *b = &shot->ball;
  b->vel = ks_v3(k->speed_mps * ce * sd, k->speed_mps * se, k->speed_mps * ce * cdir);
  b->spin_rate = k->spin_rate > 0.0 ? k->spin_rate : 0.0;
  b->spin_axis = b->spin_rate > 0.0 ? ks_v3_norm(k->spin_axis) : ks_v3(0.0, 0.0, 0.0);
  b->on_ground = false;
  b->roll_speed = 0.0;
  shot->strike_step = shot->clock.total_steps;
  shot->phase = KICK_PHASE_FLIGHT;
  kick_flight_stats *fs = &shot->stats;
  fs->launch_speed = k->speed_mps;
  fs->launch_vel = b->vel;
  fs->bend_fraction = ks_clamp(ks_fabs(b->spin_axis.y * b->spin_rate) / KICK_FULL_BEND_SPIN, 0.0, 1.0);
  fs->launch_line_x = shot->setup.spot_x + (sd / cdir) * (KICK_CROSS_Z - shot->setup.spot_z);
  fs->max_height = b->pos.y;
  kick_wall_on_strike(shot);
  if (shot->setup.keeper.kind != KICK_KEEPER_NONE && !shot->setup.person_in_goal) {
    double react = shot->setup.keeper.reaction_s;
    if (shot->setup.keeper.kind == KICK_KEEPER_SPECIALIST) react *= 0.6;
    shot->keeper.read_step = shot->strike_step + (int64_t)(react * (double)KICK_STEPS_PER_SECOND + 0.5);
  }
  return KS_OK;
}

/* Conservative z bands around every test of step_contacts (a margin of
   1 cm past each): outside all of them, with the goal line not crossed,
   step_contacts does what step_contacts_none does. */
#define KICK_BAND_MARGIN 0.01
void kick_lane_bands_of(const kick_shot *s, kick_lane_bands *bd) {
  const double m = KICK_BAND_MARGIN;
  for (int i = 0; i < KICK_LANE_BANDS; i++) {
    bd->lo[i] = KICK_BAND_NONE;
    bd->hi[i] = -KICK_BAND_NONE;
    bd->y_clear[i] = KICK_BAND_NONE;
  }
  bd->keeper = -1;
  for (int i = 0; i < 4; i++) bd->pad_[i] = 0;
  /* The woodwork, the goal line and everything past it. */
  bd->lo[0] = KICK_POST_Z - KICK_WOODWORK_REACH - m;
  bd->hi[0] = KICK_BAND_NONE;
  if (s->setup.wall.count > 0) {
    bd->lo[1] = s->setup.wall.z - (KICK_WALL_RADIUS + KICK_BALL_RADIUS) - m;
    bd->hi[1] = s->setup.wall.z + (KICK_WALL_RADIUS + KICK_BALL_RADIUS) + m;
    /* step_contacts calls the wall's test only below its top's reach. */
    bd->y_clear[1] = KICK_WALL_HEIGHT + s->setup.wall.jump_height + (KICK_WALL_RADIUS + KICK_BALL_RADIUS) + m;
  }
  if (s->setup.keeper.kind != KICK_KEEPER_NONE) {
    bd->lo[2] = s->setup.keeper.line_z - (KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS) - m;
    bd->hi[2] = s->setup.keeper.line_z + (KICK_KEEPER_BODY_RADIUS + KICK_BALL_RADIUS) + m;
  }
  if (s->setup.ring_count > 0) {
    bd->lo[3] = s->ring_z_min - m;
    bd->hi[3] = s->ring_z_max + m;
  }
  /* In order of the lower ends (the unused ones, at KICK_BAND_NONE, last). */
  int32_t keeper = s->setup.keeper.kind != KICK_KEEPER_NONE ? 2 : -1;
  for (int i = 1; i < KICK_LANE_BANDS; i++)
    for (int j = i; j > 0 && bd->lo[j] < bd->lo[j - 1]; j--) {
      double lo = bd->lo[j], hi = bd->hi[j], yc = bd->y_clear[j];
      bd->lo[j] = bd->lo[j - 1];
      bd->hi[j] = bd->hi[j - 1];
      bd->y_clear[j] = bd->y_clear[j - 1];
      bd->lo[j - 1] = lo;
      bd->hi[j - 1] = hi;
      bd->y_clear[j - 1] = yc;
      if (keeper == j) keeper = j - 1;
      else if (keeper == j - 1) keeper = j;
    }
  bd->keeper = keeper;
}

/* Step n: what comes before the flight, the wind and the flight, and what
   comes after it. The batch (batch/batch_step.c) runs the same parts, from
   step_parts.h. */
static void run_step(kick_shot *s, int64_t n, const kick_input *in, ks_events *out) {
  if (!step_begin(s, n, in, out)) return;
  ks_vec3 p0 = s->ball.pos;
  ks_vec3 w = kick_wind_step_inline(s, kick_step_time(n));
  uint32_t f = kick_flight_step_inline(&s->ball, w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
  step_end(s, n, p0, f, out);
}

/* A shot kick_shot_init made carries its setup's cookie (and its clock's);
   zeroed or never-written memory does not, and takes no step. */
static bool shot_usable(const kick_shot *shot) {
  return shot && shot->setup.cookie == KS_DEF_COOKIE && (uint32_t)shot->phase < (uint32_t)kick_phase_count;
}

void kick_shot_step(kick_shot *shot, const kick_input *in, ks_events *out) {
  if (!shot_usable(shot)) return;
  if (shot->read.pending) kick_keeper_read_finish(shot);
  int64_t n = shot->clock.total_steps;
  shot->clock.total_steps = n + 1;
  run_step(shot, n, in, out);
}

int64_t kick_shot_advance(kick_shot *shot, double seconds, const kick_input *in, ks_events *out) {
  if (!shot_usable(shot)) return 0;
  if (shot->read.pending) kick_keeper_read_finish(shot);
  int64_t due = ks_clock_advance(&shot->clock, seconds);
  int64_t base = shot->clock.total_steps - due;
  for (int64_t i = 0; i < due; i++) run_step(shot, base + i, in, out);
  return due;
}

/* The wind of step n >= 0 from the cache's table, which takes the shot's
   wind if it holds another: kick_batch_wind_fill's bits, kick_wind_step's. */
KICK_ALWAYS_INLINE static inline ks_vec3 cache_wind(kick_shot_cache *c, const kick_shot *s, int64_t n) {
  kick_batch_wind *w = &c->wind;
  /* The setup's wind, every bit, each step; the shot's derived wind (from
     it at init, like the hash, which covers only the setup's) with it
     whenever a chunk is filled. */
  const kick_wind_def *a = &w->def, *d = &s->setup.wind;
  if (!(w->valid && ks_f64_bits(a->mean_speed_mps) == ks_f64_bits(d->mean_speed_mps) &&
        ks_f64_bits(a->gustiness) == ks_f64_bits(d->gustiness) && ks_f64_bits(a->swirl) == ks_f64_bits(d->swirl) &&
        ks_f64_bits(a->bearing) == ks_f64_bits(d->bearing) && a->gust_seed == d->gust_seed))
    kick_wind_table_bind(w, s);
  uint64_t ch = (uint64_t)n / KICK_BATCH_WIND_CHUNK;
  if (w->chunk[ch & (KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK - 1)] != (int64_t)ch) {
    if (!kick_wind_table_holds(w, s)) kick_wind_table_bind(w, s);
    kick_batch_wind_fill(w, s, ch);
  }
  return w->wind[(uint64_t)n & (KICK_BATCH_WIND_SLOTS - 1)];
}

int32_t kick_shot_cache_fill_ahead(kick_shot_cache *c, const kick_shot *s, int64_t from, int64_t to, int32_t max_chunks) {
  if (!c || !shot_usable(s) || from < 0 || !(s->setup.wind.mean_speed_mps > 0.0)) return 0;
  kick_batch_wind *w = &c->wind;
  if (!kick_wind_table_holds(w, s)) kick_wind_table_bind(w, s);
  int32_t filled = 0;
  for (uint64_t ch = (uint64_t)from / KICK_BATCH_WIND_CHUNK; (int64_t)(ch * KICK_BATCH_WIND_CHUNK) < to && filled < max_chunks;
       ch++) {
    if (w->chunk[ch & (KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK - 1)] == (int64_t)ch) continue;
    kick_batch_wind_fill(w, s, ch);
    filled++;
  }
  return filled;
}

/* The cache's estimate offered to a shot about to read its kick on step n,
   when it is of this read (a guess on a few bits that only decides whether
   to offer it: the read checks every input bit). */
KICK_ALWAYS_INLINE static inline void offer_memo(kick_shot *s, const kick_shot_cache *c, int64_t n) {
  const kick_estimate_memo *m = &c->memo;
  double t0 = kick_step_time(n);
  if (ks_f64_bits(m->t0) == ks_f64_bits(t0) && ks_f64_bits(m->ball.pos.z) == ks_f64_bits(s->ball.pos.z) &&
      ks_f64_bits(m->ball.vel.x) == ks_f64_bits(s->ball.vel.x) && ks_f64_bits(m->ball.vel.z) == ks_f64_bits(s->ball.vel.z))
    s->est_memo = *m;
}

/* Step n as run_step runs it, with no events: the wind from the cache (or
   the shot's own), the keeper's read begun and left running beside the
   flight, one estimate step each step. Whatever reads his dive (his
   contact, the goal line, a decision) ends the read first. */
static void run_step_cached(kick_shot *s, kick_shot_cache *c, int64_t n, const kick_input *in) {
  bool reads = keeper_may_act(s, n, in);
  if (reads && c && c->memo.valid) offer_memo(s, c, n);
  if (!step_begin_with(s, n, in, NULL, true)) return;
  ks_vec3 p0 = s->ball.pos;
  ks_vec3 w = c && n >= 0 ? cache_wind(c, s, n) : kick_wind_step_inline(s, kick_step_time(n));
  uint32_t f = kick_flight_step_inline(&s->ball, w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
  if (s->read.pending) {
    kick_keeper_read_advance(s);
    if (c && !s->read.pending && s->est_memo.valid) c->memo = s->est_memo;
  } else if (reads && c && s->est_memo.valid) {
    c->memo = s->est_memo;
  }
  step_end(s, n, p0, f, NULL);
}

/* Step n with events: his read (or a person's dive) at once, as run_step,
   the cache's estimate offered to it and the new one kept; the wind from
   the cache. No read is left running. */
static void run_step_cached_events(kick_shot *s, kick_shot_cache *c, int64_t n, const kick_input *in, ks_events *out) {
  bool reads = c && keeper_may_act(s, n, in) && !s->setup.person_in_goal;
  if (reads && c->memo.valid) offer_memo(s, c, n);
  if (!step_begin(s, n, in, out)) {
    if (reads && s->est_memo.valid) c->memo = s->est_memo;
    return;
  }
  if (reads && s->est_memo.valid) c->memo = s->est_memo;
  ks_vec3 p0 = s->ball.pos;
  ks_vec3 w = c && n >= 0 ? cache_wind(c, s, n) : kick_wind_step_inline(s, kick_step_time(n));
  uint32_t f = kick_flight_step_inline(&s->ball, w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
  step_end(s, n, p0, f, out);
}

void kick_shot_step_cached(kick_shot *shot, kick_shot_cache *cache, const kick_input *in, ks_events *out) {
  if (!shot_usable(shot)) return;
  int64_t n = shot->clock.total_steps;
  if (out) {
    /* Events: his dive's on its step, so no read left running. */
    if (shot->read.pending) kick_keeper_read_finish(shot);
    shot->clock.total_steps = n + 1;
    run_step_cached_events(shot, cache, n, in, out);
    return;
  }
  shot->clock.total_steps = n + 1;
  run_step_cached(shot, cache, n, in);
}

int64_t kick_shot_advance_cached(kick_shot *shot, kick_shot_cache *cache, double seconds, const kick_input *in,
                                 ks_events *out) {
  if (!shot_usable(shot)) return 0;
  if (out && shot->read.pending) kick_keeper_read_finish(shot);
  int64_t due = ks_clock_advance(&shot->clock, seconds);
  int64_t base = shot->clock.total_steps - due;
  if (out)
    for (int64_t i = 0; i < due; i++) run_step_cached_events(shot, cache, base + i, in, out);
  else
    for (int64_t i = 0; i < due; i++) run_step_cached(shot, cache, base + i, in);
  return due;
}

void kick_shot_wait_steps(kick_shot *s, kick_shot_cache *c, int64_t count, const kick_input *in) {
  if (!shot_usable(s)) return;
  while (count > 0) {
    if (s->phase == KICK_PHASE_WAITING && !s->read.pending) {
      /* Steps on which a waiting shot does nothing but count: until the
         keeper may act (keeper_may_act), all of them. */
      int64_t n = s->clock.total_steps, quiet = count;
      const kick_keeper_state *k = &s->keeper;
      if (s->setup.keeper.kind != KICK_KEEPER_NONE) {
        if (s->setup.person_in_goal) {
          if (in && in->has_tap && k->tap_applied_step < 0 && k->dive_step < 0)
            quiet = in->tap_step > n ? in->tap_step - n : 0;
        } else if (k->read_step >= n) {
          quiet = k->read_step - n;
        }
      }
      if (quiet > count) quiet = count;
      if (quiet > 0) {
        s->clock.total_steps = n + quiet;
        count -= quiet;
        continue;
      }
    }
    kick_shot_step_cached(s, c, in, NULL);
    count--;
  }
}

/* ------------------------------------------------------------------ queries */

kick_outcome kick_shot_outcome(const kick_shot *s) { return s ? s->outcome : KICK_OUTCOME_NONE; }
kick_phase kick_shot_phase(const kick_shot *s) { return s ? s->phase : KICK_PHASE_WAITING; }
bool kick_shot_struck(const kick_shot *s) { return s && s->strike_step >= 0; }
bool kick_shot_decided(const kick_shot *s) { return s && s->outcome != KICK_OUTCOME_NONE; }
int64_t kick_shot_decision_step(const kick_shot *s) { return s ? s->decision_step : -1; }
int64_t kick_shot_strike_step(const kick_shot *s) { return s ? s->strike_step : -1; }
uint32_t kick_shot_moments(const kick_shot *s) { return s ? s->moments : 0u; }
double kick_shot_time(const kick_shot *s) { return s ? kick_shot_time_of(s) : 0.0; }
int64_t kick_shot_steps(const kick_shot *s) { return s ? s->clock.total_steps : 0; }

bool kick_shot_history_entry(const kick_shot *s, kick_history_shot *out) {
  if (!s || !out || s->outcome == KICK_OUTCOME_NONE) return false;
  kick_history_shot h;
  if (s->crossed) {
    h.x = s->crossing.x;
    h.y = s->crossing.y;
  } else {
    h.x = s->stats.launch_line_x;
    h.y = 0.0;
  }
  h.outcome = s->outcome;
  *out = h;
  return true;
}

bool kick_shot_crossing(const kick_shot *s, ks_vec3 *out) {
  if (!s || !s->crossed) return false;
  if (out) *out = s->crossing;
  return true;
}
