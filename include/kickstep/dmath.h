/// kickstep/dmath.h — bit-exact math for simulations.
///
/// libm differs between glibc, musl, macOS and CPUs in the last bit, and a
/// last bit is enough to move a replayed kick. kickstep's simulations call
/// these functions instead. Each is written with + − × ÷ and sqrt (exact in
/// IEEE 754) in a fixed order, compiled with -ffp-contract=off, so it returns
/// the same bits on every compiler, optimisation level and architecture.
///
/// Accuracy: each transcendental is within 1 ulp of the correctly rounded
/// result over its documented domain, checked against MPFR for >= 10^6
/// inputs per function (tests/core/test_dmath_mpfr.c). Special values follow
/// C99 Annex F where it is cheap (NaN in, NaN out; exp(-inf) = 0; log(0) = -inf).
#ifndef KICKSTEP_DMATH_H
#define KICKSTEP_DMATH_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KS_PI 3.141592653589793238462643383279502884
#define KS_TAU 6.283185307179586476925286766559005768
#define KS_HALF_PI 1.570796326794896619231321691639751442
#define KS_E 2.718281828459045235360287471352662498

/// Exact: IEEE square root (one instruction on every target).
static inline double ks_sqrt(double x) { return __builtin_sqrt(x); }
/// Exact: |x|.
static inline double ks_fabs(double x) { return ks_f64_from_bits(ks_f64_bits(x) & 0x7fffffffffffffffull); }
static inline double ks_fmin(double a, double b) { return a < b ? a : b; }
static inline double ks_fmax(double a, double b) { return a > b ? a : b; }
static inline double ks_clamp(double x, double lo, double hi) { return x < lo ? lo : (x > hi ? hi : x); }
static inline double ks_lerp(double a, double b, double t) { return a + (b - a) * t; }

/// Exact: largest integer <= x (NaN and ±inf pass through).
KS_API double ks_floor(double x);
/// Exact: smallest integer >= x.
KS_API double ks_ceil(double x);
/// Exact: nearest integer, ties away from zero.
KS_API double ks_round(double x);
/// Exact: x - y × trunc(x / y), as C's fmod.
KS_API double ks_fmod(double x, double y);

/// e^x. Domain: all doubles (overflow to +inf above ~709.78, 0 below ~-745.13).
KS_API double ks_exp(double x);
/// Natural logarithm. Domain: x > 0 (log(0) = -inf, negative -> NaN).
KS_API double ks_log(double x);
/// x^y. Domain: x > 0 and any finite y with a finite result; x <= 0 per C99 for integer y.
KS_API double ks_pow(double x, double y);
/// Sine and cosine. Domain: |x| <= 2^20 × pi (documented reduction range).
KS_API double ks_sin(double x);
KS_API double ks_cos(double x);
/// Both at once (same bits as ks_sin and ks_cos).
KS_API void ks_sincos(double x, double *s, double *c);
/// Tangent. Domain as ks_sin.
KS_API double ks_tan(double x);
/// Arc tangent, in (-pi/2, pi/2).
KS_API double ks_atan(double x);
/// Angle of (x, y) in (-pi, pi], C99 conventions.
KS_API double ks_atan2(double y, double x);
/// Arc sine and arc cosine. Domain [-1, 1].
KS_API double ks_asin(double x);
KS_API double ks_acos(double x);
/// Hyperbolic tangent (all doubles).
KS_API double ks_tanh(double x);

/// Wraps an angle into (-pi, pi].
KS_API double ks_wrap_angle(double a);

#ifdef __cplusplus
}
#endif
#endif
