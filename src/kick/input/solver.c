// SPDX-License-Identifier: MIT
/* The kick solver: elevation and direction for an aim point, in still air,
   by a two-dimensional secant (Broyden) iteration on flights at 1/240 s. */
#include "kickstep/kick_solver.h"
#include "simulation/simulation.h"

#define FIN(x) if (!ks_is_finite(x)) return KS_ERR_NOT_FINITE
#define RANGE(x, lo, hi) if (!((x) >= (lo) && (x) <= (hi))) return KS_ERR_RANGE

/* Launch angle limits (kick_launch_validate's ranges). */
#define SOLVER_ELEV_MIN (-0.1)
#define SOLVER_ELEV_MAX 1.2
#define SOLVER_DIR_MAX 1.5
/* Largest change of either angle in one try, rad: keeps a poor secant
   estimate from throwing the next try far away. */
#define SOLVER_MAX_STEP 0.3
/* The elevation of the longest carry, rad, towards which a try that fell
   short moves. */
#define SOLVER_LONG_ELEV 0.7
#define SOLVER_NO_MISS 1.0e9
/* Aims lower than this above the ball's radius are ground shots: tries that
   bounce or roll there count. m. */
#define SOLVER_GROUND_AIM 0.05
/* How far a try that touched down first rises when no higher bound is known, rad. */
#define SOLVER_BOUNCE_STEP 0.05
/* An elevation bound holds only this close to the direction it was found at, rad. */
#define SOLVER_BOUND_DIR 0.01

kick_solver_def kick_solver_default_def(void) {
  kick_solver_def d;
  d.spot_x = 0.0;
  d.spot_z = -20.0;
  d.wet = false;
  d.aim_x = 0.0;
  d.aim_y = 1.2;
  d.aim_z = KICK_CROSS_Z;
  d.speed_mps = 25.0;
  d.bend = 0.0;
  d.tolerance_m = 0.01;
  d.max_tries = KICK_SOLVER_MAX_TRIES;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

kick_solver_def kick_solver_def_for_setup(const kick_setup *su) {
  kick_solver_def d = kick_solver_default_def();
  if (su) {
    d.spot_x = su->spot_x;
    d.spot_z = su->spot_z;
    d.wet = su->pitch.wet;
  }
  return d;
}

ks_status kick_solver_validate(const kick_solver_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  FIN(d->spot_x); FIN(d->spot_z); FIN(d->aim_x); FIN(d->aim_y); FIN(d->aim_z);
  FIN(d->speed_mps); FIN(d->bend); FIN(d->tolerance_m);
  RANGE(d->spot_x, -40.0, 40.0);
  RANGE(d->spot_z, -60.0, -5.5);
  RANGE(d->aim_x, -20.0, 20.0);
  RANGE(d->aim_y, KICK_BALL_RADIUS, 10.0);
  RANGE(d->aim_z, d->spot_z + 1.0, KICK_CROSS_Z);
  if (!(d->speed_mps > 0.0 && d->speed_mps <= KICK_MAX_LAUNCH_SPEED)) return KS_ERR_RANGE;
  RANGE(d->bend, -1.0, 1.0);
  RANGE(d->tolerance_m, 0.0001, 1.0);
  RANGE(d->max_tries, 1, KICK_SOLVER_MAX_TRIES);
  return KS_OK;
}

static kick_launch make_launch(const kick_solver_def *d, double elev, double dir) {
  kick_launch k = kick_launch_default();
  k.speed_mps = d->speed_mps;
  k.elevation = elev;
  k.direction = dir;
  k.spin_axis = ks_v3(0.0, d->bend < 0.0 ? -1.0 : 1.0, 0.0);
  k.spin_rate = ks_fabs(d->bend) * KICK_FULL_BEND_SPIN;
  return k;
}

/* One flight in still air at the estimate rate, exactly as the shot would
   fly it at that rate (same flight step, same strike velocity). */
static bool fly(const kick_solver_def *d, const kick_launch *k, double *cx, double *cy, double *ts, bool *bounced) {
  const double dt = 1.0 / (double)KICK_ESTIMATE_STEPS_PER_SECOND;
  const double decay = kick_spin_decay_factor(KICK_ESTIMATE_STEPS_PER_SECOND);
  const kick_pitch_def pitch = kick_pitch_default(d->wet);
  const ks_vec3 still = ks_v3(0.0, 0.0, 0.0);
  double se, ce, sd, cd;
  ks_sincos(k->elevation, &se, &ce);
  ks_sincos(k->direction, &sd, &cd);
  kick_ball b = {0};
  b.pos = ks_v3(d->spot_x, KICK_BALL_RADIUS, d->spot_z);
  b.vel = ks_v3(k->speed_mps * ce * sd, k->speed_mps * se, k->speed_mps * ce * cd);
  b.spin_rate = k->spin_rate > 0.0 ? k->spin_rate : 0.0;
  b.spin_axis = b.spin_rate > 0.0 ? ks_v3_norm(k->spin_axis) : still;
  b.on_ground = false;
  const int32_t n_max = (int32_t)(KICK_SOLVER_MAX_FLIGHT_SECONDS * (double)KICK_ESTIMATE_STEPS_PER_SECOND);
  *bounced = false;
  for (int32_t i = 0; i < n_max; i++) {
    ks_vec3 p0 = b.pos;
    uint32_t f = kick_flight_step(&b, still, dt, decay, &pitch);
    if ((f & 1u) != 0u || b.on_ground) *bounced = true;
    if (b.pos.z >= d->aim_z && p0.z < d->aim_z) {
      double u = (d->aim_z - p0.z) / (b.pos.z - p0.z);
      *cx = p0.x + (b.pos.x - p0.x) * u;
      *cy = p0.y + (b.pos.y - p0.y) * u;
      *ts = ((double)i + u) * dt;
      return true;
    }
    if ((f & 2u) != 0u || !(b.vel.z > 0.0)) break;
  }
  return false;
}

bool kick_solver_fly(const kick_solver_def *d, const kick_launch *k, double *cross_x, double *cross_y,
                     double *flight_s) {
  if (kick_solver_validate(d) != KS_OK || kick_launch_validate(k) != KS_OK) return false;
  double x = 0.0, y = 0.0, t = 0.0;
  bool bounced = false;
  bool ok = fly(d, k, &x, &y, &t, &bounced);
  if (cross_x) *cross_x = x;
  if (cross_y) *cross_y = y;
  if (flight_s) *flight_s = t;
  return ok;
}

/* The low vacuum elevation that rises dy over a horizontal distance h at speed v;
   SOLVER_LONG_ELEV when out of vacuum reach. */
static double vacuum_elevation(double v, double h, double dy) {
  const double g = KICK_GRAVITY;
  double v2 = v * v;
  double disc = v2 * v2 - g * (g * h * h + 2.0 * dy * v2);
  if (!(disc >= 0.0) || !(h > 0.0)) return SOLVER_LONG_ELEV;
  return ks_atan((v2 - ks_sqrt(disc)) / (g * h));
}

static double clamp_step(double x) { return ks_clamp(x, -SOLVER_MAX_STEP, SOLVER_MAX_STEP); }

ks_status kick_solve(const kick_solver_def *d, kick_solution *out) {
  if (!d || !out) return KS_ERR_NULL;
  ks_status st = kick_solver_validate(d);
  if (st != KS_OK) return st;
  const double fwd = d->aim_z - d->spot_z;
  const double lat = d->aim_x - d->spot_x;
  const double h = ks_sqrt(fwd * fwd + lat * lat);
  /* Unknowns u = (elevation, direction); residual r = (cross_y - aim_y, cross_x - aim_x). */
  double elev = ks_clamp(vacuum_elevation(d->speed_mps, h, d->aim_y - KICK_BALL_RADIUS), SOLVER_ELEV_MIN, SOLVER_ELEV_MAX);
  double dir = ks_clamp(ks_atan2(lat, fwd), -SOLVER_DIR_MAX, SOLVER_DIR_MAX);
  /* First Jacobian from the vacuum flight: dy/de ≈ h / cos² e (1 - g h tan e / v²), dx/dd ≈ h. */
  double ce = ks_cos(elev), te = ks_tan(elev);
  double dyde = h / (ce * ce) * (1.0 - KICK_GRAVITY * h * te / (d->speed_mps * d->speed_mps));
  if (dyde < 0.2 * h) dyde = 0.2 * h;
  double j00 = dyde, j01 = 0.0, j10 = 0.0, j11 = h;

  kick_solution best = {0};
  best.launch = make_launch(d, elev, dir);
  best.miss_m = SOLVER_NO_MISS;
  kick_solution alt = best; /* the best try that touched down first */
  bool have_prev = false;
  double pe = 0.0, pd = 0.0, pr0 = 0.0, pr1 = 0.0;
  /* Aims above the ground are reached in the air: a try that touches the
     ground first is too low (the crossing height is not smooth across a
     bounce, which would throw the secant off). */
  const bool in_air = d->aim_y >= KICK_BALL_RADIUS + SOLVER_GROUND_AIM;
  /* Bounds on the elevation, each valid near the direction it was seen at
     (a different direction flies a different distance). */
  double bounce_elev = -1.0e9, bounce_dir = 0.0; /* highest elevation seen touching down first */
  double above_elev = 1.0e9, above_dir = 0.0;    /* lowest in-air elevation seen crossing above the aim */
  int32_t tries = 0;
  while (tries < d->max_tries) {
    kick_launch k = make_launch(d, elev, dir);
    double cx = 0.0, cy = 0.0, ts = 0.0;
    bool bounced = false;
    bool reached = fly(d, &k, &cx, &cy, &ts, &bounced);
    tries++;
    if (!reached) {
      /* Fell short (or turned back): carry further, forget the secant history. */
      have_prev = false;
      elev = elev + 0.5 * (SOLVER_LONG_ELEV - elev);
      if (elev < 0.05) elev = 0.05;
      continue;
    }
    double r0 = cy - d->aim_y, r1 = cx - d->aim_x;
    double miss = ks_sqrt(r0 * r0 + r1 * r1);
    if (ks_fabs(dir - bounce_dir) > SOLVER_BOUND_DIR) bounce_elev = -1.0e9;
    if (ks_fabs(dir - above_dir) > SOLVER_BOUND_DIR) above_elev = 1.0e9;
    if (in_air && bounced) {
      /* Kept only as a fallback answer: a launch that reaches the aim after a bounce. */
      if (miss < alt.miss_m) {
        alt.launch = k;
        alt.miss_m = miss;
        alt.cross_x = cx;
        alt.cross_y = cy;
        alt.flight_s = ts;
        alt.reached = true;
      }
      if (miss <= d->tolerance_m) break;
      /* Too low: rise towards the lowest elevation known to fly over the aim. */
      if (elev > bounce_elev) {
        bounce_elev = elev;
        bounce_dir = dir;
      }
      have_prev = false;
      double up = above_elev < 1.0e8 ? 0.5 * (above_elev - elev) : SOLVER_BOUNCE_STEP;
      if (!(up > 1e-6)) up = SOLVER_BOUNCE_STEP;
      elev = ks_clamp(elev + up, SOLVER_ELEV_MIN, SOLVER_ELEV_MAX);
      continue;
    }
    if (r0 > 0.0 && elev < above_elev) {
      above_elev = elev;
      above_dir = dir;
    }
    if (miss < best.miss_m) {
      best.launch = k;
      best.miss_m = miss;
      best.cross_x = cx;
      best.cross_y = cy;
      best.flight_s = ts;
      best.reached = true;
    }
    if (miss <= d->tolerance_m) break;
    if (have_prev) {
      /* Broyden's update: J += (Δr - J Δu) Δuᵀ / |Δu|². */
      double du0 = elev - pe, du1 = dir - pd;
      double dd = du0 * du0 + du1 * du1;
      if (dd > 1e-24) {
        double e0 = (r0 - pr0) - (j00 * du0 + j01 * du1);
        double e1 = (r1 - pr1) - (j10 * du0 + j11 * du1);
        j00 += e0 * du0 / dd; j01 += e0 * du1 / dd;
        j10 += e1 * du0 / dd; j11 += e1 * du1 / dd;
      }
    }
    double det = j00 * j11 - j01 * j10;
    if (!(ks_fabs(det) > 1e-9 * h * h)) {
      /* A degenerate secant: fall back to the first (diagonal) estimate. */
      j00 = dyde; j01 = 0.0; j10 = 0.0; j11 = h;
      det = j00 * j11;
    }
    double s0 = -(j11 * r0 - j01 * r1) / det;
    double s1 = -(-j10 * r0 + j00 * r1) / det;
    pe = elev; pd = dir; pr0 = r0; pr1 = r1;
    have_prev = true;
    double next = elev + clamp_step(s0);
    /* Never back into elevations that touched down first: halve the way instead. */
    if (next <= bounce_elev && ks_fabs(dir + clamp_step(s1) - bounce_dir) <= SOLVER_BOUND_DIR)
      next = bounce_elev + 0.5 * (elev - bounce_elev);
    elev = ks_clamp(next, SOLVER_ELEV_MIN, SOLVER_ELEV_MAX);
    dir = ks_clamp(dir + clamp_step(s1), -SOLVER_DIR_MAX, SOLVER_DIR_MAX);
  }
  /* In-air tries are preferred; a bounced one answers only if it is closer
     to the aim than every in-air try (or none reached the plane). */
  if (alt.reached && (!best.reached || (alt.miss_m <= d->tolerance_m && best.miss_m > d->tolerance_m))) best = alt;
  best.tries = tries;
  *out = best;
  return best.reached && best.miss_m <= d->tolerance_m ? KS_OK : KS_ERR_NOT_FOUND;
}
