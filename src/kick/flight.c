// SPDX-License-Identifier: MIT
/* Flight of the ball: drag, Magnus lift, gravity, spin decay and the ground.
   Semi-implicit Euler: the velocity is updated first, then the position moves
   with the new velocity. Coefficients and their sources: docs/physics.md. */
#include "kick_internal.h"

double kick_drag_coefficient(double air_speed_mps) { return kick_drag_cd_inline(air_speed_mps); }

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

uint32_t kick_flight_step(kick_ball *b, ks_vec3 wind, double dt, double spin_decay,
                          const kick_pitch_def *pitch) {
  return kick_flight_step_inline(b, wind, dt, spin_decay, pitch);
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
    uint32_t f = kick_flight_step_inline(&ball, w, dt, s->spin_decay_estimate, &s->setup.pitch);
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
