// SPDX-License-Identifier: MIT
/// @file kickstep/kick_shootout.h
/// kickstep/kick_shootout.h — a whole penalty duel as a replay record.
///
/// A shoot-out is a function of its rules (kick_duel_def) and every input of
/// both players stamped with the step it landed on. The record holds exactly
/// those, plus what the match must end in: the step it ended on, the score,
/// the winner, each kick's result, the state hash at the end and a state
/// hash every KICK_SHOOTOUT_CHECKPOINT_STEPS steps, so a verification names
/// the first checkpoint where a re-simulation parts from the recording.
///
/// It is a record of its own kind beside the single-kick replay
/// (kickstep/kick_replay.h): magic "KSSO", its own format version, the same
/// 12-byte header layout and FNV-1a 64 checksum. Single-kick replays
/// ("KSRP") and their share codes are unchanged; kick_shootout_is_record
/// tells the two apart from the first bytes. The byte layout is in
/// docs/replays.md. Decoding checks, in order: header length, magic, version,
/// flags, the declared length, the checksum, then every field (KS_ERR_FORMAT
/// naming it, the same kick_replay_error as single-kick replays). It decodes
/// into a temporary and copies out only on success.
///
/// Freestanding: no libc, no allocation (a record is about 60 KB: keep it
/// static or on the heap, not on a small stack).
#ifndef KICKSTEP_KICK_SHOOTOUT_H
#define KICKSTEP_KICK_SHOOTOUT_H

#include "kickstep/base.h"
#include "kickstep/kick_duel.h"
#include "kickstep/kick_replay.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_SHOOTOUT_MAGIC0 'K'  ///< magic byte 0
#define KICK_SHOOTOUT_MAGIC1 'S'  ///< magic byte 1
#define KICK_SHOOTOUT_MAGIC2 'S'  ///< magic byte 2
#define KICK_SHOOTOUT_MAGIC3 'O'  ///< magic byte 3
#define KICK_SHOOTOUT_VERSION 2u              ///< the newest format version this build reads (it writes 1 for two players, 2 for a party)
#define KICK_SHOOTOUT_VERSION_DUEL 1u         ///< the version of a two-player record (unchanged)
#define KICK_SHOOTOUT_MAX_INPUTS 512          ///< most inputs (strikes and taps) one record holds
#define KICK_SHOOTOUT_MAX_STEPS 2000000       ///< longest match a record holds, steps (about 55 min)
#define KICK_SHOOTOUT_CHECKPOINT_STEPS 1200   ///< a state hash every 2 s of the match
#define KICK_SHOOTOUT_MAX_CHECKPOINTS (KICK_SHOOTOUT_MAX_STEPS / KICK_SHOOTOUT_CHECKPOINT_STEPS) ///< 1,666
#define KICK_SHOOTOUT_MAX_BYTES 65536         ///< no encoded record is longer
#define KICK_SHOOTOUT_HEADER_BYTES 12         ///< magic 4, version 2, flags 2, payload length 4

/// How the recorded match ended.
typedef enum kick_shootout_end {
  KICK_SHOOTOUT_PLAYED = 0,   ///< played to its end (the duel's phase OVER)
  KICK_SHOOTOUT_ABANDONED,    ///< a player left; the record stops at the last confirmed step
  kick_shootout_end_count     ///< the number of ways to end
} kick_shootout_end;

/// One recorded input.
typedef struct kick_shootout_input {
  int64_t step;               ///< the duel step it landed on
  int32_t player;             ///< 0 .. def.players - 1
  kick_duel_input input;      ///< a strike or a tap (never NONE)
} kick_shootout_input;

/// A whole shoot-out.
typedef struct kick_shootout {
  kick_duel_def def;          ///< the rules (validated with kick_duel_def_validate)
  int32_t input_count;        ///< 0..KICK_SHOOTOUT_MAX_INPUTS
  kick_shootout_input inputs[KICK_SHOOTOUT_MAX_INPUTS]; ///< by step, then player
  int64_t end_step;           ///< steps re-simulated, 0..KICK_SHOOTOUT_MAX_STEPS
  kick_shootout_end end;      ///< played out or abandoned
  int32_t abandoned_by;       ///< the player who left (ABANDONED), else -1
  /* what the match must end in */
  int32_t score[KICK_DUEL_MAX_PLAYERS]; ///< each player's goals at end_step (def.players of them; the rest 0)
  int32_t winner;             ///< kick_duel.winner at end_step
  int32_t kicks;              ///< kicks with a result at end_step
  uint8_t results[KICK_DUEL_MAX_KICKS]; ///< kick_duel_result of each kick (kicks of them)
  uint64_t final_hash;        ///< kick_duel_hash at end_step
  int32_t checkpoint_count;   ///< end_step / KICK_SHOOTOUT_CHECKPOINT_STEPS
  uint64_t checkpoints[KICK_SHOOTOUT_MAX_CHECKPOINTS]; ///< kick_duel_hash after 1200 (k + 1) steps
} kick_shootout;

/// An empty record of a match with these rules (KS_OK, or the def's error).
KS_API ks_status kick_shootout_begin(kick_shootout *r, const kick_duel_def *def);
/// Appends an input (NONE is skipped). Inputs must come in step order and,
/// within a step, player order. KS_ERR_CAPACITY when full, KS_ERR_RANGE out
/// of order, KS_ERR_NULL.
KS_API ks_status kick_shootout_add(kick_shootout *r, int64_t step, int32_t player, const kick_duel_input *in);
/// Closes the record at end_step: re-simulates the match from the rules with
/// the inputs to fill the expectations. `end` and `abandoned_by` say how it
/// ended. KS_ERR_RANGE for end_step out of range or an input at or after it.
KS_API ks_status kick_shootout_finish(kick_shootout *r, int64_t end_step, kick_shootout_end end, int32_t abandoned_by);

/// The match re-simulated to `steps` (<= end_step) into *out.
KS_API ks_status kick_shootout_state_at(const kick_shootout *r, int64_t steps, kick_duel *out);

/// Re-simulates and compares: the checkpoints in step order, then the final
/// hash, the score, the winner and each kick's result; names the first
/// difference (step and field). Returns KS_ERR_NULL or the def's error (the
/// record is unusable), else KS_OK with res filled.
KS_API ks_status kick_shootout_verify(const kick_shootout *r, kick_replay_verify_result *res);

/// True when the bytes start like a shoot-out record (its magic), so a
/// reader can choose between this and kick_replay_decode.
KS_API bool kick_shootout_is_record(const uint8_t *buf, size_t len);
/// Bytes needed to encode r (0 if r is invalid).
KS_API size_t kick_shootout_encoded_size(const kick_shootout *r);
/// Encodes r. KS_OK and *len; KS_ERR_CAPACITY; KS_ERR_FORMAT (err names the field).
KS_API ks_status kick_shootout_encode(const kick_shootout *r, uint8_t *buf, size_t cap, size_t *len,
                                      kick_replay_error *err);
/// Decodes bytes; *out is written only on KS_OK. err may be NULL; its text
/// comes from kick_replay_error_text (it says "replay").
KS_API ks_status kick_shootout_decode(const uint8_t *buf, size_t len, kick_shootout *out, kick_replay_error *err);

#ifdef __cplusplus
}
#endif
#endif
