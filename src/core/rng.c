// SPDX-License-Identifier: MIT
#include "kickstep/rng.h"

uint64_t ks_mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

ks_rng ks_rng_seeded(uint64_t seed) {
  ks_rng r = {seed};
  return r;
}

uint64_t ks_rng_next(ks_rng *r) {
  if (!r) return 0;
  r->state += KS_RNG_GAMMA;
  return ks_mix64(r->state);
}

double ks_rng_double(ks_rng *r) {
  /* 53 bits fit an int64: the signed conversion is one instruction everywhere. */
  return (double)(int64_t)(ks_rng_next(r) >> 11) * 0x1.0p-53;
}

double ks_rng_range(ks_rng *r, double lo, double hi) {
  double u = ks_rng_double(r);
  if (!ks_is_finite(lo) || !ks_is_finite(hi) || !(hi > lo)) return ks_is_finite(lo) ? lo : 0.0;
  double x = lo + (hi - lo) * u;
  return x < hi ? x : lo; /* rounding can reach hi; keep the interval half-open */
}

uint32_t ks_rng_below(ks_rng *r, uint32_t n) {
  if (n == 0 || !r) return 0;
  /* Lemire's multiply-shift with rejection of the biased low zone. */
  uint64_t x = ks_rng_next(r) >> 32;
  uint64_t m = x * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t t = (uint32_t)(-n) % n;
    while (low < t) {
      x = ks_rng_next(r) >> 32;
      m = x * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

bool ks_rng_chance(ks_rng *r, double p) {
  if (!r) return false;
  double u = ks_rng_double(r);
  if (!(p > 0.0)) return false;
  if (p >= 1.0) return true;
  return u < p;
}

ks_rng ks_rng_stream(uint64_t match_seed, uint64_t kick_number) {
  /* Two rounds of mixing so that neighbouring seeds and kick numbers land far apart. */
  uint64_t s = ks_mix64(match_seed ^ 0x6b69636b73746570ull); /* "kickstep" */
  s = ks_mix64(s + kick_number * KS_RNG_GAMMA + 0x243f6a8885a308d3ull);
  return ks_rng_seeded(s);
}

ks_rng ks_rng_reroll(const ks_rng *r, uint64_t salt) {
  uint64_t s = ks_mix64((r ? r->state : 0u) ^ 0x726572726f6c6cull); /* "rerolll" */
  s = ks_mix64(s + (salt + 1) * KS_RNG_GAMMA);
  return ks_rng_seeded(s);
}
