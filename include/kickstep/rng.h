// SPDX-License-Identifier: MIT
/// @file kickstep/rng.h
/// SplitMix64 dice that live inside the simulation state.
///
/// A ks_rng is one 64-bit word: copy the state and you copy the dice. Every
/// random draw a simulation makes comes from a ks_rng inside its state;
/// drawing, particles and sound use generators of their own, outside it.
///
/// Streams: ks_rng_stream(match_seed, kick_number) derives a kick's generator
/// so that kick 7 of match 42 is the same everywhere. ks_rng_reroll gives new
/// dice that share nothing visible with the old (the simulated players'
/// "rerolled copies").
#ifndef KICKSTEP_RNG_H
#define KICKSTEP_RNG_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KS_RNG_GAMMA 0x9e3779b97f4a7c15ull ///< SplitMix64's increment (2^64 / golden ratio)

/// Bad input: a NULL generator draws 0 (so ks_rng_double gives 0.0, and
/// ks_rng_range its lo), ks_rng_chance(NULL, p) is false, and
/// ks_rng_reroll(NULL, salt) treats it as state 0; nothing is written.

/// The generator: a plain value.
typedef struct ks_rng {
  uint64_t state; ///< SplitMix64's counter: the whole generator
} ks_rng;

/// SplitMix64's output function (a strong 64-bit bit mixer; a bijection).
KS_API uint64_t ks_mix64(uint64_t z);

/// A generator whose first output is SplitMix64's first output for `seed`.
KS_API ks_rng ks_rng_seeded(uint64_t seed);

/// The next 64 random bits.
KS_API uint64_t ks_rng_next(ks_rng *r);

/// Uniform in [0, 1), 53 random bits.
KS_API double ks_rng_double(ks_rng *r);

/// Uniform in [lo, hi) (returns lo when hi <= lo or either is not finite).
KS_API double ks_rng_range(ks_rng *r, double lo, double hi);

/// Uniform integer in [0, n), unbiased (rejection); 0 when n == 0.
KS_API uint32_t ks_rng_below(ks_rng *r, uint32_t n);

/// True with probability p (p clamped to [0, 1]).
KS_API bool ks_rng_chance(ks_rng *r, double p);

/// The stream for one kick of one match: independent of other kicks' streams.
KS_API ks_rng ks_rng_stream(uint64_t match_seed, uint64_t kick_number);

/// New dice derived from the old state and a salt (e.g. a reroll count).
KS_API ks_rng ks_rng_reroll(const ks_rng *r, uint64_t salt);

#ifdef __cplusplus
}
#endif
#endif
