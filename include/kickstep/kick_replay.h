// SPDX-License-Identifier: MIT
/// @file kickstep/kick_replay.h
/// Replays as bytes and as share codes.
///
/// A replay is everything needed to play one kick again, bit for bit: the
/// setup, the kick (launch bits), how many steps the ball waited on the spot
/// before the strike, the stamped input log of a person in goal, and what the
/// kick is expected to end in (outcome, moments, decision step, crossing bits,
/// the state hash on the decision step, and a state hash every 60 steps of the
/// flight). The byte format is in docs/replays.md; it ends with an FNV-1a 64
/// checksum of everything before it.
///
/// Decoding checks, in order: length of the header (KS_ERR_TRUNCATED), the
/// magic (KS_ERR_FORMAT, field "magic"), the version (a newer one gives
/// KS_ERR_VERSION naming it; 0 is KS_ERR_FORMAT), the declared length against
/// the bytes given (short: KS_ERR_TRUNCATED; long: KS_ERR_FORMAT "length"),
/// the checksum (KS_ERR_CHECKSUM), then every field (KS_ERR_FORMAT naming the
/// field). It decodes into a temporary and copies out only on success:
/// nothing is ever half-loaded. kick_replay_error_text says what is wrong in
/// one human sentence.
///
/// A share code is the same bytes in base64url (RFC 4648 §5, no padding):
/// only A-Z a-z 0-9 - _, safe in a URL. Decoding rejects any other
/// character, an impossible length and non-zero unused trailing bits, so every
/// single-character change and every truncation is detected.
///
/// Freestanding: no libc, no allocation. File I/O is in kickstep/host_replay.h.
#ifndef KICKSTEP_KICK_REPLAY_H
#define KICKSTEP_KICK_REPLAY_H

#include "kickstep/base.h"
#include "kickstep/kick.h"
#include "kickstep/kick_director.h"
#include "kickstep/timeline.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KICK_REPLAY_MAGIC0 'K'            ///< first byte of every replay ("KSRP")
#define KICK_REPLAY_MAGIC1 'S'            ///< second byte
#define KICK_REPLAY_MAGIC2 'R'            ///< third byte
#define KICK_REPLAY_MAGIC3 'P'            ///< fourth byte
#define KICK_REPLAY_VERSION 2u            ///< the format version this build writes; it reads 1 and 2 (1: the kick is played under KICK_RULES_ORIGINAL)
#define KICK_REPLAY_MAX_INPUTS KICK_DIRECTOR_MAX_INPUTS ///< most keeper taps a replay holds
#define KICK_REPLAY_CHECKPOINT_STEPS 60   ///< a state hash every 60 steps (0.1 s) of the flight
#define KICK_REPLAY_MAX_CHECKPOINTS 100   ///< up to 10 s of flight
#define KICK_REPLAY_MAX_WAIT_STEPS 360000 ///< at most 10 min on the spot (a longer wait cannot be saved)
#define KICK_REPLAY_MAX_FLIGHT_STEPS 6000 ///< a re-simulation gives up after 10 s of flight
#define KICK_REPLAY_MAX_BYTES 2048        ///< no encoded replay is longer
/// No share code is longer, without NUL: base64url without padding of
/// KICK_REPLAY_MAX_BYTES bytes (682 groups of 3 bytes = 2728 characters, then
/// 2 bytes = 3 characters). One character more would decode past the bytes.
#define KICK_REPLAY_MAX_CODE 2731
#define KICK_REPLAY_HEADER_BYTES 12       ///< magic 4, version 2, flags 2, payload length 4
#define KICK_REPLAY_CHECKSUM_BYTES 8      ///< FNV-1a 64 of everything before it, at the end

/// One replay.
typedef struct kick_replay {
  kick_setup setup;                 ///< the setup (validated with kick_setup_validate)
  kick_launch launch;               ///< the kick, bit for bit
  int64_t wait_steps;               ///< steps on the spot before the strike, 0..360000
  int32_t input_count;              ///< 0..8
  kick_input inputs[KICK_REPLAY_MAX_INPUTS]; ///< keeper taps, each with has_tap true, by tap_step
  /* what the kick must end in */
  kick_outcome outcome;             ///< not NONE
  uint32_t moments;                 ///< kick_moment bits
  int64_t decision_step;            ///< the clock's total_steps after the deciding step
  bool crossed;                     ///< the ball reached the goal line
  uint64_t crossing_bits[3];        ///< ks_f64_bits of the crossing x, y, z (0 when !crossed)
  uint64_t final_hash;              ///< kick_shot_hash right after the deciding step
  int32_t checkpoint_count;         ///< hashes after strike + 60 k steps (k = 1..), while undecided
  uint64_t checkpoints[KICK_REPLAY_MAX_CHECKPOINTS]; ///< kick_shot_hash at each checkpoint, in order
} kick_replay;

/// What went wrong while decoding (all fields set on every call).
typedef struct kick_replay_error {
  ks_status status;                 ///< KS_OK when nothing is wrong
  char field[40];                   ///< the field or check that failed ("magic", "setup.wind", "checksum"...)
  uint32_t version;                 ///< the version found (for KS_ERR_VERSION)
  uint64_t have;                    ///< bytes/characters given (for KS_ERR_TRUNCATED)
  uint64_t need;                    ///< bytes/characters needed (for KS_ERR_TRUNCATED)
  uint64_t offset;                  ///< byte (or character) offset of the problem
  bool share_code;                  ///< the input was a share code (texts say "share code")
} kick_replay_error;

/// The result of a verification.
typedef struct kick_replay_verify_result {
  bool identical;                   ///< the re-simulation matched every stored value
  int64_t step;                     ///< first step where a difference is seen (-1 when identical):
                                    ///< a checkpoint step (the runs parted within the 60 steps
                                    ///< before it) or the decision step
  char field[40];                   ///< the diverging field ("checkpoint_hash", "decision_step", "crossing.x", ...)
  uint64_t expected;                ///< expected value (bits for doubles), as stored
  uint64_t actual;                  ///< re-simulated value
} kick_replay_verify_result;

/// Records the director's kick (struck and decided; the before-strike copy,
/// the launch and the input log) and re-simulates it once to fill the
/// expected outcome, hashes and checkpoints. KS_ERR_STATE if not struck or
/// not decided yet.
KS_API ks_status kick_replay_from_director(const kick_director *d, kick_replay *out);

/// Builds a replay from its inputs (setup, wait, launch, taps) and simulates
/// it to fill the expectations. Errors as the setup and launch validation,
/// KS_ERR_RANGE for wait_steps / input_count, KS_ERR_STATE if the kick is not
/// decided within 10 s. Untouched on error.
KS_API ks_status kick_replay_record(const kick_setup *setup, int64_t wait_steps,
                                    const kick_launch *launch, const kick_input *inputs,
                                    int32_t input_count, kick_replay *out);

/// Re-simulates and compares; names the first diverging step and field.
/// Returns KS_ERR_NULL or the setup's/launch's validation error (the replay is
/// unusable), else KS_OK with the result filled.
KS_API ks_status kick_replay_verify(const kick_replay *r, kick_replay_verify_result *res);

/// Longest line kick_replay_trace writes, bytes (newline included).
#define KICK_REPLAY_TRACE_LINE_MAX 2048
/// Fields of one trace line (kick_replay_trace_fields).
#define KICK_REPLAY_TRACE_FIELDS 24

/// The fields of a shot's trace line, in the trace's order (names are static
/// strings): ball position, velocity, spin rate and axis, both gloves, the
/// dive step, the dice, the clock's leftover, phase, outcome, contacts,
/// keeper and wall touches, rings. Returns KICK_REPLAY_TRACE_FIELDS, or 0 when
/// s or out is NULL or cap is smaller. Other traces built on a shot (the
/// penalty duel's) use the same fields, so they name the same things.
KS_API size_t kick_replay_trace_fields(const kick_shot *s, ks_tl_field *out, size_t cap);

/// The replayed kick step by step, as a kickstep timeline (kickstep/timeline.h):
/// one line for the struck shot and one after every step up to and including
/// the decision step, each with the step, the shot's state hash and the
/// ball (position, velocity, spin rate and axis), the keeper's gloves and
/// dive, the dice, the clock's leftover, the phase, outcome and contacts, as
/// decimals and exact bits. Saved beside a replay when it is recorded, it
/// lets a later re-simulation name the exact step and field where it parts
/// from the recording (kick-cli replay save/verify --trace; compare with
/// ks_tl_compare_text). Needs at most (decision_step - wait_steps + 1) x
/// KICK_REPLAY_TRACE_LINE_MAX bytes. Errors: KS_ERR_NULL, the setup's and
/// launch's validation errors, KS_ERR_STATE (not decided within 10 s),
/// KS_ERR_CAPACITY (buf too small: nothing useful written).
KS_API ks_status kick_replay_trace(const kick_replay *r, char *buf, size_t cap, size_t *len);

/// Plays a replay in a director: the next kick of `d` (kick_director_next_kick:
/// its effects setting and frame timing kept) is the replay's setup, waited
/// on the spot for wait_steps, with the replay's input log loaded, struck with
/// the replay's launch (look-ahead and slow motion as for any kick). d must be
/// an initialised director. On error d is untouched.
KS_API ks_status kick_replay_start_director(const kick_replay *r, kick_director *d);

/// The shot of the replay, just before the strike (init + wait_steps steps).
KS_API ks_status kick_replay_before_strike(const kick_replay *r, kick_shot *out);

/// Bytes needed to encode r (0 if r is invalid).
KS_API size_t kick_replay_encoded_size(const kick_replay *r);
/// Encodes r into buf. Returns KS_OK and *len, KS_ERR_CAPACITY if cap is too
/// small, KS_ERR_NULL, or KS_ERR_FORMAT if r itself is invalid (err names the field).
KS_API ks_status kick_replay_encode(const kick_replay *r, uint8_t *buf, size_t cap, size_t *len,
                                    kick_replay_error *err);
/// Decodes bytes; *out is written only on KS_OK. err may be NULL.
KS_API ks_status kick_replay_decode(const uint8_t *buf, size_t len, kick_replay *out,
                                    kick_replay_error *err);

/// Share code: writes a NUL-terminated base64url string into code (cap
/// includes the NUL). Returns KS_OK and *len (without NUL), KS_ERR_CAPACITY, ...
KS_API ks_status kick_replay_share_encode(const kick_replay *r, char *code, size_t cap, size_t *len,
                                          kick_replay_error *err);
/// Decodes a share code of `len` characters (need not be NUL-terminated).
/// *out is written only on KS_OK. err may be NULL.
KS_API ks_status kick_replay_share_decode(const char *code, size_t len, kick_replay *out,
                                          kick_replay_error *err);

/// One human sentence for an error, NUL-terminated in buf (truncated to cap).
/// Returns the length written (without NUL).
KS_API size_t kick_replay_error_text(const kick_replay_error *err, char *buf, size_t cap);
/// One human sentence for a verification result ("identical" or
/// "diverges at step N: field expected E, got A").
KS_API size_t kick_replay_verify_text(const kick_replay_verify_result *res, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
