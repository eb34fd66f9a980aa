// SPDX-License-Identifier: MIT
/// @file kickstep/dmath.h
/// Bit-exact math for simulations.
///
/// libm differs between glibc, musl, macOS and CPUs in the last bit, and a
/// last bit is enough to move a replayed kick. kickstep's simulations call
/// these functions instead. Each is written with + − × ÷ and sqrt (exact in
/// IEEE 754) in a fixed order, compiled with -ffp-contract=off, so it returns
/// the same bits on every compiler, optimisation level and architecture.
///
/// Accuracy: each transcendental is within 1 ulp of the correctly rounded
/// result over its documented domain (in practice almost always correctly
/// rounded), checked against MPFR for >= 10^6 inputs per function
/// (tests/dmath/test_dmath_mpfr.c); measured figures are in docs/dmath.md.
/// Special values follow C99 Annex F (NaN in, NaN out; exp(-inf) = +0;
/// log(0) = -inf; pow's special cases; atan2's signed zeros and quadrants;
/// odd functions keep the sign of zero). Outside a function's domain the
/// result is the documented value, never a trap: no errno, no exceptions
/// looked at.
#ifndef KICKSTEP_DMATH_H
#define KICKSTEP_DMATH_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KS_PI 3.141592653589793238462643383279502884      ///< π (as a double: the double nearest π)
#define KS_TAU 6.283185307179586476925286766559005768     ///< 2π
#define KS_HALF_PI 1.570796326794896619231321691639751442 ///< π / 2
#define KS_E 2.718281828459045235360287471352662498       ///< e, the base of natural logarithms

/// Exact: the IEEE square root, correctly rounded, without libm or builtins
/// (an estimate from + - * /, made exact with integer arithmetic). ks_sqrt
/// uses it where the compiler has no `__builtin_sqrt` (MSVC): the same bits
/// as the instruction for every input but NaN, whose bits are the CPU's; this
/// gives x86's (a NaN comes back quiet, a negative input gives
/// 0xfff8000000000000). About 5 times the instruction's time (bench_dmath).
KS_API double ks_sqrt_soft(double x);
#if defined(__GNUC__) || defined(__clang__)
/// Exact: IEEE square root (one instruction on every target).
static inline double ks_sqrt(double x) { return __builtin_sqrt(x); }
#else
/// Exact: IEEE square root (ks_sqrt_soft: this compiler has no __builtin_sqrt).
static inline double ks_sqrt(double x) { return ks_sqrt_soft(x); }
#endif
/// Exact: |x|.
static inline double ks_fabs(double x) { return ks_f64_from_bits(ks_f64_bits(x) & 0x7fffffffffffffffull); }
/// The smaller of a and b (b when they compare equal or either is NaN).
static inline double ks_fmin(double a, double b) { return a < b ? a : b; }
/// The larger of a and b (b when they compare equal or either is NaN).
static inline double ks_fmax(double a, double b) { return a > b ? a : b; }
/// x limited to [lo, hi] (x itself when NaN).
static inline double ks_clamp(double x, double lo, double hi) { return x < lo ? lo : (x > hi ? hi : x); }
/// a + (b - a) × t: a at t = 0, b at t = 1. Compiled in the caller's
/// translation unit: exact across builds only with contraction off (fpcheck.h).
static inline double ks_lerp(double a, double b, double t) { return a + (b - a) * t; }

/// Exact: largest integer <= x (NaN and ±inf pass through; floor(-0) = -0).
KS_API double ks_floor(double x);
/// Exact: smallest integer >= x (ceil(-0.5) = -0).
KS_API double ks_ceil(double x);
/// Exact: nearest integer, ties away from zero (round(-0.4) = -0).
KS_API double ks_round(double x);
/// Exact: x - y × trunc(x / y) computed without rounding, as C's fmod; the
/// sign of x. NaN when y is 0 or x is infinite; x when y is infinite.
KS_API double ks_fmod(double x, double y);

/// e^x. Domain: all doubles. +inf above ~709.78 (and for +inf), +0 below
/// ~-745.13 (and for -inf); subnormal results are within 1 ulp too.
KS_API double ks_exp(double x);
/// Natural logarithm. Domain: x > 0, subnormals included. log(±0) = -inf,
/// log(+inf) = +inf, log(x < 0) = NaN.
KS_API double ks_log(double x);
/// x^y. Domain: all pairs; within 1 ulp wherever the result is finite and
/// nonzero. Negative x: integer y gives ±|x|^y, other y gives NaN. Special
/// cases as C99: pow(x, ±0) = 1 and pow(1, y) = 1 even for NaN, pow(-1, ±inf)
/// = 1, pow(±0, y) and pow(±inf, y) by the sign and oddness of y, pow(x, ±inf)
/// by |x| <> 1. Overflow gives ±inf, underflow ±0 (the sign of an odd power).
KS_API double ks_pow(double x, double y);
/// Sine. Domain: |x| <= 2^20 × pi (about 3.29e6); outside it, and for ±inf
/// and NaN, the result is NaN. sin(-0) = -0.
KS_API double ks_sin(double x);
/// Cosine. Domain as ks_sin (NaN outside).
KS_API double ks_cos(double x);
/// Both at once: the same bits as ks_sin and ks_cos, for one range reduction.
/// Either output may be NULL (it is then not written).
KS_API void ks_sincos(double x, double *s, double *c);
/// Tangent. Domain as ks_sin (NaN outside).
KS_API double ks_tan(double x);
/// Arc tangent, in [-pi/2, pi/2] (±inf give ±pi/2 rounded). All doubles.
KS_API double ks_atan(double x);
/// Angle of the point (x, y) in [-pi, pi], C99 conventions: the sign of y
/// (zero included) is the sign of the result; atan2(±0, -0) = ±pi,
/// atan2(±0, +0) = ±0; infinities give multiples of pi/4. All doubles.
KS_API double ks_atan2(double y, double x);
/// Arc sine in [-pi/2, pi/2]. Domain [-1, 1]; NaN outside.
KS_API double ks_asin(double x);
/// Arc cosine in [0, pi]. Domain [-1, 1]; NaN outside.
KS_API double ks_acos(double x);
/// Hyperbolic tangent. All doubles; ±1 for |x| > 22, tanh(-0) = -0.
KS_API double ks_tanh(double x);

/// Wraps an angle into (-KS_PI, KS_PI] (KS_PI is the double just below pi):
/// a itself when already inside, otherwise a - 2 pi k rounded once for
/// |a| <= 2^24 (results that round onto -KS_PI become KS_PI, the same
/// angle). Beyond 2^24 rad the exact remainder by the double 2 × KS_PI is used
/// (still in range, but off from the true angle by about |a| × 4e-17 rad).
/// NaN for NaN and ±inf.
KS_API double ks_wrap_angle(double a);

#ifdef __cplusplus
}
#endif
#endif
