/* TEMPORARY placeholder so the tree links until src/core/dmath.c lands.
   These are NOT accurate and NOT final; dmath.c replaces this file. */
#include "kickstep/dmath.h"
double ks_floor(double x) {
  if (!ks_is_finite(x) || x >= 4503599627370496.0 || x <= -4503599627370496.0) return x;
  double t = (double)(int64_t)x;
  return t > x ? t - 1.0 : t;
}
double ks_ceil(double x) { return -ks_floor(-x); }
double ks_round(double x) { return x < 0 ? -ks_floor(-x + 0.5) : ks_floor(x + 0.5); }
double ks_fmod(double x, double y) { double q = x / y; double t = (double)(int64_t)q; return x - y * t; }
double ks_exp(double x) { double s = 1, t = 1; for (int i = 1; i < 30; i++) { t *= x / i; s += t; } return s; }
double ks_log(double x) { double y = 0; for (int i = 0; i < 60; i++) y = y + 2 * (x - ks_exp(y)) / (x + ks_exp(y)); return y; }
double ks_pow(double x, double y) { return ks_exp(y * ks_log(x)); }
double ks_sin(double x) { x = ks_fmod(x, KS_TAU); double s = 0, t = x; for (int i = 1; i < 40; i += 2) { s += t; t *= -x * x / ((i + 1) * (i + 2)); } return s; }
double ks_cos(double x) { return ks_sin(x + KS_HALF_PI); }
void ks_sincos(double x, double *s, double *c) { *s = ks_sin(x); *c = ks_cos(x); }
double ks_tan(double x) { return ks_sin(x) / ks_cos(x); }
double ks_atan(double x) { double y = 0; for (int i = 0; i < 60; i++) y = y - (ks_tan(y) - x) / (1 + ks_tan(y) * ks_tan(y)); return y; }
double ks_atan2(double y, double x) { if (x > 0) return ks_atan(y / x); if (x < 0) return ks_atan(y / x) + (y >= 0 ? KS_PI : -KS_PI); return y > 0 ? KS_HALF_PI : (y < 0 ? -KS_HALF_PI : 0); }
double ks_asin(double x) { return ks_atan2(x, ks_sqrt(1 - x * x)); }
double ks_acos(double x) { return ks_atan2(ks_sqrt(1 - x * x), x); }
double ks_tanh(double x) { double e = ks_exp(2 * x); return (e - 1) / (e + 1); }
double ks_wrap_angle(double a) { a = ks_fmod(a, KS_TAU); if (a <= -KS_PI) a += KS_TAU; if (a > KS_PI) a -= KS_TAU; return a; }
