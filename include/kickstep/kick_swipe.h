// SPDX-License-Identifier: MIT
/// @file kickstep/kick_swipe.h
/// A kick from a swipe.
///
/// A swipe is a list of touch samples, each with its own timestamp (the
/// touch event's time, not the frame's). The reader turns them into a
/// kick_launch: speed from how fast the finger moves at release, direction
/// from the swipe's overall heading, elevation from how far up the screen it
/// travels, and bend from how much its path bows away from its chord.
///
/// The frame rate never touches it. Samples can arrive in any frame
/// groupings (kick_swipe_add once per frame, with however many samples that
/// frame delivered); nothing is computed until kick_swipe_finish, which reads
/// only the stored samples, so any grouping gives the same bits. Every
/// measure is taken on the path as a function of the samples' own time
/// (piecewise-linear between samples, read at fixed times), so the same
/// gesture sampled at 60 Hz or at 120 Hz gives nearly the same kick.
///
/// Screen frame: x grows to the right, y grows DOWN (as touch events report
/// it). Units are whatever the samples use (pixels, points, or 0..1); say how
/// many of them the screen is tall in `screen_height` (default 1: normalised).
/// Lengths are measured in screen heights. An upward swipe has decreasing y.
///
/// The pitch mapping: a swipe straight up the screen kicks straight at the
/// goal's middle (direction 0); towards the right of the screen is the
/// shooter's right, which is -x in the pitch frame (kick.h). A path that turns
/// to the left as it goes up (counter-clockwise on screen) bends the ball to
/// the shooter's left (+x): side spin about +y.
///
/// Errors, each with a ks_status and a named kick_swipe_error
/// (kick_swipe_error_name): too few samples, a NaN or infinite field, a
/// timestamp not strictly later than the previous one, a swipe with no
/// length, a swipe that does not go up the screen, too many samples. A
/// rejected kick_swipe_add leaves the swipe exactly as it was.
#ifndef KICKSTEP_KICK_SWIPE_H
#define KICKSTEP_KICK_SWIPE_H

#include "kickstep/base.h"
#include "kickstep/kick.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_SWIPE_MAX_SAMPLES 256   ///< most samples one swipe holds (about 1 s at 240 Hz)
#define KICK_SWIPE_MIN_SAMPLES 2     ///< fewest samples a swipe needs

/// One touch sample.
typedef struct kick_touch {
  double x;             ///< screen x, in the swipe's units (right is +)
  double y;             ///< screen y, in the swipe's units (DOWN is +)
  double t;             ///< the sample's own timestamp, s (any origin; strictly increasing)
} kick_touch;

/// Why a swipe was rejected.
typedef enum kick_swipe_error {
  KICK_SWIPE_OK = 0,            ///< accepted
  KICK_SWIPE_TOO_FEW_SAMPLES,   ///< fewer than KICK_SWIPE_MIN_SAMPLES (KS_ERR_RANGE)
  KICK_SWIPE_NOT_FINITE,        ///< a sample's x, y or t is NaN or infinite, or the samples are so far
                                ///< apart (or so close in time) that a measure overflows (KS_ERR_NOT_FINITE)
  KICK_SWIPE_TIME_NOT_INCREASING, ///< a timestamp not strictly later than the one before (KS_ERR_FORMAT)
  KICK_SWIPE_ZERO_LENGTH,       ///< the swipe moved (almost) nowhere (KS_ERR_RANGE)
  KICK_SWIPE_NOT_UPWARD,        ///< it does not travel up the screen, towards the goal (KS_ERR_RANGE)
  KICK_SWIPE_TOO_MANY_SAMPLES,  ///< more than KICK_SWIPE_MAX_SAMPLES (KS_ERR_CAPACITY)
  KICK_SWIPE_BAD_DEF,           ///< the swipe's def is not from kick_swipe_default_def or is out of range (KS_ERR_UNINITIALISED)
  kick_swipe_error_count        ///< the number of errors (not an error)
} kick_swipe_error;

/// How swipes map to kicks. Get one from kick_swipe_default_def().
typedef struct kick_swipe_def {
  double screen_height;     ///< screen height in the samples' units, > 0; default 1 (normalised)
  double min_length;        ///< shortest accepted swipe, screen heights, 0.001..1; default 0.03
  double release_window_s;  ///< the release speed is measured over the swipe's last this many s, 0.005..0.5; default 0.05
  double slow_speed;        ///< release speed (screen heights/s) that gives min_speed_mps, >= 0; default 0.5
  double fast_speed;        ///< release speed that gives max_speed_mps, > slow_speed; default 4.5
  double min_speed_mps;     ///< slowest kick, m/s, (0, max]; default 8
  double max_speed_mps;     ///< fastest kick, m/s, <= 33.5; default KICK_MAX_LAUNCH_SPEED
  double elevation_per_screen; ///< elevation per screen height of upward travel, rad, 0..5; default 0.6
  double min_elevation;     ///< elevation of the shortest swipe, rad, -0.1..1.2; default 0.02
  double max_elevation;     ///< cap, rad, min_elevation..1.2; default 0.9
  double direction_gain;    ///< launch direction per radian of swipe heading, 0..2; default 0.5
  double full_bend_bow;     ///< bow (signed area between path and chord / chord²) of a full-bend swipe, 0.01..1; default 0.12
  uint32_t cookie;          ///< set by kick_swipe_default_def; do not touch
} kick_swipe_def;

/// A swipe being read: a plain value (no pointers). About 6 KiB.
typedef struct kick_swipe {
  kick_swipe_def def;                     ///< the mapping it reads with
  int32_t count;                          ///< samples stored
  kick_touch samples[KICK_SWIPE_MAX_SAMPLES]; ///< the samples samples[0..count), oldest first
} kick_swipe;

/// What the reader made of a swipe.
typedef struct kick_swipe_reading {
  kick_launch launch;       ///< the kick
  double bend;              ///< -1..1, + bends towards +x (shooter's left)
  double release_speed;     ///< finger speed over the release window, screen heights/s
  double length;            ///< chord length, screen heights
  double rise;              ///< upward travel, screen heights
  double heading;           ///< swipe heading from straight up, rad (+ to the screen's right)
  double duration_s;        ///< first to last sample, s
  int32_t samples;          ///< samples read
  kick_swipe_error error;   ///< KICK_SWIPE_OK on success
} kick_swipe_reading;

/// Defaults as documented on each field.
KS_API kick_swipe_def kick_swipe_default_def(void);
/// Starts an empty swipe. KS_ERR_NULL; KS_ERR_UNINITIALISED / KS_ERR_RANGE for a bad def.
KS_API ks_status kick_swipe_begin(kick_swipe *sw, const kick_swipe_def *def);
/// Appends the samples one frame delivered (n may be 0). All or nothing: on any
/// error the swipe is unchanged and *error (may be NULL) names the reason.
KS_API ks_status kick_swipe_add(kick_swipe *sw, const kick_touch *samples, size_t n, kick_swipe_error *error);
/// Reads the swipe into a kick. The swipe is not changed. On error out->error names it
/// and out->launch is kick_launch_default().
KS_API ks_status kick_swipe_finish(const kick_swipe *sw, kick_swipe_reading *out);
/// begin + add(all) + finish in one call (def may be NULL for the defaults).
KS_API ks_status kick_swipe_read(const kick_swipe_def *def, const kick_touch *samples, size_t n,
                                 kick_swipe_reading *out);
/// Stable lower-case names ("too_few_samples", ...); "unknown" otherwise.
KS_API const char *kick_swipe_error_name(kick_swipe_error e);
/// The ks_status a kick_swipe_error is reported with.
KS_API ks_status kick_swipe_error_status(kick_swipe_error e);

#ifdef __cplusplus
}
#endif
#endif
