// SPDX-License-Identifier: MIT
/* Explicit against semi-implicit Euler on an undamped spring. */
#include "kickstep/dmath.h"
#include "kickstep/lab.h"

lab_spring_def lab_spring_default_def(void) {
  lab_spring_def d;
  d.stiffness_npm = 4.0 * KS_PI * KS_PI;
  d.mass_kg = 1.0;
  d.x0_m = 1.0;
  d.v0_mps = 0.0;
  d.dt_s = 1.0 / 30.0;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

ks_status lab_spring_init(lab_spring *s, const lab_spring_def *def) {
  if (!s || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(def->stiffness_npm) || !ks_is_finite(def->mass_kg) || !ks_is_finite(def->x0_m) ||
      !ks_is_finite(def->v0_mps) || !ks_is_finite(def->dt_s))
    return KS_ERR_NOT_FINITE;
  if (!(def->stiffness_npm > 0.0) || def->stiffness_npm > 1e6 || !(def->mass_kg > 0.0) || def->mass_kg > 1e6)
    return KS_ERR_RANGE;
  if (!(def->dt_s > 0.0) || def->dt_s > 1.0 || ks_fabs(def->x0_m) > 1e6 || ks_fabs(def->v0_mps) > 1e6)
    return KS_ERR_RANGE;
  lab_spring n = {0};
  n.def = *def;
  n.ex = n.sx = def->x0_m;
  n.ev = n.sv = def->v0_mps;
  *s = n;
  return KS_OK;
}

void lab_spring_step(lab_spring *s) {
  if (!s || s->def.cookie != KS_DEF_COOKIE) return; /* never initialised: untouched */
  double w = s->def.stiffness_npm / s->def.mass_kg, dt = s->def.dt_s;
  /* Explicit: both from the old state. */
  double ex = s->ex, ev = s->ev;
  s->ex = ex + ev * dt;
  s->ev = ev - w * ex * dt;
  /* Semi-implicit: velocity first, position from the new velocity. */
  s->sv = s->sv - w * s->sx * dt;
  s->sx = s->sx + s->sv * dt;
  s->steps++;
}

double lab_spring_energy(const lab_spring *s, int32_t which) {
  if (!s) return 0.0;
  double x = which ? s->sx : s->ex, v = which ? s->sv : s->ev;
  return 0.5 * s->def.mass_kg * v * v + 0.5 * s->def.stiffness_npm * x * x;
}
