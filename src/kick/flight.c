/* Flight of the ball: drag, Magnus lift, gravity, spin decay and the ground.
   Semi-implicit Euler: the velocity is updated first, then the position moves
   with the new velocity. Coefficients and their sources: docs/physics.md. */
#include "kick_internal.h"

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

double kick_drag_coefficient(double air_speed_mps) {
  if (!(air_speed_mps > 0.0)) return KICK_CD_SUB;
  double re = air_speed_mps * KICK_RE_PER_MPS;
  if (re <= KICK_RE_CRISIS_LO) return KICK_CD_SUB;
  if (re >= KICK_RE_CRISIS_HI) return KICK_CD_SUPER;
  double u = (re - KICK_RE_CRISIS_LO) / (KICK_RE_CRISIS_HI - KICK_RE_CRISIS_LO);
  double s = u * u * (3.0 - 2.0 * u);
  return KICK_CD_SUB + (KICK_CD_SUPER - KICK_CD_SUB) * s;
}

double kick_lift_coefficient(double spin_parameter) {
  if (!(spin_parameter > 0.0)) return 0.0;
  return KICK_CL_MAX * spin_parameter / (spin_parameter + KICK_CL_HALF);
}

double kick_spin_decay_factor(int32_t steps_per_second) {
  if (steps_per_second <= 0) return 1.0;
  return ks_exp(-KICK_SPIN_DECAY_PER_SECOND / (double)steps_per_second);
}

kick_step_row kick_step_table_row(int32_t steps_per_second) {
  kick_step_row r = {0};
  r.steps_per_second = steps_per_second;
  if (steps_per_second <= 0) {
    r.any_depth = true;
    return r;
  }
  double d = KICK_MAX_LAUNCH_SPEED / (double)steps_per_second;
  double reach = KICK_WOODWORK_REACH;
  r.travel_m = d;
  /* A straight path at depth δ inside the contact circle is inside it for a
     chord of 2 sqrt(reach² - (reach - δ)²). Two checks d apart can straddle a
     chord no longer than d: δ = reach - sqrt(reach² - d²/4). */
  double half = d * 0.5;
  if (half >= reach) {
    r.any_depth = true;
    r.missable_clip_m = reach;
  } else {
    r.missable_clip_m = reach - ks_sqrt(reach * reach - half * half);
  }
  return r;
}

static void ground(kick_ball *b, double dt, const kick_pitch_def *pitch, uint32_t *flags) {
  double e = pitch->restitution * (pitch->wet ? 0.9 : 1.0);
  double mu_s = pitch->slide_friction * (pitch->wet ? 0.5 : 1.0);
  double mu_r = pitch->roll_resistance * (pitch->wet ? 0.8 : 1.0);
  if (b->pos.y < KICK_BALL_RADIUS) {
    double h = ks_sqrt(b->vel.x * b->vel.x + b->vel.z * b->vel.z);
    b->pos.y = KICK_BALL_RADIUS;
    if (b->vel.y < -KICK_BOUNCE_MIN_VY) {
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
  double mu = h > b->roll_speed ? mu_s : mu_r;
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

uint32_t kick_flight_step(kick_ball *b, ks_vec3 wind, double dt, double spin_decay,
                          const kick_pitch_def *pitch) {
  uint32_t flags = 0;
  ks_vec3 air = ks_v3_sub(b->vel, ks_v3_scale(wind, KICK_WIND_FACTOR));
  double sp = ks_v3_len(air);
  ks_vec3 acc = ks_v3(0.0, -KICK_GRAVITY, 0.0);
  if (sp > 0.0) {
    double cd = kick_drag_coefficient(sp);
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
  ground(b, dt, pitch, &flags);
  return flags;
}

bool kick_estimate_to_line(const kick_shot *s, kick_ball ball, double t0, double z_line,
                           double max_seconds, double *x, double *y, double *seconds) {
  const double dt = 1.0 / (double)KICK_ESTIMATE_STEPS_PER_SECOND;
  int32_t n_max = (int32_t)(max_seconds * (double)KICK_ESTIMATE_STEPS_PER_SECOND);
  if (ball.pos.z >= z_line) {
    *x = ball.pos.x;
    *y = ball.pos.y;
    *seconds = 0.0;
    return true;
  }
  /* He reads the wind as it is when he reads the kick. */
  ks_vec3 w = kick_wind_at(s, t0);
  for (int32_t i = 0; i < n_max; i++) {
    ks_vec3 p0 = ball.pos;
    uint32_t f = kick_flight_step(&ball, w, dt, s->spin_decay_estimate, &s->setup.pitch);
    if (ball.pos.z >= z_line) {
      double u = (z_line - p0.z) / (ball.pos.z - p0.z);
      *x = p0.x + (ball.pos.x - p0.x) * u;
      *y = p0.y + (ball.pos.y - p0.y) * u;
      *seconds = ((double)i + u) * dt;
      return true;
    }
    if ((f & 2u) != 0u || ball.vel.z <= 0.0) break;
  }
  return false;
}
