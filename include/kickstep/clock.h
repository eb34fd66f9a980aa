// SPDX-License-Identifier: MIT
/// @file kickstep/clock.h
/// An exact fixed-step clock.
///
/// A front end hands the clock each frame's length in seconds; the clock says
/// how many whole steps are now due. The step length is a constant of the
/// simulation: frames only decide how many steps run.
///
/// Exact accounting. Time is banked in integer *units*: one step is exactly
/// KS_CLOCK_UNITS_PER_STEP units, so one second is steps_per_second ×
/// KS_CLOCK_UNITS_PER_STEP units. A frame's seconds are converted to units once,
/// with one defined rounding (to nearest, ties away from zero, see
/// ks_clock_seconds_to_units); from then on everything is integer arithmetic.
/// The banked remainder is always in [0, one step) (unless steps are carried,
/// see 7), simulated time is total_steps / steps_per_second, and nothing drifts.
///
/// Order of operations inside ks_clock_advance (frame_seconds):
///   1. NaN, ±inf and negative frames count as 0.
///   2. Paused: nothing is banked. First frame after a resume: counts as
///      resume_frame_seconds (default 1/60 s), so paused time is never caught up.
///   3. The frame is clamped to max_frame_seconds (0 = no clamp); the scaled
///      excess counts as dropped.
///   4. It is multiplied by the time scale (slow motion).
///   5. It is clamped to max_call_seconds (0 = no clamp).
///   6. It is converted to units and banked; due = banked / step.
///   7. If due > max_steps_per_frame (0 = no cap) the excess whole steps are
///      dropped (the remainder is kept), or, with carry_excess_steps, kept in
///      the bank: they are due in later frames, at most the cap per frame
///      (the brake game's step guard, seed 004), and nothing is dropped.
/// Everything a clamp or cap removes (steps 3, 5 and 7), measured as scaled
/// time in units, is added to dropped_units, so a front end can show that the
/// game ran slow. Counters saturate at INT64_MAX instead of wrapping.
///
/// Usage:
/// @code
///   ks_clock_def d = ks_clock_default_def();
///   d.steps_per_second = 120;
///   ks_clock c;
///   if (ks_clock_init(&c, &d) != KS_OK) { ... }
///   int64_t n = ks_clock_advance(&c, 1.0 / 60.0);   // 2
/// @endcode
#ifndef KICKSTEP_CLOCK_H
#define KICKSTEP_CLOCK_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Units in one step. 10^6 makes every table rate of seed 000 exact.
#define KS_CLOCK_UNITS_PER_STEP 1000000ll

/// Largest accepted steps_per_second (units stay far inside int64).
#define KS_CLOCK_MAX_STEPS_PER_SECOND 1000000

/// How a clock behaves. Get one from ks_clock_default_def().
typedef struct ks_clock_def {
  int32_t steps_per_second;     ///< steps per simulated second; default 60; 1..10^6
  double max_frame_seconds;     ///< clamp on one frame's length before scaling, s; default 0.25; 0 = none
  int32_t max_steps_per_frame;  ///< cap on steps one advance returns; default 0 = none
  double max_call_seconds;      ///< clamp on one call's scaled time, s; default 0 = none (the kick shot uses 0.1)
  double resume_frame_seconds;  ///< what the first frame after a resume counts as, s; default 1/60
  double time_scale;            ///< initial time scale; default 1; 0..1000
  bool carry_excess_steps;      ///< steps over max_steps_per_frame stay banked for later frames
                                ///< instead of being dropped; default false
  uint32_t cookie;              ///< set by ks_clock_default_def; do not touch
} ks_clock_def;

/// The clock: a plain value, copied with `=`.
typedef struct ks_clock {
  int64_t units_per_second;     ///< steps_per_second × KS_CLOCK_UNITS_PER_STEP
  int64_t max_frame_units;      ///< max_frame_seconds in units of real time; 0 = none
  int64_t max_call_units;       ///< max_call_seconds in units; 0 = none
  int64_t resume_frame_units;   ///< resume_frame_seconds in units
  int32_t steps_per_second;     ///< from the def: steps per simulated second
  int32_t max_steps_per_frame;  ///< from the def: cap on steps one advance returns; 0 = none
  double max_frame_seconds;     ///< from the def: frame clamp before scaling, s; 0 = none
  double max_call_seconds;      ///< from the def: clamp on one call's scaled time, s; 0 = none
  double resume_frame_seconds;  ///< from the def: what the first frame after a resume counts as, s
  double time_scale;            ///< current scale, >= 0
  int64_t banked_units;         ///< in [0, KS_CLOCK_UNITS_PER_STEP), or more when carried steps are owed
  int64_t total_steps;          ///< steps returned by every advance so far
  int64_t dropped_units;        ///< total scaled time removed by caps, in units
  int64_t last_dropped_units;   ///< what the last advance dropped
  int64_t last_steps;           ///< what the last advance returned
  uint8_t paused;               ///< 1 between ks_clock_pause and ks_clock_resume
  uint8_t resume_pending;       ///< 1 until the first frame after a resume has been counted
  uint8_t carry_excess_steps;   ///< from the def: steps over the cap stay banked
  uint8_t pad_[1];              ///< explicit padding (never hashed)
  uint32_t cookie;              ///< set by ks_clock_init; a clock without it advances no step
} ks_clock;

/// Defaults: 60 steps/s, 0.25 s frame clamp, no step cap, no call cap, 1/60 s after resume, scale 1.
KS_API ks_clock_def ks_clock_default_def(void);

/// Validates def and initialises c. Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED,
/// KS_ERR_RANGE (steps_per_second outside 1..10^6, negative caps or scale),
/// KS_ERR_NOT_FINITE. On error c is left untouched.
KS_API ks_status ks_clock_init(ks_clock *c, const ks_clock_def *def);

/// Banks one frame and returns how many whole steps are now due (>= 0).
/// The caller runs exactly that many steps. A clock ks_clock_init did not make
/// (zeroed, never written) advances nothing: 0, the clock untouched.
KS_API int64_t ks_clock_advance(ks_clock *c, double frame_seconds);

/// Sets the time scale (slow motion 0.3, replay 0.45, live 1). Rejects
/// non-finite or negative values and values over 1000 with KS_ERR_*; the clock is unchanged then.
KS_API ks_status ks_clock_set_time_scale(ks_clock *c, double scale);

/// Pause: frames bank nothing until ks_clock_resume.
KS_API void ks_clock_pause(ks_clock *c);
/// Resume: the next frame counts as resume_frame_seconds whatever its length.
KS_API void ks_clock_resume(ks_clock *c);

/// How far the display sits between the last step and the next, in [0, 1).
/// While carried steps are owed (banked_units >= one step) it is the largest
/// value below 1: the newest state is drawn.
KS_API double ks_clock_alpha(const ks_clock *c);

/// Simulated seconds: total_steps / steps_per_second.
KS_API double ks_clock_time(const ks_clock *c);

/// One step's length in seconds: 1 / steps_per_second.
KS_API double ks_clock_step_seconds(const ks_clock *c);

/// Seconds to units for a given rate: round to nearest, ties away from zero,
/// of seconds × units_per_second computed in double. NaN, negatives and
/// infinities give 0; results saturate at 2^62.
KS_API int64_t ks_clock_seconds_to_units(double seconds, int64_t units_per_second);

/// Dropped scaled time in seconds (all caps, since init).
KS_API double ks_clock_dropped_seconds(const ks_clock *c);

#ifdef __cplusplus
}
#endif
#endif
