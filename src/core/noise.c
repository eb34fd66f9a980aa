// SPDX-License-Identifier: MIT
#include "kickstep/noise.h"
#include "kickstep/dmath.h"
#include "kickstep/rng.h"

/* A slope in [-1, 1] for lattice point i, from the seed. */
static double lattice_slope(uint64_t seed, int64_t i) {
  uint64_t h = ks_mix64(seed ^ ks_mix64((uint64_t)i * KS_RNG_GAMMA + 0x5851f42d4c957f2dull));
  return (double)(h >> 11) * 0x1.0p-52 - 1.0;
}

double ks_noise1(uint64_t seed, double t) {
  if (!ks_is_finite(t)) return 0.0;
  double f = ks_floor(t);
  if (f > 4.0e15 || f < -4.0e15) return 0.0; /* beyond exact lattice indices */
  int64_t i = (int64_t)f;
  double x = t - f; /* in [0, 1) */
  double g0 = lattice_slope(seed, i);
  double g1 = lattice_slope(seed, i + 1);
  double v0 = g0 * x;
  double v1 = g1 * (x - 1.0);
  double s = x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
  /* |v| <= 1 and the blend keeps it there; scale by 2 to use the range,
     since gradient noise peaks near 0.5 at mid-cell. */
  double n = 2.0 * (v0 + (v1 - v0) * s);
  return ks_clamp(n, -1.0, 1.0);
}

double ks_noise_fbm(uint64_t seed, double t, int octaves) {
  if (octaves < 1) octaves = 1;
  if (octaves > 8) octaves = 8;
  double sum = 0.0, amp = 1.0, norm = 0.0, freq = 1.0;
  for (uint64_t k = 0; k < (uint64_t)(uint32_t)octaves; k++) {
    sum += amp * ks_noise1(seed + k * KS_RNG_GAMMA, t * freq);
    norm += amp;
    amp *= 0.5;
    freq *= 2.0;
  }
  return sum / norm;
}
