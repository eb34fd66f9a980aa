// SPDX-License-Identifier: MIT
/// @file kickstep/kick_hand.h
/// Hand-like flicks on a screen, for simulated players, tools and tests.
///
/// kick_hand_flick draws what a finger or a mouse does when a player flicks
/// from one point of the screen towards another: a smooth stroke that
/// speeds up and slows (a minimum-jerk bell), lifted either while still
/// moving (at 78-95 % of the bell, the stroke planned past the point so that
/// it is lifted on it) or at rest after a short dwell (0-40 ms); a slight
/// bow; a fraction of a pixel of tremor; sampled at `rate_hz` from a random
/// phase with a little timing jitter, each sample with its own timestamp (y
/// grows DOWN, as touch events report it). Every random choice comes from
/// `seed` (SplitMix64, kickstep/rng.h), so a flick is the same bits
/// everywhere: the C tests and the browser tests dispatch the same samples.
#ifndef KICKSTEP_KICK_HAND_H
#define KICKSTEP_KICK_HAND_H

#include "kickstep/base.h"
#include "kickstep/kick_swipe.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_HAND_MAX_SAMPLES 1200 ///< most samples one flick has (1.0 s at 1000 Hz, with the dwell)

/// One flick's shape (kick_hand_default lets a seed choose the free parts).
typedef struct kick_hand_def {
  double from[2];           ///< where the finger lands, px (y down)
  double to[2];             ///< where it is lifted, px
  double duration_s;        ///< the stroke, touch-down to lift-off (the dwell not counted), 0.02..1
  double rate_hz;           ///< sampling rate, 30..1000
  double release;           ///< how far through the bell it is lifted, 0.7..1 (1: it comes to rest)
  double dwell_s;           ///< rest before lift-off (only when release is 1), 0..0.2
  double bow;               ///< sideways bulge of the path at its middle, as a fraction of its length, -0.2..0.2
  double tremor_px;         ///< the tremor's size, px, 0..5
  double t0;                ///< the first sample's time, s
  uint64_t seed;            ///< the tremor, the sampling phase and the timing jitter
} kick_hand_def;

/// A flick from `from` to `to` lasting `duration_s` at `rate_hz`, its free
/// parts (release, dwell, bow, tremor) drawn from `seed`: half are lifted
/// while moving, half at rest; bows up to 4 % of the length; 0.3-0.8 px of
/// tremor; t0 = 1 + a random fraction of a second.
KS_API kick_hand_def kick_hand_default(const double from[2], const double to[2], double duration_s, double rate_hz,
                                       uint64_t seed);

/// Draws the flick into out[0..cap); returns the number of samples (at least
/// 2), or a negative ks_status (KS_ERR_NULL, KS_ERR_NOT_FINITE, KS_ERR_RANGE
/// for a field outside its range, KS_ERR_CAPACITY when cap is too small).
KS_API int32_t kick_hand_flick(const kick_hand_def *h, kick_touch *out, int32_t cap);

#ifdef __cplusplus
}
#endif
#endif
