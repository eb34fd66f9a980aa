// SPDX-License-Identifier: MIT
/* Fuzz target: the replay loader (kick_replay_decode, the byte format of
 * replay files; kick_replay_file_load reads a file and calls it).
 *
 * Input: a mode byte, then either raw bytes (mode bit 0 clear) or a payload
 * that the harness frames with a correct header and checksum (bit 0 set), so
 * the field checks are reached. Checked:
 *   - a rejected input never writes the output (nothing is half-loaded) and
 *     comes with a complete error report (status, field, sentence);
 *   - an accepted input encodes to bytes that load back to the same replay
 *     (encode is a fixed point; a setup slot stored explicitly with its
 *     default value is accepted, and the encoder omits it, so the bytes may
 *     be shorter; a format 1 replay saves as format 2 with its rules slot,
 *     4 bytes longer), and survives a share-code round trip unchanged;
 *   - (mode bit 1) verifying an accepted replay runs without fault.
 * With mode bit 2 set the bytes are a shoot-out record (kick_shootout.h, a
 * whole penalty duel; bit 0 frames them with its own header and checksum)
 * and the same three properties are checked for kick_shootout_decode. */
#include "fuzz_replay_common.h"

#include "kickstep/kick_shootout.h"

static void shootout_case(uint8_t mode, const uint8_t *buf, size_t len) {
  static kick_shootout out, untouched, reloaded;
  memset(&out, 0xa5, sizeof out);
  memcpy(&untouched, &out, sizeof out);
  kick_replay_error err;
  memset(&err, 0x5a, sizeof err);
  ks_status st = kick_shootout_decode(buf, len, &out, &err);
  fuzz_check_error(&err, st);
  if (st != KS_OK) {
    FUZZ_CHECK(st == KS_ERR_FORMAT || st == KS_ERR_TRUNCATED || st == KS_ERR_VERSION || st == KS_ERR_CHECKSUM);
    FUZZ_CHECK(memcmp(&out, &untouched, sizeof out) == 0);
    return;
  }
  static uint8_t saved[KICK_SHOOTOUT_MAX_BYTES], again[KICK_SHOOTOUT_MAX_BYTES];
  size_t ns = 0, n2 = 0;
  FUZZ_CHECK(kick_shootout_encode(&out, saved, sizeof saved, &ns, NULL) == KS_OK);
  FUZZ_CHECK(kick_shootout_encoded_size(&out) == ns && ns == len);
  FUZZ_CHECK(kick_shootout_decode(saved, ns, &reloaded, NULL) == KS_OK);
  FUZZ_CHECK(kick_shootout_encode(&reloaded, again, sizeof again, &n2, NULL) == KS_OK);
  FUZZ_CHECK(n2 == ns && memcmp(again, saved, ns) == 0);
  if ((mode & 2) && out.end_step <= 20000) { /* a long match is minutes of steps */
    kick_replay_verify_result res;
    FUZZ_CHECK(kick_shootout_verify(&out, &res) == KS_OK);
    if (!res.identical) FUZZ_CHECK(res.field[0] != '\0' && memchr(res.field, 0, sizeof res.field) != NULL);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  uint8_t mode = data[0];
  static uint8_t framed[KICK_SHOOTOUT_MAX_BYTES + 64];
  const uint8_t *bytes = data + 1;
  size_t len = size - 1;
  if (mode & 1) {
    len = (mode & 4) ? fuzz_frame_shootout(data + 1, size - 1, framed, sizeof framed)
                     : fuzz_frame_replay(data + 1, size - 1, framed, KICK_REPLAY_MAX_BYTES + 64);
    if (len == 0) return 0;
    bytes = framed;
  }
  /* An exact-size copy, so ASan sees any read past the end. */
  uint8_t *buf = malloc(len ? len : 1);
  FUZZ_CHECK(buf != NULL);
  if (len) memcpy(buf, bytes, len);
  if (mode & 4) {
    shootout_case(mode, buf, len);
    free(buf);
    return 0;
  }

  static kick_replay out, untouched;
  memset(&out, 0xa5, sizeof out);
  untouched = out;
  kick_replay_error err;
  memset(&err, 0x5a, sizeof err);
  ks_status st = kick_replay_decode(buf, len, &out, &err);
  fuzz_check_error(&err, st);
  if (st != KS_OK) {
    FUZZ_CHECK(st == KS_ERR_FORMAT || st == KS_ERR_TRUNCATED || st == KS_ERR_VERSION || st == KS_ERR_CHECKSUM);
    FUZZ_CHECK(memcmp(&out, &untouched, sizeof out) == 0);
    free(buf);
    return 0;
  }

  /* What loads, saves; and what it saves loads back to the same replay. */
  static uint8_t saved[KICK_REPLAY_MAX_BYTES], again[KICK_REPLAY_MAX_BYTES];
  size_t ns = 0, n2 = 0;
  FUZZ_CHECK(kick_replay_encode(&out, saved, sizeof saved, &ns, NULL) == KS_OK);
  /* A format 1 replay saves as format 2, with its rules (KICK_RULES_ORIGINAL) stored: 4 bytes more. */
  FUZZ_CHECK(kick_replay_encoded_size(&out) == ns && ns <= len + (out.setup.rules == KICK_RULES_ORIGINAL ? 4u : 0u));
  static kick_replay reloaded;
  FUZZ_CHECK(kick_replay_decode(saved, ns, &reloaded, NULL) == KS_OK);
  FUZZ_CHECK(kick_replay_encode(&reloaded, again, sizeof again, &n2, NULL) == KS_OK);
  FUZZ_CHECK(n2 == ns && memcmp(again, saved, ns) == 0);

  /* Share code round trip. */
  static char code[KICK_REPLAY_MAX_CODE + 1];
  size_t clen = 0;
  FUZZ_CHECK(kick_replay_share_encode(&out, code, sizeof code, &clen, NULL) == KS_OK);
  FUZZ_CHECK(clen <= KICK_REPLAY_MAX_CODE && code[clen] == '\0');
  static kick_replay back;
  FUZZ_CHECK(kick_replay_share_decode(code, clen, &back, NULL) == KS_OK);
  FUZZ_CHECK(kick_replay_encode(&back, again, sizeof again, &n2, NULL) == KS_OK);
  FUZZ_CHECK(n2 == ns && memcmp(again, saved, ns) == 0);

  if (mode & 2) {
    kick_replay_verify_result res;
    ks_status vs = kick_replay_verify(&out, &res);
    FUZZ_CHECK(vs == KS_OK);
    if (!res.identical) FUZZ_CHECK(res.field[0] != '\0' && memchr(res.field, 0, sizeof res.field) != NULL);
    char text[256];
    size_t tn = kick_replay_verify_text(&res, text, sizeof text);
    FUZZ_CHECK(tn > 0 && tn < sizeof text);
  }
  free(buf);
  return 0;
}
