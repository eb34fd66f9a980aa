// SPDX-License-Identifier: MIT
/// @file kickstep/kick_aim.h
/// A swipe at the goal as the player sees it: the aiming camera, the screen
/// and the swipe read against them.
///
/// The aiming camera (kick_aim_camera) is the view a front end draws before
/// the kick, a pure function of the spot and the screen's size in pixels: it
/// stands behind the ball on the line from the goal's middle, a little to the
/// shooter's right, and is pitched and zoomed so the ball sits low in the
/// frame and the goal high, both large, on a portrait phone as on a desktop.
///
/// The swipe reader (kick_aim_read) works in that picture. The swipe's chord
/// (first sample to last, in pixels) is laid from the ball's screen position:
/// - where it ends on the goal's face or above it (the ray through that
///   pixel meets the goal-line plane at or above the ground), that point is
///   the aim, so a swipe to the top corner as drawn aims at the top corner
///   and one beside the post aims as wide as it looks;
/// - a swipe that stops short of the goal in the picture is a flick towards
///   it: the aim is where its line, carried on, meets the plane at
///   `short_aim_height` (1.2 m, mid-goal), so its side is kept;
/// - the aim is kept within `max_aim_height` and `max_aim_across`.
/// The flick's peak speed (kick_swipe.h's measure) sets the launch speed on a
/// logarithmic scale, its bow the bend, and the kick solver (kick_solver.h)
/// finds the launch that crosses the goal line at the aim at that speed and
/// bend in still air on an open pitch; wind, wall and keeper then do their
/// work. A swipe that points more than `max_off_angle` away from the goal on
/// screen (sideways or down), a tap and the reader's other refusals are
/// kick_swipe_error values with their sentences.
///
/// Everything is kickstep's own arithmetic: the launch is a pure function of
/// the samples with their timestamps, the spot and the screen size, the same
/// bits in every build. Screen frame: pixels, x right, y DOWN; the pitch frame
/// is kick.h's (+x the shooter's left, the screen's right is -x).
#ifndef KICKSTEP_KICK_AIM_H
#define KICKSTEP_KICK_AIM_H

#include "kickstep/base.h"
#include "kickstep/kick.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_solver.h"
#include "kickstep/kick_swipe.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_SCREEN_MIN_PX 64.0     ///< smallest screen side accepted, px
#define KICK_SCREEN_MAX_PX 16384.0  ///< largest screen side accepted, px

/// Whether a screen of width x height pixels can be framed: KS_OK, KS_ERR_NOT_FINITE,
/// or KS_ERR_RANGE (a side outside KICK_SCREEN_MIN_PX..KICK_SCREEN_MAX_PX, or an
/// aspect outside 1:4..4:1).
KS_API ks_status kick_aim_screen_check(double width, double height);

/// The aiming camera for a spot and a screen of width x height pixels (any
/// aspect from 1:4 to 4:1). The camera's vertical field of view is `fov`; the
/// aspect is width / height. KS_ERR_NULL, KS_ERR_NOT_FINITE, KS_ERR_RANGE
/// (a side outside KICK_SCREEN_MIN_PX..KICK_SCREEN_MAX_PX or the aspect outside
/// 1:4..4:1), and kick_setup_validate's errors.
KS_API ks_status kick_aim_camera(const kick_setup *su, double width, double height, kick_camera *out);

/// Where a point of the pitch is drawn on a width x height screen by camera
/// `c` (up is +y; the camera looks at c->target): pixels, x right, y down. False
/// (and nothing written) when the point is not in front of the camera.
KS_API bool kick_camera_project(const kick_camera *c, double width, double height, ks_vec3 p, double *sx,
                                double *sy);

/// The point of the plane z = `plane_z` that the pixel (sx, sy) shows. False
/// when the pixel's ray does not meet the plane in front of the camera.
KS_API bool kick_camera_unproject_z(const kick_camera *c, double width, double height, double sx, double sy,
                                    double plane_z, ks_vec3 *out);

/// How swipes in the picture become kicks. Get one from kick_aim_default_def().
typedef struct kick_aim_def {
  double slow_flick;        ///< flick peak speed, screen heights/s, that kicks at slow_speed_mps; default 0.55
  double fast_flick;        ///< flick peak speed that kicks at KICK_MAX_LAUNCH_SPEED (the cap); default 6.0
  double slow_speed_mps;    ///< speed of a slow_flick, m/s; default 15
  double min_speed_mps;     ///< no kick is slower, m/s (slower flicks than slow_flick go on down to it); default 9
  double short_aim_height;  ///< height a swipe short of the goal is carried on to, m; default 1.2
  double max_aim_height;    ///< the highest aim, m; default 6
  double max_aim_across;    ///< the widest aim either side of the goal's middle, m; default 16
  double max_off_angle;     ///< a swipe more than this far (rad) from the ball-to-goal direction on screen is
                            ///< refused as not towards the goal; default 1.05 (60 degrees)
  uint32_t cookie;          ///< set by kick_aim_default_def; do not touch
} kick_aim_def;

/// What the reader made of a swipe in the picture.
typedef struct kick_aim_reading {
  kick_swipe_reading swipe; ///< the swipe's measures (length in screen heights, flick speed, bow, bend);
                            ///< swipe.launch is the kick (the same as `launch`)
  kick_launch launch;       ///< the kick: the solver's launch at the flick's speed and bend
  kick_camera camera;       ///< the aiming camera it was read against
  double ball_px[2];        ///< the ball's centre on screen, px
  double end_px[2];         ///< the swipe laid from the ball: where it ends, px
  double aim[2];            ///< the aim on the goal line (x across, y height), m
  bool extended;            ///< the swipe stopped short of the goal and was carried on to short_aim_height
  double off_angle;         ///< angle between the swipe and the ball-to-goal direction on screen, rad (+ right)
  kick_solution solution;   ///< the solver's answer (its miss, tries, crossing)
  kick_swipe_error error;   ///< KICK_SWIPE_OK on success
} kick_aim_reading;

/// Defaults as documented on each field.
KS_API kick_aim_def kick_aim_default_def(void);
/// KS_OK, or why the def is unusable (KS_ERR_NULL, KS_ERR_UNINITIALISED, KS_ERR_NOT_FINITE, KS_ERR_RANGE).
KS_API ks_status kick_aim_validate(const kick_aim_def *d);

/// The launch speed of a flick whose peak speed is `flick` screen heights/s
/// (logarithmic between slow_flick and fast_flick, clamped to
/// min_speed_mps..KICK_MAX_LAUNCH_SPEED). 0 for a bad def or a non-finite flick.
KS_API double kick_aim_flick_speed(const kick_aim_def *d, double flick);

/// Reads a swipe in the picture of a width x height screen. `sw` holds the
/// samples in pixels of that screen: it must have been begun with
/// def.screen_height = height (KS_ERR_RANGE otherwise). The swipe is not
/// changed. On a refused swipe out->error names why and out->launch is
/// kick_launch_default(); a swipe the solver cannot put on the aim still
/// kicks (the solver's best try: out->solution.miss_m says by how much).
/// def may be NULL for the defaults.
KS_API ks_status kick_aim_read(const kick_aim_def *def, const kick_setup *su, double width, double height,
                               const kick_swipe *sw, kick_aim_reading *out);

/// kick_swipe_begin + kick_swipe_add(all) + kick_aim_read in one call: samples in pixels.
KS_API ks_status kick_aim_read_samples(const kick_aim_def *def, const kick_setup *su, double width, double height,
                                       const kick_touch *samples, size_t n, kick_aim_reading *out);

#ifdef __cplusplus
}
#endif
#endif
