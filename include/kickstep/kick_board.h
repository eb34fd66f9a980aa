// SPDX-License-Identifier: MIT
/// @file kickstep/kick_board.h
/// The Daily Kick board's check: a submitted try re-simulated from the date.
///
/// A try is submitted as bytes (the layout is defined byte by byte in
/// docs/board.md): the rules version, the day (days since 1970-01-01 UTC), the
/// try number (1..KICK_DAILY_TRIES), the step the ball was struck, what the
/// player did (the swipe's samples with their own timestamps and the screen's
/// size in CSS pixels as the page read them, or the keys and the power key's
/// down and up times), the claimed result (outcome, points, decision step,
/// moments, crossing) and a checksum.
///
/// kick_board_verify rebuilds the day's setup from the date alone
/// (kick_daily_kick, kick number = try − 1), reads the input with the page's
/// own calls in the page's order (kick_swipe_begin with the screen's height,
/// kick_swipe_add one sample at a time, a refused sample skipped as the page
/// skips it, kick_aim_read; or kick_keys_read), steps the shot as the play
/// director steps its live shot (kick_shot_step with no input up to the strike
/// step, kick_shot_strike, kick_shot_step until the decision) and compares the
/// result with the claim bit for bit. It holds no rule of its own: every
/// number comes from the library the page runs. It does not know the date
/// today: the service checks the day, the try count and the player.
///
/// Freestanding: no libc, no allocation; one verification uses about 20 KiB
/// of stack and costs one kick to its decision plus the steps before the strike.
#ifndef KICKSTEP_KICK_BOARD_H
#define KICKSTEP_KICK_BOARD_H

#include "kickstep/base.h"
#include "kickstep/kick.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_swipe.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_BOARD_RULES 1                 ///< the rules version this library verifies
#define KICK_BOARD_RUNUP_STEPS 270         ///< the page strikes 270 steps (0.45 s) after the swipe is read
#define KICK_BOARD_MAX_STRIKE_STEP 180000  ///< aiming for longer than 5 min (at 600 steps/s) is refused
#define KICK_BOARD_MAX_FLIGHT_STEPS 6000   ///< a kick undecided 10 s after the strike is refused
#define KICK_BOARD_MAX_SAMPLES 4096        ///< most swipe samples one try may carry
#define KICK_BOARD_HEAD_BYTES 48           ///< the header and the claim
#define KICK_BOARD_SWIPE_HEAD_BYTES 24     ///< screen width, height, sample count, reserved
#define KICK_BOARD_SAMPLE_BYTES 24         ///< t, x, y
#define KICK_BOARD_KEYS_BYTES 40           ///< aim, height, bend, key down, key up
#define KICK_BOARD_CHECK_BYTES 8           ///< the checksum
/// The largest valid submission, bytes (98,408).
#define KICK_BOARD_MAX_BYTES                                                                            \
  (KICK_BOARD_HEAD_BYTES + KICK_BOARD_SWIPE_HEAD_BYTES + KICK_BOARD_MAX_SAMPLES * KICK_BOARD_SAMPLE_BYTES + \
   KICK_BOARD_CHECK_BYTES)

/// What the player did.
typedef enum kick_board_input {
  KICK_BOARD_INPUT_SWIPE = 1, ///< a swipe: samples in CSS pixels of the screen, y down
  KICK_BOARD_INPUT_KEYS = 2,  ///< the keys: aim, height, bend and the power key's down and up times
} kick_board_input;

/// Why a try is accepted or refused (names and sentences:
/// kick_board_verdict_name, kick_board_verdict_text; docs/board.md).
typedef enum kick_board_verdict {
  KICK_BOARD_OK = 0,         ///< accepted: the re-simulation is the claim
  KICK_BOARD_TRUNCATED,      ///< the bytes end before their fields do
  KICK_BOARD_OVERSIZED,      ///< longer than the fields, or than KICK_BOARD_MAX_BYTES
  KICK_BOARD_BAD_MAGIC,      ///< not "KSBT"
  KICK_BOARD_BAD_CHECKSUM,   ///< the checksum does not match the bytes
  KICK_BOARD_UNKNOWN_RULES,  ///< a rules version other than KICK_BOARD_RULES
  KICK_BOARD_MALFORMED,      ///< a field outside its definition (kind, reserved bytes, claim fields)
  KICK_BOARD_BAD_DAY,        ///< not a day the Daily Kick has
  KICK_BOARD_BAD_TRY,        ///< a try number outside 1..KICK_DAILY_TRIES
  KICK_BOARD_BAD_STRIKE_STEP,///< strike step before the run-up or after KICK_BOARD_MAX_STRIKE_STEP
  KICK_BOARD_BAD_SCREEN,     ///< a screen the page does not frame (kick_aim_screen_check)
  KICK_BOARD_BAD_KEYS,       ///< a key value outside its range, or a time not finite
  KICK_BOARD_NO_KICK,        ///< the input makes no kick (the page refuses it too)
  KICK_BOARD_UNDECIDED,      ///< undecided KICK_BOARD_MAX_FLIGHT_STEPS after the strike
  KICK_BOARD_CLAIM_OUTCOME,  ///< the claimed outcome is not the re-simulation's
  KICK_BOARD_CLAIM_POINTS,   ///< the claimed points are not the re-simulation's
  KICK_BOARD_CLAIM_DECISION, ///< the claimed decision step is not the re-simulation's
  KICK_BOARD_CLAIM_MOMENTS,  ///< the claimed moments are not the re-simulation's
  KICK_BOARD_CLAIM_CROSSING, ///< the claimed crossing is not the re-simulation's, bit for bit
  kick_board_verdict_count   ///< the number of verdicts (not a verdict)
} kick_board_verdict;

/// A kick's result as the page shows it (the claim, or the re-simulation's).
typedef struct kick_board_result {
  int32_t outcome;          ///< kick_outcome
  int32_t points;           ///< kick_score_points(shot).total
  int64_t decision_step;    ///< kick_shot_decision_step
  uint32_t moments;         ///< kick_shot_moments
  bool crossed;             ///< kick_shot_crossing said the ball crossed the goal line
  double cross_x;           ///< where, across (m); 0 when not crossed
  double cross_y;           ///< where, height (m); 0 when not crossed
} kick_board_result;

/// A try's fields (the samples stay in the bytes, or in `samples` when encoding).
typedef struct kick_board_try {
  int32_t rules;            ///< KICK_BOARD_RULES
  int32_t day_number;       ///< days since 1970-01-01 (UTC)
  int32_t try_number;       ///< 1..KICK_DAILY_TRIES
  int64_t strike_step;      ///< the live step the ball was struck (kick_shot_strike_step)
  kick_board_input input;   ///< swipe or keys
  double screen_w;          ///< swipe: the screen's width, CSS px
  double screen_h;          ///< swipe: the screen's height, CSS px
  int32_t sample_count;     ///< swipe: samples, 1..KICK_BOARD_MAX_SAMPLES
  double aim;               ///< keys: -1 (far left) .. 1, as kick_keys.aim
  double height;            ///< keys: 0 .. 1, as kick_keys.height
  double bend;              ///< keys: -1 .. 1, as kick_keys.bend
  double key_down_t;        ///< keys: the power key went down, its event's own time, s
  double key_up_t;          ///< keys: the power key came up, s (hold = up - down, 0 when not later)
  kick_board_result claim;  ///< what the player's page computed
} kick_board_try;

/// What kick_board_verify found.
typedef struct kick_board_report {
  kick_board_verdict verdict; ///< KICK_BOARD_OK when accepted
  kick_board_try fields;    ///< the decoded fields (as far as they were read)
  kick_board_result result; ///< the re-simulation's result (when it ran)
  bool simulated;           ///< the kick was re-simulated
  kick_launch launch;       ///< the launch the input made (when simulated)
  uint64_t shot_hash;       ///< kick_shot_hash at the decision (when simulated)
  uint64_t input_hash;      ///< FNV-1a 64 of the strike step and the input bytes: the same play, whoever sends it
  int64_t steps;            ///< shot steps run
} kick_board_report;

/// Size in bytes of a try with these fields (0 for an input kind it does not know).
KS_API size_t kick_board_size(const kick_board_try *t);

/// Writes the try's bytes into buf[0..cap): the fields, `samples` for a swipe
/// (t->sample_count of them; NULL for keys) and the checksum. Returns the size,
/// or 0 when cap is too small or an argument is NULL. It writes what it is
/// given (a forger's claim too): kick_board_verify judges.
KS_API size_t kick_board_encode(const kick_board_try *t, const kick_touch *samples, uint8_t *buf, size_t cap);

/// Re-simulates the result of a try from the input alone (the claim is not
/// read): what the page computes for that day, try, strike step and input.
/// The verdict is KICK_BOARD_OK, or why there is no result (bad fields,
/// NO_KICK, UNDECIDED). samples: t->sample_count of them for a swipe.
KS_API kick_board_verdict kick_board_simulate(const kick_board_try *t, const kick_touch *samples,
                                              kick_board_report *out);

/// Decodes and verifies a submission of `len` bytes. The verdict is also
/// returned in out->verdict. out may not be NULL.
KS_API kick_board_verdict kick_board_verify(const uint8_t *bytes, size_t len, kick_board_report *out);

/// The replay of an accepted try (kickstep/kick_replay.h): the day's setup
/// with nobody in goal, the strike step as the wait on the spot, the launch
/// the input made; its expectations are the verified result, so a page plays
/// it as a share code and it ends where the board's score says. The verdict
/// of kick_board_verify; `out` is written only on KICK_BOARD_OK.
KS_API kick_board_verdict kick_board_replay(const uint8_t *bytes, size_t len, kick_replay *out);

/// The verdict's name ("ok", "claim_points", ...; "unknown" out of range).
KS_API const char *kick_board_verdict_name(kick_board_verdict v);
/// The verdict as a sentence.
KS_API const char *kick_board_verdict_text(kick_board_verdict v);

/// The date of a day number (days since 1970-01-01): false when it is outside
/// the Daily Kick's years.
KS_API bool kick_board_date(int32_t day_number, int32_t *year, int32_t *month, int32_t *day);

/// An honest try for simulated players, tools and tests: a hand-like flick
/// (kick_hand.h) from the ball towards a point of the goal drawn from `seed`,
/// on a screen drawn from `seed` (a phone held upright or sideways, a laptop),
/// struck after 0 to 5 s of aiming, with the claim filled in by
/// kick_board_simulate. `samples` must hold KICK_HAND_MAX_SAMPLES. A flick
/// that makes no kick is drawn again from the next seed (up to 16 times).
/// KICK_BOARD_OK, or the last verdict.
KS_API kick_board_verdict kick_board_hand_try(int32_t day_number, int32_t try_number, uint64_t seed,
                                              kick_board_try *out, kick_touch *samples);

#ifdef __cplusplus
}
#endif
#endif
