// SPDX-License-Identifier: MIT
/* Fuzz target: the share-code decoder (kick_replay_share_decode).
 *
 * Input: a mode byte, then either raw text (mode bit 0 clear) or a payload
 * that the harness frames as a replay with a correct header and checksum and
 * writes in base64url itself (bit 0 set); with bit 1 also set it then changes
 * one character (at the position the next byte picks) to another character
 * of the alphabet. Checked:
 *   - a rejected code never writes the output and has a complete error report;
 *   - an accepted code encodes to a code that decodes to the same replay
 *     (the same text, unless it stored a setup slot with its default value);
 *   - a code the harness wrote decodes exactly as its bytes do;
 *   - a code with one character changed is always rejected. */
#include "fuzz_replay_common.h"

static const char B64URL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* base64url without padding, written here independently of the decoder. */
static size_t to_base64url(const uint8_t *b, size_t n, char *out) {
  size_t o = 0, i = 0;
  for (; i + 3 <= n; i += 3) {
    uint32_t v = (uint32_t)b[i] << 16 | (uint32_t)b[i + 1] << 8 | b[i + 2];
    for (int k = 3; k >= 0; k--) out[o++] = B64URL[(v >> (6 * k)) & 63u];
  }
  if (n - i == 1) {
    uint32_t v = (uint32_t)b[i] << 16;
    out[o++] = B64URL[(v >> 18) & 63u];
    out[o++] = B64URL[(v >> 12) & 63u];
  } else if (n - i == 2) {
    uint32_t v = (uint32_t)b[i] << 16 | (uint32_t)b[i + 1] << 8;
    out[o++] = B64URL[(v >> 18) & 63u];
    out[o++] = B64URL[(v >> 12) & 63u];
    out[o++] = B64URL[(v >> 6) & 63u];
  }
  return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  uint8_t mode = data[0];
  static uint8_t framed[KICK_REPLAY_MAX_BYTES + 64];
  static char text[(KICK_REPLAY_MAX_BYTES + 64) * 2];
  const char *code = (const char *)data + 1;
  size_t len = size - 1;
  size_t flen = 0;
  bool mutated = false;
  if (mode & 1) {
    if (size < 2) return 0;
    size_t at = data[1];
    flen = fuzz_frame_replay(data + 2, size - 2, framed, sizeof framed);
    if (flen == 0) return 0;
    len = to_base64url(framed, flen, text);
    if ((mode & 2) && len > 0) {
      size_t pos = (at * 7u + (size_t)(mode >> 2)) % len;
      const char *p = strchr(B64URL, text[pos]);
      FUZZ_CHECK(p != NULL);
      size_t idx = (size_t)(p - B64URL);
      text[pos] = B64URL[(idx + 1u + (size_t)(mode >> 2) % 63u) % 64u];
      mutated = true;
    }
    code = text;
  }
  char *buf = malloc(len ? len : 1);
  FUZZ_CHECK(buf != NULL);
  if (len) memcpy(buf, code, len);

  static kick_replay out, untouched;
  memset(&out, 0xa5, sizeof out);
  untouched = out;
  kick_replay_error err;
  memset(&err, 0x5a, sizeof err);
  ks_status st = kick_replay_share_decode(buf, len, &out, &err);
  fuzz_check_error(&err, st);
  if (st != KS_OK) FUZZ_CHECK(memcmp(&out, &untouched, sizeof out) == 0);
  if (mutated) FUZZ_CHECK(st != KS_OK);

  if ((mode & 1) && !mutated) {
    /* The harness's own code: decodes exactly as its bytes do. */
    static kick_replay direct;
    ks_status sb = kick_replay_decode(framed, flen, &direct, NULL);
    FUZZ_CHECK((sb == KS_OK) == (st == KS_OK));
    if (sb == KS_OK) {
      static uint8_t a[KICK_REPLAY_MAX_BYTES], b[KICK_REPLAY_MAX_BYTES];
      size_t na = 0, nb = 0;
      FUZZ_CHECK(kick_replay_encode(&direct, a, sizeof a, &na, NULL) == KS_OK);
      FUZZ_CHECK(kick_replay_encode(&out, b, sizeof b, &nb, NULL) == KS_OK);
      FUZZ_CHECK(na == nb && memcmp(a, b, na) == 0);
    }
  }
  if (st == KS_OK) {
    static char again[KICK_REPLAY_MAX_CODE + 1], twice[KICK_REPLAY_MAX_CODE + 1];
    size_t n2 = 0, n3 = 0;
    FUZZ_CHECK(kick_replay_share_encode(&out, again, sizeof again, &n2, NULL) == KS_OK);
    /* A format 1 code comes back as format 2 with its rules slot: 4 bytes, at most 6 characters more. */
    FUZZ_CHECK(n2 <= len + (out.setup.rules == KICK_RULES_ORIGINAL ? 6u : 0u));
    static kick_replay back;
    FUZZ_CHECK(kick_replay_share_decode(again, n2, &back, NULL) == KS_OK);
    FUZZ_CHECK(kick_replay_share_encode(&back, twice, sizeof twice, &n3, NULL) == KS_OK);
    FUZZ_CHECK(n3 == n2 && memcmp(twice, again, n2) == 0);
  }
  free(buf);
  return 0;
}
