// SPDX-License-Identifier: MIT
/// @file kickstep/walk.h
/// A character controller that behaves the same at any step rate.
///
/// A fixed step removes the frame rate from a game's result, not the step
/// size. This controller goes further: every motion inside a step is
/// integrated exactly, so every rate from 24 to 480 steps a second (30, 60,
/// 120 and 240 among them) walks the same course to the centimetre.
///
///   - Flight is the exact answer for constant gravity, y + v·dt − ½g·dt².
///     Touch-down is found inside the step by solving that quadratic, so a
///     1 m drop lands at √(2·g·1) = 6.3246 m/s (g = 20 m/s²) at every rate.
///   - On the ground the speed moves toward its target at a constant
///     acceleration (a slide decelerates at a constant rate), so position is a
///     quadratic in time; the moment a step edge or a ledge is reached, or a
///     slide ends, is solved inside the step too.
///   - The eye's settling after a step-up, a landing or a crouch is an
///     exponential exp(−k·t) applied over each piece of the step: pieces
///     compose exactly, so the eye settles the same at every rate.
///
/// The course is one-dimensional: the body moves along x (forward = +x), y is
/// up, metres and seconds. The floor is a profile of flat segments separated by
/// risers. The view (yaw, pitch) turns freely but does not steer.
///
/// Input belongs to frames or steps:
///   - look (mouse) is a displacement that already happened: walk_game_frame
///     applies it once per frame, before the frame's steps;
///   - held keys are read by every step and scaled by the step (turn keys turn
///     at turn_rate_rps × dt per step);
///   - a press is kept until a step consumes it: a frame that runs no step
///     (30 steps/s on a 144 Hz display) or a press and release between two
///     frames loses nothing (walk_input.pressed).
///
/// Usage:
/// @code
///   walk_def d = walk_default_def(); d.steps_per_second = 60;
///   walk_game g; walk_game_init(&g, &d);
///   walk_input in = {0}; in.keys = WALK_KEY_FORWARD;
///   walk_game_frame(&g, 1.0 / 60.0, &in, &events);
///   walk_camera cam = walk_game_camera(&g);   // interpolated for drawing
/// @endcode
#ifndef KICKSTEP_WALK_H
#define KICKSTEP_WALK_H

#include "kickstep/base.h"
#include "kickstep/clock.h"
#include "kickstep/events.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Held keys (bit mask), read by every step.
enum walk_key {
  WALK_KEY_FORWARD = 1u << 0, ///< walk forward (+x)
  WALK_KEY_BACK = 1u << 1,    ///< walk back (-x)
  WALK_KEY_SPRINT = 1u << 2,  ///< with forward or back: sprint speed
  WALK_KEY_CROUCH = 1u << 3, ///< crouch; at speed it starts a slide
  WALK_KEY_JUMP = 1u << 4,   ///< jumps once per press (hold does not repeat)
  WALK_KEY_TURN_LEFT = 1u << 5, ///< turn the view left at turn_rate_rps
  WALK_KEY_TURN_RIGHT = 1u << 6 ///< turn the view right at turn_rate_rps
};

/// Events (ks_event.type); value[0] = x m, value[1] = exact time s, value[2] as listed.
typedef enum walk_event_type {
  WALK_EV_NONE = 0,    ///< no event (never pushed)
  WALK_EV_TAKEOFF,     ///< a jump; value[2] = vertical speed m/s
  WALK_EV_APEX,        ///< top of a flight; value[2] = height y m
  WALK_EV_LAND,        ///< touch-down; value[2] = landing speed m/s
  WALK_EV_STEP_UP,     ///< climbed a riser; subject = riser index; value[2] = rise m
  WALK_EV_STEP_DOWN,   ///< stepped down a small riser; value[2] = drop m
  WALK_EV_LEDGE,       ///< walked off a ledge into the air; value[2] = floor drop m
  WALK_EV_WALL,        ///< stopped by a riser too high to climb; value[2] = rise m
  WALK_EV_SLIDE_START, ///< value[2] = speed m/s
  WALK_EV_SLIDE_END,   ///< value[2] = speed m/s
  walk_event_count     ///< the number of event types (not a type)
} walk_event_type;

/// Most risers a floor can have.
#define WALK_MAX_RISERS 16

/// The floor: segment i spans [riser_x[i-1], riser_x[i]) at height height[i];
/// segment 0 starts at −∞, the last ends at +∞.
typedef struct walk_floor {
  int32_t risers;                      ///< 0..WALK_MAX_RISERS
  int32_t pad_;                        ///< explicit padding (zero)
  double riser_x[WALK_MAX_RISERS];     ///< strictly increasing, m
  double height[WALK_MAX_RISERS + 1];  ///< floor height of each segment, m
} walk_floor;

/// The controller's constants. Get one from walk_default_def().
typedef struct walk_def {
  int32_t steps_per_second;   ///< steps per simulated second; default 120; 10..2000
  int32_t pad_;               ///< explicit padding (zero)
  double gravity_mps2;        ///< default 20 (a game's gravity: brisk jumps); (0, 100]
  double walk_speed_mps;      ///< default 4
  double sprint_speed_mps;    ///< default 8
  double crouch_speed_mps;    ///< default 2
  double accel_mps2;          ///< ground acceleration toward the target speed; default 30
  double slide_min_speed_mps; ///< crouching at or above this speed starts a slide; default 6
  double slide_decel_mps2;    ///< slide deceleration down to crouch speed; default 5
  double jump_speed_mps;      ///< take-off vertical speed; default 6 (apex 0.9 m)
  double max_step_m;          ///< highest riser climbed by walking; default 0.35
  double stand_eye_m;         ///< eye height standing; default 1.6
  double crouch_eye_m;        ///< eye height crouched or sliding; default 1.0
  double eye_settle_per_s;    ///< k in the eye's settling exp(−k·t), 1/s; default 10
  double land_dip_s;          ///< the eye dips by landing speed × this, s; default 0.02
  double turn_rate_rps;       ///< yaw rate of the turn keys, rad/s; default 2.5
  double look_sensitivity;    ///< radians per look unit (pixel); default 0.0025
  double max_pitch_rad;       ///< pitch limit, rad; default 1.5
  walk_floor floor;           ///< default: the course (walk_course_floor())
  uint32_t cookie;            ///< set by walk_default_def; do not touch
} walk_def;

/// The body: a plain value.
typedef struct walk_body {
  double x;             ///< feet, along the course, m
  double y;             ///< feet, height, m
  double vx;            ///< velocity along the course, m/s
  double vy;            ///< vertical velocity, m/s
  double yaw;           ///< view yaw, rad, in (−π, π]
  double pitch;         ///< view pitch, rad, within ±max_pitch_rad
  double eye_offset;    ///< eye's lag from its resting height, m (settles to 0)
  double time;          ///< exact simulated time of the body, s
  int64_t step;         ///< steps taken
  int32_t segment;      ///< floor segment under the body
  int32_t grounded;     ///< 1 on the floor, 0 in the air
  int32_t sliding;      ///< 1 while sliding
  int32_t crouched;     ///< 1 while crouched
  int32_t jump_latched; ///< jump held since the last take-off
  uint32_t cookie;      ///< set by walk_body_init; a body without it takes no step (never hashed)
} walk_body;

/// The head bob's height, m: the eye rises and falls by up to this while walking.
#define WALK_BOB_M 0.03
/// The head bob's length along the course, m: one rise and fall per stride.
#define WALK_BOB_STRIDE_M 1.6

/// What the drawing needs: the eye and the view.
typedef struct walk_camera {
  double x;             ///< eye position along the course, m
  double y;             ///< eye height, m (without the bob)
  double yaw;           ///< view yaw, rad
  double pitch;         ///< view pitch, rad
  double bob;           ///< the head bob to add to y when drawing, m: WALK_BOB_M × sin(2π·x / WALK_BOB_STRIDE_M)
                        ///< × min(1, |vx| / walk speed) on the ground and not sliding, else 0. A function of
                        ///< the stepped body, blended between steps like the rest (seed 001)
} walk_camera;

/// One frame's input: the keys held at the frame's end, and every key pressed
/// since the last frame even if it was released again before it.
typedef struct walk_input {
  uint32_t keys;        ///< walk_key bits held at the frame's end; default 0
  uint32_t pressed;     ///< walk_key bits pressed since the last frame (a press and release
                        ///< between two frames included); default 0
  double look_dx;       ///< look displacement since the last frame, units (pixels); + turns right
  double look_dy;       ///< + looks down
} walk_input;

/// The game: body, the body before the last step (for drawing), the clock,
/// and the presses no step has consumed yet.
typedef struct walk_game {
  walk_def def;         ///< the constants it was built with
  walk_body body;       ///< the body now
  walk_body prev;       ///< the body before the last step (drawing interpolates from it)
  ks_clock clock;       ///< steps_per_second from the def
  int64_t frames;       ///< frames run
  uint32_t pending;     ///< walk_key bits pressed but not yet seen by a step
  uint32_t last_keys;   ///< the keys held at the end of the last frame
} walk_game;

/// The default course's floor: flat, three 0.3 m steps up at x = 8, 8.6, 9.2,
/// a platform at 0.9 m, and a ledge at x = 34.55 down to −0.1 m (a 1 m drop).
KS_API walk_floor walk_course_floor(void);
/// Defaults as documented on each field.
KS_API walk_def walk_default_def(void);
/// A body standing at rest at x on the def's floor.
KS_API ks_status walk_body_init(walk_body *b, const walk_def *def, double x);
/// One step of length 1/steps_per_second with the held keys. Appends events (out may be NULL).
/// A body walk_body_init did not make (zeroed, never written), or a def not from
/// walk_default_def, takes no step and stays untouched (so too the other step functions).
KS_API void walk_body_step(walk_body *b, const walk_def *def, uint32_t keys, ks_events *out);
/// One step with the held keys and the keys pressed since the last step. A
/// pressed key counts as held for this step even if it was released before
/// it (a press is never lost), and a jump key pressed again frees the jump
/// latch, so a release and a new press between two steps is a new jump.
/// walk_body_step(b, def, keys, out) is this with pressed = 0.
KS_API void walk_body_step_pressed(walk_body *b, const walk_def *def, uint32_t keys, uint32_t pressed,
                                   ks_events *out);
/// Applies one frame's look displacement to a body (yaw wraps, pitch clamps).
KS_API void walk_body_look(walk_body *b, const walk_def *def, double dx, double dy);
/// Eye height above the feet at rest for the body's posture, m.
KS_API double walk_body_eye_rest(const walk_body *b, const walk_def *def);
/// Camera of a body.
KS_API walk_camera walk_body_camera(const walk_body *b, const walk_def *def);
/// Blend for drawing: position, pitch and head bob linearly, yaw the shortest way round.
KS_API walk_camera walk_camera_lerp(walk_camera a, walk_camera b, double alpha);
/// A 64-bit hash of every body field.
KS_API uint64_t walk_body_hash(const walk_body *b);

/// Validates def (KS_ERR_NULL, KS_ERR_UNINITIALISED, KS_ERR_NOT_FINITE,
/// KS_ERR_RANGE) and starts at x = 0. On error g is untouched.
KS_API ks_status walk_game_init(walk_game *g, const walk_def *def);
/// One frame: look once, then the due steps with the held keys. A press (a
/// bit of in->pressed, or a key held now that was not held at the last frame)
/// is kept until a step consumes it: the first step to run, in this frame or
/// a later one, sees the key held and the press, even if the key was released
/// before that step. So no press is lost, whatever the step rate and however
/// the frames fall. Returns steps run: 0 for a game walk_game_init did not make, left untouched.
KS_API int64_t walk_game_frame(walk_game *g, double frame_seconds, const walk_input *in, ks_events *out);
/// The camera to draw, interpolated by the clock's alpha.
KS_API walk_camera walk_game_camera(const walk_game *g);
/// The name of a walk_event_type ("takeoff", ...); "unknown" otherwise.
KS_API const char *walk_event_name(uint32_t type);

/// The course report: what walk_course_run measures. Every field is in metres,
/// seconds or m/s and must agree at every step rate to the centimetre.
typedef enum walk_report_field {
  WALK_R_JUMP_TAKEOFF_X,   ///< x of the jump's take-off, m
  WALK_R_JUMP_TAKEOFF_T,   ///< time of the take-off, s
  WALK_R_JUMP_APEX_Y,      ///< height of the jump's apex, m
  WALK_R_JUMP_LAND_X,      ///< x of the jump's landing, m
  WALK_R_JUMP_LAND_T,      ///< time of that landing, s
  WALK_R_JUMP_LAND_SPEED,  ///< vertical speed at that landing, m/s
  WALK_R_STEPS_TOP_X,      ///< x where the third step is climbed, m
  WALK_R_STEPS_TOP_T,      ///< time of that climb, s
  WALK_R_SPRINT_X,         ///< x when the sprint starts (3 s), m
  WALK_R_SLIDE_START_X,    ///< x where the slide starts, m
  WALK_R_SLIDE_END_X,      ///< x where the slide ends, m
  WALK_R_SLIDE_END_T,      ///< time the slide ends, s
  WALK_R_SLIDE_DISTANCE,   ///< slide_end_x - slide_start_x, m
  WALK_R_LEDGE_X,          ///< x where the body walks off the ledge, m
  WALK_R_LEDGE_T,          ///< time it does, s
  WALK_R_DROP_LAND_X,      ///< x of the landing after the ledge, m
  WALK_R_DROP_LAND_T,      ///< time of that landing, s
  WALK_R_DROP_LAND_SPEED,  ///< vertical speed at that landing, m/s (6.3246 for the 1 m drop)
  WALK_R_EYE_AT_2_4,       ///< eye height at 2.4 s, m
  WALK_R_EYE_AT_7_5,       ///< eye height at 7.5 s, m
  WALK_R_X_AT_4,           ///< x at 4 s, m
  WALK_R_X_AT_7_5,         ///< x at 7.5 s, m
  WALK_R_FINAL_X,          ///< x at the end of the course, m
  WALK_R_FINAL_T,          ///< time at the end of the course, s
  walk_report_field_count  ///< the number of fields (not a field)
} walk_report_field;

/// What walk_course_run measured at one step rate.
typedef struct walk_report {
  int32_t steps_per_second; ///< the rate it was run at
  int32_t events;        ///< events seen
  double v[walk_report_field_count]; ///< the measures, indexed by walk_report_field
} walk_report;

/// "jump_takeoff_x", ... (snake_case; units in docs/walk.md).
KS_API const char *walk_report_field_name(int32_t field);
/// Walks the scripted course (walk, jump, three steps, sprint, slide, off the
/// ledge, land) with def's constants and rate. Script times are multiples of
/// 1/30 s; a step that a key change falls inside is split at it (each part
/// integrated exactly), and the report's fields at fixed times are read at
/// those times, inside a step if need be, so every rate sees the same input
/// at the same moments. Errors as walk_game_init.
KS_API ks_status walk_course_run(const walk_def *def, walk_report *out);
/// One step of the course script for a live game: the step that starts at
/// b->step, with the script's key changes at their own moments inside it (the
/// same step walk_course_run takes). Appends events (out may be NULL).
KS_API void walk_course_step(walk_body *b, const walk_def *def, ks_events *out);
/// The course script's held keys at the start of the step that starts at step
/// index `step` (time step / rate). A key change inside the step is not seen
/// here: walk_course_step takes it at its moment.
KS_API uint32_t walk_course_keys(int64_t step, int32_t rate);
/// Course length in simulated seconds.
#define WALK_COURSE_SECONDS 9

/// The ledge (seed 001: "A game at 60 used to jump 2.6 cm lower than one at
/// 120 and miss a ledge the other cleared"). The course's jump (walk forward
/// from rest, jump at 1 s, take-off at x = 3.7333 m) against a ledge whose
/// face stands at WALK_LEDGE_X_M, WALK_LEDGE_TOP_M high: just where the jump
/// peaks, and between the heights a per-step semi-implicit Euler jump reaches
/// at 60 steps a second (0.8500 m) and at 120 (0.8750 m). The exact
/// controller peaks at 0.9 m at every rate and clears it; the Euler jump
/// misses it at 30 and 60 steps a second and clears it at 120 and 240.
#define WALK_LEDGE_X_M 4.91
/// The ledge's top above the floor, m.
#define WALK_LEDGE_TOP_M 0.8625

/// How walk_ledge_run integrates the flight.
typedef enum walk_integrator {
  WALK_INTEGRATE_EXACT = 0, ///< the controller: closed-form flight, events inside the step
  WALK_INTEGRATE_EULER,     ///< per step: vy −= g·dt; x += vx·dt; y += vy·dt; the face checked at step ends
  walk_integrator_count     ///< the number of integrators (not one)
} walk_integrator;

/// What one jump at the ledge did.
typedef struct walk_ledge_result {
  int32_t steps_per_second; ///< the rate it ran at
  int32_t integrator;       ///< walk_integrator
  int32_t cleared;          ///< 1: came down on the ledge's top; 0: hit its face and fell back
  int32_t pad_;             ///< explicit padding (zero)
  double takeoff_x_m;       ///< where the jump left the floor, m
  double apex_y_m;          ///< the highest the feet got, m
  double land_x_m;          ///< where the feet came down, m
  double land_y_m;          ///< the floor height there, m (WALK_LEDGE_TOP_M if cleared, else 0)
} walk_ledge_result;

/// The ledge's floor: flat at 0 up to WALK_LEDGE_X_M, then WALK_LEDGE_TOP_M.
KS_API walk_floor walk_ledge_floor(void);
/// The course's jump at the ledge at def's rate (def's floor is replaced by
/// walk_ledge_floor()), its flight integrated by `integrator`. The walk up to
/// the take-off is the controller's at both, so they leave the floor alike.
/// Errors: as walk_game_init; KS_ERR_RANGE for an unknown integrator.
KS_API ks_status walk_ledge_run(const walk_def *def, int32_t integrator, walk_ledge_result *out);
/// The apex of a jump from rest with def's jump speed and gravity, integrated
/// per step by semi-implicit Euler at def's rate, m (the controller's is
/// jump_speed² / 2g at every rate). When jump_speed / (g·dt) is a whole number
/// (6 m/s, 20 m/s², any rate a multiple of 10) it is exactly
/// jump_speed² / 2g − jump_speed·dt / 2: 0.85 m at 60 steps a second, 0.875 at 120.
KS_API double walk_euler_apex(const walk_def *def);

#ifdef __cplusplus
}
#endif
#endif
