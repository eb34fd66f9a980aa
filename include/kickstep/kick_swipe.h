// SPDX-License-Identifier: MIT
/// @file kickstep/kick_swipe.h
/// A kick from a swipe (or from keys).
///
/// A swipe is a list of touch samples, each with its own timestamp (the
/// touch event's time, not the frame's). The reader turns them into a
/// kick_launch: speed from how fast the finger flicks, direction from the
/// swipe's overall heading, elevation from how far up the screen it travels,
/// and bend from how much its path bows away from its chord.
///
/// What a hand does, not how it was sampled. The speed is the flick's
/// **peak**: the fastest the finger covered ground over any stretch of
/// `release_window_s` (80 ms) of the swipe's own time, measured on the
/// piecewise-linear path through the samples. So a finger that rests before
/// lifting off (dwell), a finger that rests for seconds before the flick, a
/// 60 Hz touch screen or a 1000 Hz mouse, coalesced samples and uneven sample
/// spacing all give the same kick within a few percent (tested on families of
/// hand-like swipes: tests/kick/test_swipe.c, docs/kick-input.md). A swipe
/// holds any number of samples: they are folded into running measures as
/// they come, and only the last KICK_SWIPE_RECENT are kept.
///
/// The frame rate never touches it. Samples can arrive in any frame
/// groupings (kick_swipe_add once per frame, with however many samples that
/// frame delivered); every sample is folded in the same order whatever the
/// grouping, so any grouping gives the same bits. Two samples with the same
/// timestamp (coalesced reports) are one sample: the later position wins.
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
/// the shooter's left (+x): side spin about +y. A path that bows less than
/// `straight_bow` is straight: no spin.
///
/// Keys. kick_keys_read makes a launch from keyboard aim (arrows), a held key
/// for power and a bend setting, through the same mapping a swipe's measures
/// take, so a keyboard kick is a swipe's kick (the page never makes a launch).
///
/// Errors, each with a ks_status and a named kick_swipe_error
/// (kick_swipe_error_name) and a sentence for the player
/// (kick_swipe_error_text): too few samples, a NaN or infinite field, a
/// timestamp earlier than the previous one, a swipe with no length, a swipe
/// that does not go up the screen. A rejected kick_swipe_add leaves the swipe
/// exactly as it was.
#ifndef KICKSTEP_KICK_SWIPE_H
#define KICKSTEP_KICK_SWIPE_H

#include "kickstep/base.h"
#include "kickstep/kick.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_SWIPE_RECENT 256        ///< samples a swipe keeps for the peak-speed window (older ones are folded in)
#define KICK_SWIPE_MAX_SAMPLES 256   ///< kept for source compatibility: KICK_SWIPE_RECENT (a swipe takes any number)
#define KICK_SWIPE_MIN_SAMPLES 2     ///< fewest samples (distinct timestamps) a swipe needs
#define KICK_SWIPE_MAX_COUNT 1000000000ll ///< most samples one swipe accepts (about 11 days at 1000 Hz)

/// One touch sample.
typedef struct kick_touch {
  double x;             ///< screen x, in the swipe's units (right is +)
  double y;             ///< screen y, in the swipe's units (DOWN is +)
  double t;             ///< the sample's own timestamp, s (any origin; never decreasing)
} kick_touch;

/// Why a swipe was rejected.
typedef enum kick_swipe_error {
  KICK_SWIPE_OK = 0,            ///< accepted
  KICK_SWIPE_TOO_FEW_SAMPLES,   ///< fewer than KICK_SWIPE_MIN_SAMPLES distinct timestamps (KS_ERR_RANGE)
  KICK_SWIPE_NOT_FINITE,        ///< a sample's x, y or t is NaN or infinite, or the samples are so far
                                ///< apart (or so close in time) that a measure overflows (KS_ERR_NOT_FINITE)
  KICK_SWIPE_TIME_NOT_INCREASING, ///< a timestamp earlier than the one before (KS_ERR_FORMAT); an equal one is merged
  KICK_SWIPE_ZERO_LENGTH,       ///< the swipe moved (almost) nowhere: a tap (KS_ERR_RANGE)
  KICK_SWIPE_NOT_UPWARD,        ///< it does not travel up the screen, towards the goal (KS_ERR_RANGE)
  KICK_SWIPE_TOO_MANY_SAMPLES,  ///< more than KICK_SWIPE_MAX_COUNT samples (KS_ERR_CAPACITY)
  KICK_SWIPE_BAD_DEF,           ///< the swipe's def is not from kick_swipe_default_def or is out of range (KS_ERR_UNINITIALISED)
  kick_swipe_error_count        ///< the number of errors (not an error)
} kick_swipe_error;

/// How swipes map to kicks. Get one from kick_swipe_default_def().
typedef struct kick_swipe_def {
  double screen_height;     ///< screen height in the samples' units, > 0; default 1 (normalised)
  double min_length;        ///< shortest accepted swipe, screen heights, 0.001..1; default 0.03
  double release_window_s;  ///< the flick's speed is its peak over any stretch this long, s, 0.005..0.5; default 0.08
  double slow_speed;        ///< flick speed (screen heights/s) that gives min_speed_mps, >= 0; default 0.5
  double fast_speed;        ///< flick speed that gives max_speed_mps, > slow_speed; default 4.0
  double min_speed_mps;     ///< slowest kick, m/s, (0, max]; default 8
  double max_speed_mps;     ///< fastest kick, m/s, <= 33.5; default KICK_MAX_LAUNCH_SPEED
  double elevation_per_screen; ///< elevation per screen height of upward travel, rad, 0..5; default 0.6
  double min_elevation;     ///< elevation of the shortest swipe, rad, -0.1..1.2; default 0.02
  double max_elevation;     ///< cap, rad, min_elevation..1.2; default 0.9
  double direction_gain;    ///< launch direction per radian of swipe heading, 0..2; default 0.5
  double full_bend_bow;     ///< bow (signed area between path and chord / chord²) of a full-bend swipe, 0.01..1; default 0.12
  double straight_bow;      ///< a bow smaller than this is a straight swipe (no spin), 0..full_bend_bow/2; default 0.006
  uint32_t cookie;          ///< set by kick_swipe_default_def; do not touch
} kick_swipe_def;

/// A swipe being read: a plain value (no pointers), about 6.3 KiB. Its
/// measures are folded in as the samples come; only the most recent
/// KICK_SWIPE_RECENT samples are kept (for the peak-speed window).
typedef struct kick_swipe {
  kick_swipe_def def;           ///< the mapping it reads with
  int64_t count;                ///< samples accepted (merged ones included)
  int64_t points;               ///< distinct timestamps among them
  kick_touch first;             ///< the first point, normalised (screen heights, y UP)
  kick_touch latest;            ///< the newest point, normalised; not yet folded into the measures
  double area2;                 ///< twice the signed area of the folded path and its closing chord, screen heights²
  double peak_speed;            ///< fastest windowed speed of the folded path, screen heights/s (0 before a full window)
  double peak_end_t;            ///< when the fastest window ended, s (swipe time)
  bool windowed;                ///< a whole window fits in the folded path (peak_speed is set)
  bool overflow;                ///< a measure overflowed (finite samples far apart): the swipe reads as not_finite
  int32_t recent_head;          ///< index of the oldest kept point in `recent`
  int32_t recent_count;         ///< kept points, 0..KICK_SWIPE_RECENT
  bool recent_dropped;          ///< older points than `recent` holds were folded in and dropped
  kick_touch recent[KICK_SWIPE_RECENT]; ///< the newest folded points, normalised, oldest first from recent_head
} kick_swipe;

/// What the reader made of a swipe.
typedef struct kick_swipe_reading {
  kick_launch launch;       ///< the kick
  double bend;              ///< -1..1, + bends towards +x (shooter's left)
  double release_speed;     ///< the flick's peak speed over release_window_s, screen heights/s
  double length;            ///< chord length, screen heights
  double rise;              ///< upward travel, screen heights
  double heading;           ///< swipe heading from straight up, rad (+ to the screen's right)
  double bow;               ///< signed area between the path and its chord / chord², + counter-clockwise
  double duration_s;        ///< first to last sample, s
  double dwell_s;           ///< from the end of the fastest window to the last sample, s
  int32_t samples;          ///< samples read (distinct timestamps; at most INT32_MAX)
  kick_swipe_error error;   ///< KICK_SWIPE_OK on success
} kick_swipe_reading;

/// Defaults as documented on each field.
KS_API kick_swipe_def kick_swipe_default_def(void);
/// Starts an empty swipe. KS_ERR_NULL; KS_ERR_UNINITIALISED / KS_ERR_RANGE for a bad def.
KS_API ks_status kick_swipe_begin(kick_swipe *sw, const kick_swipe_def *def);
/// Appends the samples one frame delivered (n may be 0). All or nothing: on any
/// error the swipe is unchanged and *error (may be NULL) names the reason.
KS_API ks_status kick_swipe_add(kick_swipe *sw, const kick_touch *samples, size_t n, kick_swipe_error *error);
/// Reads the swipe into a kick. The swipe is not changed (more samples may
/// follow). On error out->error names it and out->launch is kick_launch_default().
KS_API ks_status kick_swipe_finish(const kick_swipe *sw, kick_swipe_reading *out);
/// begin + add(all) + finish in one call (def may be NULL for the defaults).
KS_API ks_status kick_swipe_read(const kick_swipe_def *def, const kick_touch *samples, size_t n,
                                 kick_swipe_reading *out);
/// Stable lower-case names ("too_few_samples", ...); "unknown" otherwise.
KS_API const char *kick_swipe_error_name(kick_swipe_error e);
/// One sentence for the player ("That was a tap: swipe from the ball to where you want it to go."); "" for KICK_SWIPE_OK.
KS_API const char *kick_swipe_error_text(kick_swipe_error e);
/// The ks_status a kick_swipe_error is reported with.
KS_API ks_status kick_swipe_error_status(kick_swipe_error e);

/* --------------------------------------------------------------------- keys */

#define KICK_KEYS_POWER_RISE_S 1.1   ///< a held power key fills the meter in this long, s; then it falls back

/// A keyboard kick: what the arrows, the power key and the bend key say.
typedef struct kick_keys {
  double aim;               ///< -1 (far left of the goal) .. 1 (far right), as the screen shows it
  double height;            ///< 0 (along the ground) .. 1 (as high as a swipe goes)
  double bend;              ///< -1 .. 1, as a swipe's bend: + curls to the shooter's left (+x)
  double hold_s;            ///< how long the power key was held, s (its key events' own timestamps), >= 0
} kick_keys;

/// The power meter of a key held for `hold_s` seconds, 0..1: it rises to 1 in
/// KICK_KEYS_POWER_RISE_S, then falls back and rises again, so a kick at full
/// power is a matter of timing. 0 for a negative or non-finite hold.
KS_API double kick_keys_power(double hold_s);

/// The launch of a keyboard kick. The keys are turned into the measures of an
/// equivalent swipe (rise, heading, flick speed, bow) and those go through the
/// swipe's own mapping (def may be NULL for the defaults), so a key kick and a
/// swipe kick are made the same way. KS_ERR_NULL, KS_ERR_NOT_FINITE, KS_ERR_RANGE
/// (aim, height, bend outside their ranges, hold_s < 0), bad def as
/// kick_swipe_begin; out->error is KICK_SWIPE_OK or KICK_SWIPE_BAD_DEF.
KS_API ks_status kick_keys_read(const kick_swipe_def *def, const kick_keys *keys, kick_swipe_reading *out);

#ifdef __cplusplus
}
#endif
#endif
