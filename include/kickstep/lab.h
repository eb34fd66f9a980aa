// SPDX-License-Identifier: MIT
/// @file kickstep/lab.h
/// The timestep lab: why a fixed step, shown with numbers.
///
/// Three small simulations, each a plain struct driven frame by frame:
///
///   - lab_loop: three objects meant to move at "the same" speed under three
///     loop strategies. Frame-tied moves speed / reference_fps per frame (so
///     at 15 fps it covers a quarter of the distance of a 60 fps reference);
///     variable-dt moves speed × frame_seconds per frame (right on average,
///     but a hitch teleports it); fixed-step banks time in a ks_clock (0.25 s
///     frame clamp, 5 steps per frame at most) and moves speed / sim_hz per
///     step, drawn interpolated between the last two steps. The accumulator
///     gauge says how full the bank was before the steps and what is left.
///   - lab_jump: the jump demo. Two balls jump with semi-implicit Euler; one
///     integrates with each frame's own dt, the other in fixed steps. At an
///     uneven 20 fps the variable-step ball peaks at a different height each
///     jump; at even 15, 20, 30, 60 or 144 fps it repeats itself but peaks at
///     a different height at each rate; the fixed-step ball peaks at the same
///     height, to the bit, always, at every rate (lab_jump_def_set_rate).
///   - lab_spring: explicit against semi-implicit Euler on a spring. The
///     explicit method's energy grows by (1 + k·dt²/m) every step; the
///     semi-implicit one's stays bounded.
///
/// Units: metres, seconds, kilograms. All numbers come from the C side; a
/// page only draws them.
#ifndef KICKSTEP_LAB_H
#define KICKSTEP_LAB_H

#include "kickstep/base.h"
#include "kickstep/clock.h"
#include "kickstep/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The three loop strategies.
typedef enum lab_strategy {
  LAB_FRAME_TIED = 0, ///< x += speed / reference_fps every frame
  LAB_VARIABLE_DT,    ///< x += speed × frame_seconds every frame
  LAB_FIXED_STEP,     ///< x += speed / sim_hz every fixed step, drawn interpolated
  lab_strategy_count  ///< the number of strategies (not a strategy)
} lab_strategy;

/// Settings of the loop comparison. Get one from lab_loop_default_def().
typedef struct lab_loop_def {
  double speed_mps;            ///< the "same" speed, m/s; default 2; [0, 1000]
  double reference_fps;        ///< the frame rate the frame-tied object was tuned for; default 60; [1, 1000]
  int32_t sim_hz;              ///< fixed steps per second; default 60; 1..1000
  int32_t max_steps_per_frame; ///< catch-up cap; default 5; 1..1000
  double max_frame_seconds;    ///< frame clamp of the fixed step, s; default 0.25; (0, 10]
  int32_t interpolate;         ///< 1 = draw the fixed-step object interpolated; default 1
  uint32_t cookie;             ///< set by lab_loop_default_def; do not touch
} lab_loop_def;

/// The loop comparison: a plain value.
typedef struct lab_loop {
  lab_loop_def def;             ///< the settings it was built with (sim_hz and interpolate as lab_loop_set left them)
  ks_clock clock;               ///< the fixed-step object's clock
  double x[lab_strategy_count]; ///< distance travelled by each object, m (not wrapped)
  double fixed_prev_x;          ///< the fixed-step object before its last step, m
  double real_seconds;          ///< sum of the frames fed in, s
  int64_t frames;               ///< frames fed in
  int64_t last_steps;           ///< steps the last frame ran
  double gauge_before;          ///< bank after adding the last frame, in steps (may exceed 1 before a cap)
  double gauge_after;           ///< bank left after stepping, in steps, [0, 1)
  double dropped_seconds;       ///< simulated time thrown away by the caps, s
} lab_loop;

/// Defaults as documented on each field of lab_loop_def.
KS_API lab_loop_def lab_loop_default_def(void);
/// Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED, KS_ERR_NOT_FINITE, KS_ERR_RANGE; l untouched then.
KS_API ks_status lab_loop_init(lab_loop *l, const lab_loop_def *def);
/// One frame of `frame_seconds` (NaN, infinities and negatives count as 0). Returns fixed steps run;
/// 0 for a loop lab_loop_init did not make (zeroed or never written), left untouched.
KS_API int64_t lab_loop_frame(lab_loop *l, double frame_seconds);
/// Changes the fixed step rate or interpolation live, keeping the objects where they are.
/// KS_ERR_NULL; KS_ERR_UNINITIALISED for a loop lab_loop_init did not make; KS_ERR_RANGE. l untouched on error.
KS_API ks_status lab_loop_set(lab_loop *l, int32_t sim_hz, int32_t interpolate);
/// Where an object is drawn, m (fixed step: interpolated if enabled).
KS_API double lab_loop_drawn(const lab_loop *l, int32_t strategy);

/// Settings of the jump demo. Get one from lab_jump_default_def().
typedef struct lab_jump_def {
  double gravity_mps2;   ///< default 30; (0, 1000]
  double jump_speed_mps; ///< default 10; (0, 1000]
  int32_t sim_hz;        ///< fixed steps per second; default 60; 1..1000
  int32_t pad_;          ///< explicit padding (zero)
  double fps;            ///< frames per second of lab_jump_next_frame; default 20; [1, 1000]
  double jitter;         ///< frame length varies by ± jitter/2 of itself; default 0.4; [0, 1.9]
  uint64_t seed;         ///< seed of the frame-time jitter; default 1
  uint32_t cookie;       ///< set by lab_jump_default_def; do not touch
} lab_jump_def;

/// The jump demo's frame rates, the choices a page offers: even frames at 15,
/// 20, 30, 60 and 144 fps, and an uneven 20 fps (each frame 1/20 s ± 20 %, the
/// default def).
typedef enum lab_jump_rate {
  LAB_JUMP_15_FPS = 0,   ///< 1/15 s frames
  LAB_JUMP_20_FPS,       ///< 1/20 s frames
  LAB_JUMP_30_FPS,       ///< 1/30 s frames
  LAB_JUMP_60_FPS,       ///< 1/60 s frames: the variable step equals the fixed one
  LAB_JUMP_144_FPS,      ///< 1/144 s frames: most run no fixed step
  LAB_JUMP_UNEVEN,       ///< 20 fps, each frame ± 20 % from the demo's dice
  lab_jump_rate_count    ///< the number of choices
} lab_jump_rate;

/// Sets def's fps and jitter to a lab_jump_rate choice. KS_ERR_NULL;
/// KS_ERR_RANGE for an unknown choice (def untouched).
KS_API ks_status lab_jump_def_set_rate(lab_jump_def *def, int32_t rate);
/// The choice's name ("15 fps", ..., "uneven 20 fps"); "" when unknown.
KS_API const char *lab_jump_rate_name(int32_t rate);

/// Most peaks remembered per ball.
#define LAB_JUMP_MAX_PEAKS 32

/// One ball: semi-implicit Euler under gravity, bouncing off nothing.
typedef struct lab_ball {
  double y;              ///< height, m
  double vy;             ///< vertical velocity, m/s
  double peak;           ///< highest y of the current jump, m
  int32_t airborne;      ///< 1 in the air, 0 on the ground
  int32_t pending;       ///< a press waiting for the next update (never lost)
  int32_t peaks;         ///< completed jumps recorded
  int32_t pad_;          ///< explicit padding (zero)
  double peak_y[LAB_JUMP_MAX_PEAKS]; ///< peak of each completed jump (ring after the max)
} lab_ball;

/// The jump demo: a plain value.
typedef struct lab_jump {
  lab_jump_def def;      ///< the settings it was built with
  ks_clock clock;        ///< the fixed ball's clock
  ks_rng frame_rng;      ///< jitter of lab_jump_next_frame
  lab_ball variable;     ///< integrated with each frame's dt
  lab_ball fixed;        ///< integrated in fixed steps
  double fixed_prev_y;   ///< fixed ball before its last step, for drawing
  double line_y;         ///< the fixed-step peak height (where the line is drawn), m
} lab_jump;

/// Defaults as documented on each field of lab_jump_def.
KS_API lab_jump_def lab_jump_default_def(void);
/// Both balls at rest on the ground. Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED,
/// KS_ERR_NOT_FINITE, KS_ERR_RANGE; j untouched then.
KS_API ks_status lab_jump_init(lab_jump *j, const lab_jump_def *def);
/// A press: both balls jump at their next update if on the ground.
KS_API void lab_jump_press(lab_jump *j);
/// The next frame length of an uneven `fps` display (from the demo's own dice), s;
/// 0 for a demo lab_jump_init did not make (zeroed or never written), left untouched.
KS_API double lab_jump_next_frame(lab_jump *j);
/// One frame: the variable ball takes one update of frame_seconds, the fixed ball the due steps.
/// Returns the fixed steps run; 0 for a demo lab_jump_init did not make, left untouched.
KS_API int64_t lab_jump_frame(lab_jump *j, double frame_seconds);
/// Where the fixed ball is drawn (interpolated), m.
KS_API double lab_jump_fixed_drawn(const lab_jump *j);
/// Peak of the ball's k-th completed jump (0 if none).
KS_API double lab_ball_peak(const lab_ball *b, int32_t k);

/// Settings of the spring. Get one from lab_spring_default_def().
typedef struct lab_spring_def {
  double stiffness_npm;  ///< k, N/m; default 4π² (a 1 s period with 1 kg); (0, 10^6]
  double mass_kg;        ///< default 1; (0, 10^6]
  double x0_m;           ///< start displacement, m; default 1
  double v0_mps;         ///< start velocity, m/s; default 0
  double dt_s;           ///< step, s; default 1/30; (0, 1]
  uint32_t cookie;       ///< set by lab_spring_default_def; do not touch
} lab_spring_def;

/// A mass on a spring, integrated twice side by side: a plain value.
typedef struct lab_spring {
  lab_spring_def def;    ///< the settings it was built with
  double ex;             ///< explicit Euler's position, m (x += v·dt; v += a(x_old)·dt)
  double ev;             ///< explicit Euler's velocity, m/s
  double sx;             ///< semi-implicit Euler's position, m (v += a(x)·dt; x += v_new·dt)
  double sv;             ///< semi-implicit Euler's velocity, m/s
  int64_t steps;         ///< steps taken
} lab_spring;

/// Defaults as documented on each field of lab_spring_def.
KS_API lab_spring_def lab_spring_default_def(void);
/// Both integrators at (x0_m, v0_mps). Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED,
/// KS_ERR_NOT_FINITE, KS_ERR_RANGE; s untouched then.
KS_API ks_status lab_spring_init(lab_spring *s, const lab_spring_def *def);
/// One step of both integrators (none for a spring lab_spring_init did not make: untouched).
KS_API void lab_spring_step(lab_spring *s);
/// ½mv² + ½kx² of the explicit (0) or semi-implicit (1) integrator, J.
KS_API double lab_spring_energy(const lab_spring *s, int32_t which);

#ifdef __cplusplus
}
#endif
#endif
