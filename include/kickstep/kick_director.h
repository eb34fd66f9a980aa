// SPDX-License-Identifier: MIT
/// @file kickstep/kick_director.h
/// The play director: frames to steps, slow motion
/// from a look-ahead, instant replays, events and the camera.
///
/// The director is the frame-level policy every front end shares. It is one
/// plain struct (no pointers): the live shot, the copy taken just before the
/// strike, the kick, the stamped input log of a person in goal, the settings,
/// the speed state, the replay queue and the camera.
///
/// Frames. A front end calls kick_director_frame once per display refresh with
/// the refresh's target timestamp (seconds, any origin). A frame's length is
/// the gap between two target timestamps; none counts as more than 1/20 s;
/// the first frame after init or after a pause counts as 1/60 s; a timestamp
/// that goes backwards counts as 0. Real time is banked in exact integer
/// ticks and spent in 1/600 s steps: a step costs one step of real time at
/// speed 1 (live), 1/0.3 of one in slow motion and 1/0.45 of one in a replay.
/// The speed may change between two steps of the same frame (the window is
/// exact to the step); the step never changes.
///
/// Slow motion. kick_director_kick strikes a copy of the shot with the kick
/// and runs it ahead in 1/60 s chunks (up to 3 s = 1,800 steps) before the
/// live kick is struck. If the copy is decided in a moment that earns slow
/// motion (kick_moments_slow_motion), the live steps whose start lies in
/// [decision − 0.24 s, decision + 0.08 s) run at 0.3×. Never when the effects
/// setting is off or a person keeps goal.
///
/// Instant replay. When the live kick is decided as a goal whose moments earn
/// a replay (kick_moments_replay) and effects are on, a probe copy (the
/// before-strike copy struck with the same kick and fed the same input log)
/// finds the decision step. The replay is queued; it starts 1.15 s of screen
/// time after the goal (the live steps run since the goal, each costing its
/// real time at its speed: 690 steps at 1×, fewer after a slow tail), plays the
/// before-strike copy struck again at 0.45× until 0.7 s of game time (420
/// steps) after its decision, from a long-lens camera behind the shooter on
/// the side the ball did not go. The live match waits while it plays; a tap
/// (kick_director_tap) skips it, pending or playing.
///
/// Events. Every frame appends, in order and once each, the director events
/// (kick_director_event_type) of the steps it ran: ks_event.step is the live
/// shot's step (total_steps after the step) or, for replay events, the
/// replay copy's step. subject/value as documented per type.
///
/// Drawing. kick_director_view_get interpolates the ball between the previous and
/// the current step of whichever shot is on screen, and the camera (yaw the
/// shortest way round), by the banked fraction of a step. It never changes
/// the simulation.
///
/// Errors: every ks_status function validates at the door and leaves the
/// director untouched on error. Freestanding: no libc, no allocation.
#ifndef KICKSTEP_KICK_DIRECTOR_H
#define KICKSTEP_KICK_DIRECTOR_H

#include "kickstep/base.h"
#include "kickstep/events.h"
#include "kickstep/kick.h"
#include "kickstep/kick_batch.h"
#include "kickstep/vec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- constants */

#define KICK_DIRECTOR_MAX_FRAME_SECONDS (1.0 / 20.0)     ///< no frame counts as more, s
#define KICK_DIRECTOR_RESUME_FRAME_SECONDS (1.0 / 60.0)  ///< first frame after init/pause counts as, s
#define KICK_DIRECTOR_SPEED_LIVE 1.0                      ///< game time per real time, live
#define KICK_DIRECTOR_SPEED_SLOW 0.3                      ///< ... in slow motion
#define KICK_DIRECTOR_SPEED_REPLAY 0.45                   ///< ... in an instant replay
#define KICK_DIRECTOR_LOOKAHEAD_CHUNK_SECONDS (1.0 / 60.0) ///< look-ahead advance per call, s
#define KICK_DIRECTOR_LOOKAHEAD_MAX_STEPS 1800           ///< 3 s of game time
#define KICK_DIRECTOR_SLOW_BEFORE_STEPS 144              ///< 0.24 s before the decision
#define KICK_DIRECTOR_SLOW_AFTER_STEPS 48                ///< 0.08 s after the decision
#define KICK_DIRECTOR_REPLAY_DELAY_TICKS 6210000000ll    ///< replay starts 1.15 s of screen time after the goal (ticks)
#define KICK_DIRECTOR_REPLAY_TAIL_STEPS 420              ///< replay stops 0.7 s of game time after its decision
#define KICK_DIRECTOR_PROBE_MAX_STEPS 6000               ///< a probe gives up after 10 s of flight
#define KICK_DIRECTOR_MAX_INPUTS 8                       ///< most keeper taps recorded per kick

/// Real-time ticks of one step at speed 1. A step costs 9e6 ticks live,
/// 30e6 in slow motion (0.3×) and 20e6 in a replay (0.45×): all exact.
#define KICK_DIRECTOR_TICKS_PER_STEP 9000000ll

/* -------------------------------------------------------------- enumerations */

/// What is on screen.
typedef enum kick_director_mode {
  KICK_DIRECTOR_WAITING = 0,    ///< on the spot, not struck; time passes (sway, gusts)
  KICK_DIRECTOR_LIVE,           ///< the live kick (in flight or after it), speed 1 or 0.3
  KICK_DIRECTOR_REPLAY,         ///< the instant replay plays; the live match waits
  kick_director_mode_count      ///< the number of modes (not a mode)
} kick_director_mode;

/// The replay queue's state for the current kick.
typedef enum kick_director_replay_state {
  KICK_REPLAY_Q_NONE = 0,       ///< no replay earned (yet)
  KICK_REPLAY_Q_PENDING,        ///< earned; waiting 1.15 s after the goal
  KICK_REPLAY_Q_PLAYING,        ///< playing now
  KICK_REPLAY_Q_FINISHED,       ///< played to its end
  KICK_REPLAY_Q_SKIPPED,        ///< a tap skipped it (or effects were switched off)
  kick_director_replay_state_count ///< the number of states (not a state)
} kick_director_replay_state;

/// Director event types (ks_event.type of the events kick_director_frame appends).
typedef enum kick_director_event_type {
  KICK_DIR_EV_NONE = 0,      ///< no event (never appended)
  KICK_DIR_EV_STRIKE,        ///< value: launch velocity, m/s
  KICK_DIR_EV_POST,          ///< subject 0 = post at -x, 1 = post at +x; value: ball centre
  KICK_DIR_EV_BAR,           ///< value: ball centre
  KICK_DIR_EV_SAVE,          ///< the keeper kept it out; value: ball centre
  KICK_DIR_EV_GOAL,          ///< subject: kick_moment mask; value: crossing point
  KICK_DIR_EV_RING,          ///< subject: ring index; value: crossing point
  KICK_DIR_EV_SLOWMO_START,  ///< value[0]: speed (0.3)
  KICK_DIR_EV_SLOWMO_END,    ///< value[0]: speed after it (1)
  KICK_DIR_EV_REPLAY_START,  ///< value[0]: replay step it stops at
  KICK_DIR_EV_REPLAY_END,    ///< subject 1 if skipped by a tap (or the setting), 0 if played out
  KICK_DIR_EV_SHAKE,         ///< value[0]: strength 0..1 (woodwork 0.6, goal 0.3)
  KICK_DIR_EV_DECIDED,       ///< subject: kick_outcome; value[0]: moments mask (as a double)
  kick_director_event_type_count ///< the number of event types (not a type)
} kick_director_event_type;

/// Set in ks_event.subject's bit 16 for events raised by the replay copy
/// (strike, post, bar, save, goal, ring, decided); the low bits keep the subject.
#define KICK_DIR_EV_FROM_REPLAY 0x10000u

/// Which copy of the kick a run record belongs to.
typedef enum kick_director_run {
  KICK_RUN_LOOKAHEAD = 0,  ///< the copy run ahead to plan slow motion
  KICK_RUN_LIVE,           ///< the live kick
  KICK_RUN_PROBE,          ///< the copy that finds a replay's decision step
  KICK_RUN_REPLAY,         ///< the instant replay
  KICK_RUN_COUNT           ///< the number of runs (not a run)
} kick_director_run;

/* ------------------------------------------------------------------ structs */

/// The player's settings.
typedef struct kick_director_settings {
  bool effects;             ///< "slow motion, replays and shake"; default true
  bool person_in_goal;      ///< a person keeps goal (mirrors setup.person_in_goal; read-only)
} kick_director_settings;

/// How a director starts. Get one from kick_director_default_def().
typedef struct kick_director_def {
  kick_setup setup;         ///< the kick's setup; default kick_setup_default()
  bool effects;             ///< default true
  uint32_t cookie;          ///< set by kick_director_default_def; do not touch
} kick_director_def;

/// A camera for drawing. The pitch frame of kick.h; yaw from +z towards +x,
/// pitch up from the horizontal (both rad), vertical field of view (rad).
typedef struct kick_camera {
  ks_vec3 pos;              ///< m
  ks_vec3 target;           ///< the point looked at, m
  double yaw;               ///< rad, (-π, π]
  double pitch;             ///< rad
  double fov;               ///< vertical field of view, rad
} kick_camera;

/// What one run of the kick ended with (for the four-runs check).
typedef struct kick_run_record {
  bool valid;               ///< the run happened and was decided
  kick_outcome outcome;     ///< how the run ended
  int64_t decision_step;    ///< the run's decision step (absolute, same clock for all copies)
  uint64_t crossing_bits[3];///< ks_f64_bits of the crossing point x, y, z (0 when it never crossed)
  uint32_t moments;         ///< the run's kick_moment bits
} kick_run_record;

/// The director: one plain value.
typedef struct kick_director {
  kick_shot live;                 ///< the live shot
  kick_shot before;               ///< copy taken just before the strike
  kick_shot replay;               ///< the replay copy (valid while a replay plays)
  kick_launch launch;             ///< the kick (valid once struck, or while a strike is pending)
  bool struck;                    ///< the live shot has been struck
  /* a kick waiting for the shooter's run-up (kick_director_kick_after) */
  bool strike_pending;            ///< the strike is due on strike_due_step
  int64_t strike_due_step;        ///< live total_steps the pending kick is struck at (-1: none)
  int64_t runup_from_step;        ///< live total_steps when the run-up began (-1: none)
  kick_director_settings settings; ///< the player's settings
  /* input log: a person in goal's taps, stamped with the step they landed on */
  int32_t input_count;            ///< taps in inputs[0..input_count)
  kick_input inputs[KICK_DIRECTOR_MAX_INPUTS]; ///< a person in goal's taps, stamped with the step they landed on
  /* frames and speed */
  kick_director_mode mode;        ///< what is on screen
  bool paused;                    ///< between kick_director_pause and kick_director_resume
  bool resume_pending;            ///< next frame counts as 1/60 s (after init or resume)
  double last_target;             ///< last frame's target timestamp, s
  int64_t bank_ticks;             ///< banked real time, ticks (< one step's cost at the current speed)
  int64_t frames;                 ///< frames seen (not counting paused frames)
  /* slow motion */
  bool slow_planned;              ///< the look-ahead earned slow motion
  bool slow_active;               ///< the live match is in its slow window now
  int64_t slow_from_step;         ///< live steps starting at index >= this ...
  int64_t slow_to_step;           ///< ... and < this run at 0.3×
  /* replay queue */
  kick_director_replay_state replay_state; ///< the replay queue's state for this kick
  int64_t replay_wait_ticks;      ///< screen time (ticks) of the live steps run since the goal
  int64_t replay_start_live_step; ///< live total_steps when the replay started (-1 before)
  int64_t replay_stop_step;       ///< replay copy total_steps at which it stops
  ks_vec3 replay_cross;           ///< the probe's crossing point
  /* the four runs */
  kick_run_record runs[KICK_RUN_COUNT]; ///< how each run of the kick ended (kick_director_runs_agree)
  /* drawing */
  ks_vec3 ball_prev;              ///< ball centre before the latest step of the shot on screen, m
  ks_vec3 ball_cur;               ///< ball centre after it, m
  kick_camera cam_prev;           ///< camera before the latest step
  kick_camera cam_cur;            ///< camera after it
  uint32_t notices;               ///< events owed to the next frame (set_effects, tap skip)
  uint32_t cookie;                ///< set by kick_director_init
} kick_director;

/// What to draw this frame (interpolated; never fed back into the simulation).
typedef struct kick_director_view {
  kick_director_mode mode;  ///< what is on screen
  double alpha;             ///< banked fraction of a step, [0, 1)
  double speed;             ///< speed of the next step (1, 0.3, 0.45; 0 when paused)
  ks_vec3 ball;             ///< interpolated ball centre, m
  kick_camera camera;       ///< interpolated camera
  const kick_shot *shot;    ///< the shot on screen (live or replay) for keeper, wall, rings
} kick_director_view;

/* ---------------------------------------------------------------- functions */

/// Defaults: kick_setup_default(), effects on.
KS_API kick_director_def kick_director_default_def(void);

/// Builds the director and its live shot (kick_shot_init). Errors: KS_ERR_NULL,
/// KS_ERR_UNINITIALISED, and the setup's errors. Untouched on error.
KS_API ks_status kick_director_init(kick_director *d, const kick_director_def *def);

/// The next kick on a new setup, keeping the settings (effects), the frame
/// timing (last timestamp, banked time, pause) and the player's history, and
/// nothing else of the last kick. When `setup` has no history of its own
/// (history_count 0), the new kick's setup gets the last kick's history with
/// the last kick in front (kick_shot_history_entry, if it was decided), at most
/// KICK_HISTORY_MAX shots: the learner keepers of the levels see the player's
/// last eight shots. Errors as kick_shot_init; untouched on error.
KS_API ks_status kick_director_next_kick(kick_director *d, const kick_setup *setup);

/// One display refresh at target timestamp `target_seconds`. Runs the steps
/// the frame pays for and appends the director events to out (may be NULL;
/// out is NOT cleared first). Returns KS_ERR_NULL / KS_ERR_UNINITIALISED (a
/// director kick_director_init did not make: untouched) / KS_ERR_NOT_FINITE
/// (timestamp NaN or infinite: nothing happens) or KS_OK.
KS_API ks_status kick_director_frame(kick_director *d, double target_seconds, ks_events *out);

/// Reads the kick: runs the look-ahead (when allowed), takes the before-strike
/// copy and strikes the live shot on the current step boundary. KS_ERR_STATE
/// once struck; launch errors as kick_launch_validate. Untouched on error.
KS_API ks_status kick_director_kick(kick_director *d, const kick_launch *launch);

/// Reads the kick now and strikes it `steps` live steps later (0..600: the
/// shooter's run-up): the strike, its look-ahead and everything after are
/// exactly kick_director_kick on that step, so a replay records the step the
/// ball was struck on. Until then the director is waiting (time passes).
/// KS_ERR_STATE once struck or while a strike is pending; KS_ERR_RANGE for
/// steps; launch errors as kick_launch_validate. Untouched on error.
KS_API ks_status kick_director_kick_after(kick_director *d, const kick_launch *launch, int32_t steps);

/// Runs the struck, undecided live kick on to its decision at once, spending
/// no frame time (a tap that skips a slow ending): the same steps and events
/// as frames would run, appended to out (may be NULL). At most 10 s of flight.
/// KS_ERR_STATE when not struck, already decided or a replay is on screen;
/// KS_ERR_UNINITIALISED for a director kick_director_init did not make.
KS_API ks_status kick_director_skip_to_decision(kick_director *d, ks_events *out);

/// A tap. While a replay is pending or playing: skips it. Otherwise, with a
/// person in goal and the kick struck and undecided: a keeper tap at glove
/// target (x, y) stamped with the next live step, recorded in the input log
/// and fed to every copy. KS_ERR_STATE when a tap means nothing now,
/// KS_ERR_NOT_FINITE / KS_ERR_CAPACITY as named.
KS_API ks_status kick_director_tap(kick_director *d, double x, double y);

/// kick_director_frame, kick_director_kick, kick_director_kick_after and
/// kick_director_skip_to_decision with a cache (kick_batch.h; NULL: none):
/// every copy of the kick (the look-ahead, the live shot, the probe, the
/// replay) steps with kick_shot_step_cached and `cache`, so the wind of a
/// step is computed once for all of them and the keeper's estimate once for
/// the kick; and while the kick waits, each frame fills a few chunks of the
/// wind a look-ahead at release would need (up to 3 s ahead), so the release
/// frame does not compute it. The same bits, events and outcomes as without
/// a cache (the cache is checked on every input bit); the cache is not part
/// of the director, which stays a plain value: give the same cache to every
/// call for one director (one thread at a time), or none.
KS_API ks_status kick_director_frame_cached(kick_director *d, double target_seconds, ks_events *out,
                                            kick_shot_cache *cache);
/// kick_director_kick with a cache (see kick_director_frame_cached).
KS_API ks_status kick_director_kick_cached(kick_director *d, const kick_launch *launch, kick_shot_cache *cache);
/// kick_director_kick_after with a cache (see kick_director_frame_cached).
KS_API ks_status kick_director_kick_after_cached(kick_director *d, const kick_launch *launch, int32_t steps,
                                                 kick_shot_cache *cache);
/// kick_director_skip_to_decision with a cache (see kick_director_frame_cached).
KS_API ks_status kick_director_skip_to_decision_cached(kick_director *d, ks_events *out, kick_shot_cache *cache);

/// Pause: frames run nothing until kick_director_resume.
KS_API void kick_director_pause(kick_director *d);
/// Resume after a pause: the next frame counts as 1/60 s.
KS_API void kick_director_resume(kick_director *d);

/// The settings switch, at any moment. Turning effects off ends a slow-motion
/// window now and skips a pending or playing replay (events on the next frame).
KS_API void kick_director_set_effects(kick_director *d, bool on);

/// Current speed (1, 0.3 or 0.45) of the next step; 0 while paused.
KS_API double kick_director_speed(const kick_director *d);
/// What is on screen now.
KS_API kick_director_mode kick_director_get_mode(const kick_director *d);

/// Interpolated ball and camera for drawing.
KS_API void kick_director_view_get(const kick_director *d, kick_director_view *out);

/// The long-lens replay camera for a kick from `spot` crossing at `crossing`:
/// behind the shooter, off to the side the ball did not go.
KS_API kick_camera kick_director_replay_camera(ks_vec3 spot, ks_vec3 crossing);
/// The live camera: behind the spot, looking at the ball.
KS_API kick_camera kick_director_live_camera(ks_vec3 spot, ks_vec3 ball);
/// Camera blend: position, target, pitch, fov linearly; yaw the shortest way round.
KS_API kick_camera kick_camera_lerp(const kick_camera *a, const kick_camera *b, double t);
/// Yaw blend the shortest way round; result in (-π, π].
KS_API double kick_yaw_lerp(double a, double b, double t);

/// True when every recorded run (look-ahead, live, probe, replay) that took
/// place was decided on the same step with the same crossing bits; `mask`
/// gets bit i for each run that took place.
KS_API bool kick_director_runs_agree(const kick_director *d, uint32_t *mask);

/// Stable names ("slowmo_start", ...; "unknown" otherwise).
KS_API const char *kick_director_event_name(uint32_t type);

#ifdef __cplusplus
}
#endif
#endif
