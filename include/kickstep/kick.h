// SPDX-License-Identifier: MIT
/// @file kickstep/kick.h
/// The free-kick simulation.
///
/// A kick is one value, `kick_shot`: the setup (spot, pitch, weather, keeper,
/// wall, target rings, the player's last eight shots, the seeds), the dice
/// (a ks_rng), the shot clock and everything that moves. Copying it with `=`
/// is a snapshot: an instant replay is a copy taken just before the strike
/// and struck again with the same kick; a look-ahead is a copy run forward.
///
/// Time. Every step that decides a kick is exactly 1/600 s (KICK_STEPS_PER_SECOND).
/// kick_shot_advance banks at most 0.1 s of frame time per call in the shot's
/// ks_clock and runs the whole steps that are due; the leftover stays in the
/// clock. How frames fall never changes a kick. Everything that moves on its
/// own (gusts, a keeper's sway or shuffle, wall jumps, sliding and bobbing
/// rings) is a function of the shot clock and a seed, so copying the clock
/// restores it.
///
/// The pitch frame (right-handed, SI units, angles in radians):
///   - origin on the ground at the middle of the goal, on the back edge of the
///     goal line;
///   - +y points up;
///   - +z points from the ball towards the goal line (a spot 20 m out has z = -20);
///   - +x runs across the goal, = y × z: to the shooter's LEFT as they face the goal.
///   A spin about +y (ω = (0, ω, 0)) on a ball flying along +z curves it towards +x.
///   The posts' axes are at x = ±(3.66 + 0.06) m, z = -0.06 m; the bar's axis at
///   y = 2.44 + 0.06 m. The ball is "over the line" when its centre reaches
///   z = KICK_CROSS_Z (= ball radius): the whole ball is past the line then.
///
/// Usage:
/// @code
///   kick_setup su = kick_setup_default();          // open pitch: the goal alone
///   su.keeper.kind = KICK_KEEPER_PLAIN;
///   kick_shot shot;
///   if (kick_shot_init(&shot, &su) != KS_OK) { ... }
///   kick_shot_advance(&shot, 0.1, NULL, NULL);      // time passes on the spot
///   kick_shot before = shot;                        // snapshot for the replay
///   kick_launch k = kick_launch_default();
///   k.speed_mps = 27.0; k.elevation = 0.2; k.direction = 0.05;
///   kick_shot_strike(&shot, &k);
///   while (!kick_shot_decided(&shot)) kick_shot_advance(&shot, 1.0 / 60.0, NULL, &events);
///   // replay: before.strike(k), advance in any frames: same outcome, same bits.
/// @endcode
///
/// Errors: functions returning ks_status validate everything at the door and
/// leave the shot untouched on error. Nothing here allocates, does I/O or
/// calls libm; the module is freestanding.
#ifndef KICKSTEP_KICK_H
#define KICKSTEP_KICK_H

#include "kickstep/base.h"
#include "kickstep/clock.h"
#include "kickstep/events.h"
#include "kickstep/rng.h"
#include "kickstep/vec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- constants */

#define KICK_STEPS_PER_SECOND 600            ///< steps per second of every deciding step
#define KICK_ESTIMATE_STEPS_PER_SECOND 240   ///< keepers' (and the solver's) estimate rate
#define KICK_MAX_CALL_SECONDS 0.1            ///< most time one advance call banks, s
#define KICK_MAX_LAUNCH_SPEED 33.5           ///< fastest accepted launch, m/s
#define KICK_BALL_RADIUS 0.11                ///< m
#define KICK_BALL_MASS 0.43                  ///< kg
#define KICK_POST_RADIUS 0.06                ///< posts and bar are 12 cm thick, m
#define KICK_GOAL_WIDTH 7.32                 ///< between the posts' inner edges, m
#define KICK_GOAL_HEIGHT 2.44                ///< ground to the bar's underside, m
#define KICK_GOAL_DEPTH 2.0                  ///< depth of the net behind the line, m
#define KICK_POST_Z (-0.06)                  ///< z of the posts' and bar's axes, m
#define KICK_CROSS_Z 0.11                    ///< z the ball centre reaches when wholly over the line, m
#define KICK_WIND_FACTOR 1.8                 ///< the wind counts 1.8 times in the air velocity
#define KICK_SPIN_DECAY_PER_SECOND 0.18      ///< spin shrinks by exp(-0.18 × dt) per step
#define KICK_FULL_BEND_SPIN 60.0             ///< side spin (about +y) of a swipe at full bend, rad/s
#define KICK_MAX_SPIN_RATE 150.0             ///< largest accepted spin rate, rad/s
#define KICK_WALL_MAX 6                      ///< most players in a wall
#define KICK_RING_MAX 4                      ///< most target rings
#define KICK_HISTORY_MAX 8                   ///< the player's last shots a learner keeper reads
#define KICK_MAX_WIND_SPEED 20.0             ///< largest accepted mean wind, m/s
#define KICK_GUST_MAX_FRACTION 0.33          ///< gust swing at gustiness 1, fraction of the mean

/* -------------------------------------------------------------- enumerations */

/// How a kick ended: X(NAME, name), in the enum's order (NONE is 0). One
/// list gives the enum (KICK_OUTCOME_NONE, KICK_OUTCOME_GOAL, ...) and
/// kick_outcome_name, so a name cannot be missing.
///   none: not decided yet (not struck, or in flight);
///   goal: wholly over the line between the posts and under the bar;
///   saved: the keeper touched it last and it stayed out (held, parried, tipped);
///   woodwork: the post or bar touched it last and it stayed out;
///   blocked: the wall touched it last and it stayed out;
///   wide: crossed the goal line outside the posts, untouched;
///   over: crossed the goal line over the bar, untouched;
///   short: untouched, came to rest, left the pitch, or rolls on where it can
///   never reach the goal line.
#define KICK_OUTCOMES(X) \
  X(NONE, none)          \
  X(GOAL, goal)          \
  X(SAVED, saved)        \
  X(WOODWORK, woodwork)  \
  X(BLOCKED, blocked)    \
  X(WIDE, wide)          \
  X(OVER, over)          \
  X(SHORT, short)

/// @cond KS_OUTCOME_ENUM
#define KICK_OUTCOME_ENUM(N, n) KICK_OUTCOME_##N,
/// @endcond
/// How a kick ended (KICK_OUTCOMES): KICK_OUTCOME_NONE (0) while undecided,
/// then KICK_OUTCOME_GOAL, _SAVED, _WOODWORK, _BLOCKED, _WIDE, _OVER, _SHORT.
typedef enum kick_outcome {
  KICK_OUTCOMES(KICK_OUTCOME_ENUM)
  kick_outcome_count      ///< the number of outcomes (not an outcome)
} kick_outcome;
/// @cond KS_OUTCOME_ENUM
#undef KICK_OUTCOME_ENUM
/// @endcond

/// Where the kick is in its life.
typedef enum kick_phase {
  KICK_PHASE_WAITING = 0, ///< on the spot; time passes, nothing is struck
  KICK_PHASE_FLIGHT,      ///< struck, not decided
  KICK_PHASE_DECIDED,     ///< decided; the ball still moves (net, bounces) for drawing
  KICK_PHASE_DONE,        ///< the ball is at rest (or held); steps change nothing but the clock
  kick_phase_count        ///< the number of phases (not a phase)
} kick_phase;

/// Moments: the seed's table, one bit each (kick_shot_moments returns a mask).
typedef enum kick_moment {
  KICK_MOMENT_WOODWORK = 1u << 0,        ///< hit the post or bar and stayed out
  KICK_MOMENT_SAVE = 1u << 1,            ///< the keeper touched it and it stayed out
  KICK_MOMENT_TOP_CORNER = 1u << 2,      ///< goal crossing >= 2.35 m from the middle and >= 1.5 m up
  KICK_MOMENT_IN_OFF_WOODWORK = 1u << 3, ///< goal after touching the post or bar
  KICK_MOMENT_PANENKA = 1u << 4,         ///< goal under 17 m/s, within 1.3 m of the middle, above 0.5 m,
                                         ///< the keeper diving and his gloves over 1.4 m away
  KICK_MOMENT_TARGET_RING = 1u << 5,     ///< went through a target ring
  KICK_MOMENT_CURLER = 1u << 6,          ///< goal, bend >= 0.45 of full, crossing >= 0.55 m from its launch line
  KICK_MOMENT_PAST_KEEPER = 1u << 7,     ///< a goal the keeper touched
  KICK_MOMENT_ROCKET = 1u << 8,          ///< a goal struck at >= 30 m/s
} kick_moment;
#define KICK_MOMENT_COUNT 9       ///< how many kick_moment bits there are
#define KICK_MOMENT_ALL 0x1ffu     ///< every kick_moment bit

/// The moment rules' thresholds (the seed's table).
#define KICK_TOP_CORNER_MIN_X 2.35       ///< m from the middle
#define KICK_TOP_CORNER_MIN_Y 1.5        ///< m up
#define KICK_PANENKA_MAX_SPEED 17.0      ///< launch speed strictly under, m/s
#define KICK_PANENKA_MAX_X 1.3           ///< crossing within, m from the middle
#define KICK_PANENKA_MIN_Y 0.5           ///< crossing strictly above, m
#define KICK_PANENKA_GLOVE_DISTANCE 1.4  ///< nearest glove strictly farther, m
#define KICK_CURLER_MIN_BEND 0.45        ///< bend fraction at least
#define KICK_CURLER_MIN_OFFSET 0.55      ///< crossing at least this far from the launch line, m
#define KICK_ROCKET_MIN_SPEED 30.0       ///< launch speed at least, m/s

/// Keepers.
typedef enum kick_keeper_kind {
  KICK_KEEPER_NONE = 0,   ///< an empty goal
  KICK_KEEPER_PLAIN,      ///< sways a little, reads the kick after his reaction time
  KICK_KEEPER_SHOWMAN,    ///< shuffles up to 0.24 m either way on a 2.2 s cycle; dives from wherever it took him
  KICK_KEEPER_SPECIALIST, ///< penalty specialist: reads early and with half the error
  KICK_KEEPER_LEARNER,    ///< shades towards, and reads better on, the side the last eight shots went
  kick_keeper_kind_count  ///< the number of kinds (not a kind)
} kick_keeper_kind;

/// Target ring motion.
typedef enum kick_ring_motion {
  KICK_RING_STATIC = 0,   ///< stays where it is
  KICK_RING_SLIDE,        ///< x = x0 + amplitude × sin(2π t / period + phase)
  KICK_RING_BOB,          ///< y = y0 + amplitude × sin(2π t / period + phase)
  kick_ring_motion_count  ///< the number of motions (not a motion)
} kick_ring_motion;

/// Event types pushed into ks_events (ks_event.type). `subject` and `value`
/// as documented per type; value[] is a point (x, y, z) unless said otherwise.
typedef enum kick_event_type {
  KICK_EV_NONE = 0,      ///< no event (never pushed)
  KICK_EV_STRIKE,        ///< value: launch velocity
  KICK_EV_POST,          ///< subject 0 = post at -x, 1 = post at +x; value: ball centre
  KICK_EV_BAR,           ///< value: ball centre
  KICK_EV_WALL,          ///< subject: wall player index; value: ball centre
  KICK_EV_WALL_JUMP,     ///< subject: wall player index; value[0]: jump height, m
  KICK_EV_KEEPER_DIVE,   ///< value: glove target x, y and 1 if from a person's tap else 0
  KICK_EV_KEEPER_TOUCH,  ///< subject 0 = body, 1 = arms/gloves; value: ball centre
  KICK_EV_KEEPER_SAVE,   ///< the touch kept it out (pushed on the step it is decided SAVED)
  KICK_EV_KEEPER_PARRY,  ///< value: ball velocity after the parry
  KICK_EV_KEEPER_CATCH,  ///< value: where it was held
  KICK_EV_KEEPER_TIP,    ///< value: ball velocity after the tip
  KICK_EV_RING,          ///< subject: ring index; value: crossing point
  KICK_EV_GOAL_LINE,     ///< subject 1 if between the posts and under the bar; value: crossing point
  KICK_EV_NET,           ///< value: ball centre
  KICK_EV_BOUNCE,        ///< value: ball centre
  KICK_EV_REST,          ///< value: ball centre
  KICK_EV_DECIDED,       ///< subject: kick_outcome; value[0]: moments mask (as a double)
  kick_event_type_count  ///< the number of event types (not a type)
} kick_event_type;

/// contact_flags bits: what the ball has touched since the strike.
enum {
  KICK_TOUCH_POST_NEG = 1u << 0,  ///< post at -x
  KICK_TOUCH_POST_POS = 1u << 1,  ///< post at +x
  KICK_TOUCH_BAR = 1u << 2,       ///< the crossbar
  KICK_TOUCH_WALL = 1u << 3,      ///< a wall player
  KICK_TOUCH_KEEPER = 1u << 4,    ///< the keeper (body or arms)
  KICK_TOUCH_GROUND = 1u << 5,    ///< the ground (a bounce or a roll)
  KICK_TOUCH_NET = 1u << 6,       ///< the net
  KICK_TOUCH_WOODWORK = KICK_TOUCH_POST_NEG | KICK_TOUCH_POST_POS | KICK_TOUCH_BAR, ///< either post or the bar
};

/* ---------------------------------------------------------------- the setup */

/// The pitch. The values are for a dry pitch; a wet pitch uses them × the
/// wet factors in docs/physics.md (sliding friction × 0.5, so it skids further;
/// restitution × 0.9; rolling resistance × 0.8).
typedef struct kick_pitch_def {
  bool wet;                 ///< default false
  double restitution;       ///< vertical bounce coefficient, 0..1; default 0.65
  double slide_friction;    ///< sliding (skid) friction coefficient, 0..2; default 0.45
  double roll_resistance;   ///< rolling resistance coefficient (deceleration / g), 0..1; default 0.06
} kick_pitch_def;

/// The wind: a mean plus smooth gusts and swirl from hashed noise.
typedef struct kick_wind_def {
  double mean_speed_mps;    ///< 0..20; default 0
  double bearing;           ///< direction it blows TOWARDS, from +z towards +x, rad; default 0
  double gustiness;         ///< 0..1; at 1 the speed swings up to 33% either side of the mean; default 0
  double swirl;             ///< 0..1; crosswind wander, up to 0.25 × mean × swirl; default 0
  uint64_t gust_seed;       ///< seed of the gust noise; default 1
} kick_wind_def;

/// The keeper.
typedef struct kick_keeper_def {
  kick_keeper_kind kind;    ///< default KICK_KEEPER_NONE
  double rating;            ///< 0..1 (skill: reading error, dive speed, handling); default 0.7
  double reaction_s;        ///< delay from the strike to his read, 0..1 s; default 0.2
                            ///< (a specialist reads at 0.6 × this)
  double line_z;            ///< z of the line he stands on, -3..0 m; default -0.35
} kick_keeper_def;

/// The wall: n players side by side, 0.55 m apart, facing the ball.
typedef struct kick_wall_def {
  int32_t count;            ///< 0..6; default 0
  double x;                 ///< centre of the wall across the pitch, m; default 0
  double z;                 ///< z of the wall, m (must lie between spot and line); default -9.15 (see kick_setup_wall_at)
  uint32_t jump_mask;       ///< bit i: player i may jump; default 0
  double jump_chance;       ///< probability that a player who may jump does, 0..1; default 1
  double jump_delay_s;      ///< mean delay from the strike to the jump, 0..1 s; default 0.12
  double jump_spread_s;     ///< uniform jitter either side of the delay, 0..0.5 s; default 0.05
  double jump_height;       ///< 0..1 m; default 0.4
  double jump_duration_s;   ///< time in the air, 0.1..2 s; default 0.55
} kick_wall_def;

/// A target ring: a hoop the ball may fly through (it is not solid).
typedef struct kick_ring_def {
  double x;                 ///< centre at rest, across, m; default the x given to kick_ring_default
  double y;                 ///< centre at rest, height, m; default the y given to kick_ring_default
  double z;                 ///< z of the ring's plane, m (>= spot z + 1, <= KICK_CROSS_Z); default 0
  double radius;            ///< the ball's centre must pass within this, m, 0.1..3; default 0.5
  kick_ring_motion motion;  ///< default KICK_RING_STATIC
  double amplitude;         ///< m, 0..5; default 0
  double period_s;          ///< s, 0.2..60; default 2
  double phase;             ///< rad; default 0
} kick_ring_def;

/// One of the player's previous shots, for keepers who learn.
typedef struct kick_history_shot {
  double x;                 ///< where it crossed (or was stopped near) the goal line, across, m
  double y;                 ///< ... and the height there, m
  kick_outcome outcome;     ///< how it ended
} kick_history_shot;

/// The rules a shot is decided by (kick_setup.rules). A replay carries them,
/// so a kick recorded under older rules replays under those rules.
#define KICK_RULES_ORIGINAL 1u  ///< an untouched ball is short only at rest, off the pitch or after 10 s (replay format 1)
#define KICK_RULES_SETTLED 2u   ///< also: a ball rolling on the pitch that can no longer reach the goal line is decided at once
#define KICK_RULES_CURRENT KICK_RULES_SETTLED ///< what kick_setup_default gives

/// Everything fixed before a kick. Get one from kick_setup_default().
typedef struct kick_setup {
  double spot_x;            ///< ball spot across the pitch, m, |x| <= 40; default 0
  double spot_z;            ///< ball spot, m, -60..-5.5; default -20
  kick_pitch_def pitch;     ///< the ground; default kick_pitch_default(false)
  kick_wind_def wind;       ///< the wind; default calm (fields as kick_wind_def)
  kick_keeper_def keeper;   ///< the keeper; default none (fields as kick_keeper_def)
  kick_wall_def wall;       ///< the wall; default none (fields as kick_wall_def)
  int32_t ring_count;       ///< 0..4; default 0
  kick_ring_def rings[KICK_RING_MAX]; ///< target rings rings[0..ring_count); default none
  int32_t history_count;    ///< 0..8 valid entries, newest first; default 0
  kick_history_shot history[KICK_HISTORY_MAX]; ///< the player's last shots, newest first; default none
  uint64_t match_seed;      ///< default 1
  uint64_t kick_number;     ///< default 0
  bool person_in_goal;      ///< a person keeps goal by tapping: no automatic read; default false
  uint32_t rules;           ///< the rules the shot is decided by, KICK_RULES_ORIGINAL..KICK_RULES_CURRENT; default KICK_RULES_CURRENT
  uint32_t cookie;          ///< set by kick_setup_default; do not touch
} kick_setup;

/// The kick. The swipe reader and the solver derive it; the shot only validates it.
typedef struct kick_launch {
  double speed_mps;         ///< (0, 33.5]
  double elevation;         ///< above the ground, [-0.1, 1.2] rad
  double direction;         ///< from +z towards +x, [-1.5, 1.5] rad
  ks_vec3 spin_axis;        ///< any non-zero vector when spin_rate > 0 (normalised on strike)
  double spin_rate;         ///< [0, 150] rad/s; the side spin about +y at full bend is 60 rad/s
} kick_launch;

/// A person-in-goal input: a tap that sends the keeper diving at a target.
/// It is stamped with the step it landed on: the dive starts on the first
/// step whose index (the clock's total_steps before that step) is >= tap_step,
/// once. Feed the same input to every copy of the shot (replays, probes).
typedef struct kick_input {
  bool has_tap;             ///< false: no tap (the other fields are ignored)
  int64_t tap_step;         ///< step index the tap landed on
  double tap_x;             ///< glove target on the keeper's line, across, m
  double tap_y;             ///< glove target height, m
} kick_input;

/* ---------------------------------------------------------------- the state */

/// The ball.
typedef struct kick_ball {
  ks_vec3 pos;              ///< centre, m
  ks_vec3 vel;              ///< m/s
  ks_vec3 spin_axis;        ///< unit vector (zero when no spin)
  double spin_rate;         ///< rad/s, >= 0
  double roll_speed;        ///< below this horizontal speed on the ground it rolls, above it skids, m/s
  bool on_ground;           ///< touching the ground (rolling or skidding)
  bool held;                ///< caught by the keeper
} kick_ball;

/// The keeper's moment. His pose is a function of this and the clock (kick_shot_keeper_pose).
typedef struct kick_keeper_state {
  double stand_x;           ///< base position on his line before sway/shuffle, m
  double sway_phase;        ///< phase of the shuffle or seed offset of the sway, rad
  int64_t read_step;        ///< step index of his read (-1: none scheduled)
  int64_t dive_step;        ///< step index his dive started (-1: not diving)
  double dive_from_x;       ///< where the sway had taken him when the dive started, m
  double target_x;          ///< glove target of the dive, across, m
  double target_y;          ///< glove target of the dive, height, m
  double dive_seconds;      ///< time to full stretch, s
  double est_x;             ///< his estimate of the crossing on his line (before errors), across, m
  double est_y;             ///< ... and its height, m
  double est_t;             ///< estimated seconds to his line from the read
  int64_t tap_applied_step; ///< step a person's tap started the dive (-1: none)
  uint32_t touches;         ///< touches of the ball
  uint8_t contact_prev;     ///< bit 0 body, bit 1 arms: touching at the end of the previous step
  uint8_t pad_[3];          ///< explicit padding (zero; never hashed)
} kick_keeper_state;

/// The wall's moment: who jumps and when (drawn at init from setup + dice; a reroll keeps it).
typedef struct kick_wall_state {
  int64_t jump_delay_steps[KICK_WALL_MAX]; ///< steps after the strike (-1: stays down)
  int64_t jump_step[KICK_WALL_MAX];        ///< absolute step index of the jump (-1 until struck / none)
  uint32_t contact_prev;                   ///< bit i: player i touching at the end of the previous step
  uint32_t touched;                        ///< bit i: player i touched the ball
} kick_wall_state;

/// Flight statistics kept for the moments.
typedef struct kick_flight_stats {
  double launch_speed;      ///< m/s
  double bend_fraction;     ///< |side spin about +y| / 60 rad/s, clamped to [0, 1]
  double launch_line_x;     ///< where the launch direction's straight line reaches z = KICK_CROSS_Z, m
  ks_vec3 launch_vel;       ///< m/s
  ks_vec3 first_touch;      ///< ball centre at the first contact with anything but the ground
  uint32_t first_touch_kind;///< KICK_TOUCH_* bit of the first contact (0 = none)
  uint32_t last_touch_kind; ///< KICK_TOUCH_* bit of the latest contact (ground excluded)
  double max_height;        ///< highest ball centre in flight, m
  double glove_distance;    ///< nearest glove to the crossing point at the crossing, m (-1: no keeper)
  bool keeper_diving_at_cross; ///< was the keeper diving when the ball crossed
} kick_flight_stats;

/// A memo of the keeper's estimate of a kick (kick_shot.est_memo): the inputs
/// of one estimate and its result. The estimate is a function of these
/// inputs alone, and a memo is used only when all of them match to the bit,
/// so it never changes a result; it is not hashed. Rerolled copies of one
/// shot struck alike are read alike: kick_batch shares the memo between its
/// lanes, so the read is computed once for them.
typedef struct kick_estimate_memo {
  bool valid;               ///< the memo holds an estimate
  bool arrives;             ///< result: the ball reached the line
  uint8_t pad_[6];          ///< zero
  kick_ball ball;           ///< input: the ball it started from
  ks_vec3 wind;             ///< input: the wind it flew in, m/s
  double t0;                ///< input: shot-clock time of the read, s
  double z_line;            ///< input: the keeper's line, m
  double max_seconds;       ///< input: how far ahead it looks, s
  double spin_decay;        ///< input: the estimate's spin factor per step
  kick_pitch_def pitch;     ///< input: the pitch
  double x;                 ///< result: where it reaches the line, across, m (when it arrives)
  double y;                 ///< result: where it reaches the line, height, m (when it arrives)
  double seconds;           ///< result: when it reaches the line, s after t0 (when it arrives)
} kick_estimate_memo;

/// The keeper's read while it runs beside the flight (kick_shot_step_cached):
/// drawn and started on his read step, its estimate (the inputs in the shot's
/// est_memo, not yet valid) advanced one 1/240 s step beside each flight step,
/// and finished (his dive, est_x/y/t, the memo) before anything can look at
/// them: his contact, the goal line, a decision, a step with events, a hash,
/// kick_shot_settle. Finished, the shot holds the same bits as a shot whose
/// read ran at once. Not hashed (the hash sees the read finished).
typedef struct kick_keeper_read {
  bool pending;             ///< a read is running
  uint8_t pad_[3];          ///< zero
  int32_t steps;            ///< estimate steps taken
  double ux;                ///< the reading error across drawn on the read step, -1..1
  double uy;                ///< ... and in height
  kick_ball ball;           ///< the estimate's ball after `steps` steps
} kick_keeper_read;

/// The whole simulation: a plain value (no pointers). sizeof is stated in docs/kick.md (<= 4 KiB).
typedef struct kick_shot {
  kick_setup setup;         ///< the setup it was built from (kept: replays and rerolls need it)
  ks_vec3 wind_mean;        ///< mean wind vector (from the bearing), m/s
  ks_vec3 wind_cross;       ///< unit crosswind direction (mean direction turned by +90° about y)
  ks_rng dice;              ///< the kick's dice, part-way through ks_rng_stream(match_seed, kick_number)
  ks_clock clock;           ///< 600 steps/s, max_call_seconds 0.1; the leftover lives here
  double spin_decay_step;   ///< exp(-0.18 / 600), computed once with ks_exp
  double spin_decay_estimate; ///< exp(-0.18 / 240), for estimates
  kick_phase phase;         ///< where the kick is in its life
  kick_outcome outcome;     ///< how it ended; KICK_OUTCOME_NONE until decided
  int64_t strike_step;      ///< step index of the strike (-1: not struck)
  int64_t decision_step;    ///< the step that decided the kick (the clock's total_steps after it; -1: undecided)
  int64_t done_step;        ///< the step the kick finished (-1: not yet)
  kick_ball ball;           ///< the ball
  kick_keeper_state keeper; ///< the keeper's moment
  kick_wall_state wall;     ///< the wall's moment
  uint32_t ring_hits;       ///< bit i: ring i was passed through
  uint32_t moments;         ///< kick_moment bits, final once decided (the ring bit as soon as it happens)
  uint32_t contact_flags;   ///< KICK_TOUCH_* since the strike
  uint32_t woodwork_prev;   ///< KICK_TOUCH_* woodwork bits touching at the end of the previous step
  bool crossed;             ///< the ball centre reached KICK_CROSS_Z moving forward
  bool crossed_inside;      ///< ... between the posts and under the bar
  bool in_net;              ///< the ball is in (or has struck) the net
  uint8_t pad_[5];          ///< explicit padding (zero; never hashed)
  ks_vec3 crossing;         ///< the exact interpolated crossing point (valid when crossed)
  int64_t crossing_step;    ///< the step it crossed in (the clock's total_steps after it)
  kick_flight_stats stats;  ///< flight statistics for the moments
  /* A memo of the wind noise (gust, swirl): the seed, lattice cell and two
     slopes last used. Derived from the setup alone, it never changes a
     result (with or without it the wind has the same bits) and is not hashed. */
  uint64_t wind_memo_seed[2];   ///< wind memo: the noise seeds last used (gust, swirl); not hashed
  int64_t wind_memo_cell[2];    ///< wind memo: the lattice cells last used; not hashed
  double wind_memo_slope[2][2]; ///< wind memo: the two slopes of each cell; not hashed
  /* Per-step constants of the wind, from the setup at init (not hashed):
     KICK_GUST_MAX_FRACTION × gustiness and 0.25 × swirl × mean speed. */
  double wind_gust_k;       ///< KICK_GUST_MAX_FRACTION × gustiness (from the setup; not hashed)
  double wind_swirl_k;      ///< 0.25 × swirl × mean speed, m/s (from the setup; not hashed)
  /* The lowest and highest z of the rings' planes (from the setup at init,
     not hashed): a step that cannot cross any of them skips the ring test. */
  double ring_z_min;        ///< lowest z of the rings' planes, m (from the setup; not hashed)
  double ring_z_max;        ///< highest z of the rings' planes, m (from the setup; not hashed)
  /* The z bands around the step's contact tests (woodwork and goal line,
     wall, keeper, rings; kick_batch_bands' lo and hi, in order of their
     lower ends, from the setup at init, not hashed): a step whose path
     stays outside all of them, the line not crossed, skips the tests. */
  double band_lo[4];        ///< lower ends of the contact bands, m (1e300: no band; from the setup; not hashed)
  double band_hi[4];        ///< upper ends of the contact bands, m (from the setup; not hashed)
  kick_estimate_memo est_memo; ///< the keeper's last estimate of the kick (not hashed; never changes a result)
  kick_keeper_read read;    ///< the keeper's read while it runs beside the flight (not hashed: see kick_keeper_read)
} kick_shot;

/// Drawing: the keeper's capsules at the current clock time.
typedef struct kick_keeper_pose {
  bool present;             ///< false with no keeper
  bool diving;              ///< a dive has started
  double dive_progress;     ///< 0..1
  ks_vec3 body_a;           ///< body capsule axis, hip end, m
  ks_vec3 body_b;           ///< body capsule axis, head end, m
  double body_radius;       ///< m
  ks_vec3 shoulder[2];      ///< arm capsules: shoulder → glove; [0] towards -x, [1] towards +x
  ks_vec3 glove[2];         ///< the arm capsules' glove ends, m; [0] towards -x, [1] towards +x
  double arm_radius;        ///< m
} kick_keeper_pose;

/// A capsule (wall player) for drawing.
typedef struct kick_capsule {
  ks_vec3 a;                ///< one end of the axis, m
  ks_vec3 b;                ///< the other end of the axis, m
  double radius;            ///< m
} kick_capsule;

/// One row of the step-size table (the seed's table, from the engine's constants).
typedef struct kick_step_row {
  int32_t steps_per_second; ///< the step rate of this row
  double travel_m;          ///< ball travel per step at KICK_MAX_LAUNCH_SPEED, m
  double missable_clip_m;   ///< deepest clip of a post two checks can miss, m (valid when !any_depth)
  bool any_depth;           ///< the step is longer than the contact diameter: even dead centre can be missed
} kick_step_row;

/* ---------------------------------------------------------------- functions */

/// Defaults: the open pitch (the goal alone: no wall, no keeper, no wind, no rings),
/// a dry pitch, spot (0, -20), match seed 1, kick 0.
KS_API kick_setup kick_setup_default(void);
/// The dry-pitch ground values (restitution 0.65, slide 0.45, roll 0.06) with the given wet flag.
KS_API kick_pitch_def kick_pitch_default(bool wet);
/// A ring definition with its defaults at (x, y) on the goal line plane.
KS_API kick_ring_def kick_ring_default(double x, double y);
/// Places the wall 9.15 m from the spot on the line from the spot to the goal's middle.
KS_API void kick_setup_wall_at(kick_setup *su, int32_t count);
/// Adds one shot to the front of the setup's history (newest first), dropping
/// the oldest beyond KICK_HISTORY_MAX. A NULL setup or a non-finite point is
/// ignored. Learner keepers read this history.
KS_API void kick_setup_push_history(kick_setup *su, kick_history_shot shot);
/// Checks a setup without building a shot (the same checks as kick_shot_init).
KS_API ks_status kick_setup_validate(const kick_setup *su);

/// A launch: 25 m/s, 0.2 rad up, straight at the middle, no spin.
KS_API kick_launch kick_launch_default(void);
/// Checks a launch (finite, in range, a usable spin axis).
KS_API ks_status kick_launch_validate(const kick_launch *k);

/// Builds the shot from a setup: clock at 0, dice from ks_rng_stream(match_seed,
/// kick_number) after the draws that decide the wall's jumps and the keeper's
/// sway. Errors: KS_ERR_NULL, KS_ERR_UNINITIALISED, KS_ERR_NOT_FINITE,
/// KS_ERR_RANGE; shot untouched on error.
KS_API ks_status kick_shot_init(kick_shot *shot, const kick_setup *setup);

/// Strikes the ball on the current step boundary. KS_ERR_STATE if already struck;
/// launch errors as kick_launch_validate. The shot is untouched on error.
KS_API ks_status kick_shot_strike(kick_shot *shot, const kick_launch *launch);

/// Runs exactly one 1/600 s step (advancing the clock by one step; the banked
/// leftover is not touched). Events are appended to out (may be NULL); in may be NULL.
/// A shot kick_shot_init did not make (zeroed, never written) takes no step and
/// stays untouched; kick_shot_advance then returns 0.
KS_API void kick_shot_step(kick_shot *shot, const kick_input *in, ks_events *out);

/// Banks `seconds` of frame time (at most 0.1 s per call; NaN, negative and
/// infinite count as 0) in the shot clock and runs every step now due.
/// Returns the number of steps run. Events are appended to out (may be NULL).
KS_API int64_t kick_shot_advance(kick_shot *shot, double seconds, const kick_input *in, ks_events *out);

/// New dice (ks_rng_reroll with salt); everything else is kept: the setup,
/// the clock and the moment (the keeper's spot and sway phase, which wall
/// players will jump and when, drawn when the shot was built). A rerolled copy
/// looks the same as the original at every step before the strike and, struck
/// with the same kick, flies the same until the dice decide something (the
/// keeper's reading errors, catch, tip or parry). KS_ERR_STATE once struck.
KS_API ks_status kick_shot_reroll(kick_shot *shot, uint64_t salt);

/// Finishes a keeper's read left running by kick_shot_step_cached (nothing
/// when none is): the shot then holds exactly what kick_shot_step would have
/// left. kick_shot_step, kick_shot_advance and kick_shot_hash do it themselves.
KS_API void kick_shot_settle(kick_shot *shot);

/// A 64-bit hash of the state's explicit fields (never its bytes), with a
/// running read (kick_keeper_read) seen finished.
KS_API uint64_t kick_shot_hash(const kick_shot *shot);

/* queries */
/// How the kick ended; KICK_OUTCOME_NONE until decided.
KS_API kick_outcome kick_shot_outcome(const kick_shot *shot);
/// Where the kick is in its life.
KS_API kick_phase kick_shot_phase(const kick_shot *shot);
/// True once the ball was struck.
KS_API bool kick_shot_struck(const kick_shot *shot);
/// True once the outcome is decided (outcome not KICK_OUTCOME_NONE).
KS_API bool kick_shot_decided(const kick_shot *shot);
/// The step that decided the kick (the clock's total_steps after it), -1 when undecided.
KS_API int64_t kick_shot_decision_step(const kick_shot *shot);
/// Step index of the strike, -1 when not struck.
KS_API int64_t kick_shot_strike_step(const kick_shot *shot);
/// The exact interpolated point where the ball centre reached KICK_CROSS_Z; false if it never did.
KS_API bool kick_shot_crossing(const kick_shot *shot, ks_vec3 *out);
/// The decided kick as an entry of the player's history: where it crossed the
/// goal line (wide and over included), or, for a kick that never reached the
/// line (saved, blocked, short), where its launch direction's straight line
/// meets the line (x) at the ground (y = 0), with the outcome. False, and
/// nothing written, when the kick is not decided yet.
KS_API bool kick_shot_history_entry(const kick_shot *shot, kick_history_shot *out);
/// kick_moment bits (final once decided).
KS_API uint32_t kick_shot_moments(const kick_shot *shot);
/// The moments table's rules applied to the shot's outcome, crossing, contact
/// flags and flight stats as they stand (what the shot stores on its decision
/// step; the target-ring bit is carried over from the flight).
KS_API uint32_t kick_moments_evaluate(const kick_shot *shot);
/// Shot clock time: steps run / 600, s.
KS_API double kick_shot_time(const kick_shot *shot);
/// Steps run (the clock's total_steps).
KS_API int64_t kick_shot_steps(const kick_shot *shot);

/// The wind vector (m/s, horizontal) at shot-clock time t seconds.
KS_API ks_vec3 kick_wind_at(const kick_shot *shot, double t);
/// The keeper's capsules at the current clock time.
KS_API void kick_shot_keeper_pose(const kick_shot *shot, kick_keeper_pose *out);
/// The keeper's capsules at shot-clock time t (same function the contacts use).
KS_API void kick_shot_keeper_pose_at(const kick_shot *shot, double t, kick_keeper_pose *out);
/// Wall player i's capsule at the current clock time; false if i is out of range.
KS_API bool kick_shot_wall_player(const kick_shot *shot, int32_t i, kick_capsule *out);
/// Ring i's centre at the current clock time; false if i is out of range.
KS_API bool kick_shot_ring_center(const kick_shot *shot, int32_t i, ks_vec3 *out);

/// Whether a moment earns slow motion (woodwork, save, top corner, in off
/// the woodwork, Panenka, target ring).
KS_API bool kick_moment_slow_motion(uint32_t moment_bit);
/// Whether a moment earns a replay of a goal (top corner, in off the
/// woodwork, Panenka, curler, past the keeper, rocket).
KS_API bool kick_moment_replay(uint32_t moment_bit);
/// Any bit of the mask earns slow motion.
KS_API bool kick_moments_slow_motion(uint32_t mask);
/// Any bit of the mask earns a replay.
KS_API bool kick_moments_replay(uint32_t mask);

/// A stable lower-case name of an outcome, from KICK_OUTCOMES ("none", "goal", "saved", ...); "unknown" otherwise.
KS_API const char *kick_outcome_name(kick_outcome o);
/// The name of one moment bit ("top_corner", ...); "unknown" otherwise.
KS_API const char *kick_moment_name(uint32_t moment_bit);
/// The name of a kick_event_type ("keeper_parry", ...); "unknown" otherwise.
KS_API const char *kick_event_name(uint32_t type);
/// The name of a keeper kind ("plain", ...); "unknown" otherwise.
KS_API const char *kick_keeper_kind_name(kick_keeper_kind k);

/// The seed's step-size table from the engine's constants (ball speed
/// KICK_MAX_LAUNCH_SPEED, contact distance ball + post radius).
KS_API kick_step_row kick_step_table_row(int32_t steps_per_second);
/// The per-step spin factor exp(-0.18 × dt) for a step rate (computed with ks_exp).
KS_API double kick_spin_decay_factor(int32_t steps_per_second);

/// The drag coefficient at a speed through the air, m/s (docs/physics.md).
KS_API double kick_drag_coefficient(double air_speed_mps);
/// The lift (Magnus) coefficient at the spin parameter S = rω/v (docs/physics.md).
KS_API double kick_lift_coefficient(double spin_parameter);

#ifdef __cplusplus
}
#endif
#endif
