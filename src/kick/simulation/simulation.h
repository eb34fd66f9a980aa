// SPDX-License-Identifier: MIT
/* Private to src/kick: what the simulation (src/kick/simulation: the shot,
   its step, flight, wind, contacts, keeper, wall and rings) gives the other
   folders of the library: the constants of the step, its inline hot paths
   (flight, wind, the keeper's estimate) and the parts the batch runs. */
#ifndef KICKSTEP_SRC_KICK_SIMULATION_H
#define KICKSTEP_SRC_KICK_SIMULATION_H

#include "kickstep/kick.h"
#include "kickstep/kick_batch.h"
#include "kickstep/dmath.h"
#include "kickstep/noise.h"

#define KICK_DT (1.0 / 600.0)
#define KICK_GRAVITY 9.81
#define KICK_AIR_DENSITY 1.225
#define KICK_POST_AXIS_X (KICK_GOAL_WIDTH * 0.5 + KICK_POST_RADIUS)
#define KICK_BAR_AXIS_Y (KICK_GOAL_HEIGHT + KICK_POST_RADIUS)
#define KICK_WOODWORK_REACH (KICK_BALL_RADIUS + KICK_POST_RADIUS)

/* Wall players. */
#define KICK_WALL_SPACING 0.55
#define KICK_WALL_RADIUS 0.22
#define KICK_WALL_HEIGHT 1.80

/* Keeper body. */
#define KICK_KEEPER_BODY_RADIUS 0.20
#define KICK_KEEPER_ARM_RADIUS 0.08
#define KICK_KEEPER_COM_Y 1.0
#define KICK_KEEPER_ARM_REACH 0.85

/* Gust and swirl time scales, s: long enough that a 20 m/s wind at full
   gustiness never changes by 0.6 m/s within 1/60 s (docs/physics.md). */
#define KICK_GUST_PERIOD 1.7
#define KICK_SWIRL_PERIOD 2.9
#define KICK_SWIRL_MAX_FRACTION 0.25

/* The step's rules (shot.c, and the batch's test of a plain flight step).
   Out of play before the goal line: this far across, or this far behind the
   spot. After a touch, a ball moving away from goal this far out has stayed
   out. The longest flight, steps. */
#define KICK_PITCH_HALF_WIDTH 40.0
#define KICK_BEHIND_SPOT 10.0
#define KICK_STAYS_OUT_Z (-2.0)
#define KICK_MAX_FLIGHT_STEPS (10 * KICK_STEPS_PER_SECOND)

/* Stepping: the clock time of a step index, s. */
static inline double kick_step_time(int64_t step_index) {
  return (double)step_index / (double)KICK_STEPS_PER_SECOND;
}

/* The shot's clock reading, as kick_shot_time gives it but without its NULL check, inline here
   so that keeper.c, rings.c and wall.c read it without calling back into
   shot.c, which calls them. */
static inline double kick_shot_time_of(const kick_shot *s) { return kick_step_time(s->clock.total_steps); }

/* shot.c runs step n (the clock's total_steps before it) in parts, static
   there: step_begin; when it returns true, the wind at kick_step_time(n) and
   kick_flight_step_inline; then step_end_head, step_contacts (or, when no
   contact test can pass, step_contacts_none) and step_rules. Every rule of
   the step lives in those parts. The contacts run only when the ball's
   path meets one of the shot's bands (kick_lane_bands_of) or it has
   crossed the goal line; the batch (src/kick/batch) tests a lane's the same way. */
#define KICK_LANE_BANDS KICK_BATCH_BANDS
#define KICK_BAND_NONE 1.0e300
typedef kick_batch_bands kick_lane_bands;
void kick_lane_bands_of(const kick_shot *s, kick_lane_bands *bands);

/* Empties a wind table: no wind, no chunk (wind_table.c). */
void kick_wind_table_clear(kick_batch_wind *w);
/* Fills chunk `chunk` of a wind table with s's wind (wind_table.c). */
void kick_batch_wind_fill(kick_batch_wind *w, const kick_shot *s, uint64_t chunk);
/* Empties a wind table and gives it s's wind (wind_table.c). */
void kick_wind_table_bind(kick_batch_wind *w, const kick_shot *s);
/* Whether a table holds s's wind: every input of kick_wind_with, bit for bit. */
static inline bool kick_wind_table_holds(const kick_batch_wind *w, const kick_shot *s) {
  const kick_wind_def *a = &w->def, *c = &s->setup.wind;
  return w->valid && ks_f64_bits(a->mean_speed_mps) == ks_f64_bits(c->mean_speed_mps) &&
         ks_f64_bits(a->bearing) == ks_f64_bits(c->bearing) && ks_f64_bits(a->gustiness) == ks_f64_bits(c->gustiness) &&
         ks_f64_bits(a->swirl) == ks_f64_bits(c->swirl) && a->gust_seed == c->gust_seed &&
         ks_f64_bits(w->mean.x) == ks_f64_bits(s->wind_mean.x) && ks_f64_bits(w->mean.y) == ks_f64_bits(s->wind_mean.y) &&
         ks_f64_bits(w->mean.z) == ks_f64_bits(s->wind_mean.z) && ks_f64_bits(w->cross.x) == ks_f64_bits(s->wind_cross.x) &&
         ks_f64_bits(w->cross.y) == ks_f64_bits(s->wind_cross.y) && ks_f64_bits(w->cross.z) == ks_f64_bits(s->wind_cross.z) &&
         ks_f64_bits(w->gust_k) == ks_f64_bits(s->wind_gust_k) && ks_f64_bits(w->swirl_k) == ks_f64_bits(s->wind_swirl_k);
}

/* shot.c: the cached step's helpers. */
/* Steps a shot `count` times with input `in`, no events, as that many
   kick_shot_step_cached calls would, the steps on which a waiting shot does
   nothing but count (before the keeper may act) counted at once. */
void kick_shot_wait_steps(kick_shot *s, kick_shot_cache *c, int64_t count, const kick_input *in);
/* Fills the chunks of the cache's wind table that hold steps [from, to) and
   are not there yet, at most max_chunks of them, with s's wind (the table
   takes it if it holds another). Returns the chunks filled. Nothing for a
   shot without wind. */
int32_t kick_shot_cache_fill_ahead(kick_shot_cache *c, const kick_shot *s, int64_t from, int64_t to, int32_t max_chunks);

/* flight.c */
/* One semi-implicit Euler step of the ball through the air, then the ground.
   Returns bit 0 set if the ball bounced, bit 1 if it came to rest. */
uint32_t kick_flight_step(kick_ball *b, ks_vec3 wind, double dt, double spin_decay,
                          const kick_pitch_def *pitch);
/* Flight constants and the step itself (inline for the shot's step and the
   keeper's estimate; kick_flight_step is the same code out of line). */
/* 0.5 × air density × cross-section / mass: drag and lift accelerations are
   KICK_AERO_K × C × |air|² (per m/s² of coefficient). */
#define KICK_AERO_K (0.5 * KICK_AIR_DENSITY * KS_PI * KICK_BALL_RADIUS * KICK_BALL_RADIUS / KICK_BALL_MASS)
/* Reynolds number per m/s of air speed: density × diameter / dynamic viscosity (1.81e-5 Pa s). */
#define KICK_RE_PER_MPS (KICK_AIR_DENSITY * 2.0 * KICK_BALL_RADIUS / 1.81e-5)
/* The drag crisis: subcritical below Re 2.0e5, supercritical above Re 3.0e5. */
#define KICK_CD_SUB 0.45
#define KICK_CD_SUPER 0.20
#define KICK_RE_CRISIS_LO 2.0e5
#define KICK_RE_CRISIS_HI 3.0e5
/* Lift: C_L = KICK_CL_MAX × S / (S + KICK_CL_HALF), S = r ω / |air|. */
#define KICK_CL_MAX 0.45
#define KICK_CL_HALF 0.2
/* Rest threshold on the ground, m/s, and extra spin loss per step while rolling. */
#define KICK_REST_SPEED 0.05
#define KICK_GROUND_SPIN_KEEP 0.995
/* A landing faster than this (vertical, m/s) bounces; slower ones settle. */
#define KICK_BOUNCE_MIN_VY 0.4
/* A thin shell skidding with no spin ends rolling at 3/5 of its speed. */
#define KICK_ROLL_FRACTION 0.6

static inline double kick_drag_cd_inline(double air_speed_mps) {
  if (!(air_speed_mps > 0.0)) return KICK_CD_SUB;
  double re = air_speed_mps * KICK_RE_PER_MPS;
  if (re <= KICK_RE_CRISIS_LO) return KICK_CD_SUB;
  if (re >= KICK_RE_CRISIS_HI) return KICK_CD_SUPER;
  double u = (re - KICK_RE_CRISIS_LO) / (KICK_RE_CRISIS_HI - KICK_RE_CRISIS_LO);
  double s = u * u * (3.0 - 2.0 * u);
  return KICK_CD_SUB + (KICK_CD_SUPER - KICK_CD_SUB) * s;
}

static inline void kick_ground_inline(kick_ball *b, double dt, const kick_pitch_def *pitch, uint32_t *flags) {
  /* The pitch's coefficients are formed only on the paths that use them. */
  if (b->pos.y < KICK_BALL_RADIUS) {
    double h = ks_sqrt(b->vel.x * b->vel.x + b->vel.z * b->vel.z);
    b->pos.y = KICK_BALL_RADIUS;
    if (b->vel.y < -KICK_BOUNCE_MIN_VY) {
      double e = pitch->restitution * (pitch->wet ? 0.9 : 1.0);
      double mu_s = pitch->slide_friction * (pitch->wet ? 0.5 : 1.0);
      double vin = -b->vel.y;
      b->vel.y = e * vin;
      if (h > 0.0) {
        double keep = 1.0 - mu_s * (1.0 + e) * vin / h;
        if (keep < KICK_ROLL_FRACTION) keep = KICK_ROLL_FRACTION;
        b->vel.x *= keep;
        b->vel.z *= keep;
      }
      b->spin_rate *= 0.7;
      b->on_ground = false;
      *flags |= 1u;
      return;
    }
    b->vel.y = 0.0;
    if (!b->on_ground) {
      b->on_ground = true;
      b->roll_speed = h * KICK_ROLL_FRACTION;
    }
  } else if (b->pos.y > KICK_BALL_RADIUS) {
    b->on_ground = false;
  }
  if (!b->on_ground) return;
  double h = ks_sqrt(b->vel.x * b->vel.x + b->vel.z * b->vel.z);
  double mu = h > b->roll_speed ? pitch->slide_friction * (pitch->wet ? 0.5 : 1.0)
                                 : pitch->roll_resistance * (pitch->wet ? 0.8 : 1.0);
  double nh = h - mu * KICK_GRAVITY * dt;
  b->spin_rate *= KICK_GROUND_SPIN_KEEP;
  if (nh < KICK_REST_SPEED) {
    b->vel = ks_v3(0.0, 0.0, 0.0);
    b->spin_rate = 0.0;
    *flags |= 2u;
    return;
  }
  double k = nh / h;
  b->vel.x *= k;
  b->vel.z *= k;
}

/* The flight through the air: everything kick_flight_step_inline does before the ground. */
static inline void kick_flight_air_inline(kick_ball *b, ks_vec3 wind, double dt, double spin_decay) {
  ks_vec3 air = ks_v3_sub(b->vel, ks_v3_scale(wind, KICK_WIND_FACTOR));
  double sp = ks_v3_len(air);
  ks_vec3 acc = ks_v3(0.0, -KICK_GRAVITY, 0.0);
  if (sp > 0.0) {
    double cd = kick_drag_cd_inline(sp);
    acc = ks_v3_mad(acc, air, -(KICK_AERO_K * cd * sp));
    if (b->spin_rate > 0.0) {
      double rw = KICK_BALL_RADIUS * b->spin_rate;
      double cl = KICK_CL_MAX * rw / (rw + KICK_CL_HALF * sp);
      acc = ks_v3_mad(acc, ks_v3_cross(b->spin_axis, air), KICK_AERO_K * cl * sp);
    }
  }
  b->vel = ks_v3_mad(b->vel, acc, dt);
  b->pos = ks_v3_mad(b->pos, b->vel, dt);
  b->spin_rate *= spin_decay;
}

static inline uint32_t kick_flight_step_inline(kick_ball *b, ks_vec3 wind, double dt, double spin_decay,
                                               const kick_pitch_def *pitch) {
  uint32_t flags = 0;
  kick_flight_air_inline(b, wind, dt, spin_decay);
  kick_ground_inline(b, dt, pitch, &flags);
  return flags;
}

/* Runs a copy of the ball forward at 1/240 s until its centre reaches z_line
   (or max_seconds pass), in the wind as it is at t0 (no contacts).
   Returns true when it reached the line; fills the point and the time taken.
   Keeps its inputs and result in s->est_memo, and answers from the memo
   when every input matches it (the same result, bit for bit). */
bool kick_estimate_to_line(kick_shot *s, kick_ball ball, double t0, double z_line,
                           double max_seconds, double *x, double *y, double *seconds);
/* kick_estimate_to_line in parts, for a read that runs beside the flight.
   kick_estimate_start answers at once when the ball is on the line already
   or the memo holds (returns 1 when it arrives, 0 when not, the point and
   time in *x, *y, *seconds as kick_estimate_to_line fills them); otherwise
   it writes the estimate's inputs to s->est_memo (not yet valid) and returns
   -1, and kick_estimate_next then takes its steps i = 0, 1, ... (at most
   kick_estimate_steps_max) from ball, the same bits as its loop. */
int kick_estimate_start(kick_shot *s, const kick_ball *ball, double t0, double z_line, double max_seconds, double *x,
                        double *y, double *seconds);
static inline int32_t kick_estimate_steps_max(double max_seconds) {
  return (int32_t)(max_seconds * (double)KICK_ESTIMATE_STEPS_PER_SECOND);
}
/* Step i of an estimate with its inputs in e: true when it has its answer
   (e's result filled when it arrives; stopped or turned back otherwise). */
static inline bool kick_estimate_next(kick_estimate_memo *e, kick_ball *ball, int32_t i, const kick_pitch_def *pitch) {
  const double dt = 1.0 / (double)KICK_ESTIMATE_STEPS_PER_SECOND;
  ks_vec3 p0 = ball->pos;
  uint32_t f = kick_flight_step_inline(ball, e->wind, dt, e->spin_decay, pitch);
  if (ball->pos.z >= e->z_line) {
    double u = (e->z_line - p0.z) / (ball->pos.z - p0.z);
    e->x = p0.x + (ball->pos.x - p0.x) * u;
    e->y = p0.y + (ball->pos.y - p0.y) * u;
    e->seconds = ((double)i + u) * dt;
    e->arrives = true;
    return true;
  }
  return (f & 2u) != 0u || ball->vel.z <= 0.0;
}

/* wind.c */
void kick_wind_prepare(kick_shot *s);
void kick_wind_memo_reset(kick_shot *s);
/* The wind at t for a step: kick_wind_at's bits, using the shot's noise memo. */
ks_vec3 kick_wind_step(kick_shot *s, double t);
/* ks_noise1(seed, u) bit for bit, with the lattice cell's slopes memoised. */
double kick_noise_memo(uint64_t seed, double u, uint64_t *memo_seed, int64_t *cell, double g[2]);
/* Fills the memo with the slopes of cell i. */
void kick_noise_memo_fill(uint64_t seed, int64_t i, uint64_t *memo_seed, int64_t *cell, double g[2]);

/* The step's hot paths are inline below; every expression is written out as
   in the functions they stand for, so the results have the same bits. */
static inline double kick_noise_memo_inline(uint64_t seed, double u, uint64_t *memo_seed, int64_t *cell,
                                            double g[2]) {
  double f = (double)*cell;
  /* Still in the memoised cell [f, f + 1) (exact: |cell| < 2^52 once filled;
     the empty memo's INT64_MIN gives an empty range): floor(u) is f. */
  if (!(*memo_seed == seed && u >= f && u < f + 1.0)) {
    if (!ks_is_finite(u)) return 0.0;
    /* floor: a truncation is exact for 0 <= u < 2^52. */
    f = (u >= 0.0 && u < 4.0e15) ? (double)(int64_t)u : ks_floor(u);
    if (f > 4.0e15 || f < -4.0e15) return 0.0;
    int64_t i = (int64_t)f;
    if (*cell != i || *memo_seed != seed) kick_noise_memo_fill(seed, i, memo_seed, cell, g);
  }
  double x = u - f;
  double v0 = g[0] * x;
  double v1 = g[1] * (x - 1.0);
  double sm = x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
  double n = 2.0 * (v0 + (v1 - v0) * sm);
  return ks_clamp(n, -1.0, 1.0);
}

/* The wind at t with the noise memo in `seeds`, `cells`, `slopes`. */
static inline ks_vec3 kick_wind_with(const kick_shot *s, double t, uint64_t seeds[2], int64_t cells[2],
                                     double slopes[2][2]) {
  const kick_wind_def *w = &s->setup.wind;
  if (!(w->mean_speed_mps > 0.0)) return ks_v3(0.0, 0.0, 0.0);
  ks_vec3 v = s->wind_mean;
  if (w->gustiness > 0.0) {
    double g = kick_noise_memo_inline(w->gust_seed, t * (1.0 / KICK_GUST_PERIOD), &seeds[0], &cells[0], slopes[0]);
    /* 1.0 + KICK_GUST_MAX_FRACTION * gustiness * g, grouped left to right. */
    v = ks_v3_scale(v, 1.0 + s->wind_gust_k * g);
  }
  if (w->swirl > 0.0) {
    double c = kick_noise_memo_inline(w->gust_seed ^ 0x5157524cull, t * (1.0 / KICK_SWIRL_PERIOD), &seeds[1],
                                      &cells[1], slopes[1]);
    /* KICK_SWIRL_MAX_FRACTION * swirl * mean_speed * c, grouped left to right. */
    v = ks_v3_mad(v, s->wind_cross, s->wind_swirl_k * c);
    /* The swirl blows across the gust: never more than the strongest gust,
       (1 + KICK_GUST_MAX_FRACTION) × the mean speed, in all. */
    double cap = w->mean_speed_mps * (1.0 + KICK_GUST_MAX_FRACTION);
    double m2 = ks_v3_len2(v);
    if (m2 > cap * cap) v = ks_v3_scale(v, cap / ks_sqrt(m2));
  }
  return v;
}

static inline ks_vec3 kick_wind_step_inline(kick_shot *s, double t) {
  return kick_wind_with(s, t, s->wind_memo_seed, s->wind_memo_cell, s->wind_memo_slope);
}

/* contact.c */
/* Pushes the ball out of a capsule and reflects its velocity with restitution e
   when its centre is within `reach` of the axis [a, b]. Returns true on touch;
   normal_out gets the contact normal (from the axis to the ball). */
bool kick_capsule_contact(kick_ball *b, ks_vec3 a, ks_vec3 c, double reach, double e,
                          double tangential_keep, ks_vec3 *normal_out);
bool kick_capsule_touching(ks_vec3 p, ks_vec3 a, ks_vec3 c, double reach);
/* True when p is provably out of `reach` of the axis [a, c], so that
   kick_capsule_contact would return false and change nothing: along one of
   x, y, z, p lies beyond both ends by more than reach + 1 µm. The closest
   point q that kick_capsule_contact computes, a + (c - a) t with t in
   [0, 1], is within 1e-13 m of that span (every end here is within 100 m of
   the origin), and the test's own subtraction is off by at most 1e-10 m
   below 10^6 m (beyond that the ball is far from every capsule anyway), so
   the computed |p - q| along that axis is at least reach, its square at
   least reach * reach, and so is the sum of the squares: the exact test's
   !(d2 < reach²) holds. NaNs compare false: then the exact test runs. */
static inline bool kick_capsule_clear(ks_vec3 p, ks_vec3 a, ks_vec3 c, double reach) {
  const double r = reach + 1e-6;
  double hx = p.x - r, lx = p.x + r, hy = p.y - r, ly = p.y + r, hz = p.z - r, lz = p.z + r;
  return (hx > a.x && hx > c.x) || (lx < a.x && lx < c.x) || (hy > a.y && hy > c.y) || (ly < a.y && ly < c.y) ||
         (hz > a.z && hz > c.z) || (lz < a.z && lz < c.z);
}
void kick_contact_woodwork(kick_shot *s, int64_t ev_step, ks_events *out);
void kick_contact_net(kick_shot *s, int64_t ev_step, ks_events *out);

/* keeper.c */
void kick_keeper_prepare(kick_shot *s);
void kick_keeper_pose_at(const kick_shot *s, double t, kick_keeper_pose *p);
void kick_keeper_update(kick_shot *s, int64_t n, const kick_input *in, ks_events *out);
void kick_contact_keeper(kick_shot *s, int64_t n, ks_events *out);
/* How many of the next steps (at most max_steps) the ball provably stays
   out of kick_contact_keeper's reach test, flying as it may with no
   contact: so that on each of them the contact would change nothing but
   contact_prev = 0. 0 when that cannot be shown (or with a person in goal,
   whose dive a tap may start on any step). The keeper's dive must not start
   within them (the caller stops at the read step). */
int64_t kick_keeper_clear_steps(const kick_shot *s, int64_t max_steps);
/* kick_contact_keeper's reach test for a ball b: true when it is out of
   the reach of every capsule of his (the contact then changes nothing but
   contact_prev = 0). */
bool kick_keeper_out_of_reach(const kick_shot *s, const kick_ball *b);
void kick_note_keeper_touch(kick_shot *s);
/* The keeper's read of step n (kick_keeper_update's, for a keeper not a
   person) left running beside the flight (kick_keeper_read): the reading
   errors drawn now, his dive once the estimate has its answer. Reads at
   once when the estimate needs no steps (on the line, or the memo holds). */
void kick_keeper_read_begin(kick_shot *s, int64_t n);
/* The read's end, its estimate answered in s->est_memo: the memo made
   valid and his dive (read_kick's rest, no events). */
void kick_keeper_read_end(kick_shot *s);
/* Runs a pending read to its end. */
void kick_keeper_read_finish(kick_shot *s);
/* One estimate step of a pending read, its end when it has its answer. */
static inline void kick_keeper_read_advance(kick_shot *s) {
  kick_keeper_read *r = &s->read;
  if (r->steps >= kick_estimate_steps_max(s->est_memo.max_seconds) ||
      kick_estimate_next(&s->est_memo, &r->ball, r->steps, &s->setup.pitch))
    kick_keeper_read_end(s);
  else
    r->steps++;
}

/* wall.c */
void kick_wall_prepare(kick_shot *s);
void kick_wall_on_strike(kick_shot *s);
void kick_wall_capsule_at(const kick_shot *s, int32_t i, double t, kick_capsule *c);
void kick_contact_wall(kick_shot *s, int64_t n, ks_events *out);

/* rings.c */
ks_vec3 kick_ring_center_at(const kick_ring_def *r, double t);
/* The lowest and highest ring planes into ring_z_min and ring_z_max. */
void kick_rings_prepare(kick_shot *s);
void kick_rings_cross(kick_shot *s, int64_t n, ks_vec3 p0, ks_vec3 p1, ks_events *out);


/* events */
void kick_emit(ks_events *out, int64_t step, kick_event_type type, uint32_t subject, ks_vec3 v);

#endif
