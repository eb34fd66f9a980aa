// SPDX-License-Identifier: MIT
/// @file kickstep/noise.h
/// Smooth 1-D noise from hashing, with no stored history.
///
/// ks_noise1(seed, t) is a function of its arguments alone: continuous in t
/// with a continuous first derivative, bounded to [-1, 1], and the same bits
/// everywhere. Gusts, a keeper's sway and bobbing rings are evaluated from it
/// at the step's clock time, so copying the clock restores them.
#ifndef KICKSTEP_NOISE_H
#define KICKSTEP_NOISE_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Gradient noise: a lattice at integer t with hashed slopes and a quintic
/// blend. Range [-1, 1]; 0 at every integer t. Slope magnitude at most ~2.
KS_API double ks_noise1(uint64_t seed, double t);

/// Sum of `octaves` (1..8) noise layers, each twice the frequency and half the
/// amplitude of the last, normalised to [-1, 1].
KS_API double ks_noise_fbm(uint64_t seed, double t, int octaves);

#ifdef __cplusplus
}
#endif
#endif
