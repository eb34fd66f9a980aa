// SPDX-License-Identifier: MIT
/* The ks_dmath functions by number, and the golden table's inputs.
   Shared by gen_golden.c (writes golden_dmath.h) and test_dmath_golden.c. */
#ifndef KS_TESTS_DMATH_FNS_H
#define KS_TESTS_DMATH_FNS_H

#include "kickstep/dmath.h"
#include "kickstep/rng.h"

enum {
  DM_FLOOR, DM_CEIL, DM_ROUND, DM_FMOD, DM_EXP, DM_LOG, DM_POW, DM_SIN, DM_COS, DM_SINCOS_S,
  DM_SINCOS_C, DM_TAN, DM_ATAN, DM_ATAN2, DM_ASIN, DM_ACOS, DM_TANH, DM_WRAP, DM_FN_COUNT
};

static const char *const dm_fn_names[DM_FN_COUNT] = {
    "floor", "ceil", "round", "fmod", "exp", "log", "pow", "sin", "cos", "sincos_s",
    "sincos_c", "tan", "atan", "atan2", "asin", "acos", "tanh", "wrap_angle",
};

static inline double dm_eval(int fn, double x, double y) {
  double s, c;
  switch (fn) {
  case DM_FLOOR: return ks_floor(x);
  case DM_CEIL: return ks_ceil(x);
  case DM_ROUND: return ks_round(x);
  case DM_FMOD: return ks_fmod(x, y);
  case DM_EXP: return ks_exp(x);
  case DM_LOG: return ks_log(x);
  case DM_POW: return ks_pow(x, y);
  case DM_SIN: return ks_sin(x);
  case DM_COS: return ks_cos(x);
  case DM_SINCOS_S: ks_sincos(x, &s, &c); return s;
  case DM_SINCOS_C: ks_sincos(x, &s, &c); return c;
  case DM_TAN: return ks_tan(x);
  case DM_ATAN: return ks_atan(x);
  case DM_ATAN2: return ks_atan2(x, y);
  case DM_ASIN: return ks_asin(x);
  case DM_ACOS: return ks_acos(x);
  case DM_TANH: return ks_tanh(x);
  case DM_WRAP: return ks_wrap_angle(x);
  default: return 0.0;
  }
}

/* Input i of function fn: a few fixed edge values, then draws from r across the domain. */
static inline void dm_golden_input(int fn, ks_rng *r, int i, double *x, double *y) {
  static const double edges[4] = {0.5, -2.5, 1e-300, 3.0};
  double u = ks_rng_double(r), v = ks_rng_double(r);
  double wide = (u - 0.5) * 2.0 * ks_exp((v - 0.5) * 60.0); /* magnitudes e^-30 .. e^30 */
  *y = 0.0;
  switch (fn) {
  case DM_FLOOR: case DM_CEIL: case DM_ROUND:
    *x = i < 4 ? edges[i] : (u - 0.5) * 64.0; break;
  case DM_FMOD: *x = wide * 1e3; *y = (v - 0.5) * 7.0; break;
  case DM_EXP: *x = i < 2 ? (i ? 709.7 : -745.0) : (u - 0.5) * 1400.0; break;
  case DM_LOG: *x = i < 2 ? (i ? 1e-310 : 1.0 + 1e-9) : u * ks_exp((v - 0.5) * 1400.0); break;
  case DM_POW: *x = u * 10.0; *y = (v - 0.5) * 80.0; if (i == 0) { *x = -3.0; *y = 5.0; } break;
  case DM_ATAN2: *x = (u - 0.5) * 4.0; *y = (v - 0.5) * 4.0; break;
  case DM_ASIN: case DM_ACOS: *x = i < 2 ? (i ? 1.0 - 1e-12 : -0.5) : (u - 0.5) * 2.0; break;
  case DM_TANH: *x = (u - 0.5) * 50.0 * v; break;
  case DM_WRAP: *x = i < 2 ? (i ? -KS_PI : 3e7) : wide * 100.0; break;
  default: /* sin, cos, sincos, tan, atan */
    *x = i < 2 ? (i ? 1e6 : KS_HALF_PI) : wide; break;
  }
}

#define DM_GOLDEN_PER_FN 11

#endif
