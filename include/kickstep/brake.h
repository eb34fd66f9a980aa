// SPDX-License-Identifier: MIT
/// @file kickstep/brake.h
/// The brake game: stop a car short of a ramp, or leap it.
///
/// The car waits through a countdown, then accelerates along a straight road
/// (x forward, y up, metres). Ahead is a ramp; just past the ramp's lip stands
/// a barrier. Touch the brake early and the car stops on the road: the score
/// rewards stopping close to the ramp's foot. Touch it late, or never, and the
/// car climbs the ramp, leaps (and spins: flips), clears the barrier or hits
/// it, lands and rolls out to a stop. Once the brake has been touched the
/// throttle is off for good: a released pedal lets the car coast.
///
/// The simulation (brake_sim) is one plain struct: copy it with `=` for a
/// snapshot. brake_sim_step advances one fixed step (1/120 s by default) and
/// appends that step's events to a ks_events buffer, each exactly once, on the
/// step where the physics crossed it.
///
/// Above it sit three helpers, all freestanding C:
///   - brake_policy: a scripted driver ("never", "at-distance:30", "late", ...)
///     that decides the pedal from the state, step by step.
///   - brake_director: the frame loop — a ks_clock at 120 steps/s with a
///     0.05 s frame clamp and a guard of 400 steps per frame (the time over
///     the guard stays in the accumulator for the next frames), and slow motion by
///     easing the time scale during a leap. Only the amount of time fed to the
///     clock changes, so the run is the same at any speed.
///   - brake_sim_run_out: "what if" — when a run ends early (the car has
///     cleared the barrier), the remaining steps run in a tight loop for the
///     score a full run gives. The director does it on the step of the clear.
///
/// The director keeps a press until a step takes it (brake_director_press):
/// a pedal pressed and released between two steps, or within a frame that
/// runs no step (a 144 Hz display over 120 steps a second), still reaches
/// the next step as a pedal down.
#ifndef KICKSTEP_BRAKE_H
#define KICKSTEP_BRAKE_H

#include "kickstep/base.h"
#include "kickstep/clock.h"
#include "kickstep/events.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What a step can report (ks_event.type). Values per event:
typedef enum brake_event_type {
  BRAKE_EV_NONE = 0,       ///< no event (never pushed)
  BRAKE_EV_COUNTDOWN_TICK, ///< subject: whole seconds left (0 = go); value[0] simulated time, s
  BRAKE_EV_BRAKE_START,    ///< first touch of the pedal after go; value: x m, speed m/s
  BRAKE_EV_LEAP,           ///< the car left the ramp's lip; value: x m, vx m/s, vy m/s
  BRAKE_EV_FLIP,           ///< a full turn completed in the air; subject: flip number (1, 2, ...)
  BRAKE_EV_CLEAR,          ///< passed over the barrier; value[0]: clearance above it, m
  BRAKE_EV_CRASH,          ///< hit the barrier; value[0]: height of the hit, m
  BRAKE_EV_LAND,           ///< touched down; value: x m, vertical speed m/s, tilt rad; subject 1 = clean
  BRAKE_EV_STOPPED,        ///< came to rest (or crashed); value: x m, stopwatch s, stopping distance m
  brake_event_count        ///< the number of event types (not a type)
} brake_event_type;

/// Where the run is.
typedef enum brake_phase {
  BRAKE_PHASE_COUNTDOWN = 0, ///< waiting; the pedal is ignored
  BRAKE_PHASE_ROAD,          ///< on the flat road before the ramp
  BRAKE_PHASE_RAMP,          ///< climbing the ramp
  BRAKE_PHASE_AIR,           ///< ballistic flight after the lip
  BRAKE_PHASE_ROLLOUT,       ///< rolling after a landing
  BRAKE_PHASE_DONE,          ///< stopped; further steps do nothing
  brake_phase_count          ///< the number of phases (not a phase)
} brake_phase;

/// How the run ended.
typedef enum brake_outcome {
  BRAKE_OUT_NONE = 0, ///< still running
  BRAKE_OUT_SHORT,    ///< stopped on the road before the ramp
  BRAKE_OUT_RAMP,     ///< stopped on the ramp
  BRAKE_OUT_LEAP,     ///< cleared the barrier, landed and rolled to a stop
  BRAKE_OUT_CRASH,    ///< hit the barrier
  BRAKE_OUT_HOP,      ///< left the ramp too slowly and stopped before the barrier
  brake_outcome_count ///< the number of outcomes (not an outcome)
} brake_outcome;

/// The game's constants. Get one from brake_default_def().
typedef struct brake_def {
  int32_t steps_per_second;  ///< physics rate; default 120; 10..10000
  int32_t countdown_seconds; ///< countdown before go, whole seconds; default 3; 0..10
  double accel_mps2;         ///< throttle acceleration before the first brake, m/s²; default 6
  double top_speed_mps;      ///< speed the throttle stops at, m/s; default 30
  double brake_decel_mps2;   ///< braking deceleration, m/s²; default 8
  double coast_decel_mps2;   ///< rolling deceleration with the pedal up after braking, m/s²; default 1.5
  double gravity_mps2;       ///< gravity, m/s²; default 9.81
  double ramp_x_m;           ///< distance from the start to the ramp's foot, m; default 120
  double ramp_length_m;      ///< ramp length along the ground, m; default 6
  double ramp_angle_rad;     ///< ramp slope, rad; default 0.35 (about 20°); (0, 1.2]
  double barrier_gap_m;      ///< from the ramp's lip to the barrier, m; default 5
  double barrier_height_m;   ///< barrier height above the road, m; default 2
  double spin_per_speed;     ///< spin in the air per m/s of take-off speed, rad/s per m/s; default 0.25
  double clean_tilt_rad;     ///< largest tilt at touch-down that counts as clean, rad; default 0.6
  double rough_keep;         ///< fraction of speed kept by an unclean landing; default 0.4; [0, 1]
  uint32_t cookie;           ///< set by brake_default_def; do not touch
} brake_def;

/// The result of a run (valid once phase is DONE).
typedef struct brake_result {
  int32_t outcome;         ///< brake_outcome
  int32_t score;           ///< points (see docs/brake.md)
  int32_t flips;           ///< full turns in the air
  int32_t clean_landing;   ///< 1 if the landing was clean
  double stopwatch_s;      ///< simulated seconds from go to rest
  double stop_x_m;         ///< where the car came to rest, m
  double stopping_distance_m; ///< from the first brake to rest, m (0 if never braked)
  double leap_distance_m;  ///< from the lip to the touch-down, m (0 if no leap)
  int64_t steps;           ///< steps taken from the start to rest
} brake_result;

/// The whole simulation: a plain value.
typedef struct brake_sim {
  brake_def def;           ///< the constants it was built with
  double dt;               ///< one step, s (1 / steps_per_second)
  int64_t step;            ///< steps taken
  int64_t go_step;         ///< the step on which the countdown reached 0
  int32_t phase;           ///< brake_phase
  int32_t outcome;         ///< brake_outcome
  double x;                ///< car position along the road, m
  double y;                ///< car height, m (0 on the road)
  double vx;               ///< velocity along the road, m/s
  double vy;               ///< vertical velocity, m/s
  double speed;            ///< speed along the surface while on the ground, m/s
  double pitch;            ///< nose-up rotation, rad (accumulates through flips)
  double spin;             ///< pitch rate in the air, rad/s
  int32_t braked;          ///< 1 once the pedal was touched after go
  int32_t pedal;           ///< the pedal during the last step
  int32_t flips;           ///< full turns completed in the air
  int32_t clean_landing;   ///< 1 once a landing was clean
  int32_t cleared;         ///< 1 once the car passed over the barrier
  int32_t pad_;            ///< explicit padding (zero)
  double brake_x;          ///< where the brake was first touched, m
  double lip_x;            ///< where the car left the ramp, m
  double land_x;           ///< where it touched down, m
  double stop_x;           ///< where it came to rest, m
  double stopwatch_s;      ///< simulated seconds since go
  double pitch_at_leap;    ///< pitch when leaving the lip, rad
} brake_sim;

/// Defaults as documented on each field.
KS_API brake_def brake_default_def(void);
/// Validates def and starts a run. Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED,
/// KS_ERR_NOT_FINITE, KS_ERR_RANGE. On error s is untouched.
KS_API ks_status brake_sim_init(brake_sim *s, const brake_def *def);
/// One step with the pedal down (true) or up. Appends this step's events to
/// out (which may be NULL). A run that is DONE does not change, nor does a
/// sim brake_sim_init did not make (zeroed or never written): no step, no event.
KS_API void brake_sim_step(brake_sim *s, bool pedal, ks_events *out);
/// The result so far (outcome NONE while running).
KS_API brake_result brake_sim_result(const brake_sim *s);
/// A 64-bit hash of every state field.
KS_API uint64_t brake_sim_hash(const brake_sim *s);
/// Distance from the car to the ramp's foot, m (negative once past it).
KS_API double brake_sim_gap(const brake_sim *s);
/// Seconds until touch-down if the car flies on undisturbed (0 if not in the air).
KS_API double brake_sim_time_to_land(const brake_sim *s);
/// Names for printing: "countdown_tick", "road", "leap", ...
KS_API const char *brake_event_name(uint32_t type);
/// The name of a brake_phase ("road", ...); "unknown" otherwise.
KS_API const char *brake_phase_name(int32_t phase);
/// The name of a brake_outcome ("leap", ...); "unknown" otherwise.
KS_API const char *brake_outcome_name(int32_t outcome);

/// Scripted drivers: a policy replaces the pedal.
typedef enum brake_policy_kind {
  BRAKE_POLICY_HUMAN = 0,   ///< no policy: the caller's pedal is used
  BRAKE_POLICY_NEVER,       ///< "never": never brakes (leaps the ramp)
  BRAKE_POLICY_AT_DISTANCE, ///< "at-distance:D": brakes (and holds) once within D m of the ramp's foot
  BRAKE_POLICY_AT_TIME,     ///< "at-time:T": brakes (and holds) T s after go
  BRAKE_POLICY_LATE,        ///< "late": brakes at the last moment that still stops before the ramp
  BRAKE_POLICY_EARLY,       ///< "early": brakes at twice the distance "late" would
  BRAKE_POLICY_STUNT,       ///< "stunt:S": brakes until the speed is S m/s, then coasts into the ramp
  brake_policy_count        ///< the number of kinds (not a kind)
} brake_policy_kind;

/// A scripted driver: a kind and its number (brake_policy_parse makes one).
typedef struct brake_policy {
  int32_t kind;   ///< brake_policy_kind
  int32_t pad_;   ///< explicit padding (zero)
  double param;   ///< D (m), T (s) or S (m/s); 0 for the others
} brake_policy;

/// Parses "never", "late", "early", "at-distance:30", "at-time:2.5", "stunt:18".
/// Errors: KS_ERR_NULL, KS_ERR_NOT_FOUND (unknown name), KS_ERR_FORMAT
/// (missing or malformed number), KS_ERR_RANGE (negative or > 10^6).
/// On error out is untouched.
KS_API ks_status brake_policy_parse(const char *text, brake_policy *out);
/// The pedal the policy wants for the next step (human: `human_pedal`).
KS_API bool brake_policy_pedal(const brake_policy *p, const brake_sim *s, bool human_pedal);
/// "never", "at-distance", ...
KS_API const char *brake_policy_name(int32_t kind);

/// "What if": runs the remaining steps in a tight loop until the run is DONE
/// (or max_steps more steps were taken), the pedal decided by `policy`
/// (NULL or human: the last pedal is held). Returns the result (all zero for
/// a sim brake_sim_init did not make, which is left untouched).
KS_API brake_result brake_sim_run_out(brake_sim *s, const brake_policy *policy, int64_t max_steps);

/// The frame loop's settings. Get one from brake_director_default_def().
typedef struct brake_director_def {
  double max_frame_seconds;    ///< frame clamp, s; default 0.05
  int32_t max_steps_per_frame; ///< guard, steps; default 400 (steps over it run in later frames)
  int32_t pad_;                ///< explicit padding (zero)
  double slowmo_scale;         ///< time scale aimed at during a leap; default 0.3; (0, 1]
  double ease_rate;            ///< easing rate, 1/s: scale += (target - scale) × min(1, dt × rate); default 7
  double ease_back_seconds;    ///< aim back at 1 when touch-down is this close, simulated s; default 0.35
  uint32_t cookie;             ///< set by brake_director_default_def; do not touch
} brake_director_def;

/// The director: the game plus its clock, time scale and driver. A plain value.
typedef struct brake_director {
  brake_sim sim;         ///< the game
  ks_clock clock;        ///< the game's steps_per_second, the frame clamp and the guard
  brake_director_def def; ///< the settings it was built with
  brake_policy policy;   ///< the driver (kind BRAKE_POLICY_HUMAN: the caller's pedal)
  double time_scale;     ///< the eased scale used by the last frame
  double target_scale;   ///< what it eases toward
  int64_t frames;        ///< frames run
  int32_t pressed;       ///< 1: a press (brake_director_press) no step has taken yet
  int32_t ended;         ///< 1 once the run ended early: the car cleared the barrier and `what_if` holds the result
  brake_result what_if;  ///< the full run's result, run out in a tight loop on the step of the clear (valid once `ended`)
} brake_director;

/// Defaults as documented on each field of brake_director_def.
KS_API brake_director_def brake_director_default_def(void);
/// Starts a run with the game's def and the director's def. Errors as brake_sim_init.
KS_API ks_status brake_director_init(brake_director *d, const brake_def *game, const brake_director_def *def);
/// Sets the driver (NULL: human). KS_ERR_RANGE for an unknown kind or a bad param.
KS_API ks_status brake_director_set_policy(brake_director *d, const brake_policy *p);
/// One frame of `frame_seconds` real time: eases the time scale, runs the due
/// steps (at most the guard; the rest stay banked for the next frames), each
/// with the policy's pedal (or `pedal`), and
/// appends every step's events to out (may be NULL). Returns the steps run:
/// 0 for a director brake_director_init did not make, left untouched (so too
/// brake_director_begin_frame and brake_director_step).
KS_API int64_t brake_director_frame(brake_director *d, double frame_seconds, bool pedal, ks_events *out);
/// The same frame in two halves, for a driver outside C that decides the pedal
/// step by step (the page's console policies): brake_director_begin_frame eases
/// the scale and returns the steps due; call brake_director_step that many times.
KS_API int64_t brake_director_begin_frame(brake_director *d, double frame_seconds);
/// One step with the policy's pedal (or `pedal` for a human driver, down too
/// if a press is pending; the step takes the press). Once the run has ended
/// early (`ended`), the pedal is the one the what-if held, so the run drawn on
/// to its stop is the what-if's run. On the step that emits BRAKE_EV_CLEAR the
/// director runs a copy out (brake_sim_run_out) into `what_if` and sets `ended`.
KS_API void brake_director_step(brake_director *d, bool pedal, ks_events *out);
/// A press of the pedal, made between frames (a key or pointer down): kept
/// until a step takes it, so a press released before the next step runs is
/// not lost. The held pedal passed to the frame still decides later steps.
KS_API void brake_director_press(brake_director *d);

#ifdef __cplusplus
}
#endif
#endif
