// SPDX-License-Identifier: MIT
/// @file kickstep/fpcheck.h
/// Does the arithmetic of *this* translation unit keep replays exact?
///
/// kickstep's libraries are compiled with the determinism flags (no fused
/// multiply-add, no fast math, SSE2 on 32-bit x86). A game's own step code is
/// not: it is compiled with the game's flags, and so are the inline functions
/// of kickstep's headers (ks_v3_mad, ks_lerp, ...) that it calls. One fused
/// `a * b + c` moves the last bit of a position, and a replay recorded by one
/// build no longer plays back on another. kickstep's CMake targets and
/// kickstep.pc carry the flags to the game (docs/adopting.md); this header is
/// the check that they arrived.
///
/// ks_fp_check() is `static inline`: it is compiled inside the caller's
/// translation unit, with the caller's flags, and it measures at run time what
/// that unit's arithmetic does, on inputs the compiler cannot see (they pass
/// through `volatile`, so nothing is folded at compile time). Call it from the
/// file that holds your step code. It returns 0 when the unit computes plain
/// IEEE 754 double arithmetic, otherwise KS_FP_* bits naming what it does
/// instead. It also reads one mode that is not the unit's but the thread's:
/// whether subnormal numbers are flushed to zero (KS_FP_FLUSH_SUBNORMALS),
/// which gcc and clang switch on at program start-up for every program
/// *linked* with -ffast-math or -Ofast, and which then moves kickstep's own
/// library code too. A game can refuse to record replays when the bits are
/// not 0:
///
///     if (ks_fp_check() != 0) {
///       fprintf(stderr, "replays off: %s\n", ks_fp_issue_name(ks_fp_check()));
///       recording = false;
///     }
///
/// Freestanding, allocates nothing, costs a few dozen instructions.
#ifndef KICKSTEP_FPCHECK_H
#define KICKSTEP_FPCHECK_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What ks_fp_check() can find (bits of its result).
typedef enum ks_fp_issue {
  /// A multiply and an add were fused into one rounding (an FMA): contraction
  /// is on (gcc's default outside ISO C modes; clang's default within an
  /// expression), or gcc's vectorizer fused an add-subtract pair (gcc 12 with
  /// -O3 -march=native even under -ffp-contract=off; -fno-tree-vectorize stops it).
  KS_FP_FUSED = 1u << 0,
  /// Intermediate results are kept wider than double (the x87 unit of 32-bit
  /// x86 without -msse2 -mfpmath=sse). Wide intermediates also change what
  /// the other two probes see, so with this bit they are not reported
  /// (except fast math that the compiler announces with __FAST_MATH__).
  KS_FP_EXCESS_PRECISION = 1u << 1,
  /// Fast-math rewriting: reassociation, a division replaced by a reciprocal
  /// multiply, or NaN assumed away (-ffast-math or one of its parts).
  KS_FP_FAST_MATH = 1u << 2,
  /// Subnormal numbers are flushed to zero (the FTZ and DAZ bits of x86's
  /// MXCSR, FZ of Arm's FPCR): a result below 2^-1022 becomes 0, and so does
  /// such an input. A mode of the thread, not of the translation unit: gcc and
  /// clang link crtfastmath.o, which sets it at start-up, into any program
  /// whose link command has -ffast-math or -Ofast (or
  /// -funsafe-math-optimizations), whatever its files were compiled with.
  /// kickstep's targets and kickstep.pc put -fno-fast-math
  /// -fno-unsafe-math-optimizations on the link command, which cancels the
  /// first and the last, but nothing after -Ofast cancels it but another -O
  /// level. Code that sets the mode at run time (_mm_setcsr, fesetenv, some
  /// audio and physics libraries) is caught too, in the thread that calls
  /// the check. Any value that decays towards zero (friction, damping, a
  /// fading gust) then reaches exactly 0 some steps earlier than in an IEEE
  /// build, and a game that tests `v == 0` takes another branch.
  KS_FP_FLUSH_SUBNORMALS = 1u << 3
} ks_fp_issue;

/// The bits of 1 + 2^-27. With KS_FP_PROBE_B (1 - 2^-27) the product is
/// 1 - 2^-54, which rounds to 1 as a double: a*b - 1 is 0 unfused and -2^-54 fused.
#define KS_FP_PROBE_A 0x3ff0000002000000ull
/// The bits of 1 - 2^-27 (see KS_FP_PROBE_A).
#define KS_FP_PROBE_B 0x3feffffffc000000ull

/* The probes compare doubles with == and != on purpose (exact results, and a
   NaN that fast math assumes away): a game's -Wfloat-equal is not for them. */
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wfloat-equal"
#endif

/// The translation unit's floating point, measured: 0, or KS_FP_* bits.
static inline uint32_t ks_fp_check(void) {
  volatile double va = ks_f64_from_bits(KS_FP_PROBE_A), vb = ks_f64_from_bits(KS_FP_PROBE_B), vone = 1.0;
  volatile double vbig = 9007199254740992.0; /* 2^53 */
  volatile double vthree = 3.0, vzero = 0.0;
  double a = va, b = vb, one = vone, big = vbig;
  uint32_t issues = 0;

  /* Fused within one expression, and across two statements. */
  double r1 = a * b - one;
  double p = a * b;
  double r2 = p - one;
  /* An add-subtract pair over arrays, the shape gcc's SLP vectorizer fuses. */
  double x[2], y[2], z[2], out[2];
  x[0] = va; x[1] = va; y[0] = vb; y[1] = vb; z[0] = vone; z[1] = -vone;
#if defined(__GNUC__) || defined(__clang__)
  /* Make the compiler read the arrays back from memory, as a step loop does. */
  __asm__ __volatile__("" : : "r"(x), "r"(y), "r"(z) : "memory");
#endif
  out[0] = x[0] * y[0] - z[0];
  out[1] = x[1] * y[1] + z[1];
#if defined(__GNUC__) || defined(__clang__)
  __asm__ __volatile__("" : : "r"(out) : "memory");
#endif
  if (r1 != 0.0 || r2 != 0.0 || out[0] != 0.0 || out[1] != 0.0) issues |= KS_FP_FUSED;

  /* 1 + (2^-53 + 2^-64) rounds up to 1 + 2^-52 as a double; through an
     80-bit x87 intermediate it rounds twice, to 1 + 2^-53 and then to 1. */
  volatile double vtiny = ks_f64_from_bits(0x3ca0020000000000ull); /* 2^-53 + 2^-64 */
  double sum = one + vtiny;
  if (ks_f64_bits(sum) != 0x3ff0000000000001ull) issues |= KS_FP_EXCESS_PRECISION;
#if defined(__FLT_EVAL_METHOD__) && __FLT_EVAL_METHOD__ == 2
  issues |= KS_FP_EXCESS_PRECISION;
#endif

  /* (1 + 2^53) - 2^53 is 0 in IEEE arithmetic and 1 reassociated; 3 / 10 is
     0.3 and 3 * 0.1 is 0.30000000000000004; 0 / 0 is a NaN, unequal to itself. */
  double re = (one + big) - big;
  double three = vthree;
  double q = three / 10.0;
  double z0 = vzero;
  double nan = z0 / z0;
  if (re != 0.0 || ks_f64_bits(q) != 0x3fd3333333333333ull || nan == nan) issues |= KS_FP_FAST_MATH;
  /* Wide intermediates also move the fused and reassociation probes (an
     80-bit product of a and b is exact): name only the cause. */
  if (issues & KS_FP_EXCESS_PRECISION) issues = KS_FP_EXCESS_PRECISION;
#if defined(__FAST_MATH__)
  issues |= KS_FP_FAST_MATH;
#endif

  /* Half the smallest normal double is the subnormal 2^-1023 (0 when results
     are flushed, FTZ); twice that subnormal is the smallest normal (0 when
     subnormal inputs are read as zero, DAZ). Exact in any width, so x87
     intermediates do not move them. */
  volatile double vmin = ks_f64_from_bits(0x0010000000000000ull); /* 2^-1022 */
  volatile double vsub = ks_f64_from_bits(0x0008000000000000ull); /* 2^-1023 */
  volatile double vhalf = 0.5, vtwo = 2.0;
  double halved = vmin * vhalf;
  double doubled = vsub * vtwo;
  if (ks_f64_bits(halved) != 0x0008000000000000ull || ks_f64_bits(doubled) != 0x0010000000000000ull)
    issues |= KS_FP_FLUSH_SUBNORMALS;
  return issues;
}

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif

/// A short text for ks_fp_check()'s bits: "ok", or the issues joined by ", "
/// ("fused multiply-add, fast math"). The text is a constant; never freed.
static inline const char *ks_fp_issue_name(uint32_t issues) {
  static const char *const names[16] = {
    "ok",
    "fused multiply-add",
    "excess precision",
    "fused multiply-add, excess precision",
    "fast math",
    "fused multiply-add, fast math",
    "excess precision, fast math",
    "fused multiply-add, excess precision, fast math",
    "subnormals flushed to zero",
    "fused multiply-add, subnormals flushed to zero",
    "excess precision, subnormals flushed to zero",
    "fused multiply-add, excess precision, subnormals flushed to zero",
    "fast math, subnormals flushed to zero",
    "fused multiply-add, fast math, subnormals flushed to zero",
    "excess precision, fast math, subnormals flushed to zero",
    "fused multiply-add, excess precision, fast math, subnormals flushed to zero",
  };
  return names[issues & 15u];
}

#ifdef __cplusplus
}
#endif
#endif
