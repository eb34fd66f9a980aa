// SPDX-License-Identifier: MIT
/// @file kickstep/vec.h
/// 3-vectors of doubles, by value.
///
/// Plain value functions; every operation is written out so its evaluation
/// order is fixed (with -ffp-contract=off nothing is fused). They are
/// `static inline`, so they are compiled in the caller's translation unit with
/// the caller's flags: kickstep's CMake targets and kickstep.pc carry the
/// flags that keep them exact, and kickstep/fpcheck.h checks that they did.
#ifndef KICKSTEP_VEC_H
#define KICKSTEP_VEC_H

#include "kickstep/base.h"
#include "kickstep/dmath.h"

/// A 3-vector of doubles (a point in m, a velocity in m/s, a unit axis, ...).
typedef struct ks_vec3 {
  double x; ///< first component (across, in the kick's pitch frame)
  double y; ///< second component (up)
  double z; ///< third component (towards the goal)
} ks_vec3;

/// The vector (x, y, z).
static inline ks_vec3 ks_v3(double x, double y, double z) { ks_vec3 v = {x, y, z}; return v; }
/// a + b
static inline ks_vec3 ks_v3_add(ks_vec3 a, ks_vec3 b) { return ks_v3(a.x + b.x, a.y + b.y, a.z + b.z); }
/// a - b
static inline ks_vec3 ks_v3_sub(ks_vec3 a, ks_vec3 b) { return ks_v3(a.x - b.x, a.y - b.y, a.z - b.z); }
/// a × s (each component)
static inline ks_vec3 ks_v3_scale(ks_vec3 a, double s) { return ks_v3(a.x * s, a.y * s, a.z * s); }
/// a + b × s
static inline ks_vec3 ks_v3_mad(ks_vec3 a, ks_vec3 b, double s) { return ks_v3(a.x + b.x * s, a.y + b.y * s, a.z + b.z * s); }
/// a · b, summed x, y, z in that order
static inline double ks_v3_dot(ks_vec3 a, ks_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
/// a × b (right-handed)
static inline ks_vec3 ks_v3_cross(ks_vec3 a, ks_vec3 b) {
  return ks_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
/// |a|²
static inline double ks_v3_len2(ks_vec3 a) { return ks_v3_dot(a, a); }
/// |a| (the IEEE square root of |a|²)
static inline double ks_v3_len(ks_vec3 a) { return ks_sqrt(ks_v3_dot(a, a)); }
/// a / |a|, or zero for a zero vector.
static inline ks_vec3 ks_v3_norm(ks_vec3 a) {
  double l = ks_v3_len(a);
  return l > 0.0 ? ks_v3_scale(a, 1.0 / l) : ks_v3(0.0, 0.0, 0.0);
}
/// a + (b - a) × t, per component (ks_lerp)
static inline ks_vec3 ks_v3_lerp(ks_vec3 a, ks_vec3 b, double t) {
  return ks_v3(ks_lerp(a.x, b.x, t), ks_lerp(a.y, b.y, t), ks_lerp(a.z, b.z, t));
}
/// True when every component is finite (ks_is_finite)
static inline bool ks_v3_finite(ks_vec3 a) { return ks_is_finite(a.x) && ks_is_finite(a.y) && ks_is_finite(a.z); }

/// Closest point to p on segment [a, b], as parameter t in [0, 1].
static inline double ks_segment_closest_t(ks_vec3 p, ks_vec3 a, ks_vec3 b) {
  ks_vec3 ab = ks_v3_sub(b, a);
  double d = ks_v3_dot(ab, ab);
  if (!(d > 0.0)) return 0.0;
  return ks_clamp(ks_v3_dot(ks_v3_sub(p, a), ab) / d, 0.0, 1.0);
}

#endif
