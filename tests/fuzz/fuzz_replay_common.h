// SPDX-License-Identifier: MIT
/* Shared by the replay and share-code fuzz targets: framing fuzz bytes as a
   replay whose header and checksum are right, so that the fuzzer reaches the
   field checks behind the checksum. */
#ifndef KICKSTEP_TESTS_FUZZ_REPLAY_COMMON_H
#define KICKSTEP_TESTS_FUZZ_REPLAY_COMMON_H

#include "fuzz.h"

#include "kickstep/hash.h"
#include "kickstep/kick_replay.h"

/* Wraps payload in a header (magic, version 1, flags 0, length) and the
   FNV-1a 64 checksum, little-endian. Returns the total length, 0 if too long. */
static inline size_t fuzz_frame_replay(const uint8_t *payload, size_t n, uint8_t *out, size_t cap) {
  size_t total = KICK_REPLAY_HEADER_BYTES + n + KICK_REPLAY_CHECKSUM_BYTES;
  if (total > cap) return 0;
  out[0] = KICK_REPLAY_MAGIC0;
  out[1] = KICK_REPLAY_MAGIC1;
  out[2] = KICK_REPLAY_MAGIC2;
  out[3] = KICK_REPLAY_MAGIC3;
  out[4] = (uint8_t)KICK_REPLAY_VERSION;
  out[5] = 0;
  out[6] = 0;
  out[7] = 0;
  for (int i = 0; i < 4; i++) out[8 + i] = (uint8_t)((uint64_t)n >> (8 * i));
  if (n) memcpy(out + KICK_REPLAY_HEADER_BYTES, payload, n);
  uint64_t sum = ks_fnv1a64(out, KICK_REPLAY_HEADER_BYTES + n);
  for (int i = 0; i < 8; i++) out[KICK_REPLAY_HEADER_BYTES + n + (size_t)i] = (uint8_t)(sum >> (8 * i));
  return total;
}

/* The same framing for a shoot-out record (kick_shootout.h): magic KSSO,
   its version, flags 0, length, payload, checksum. */
static inline size_t fuzz_frame_shootout(const uint8_t *payload, size_t n, uint8_t *out, size_t cap) {
  size_t total = 12u + n + 8u;
  if (total > cap) return 0;
  const uint8_t head[8] = {'K', 'S', 'S', 'O', 1, 0, 0, 0};
  memcpy(out, head, 8);
  for (int i = 0; i < 4; i++) out[8 + i] = (uint8_t)((uint64_t)n >> (8 * i));
  if (n) memcpy(out + 12, payload, n);
  uint64_t sum = ks_fnv1a64(out, 12u + n);
  for (int i = 0; i < 8; i++) out[12u + n + (size_t)i] = (uint8_t)(sum >> (8 * i));
  return total;
}

/* An error report must be complete: its status, a named field (on an error),
   one sentence. */
static inline void fuzz_check_error(const kick_replay_error *e, ks_status st) {
  FUZZ_CHECK(e->status == st);
  FUZZ_CHECK(memchr(e->field, 0, sizeof e->field) != NULL);
  if (st != KS_OK) FUZZ_CHECK(e->field[0] != '\0');
  char text[512];
  memset(text, 0x5a, sizeof text);
  size_t n = kick_replay_error_text(e, text, sizeof text);
  FUZZ_CHECK(n > 0 && n < sizeof text && text[n] == '\0');
}

#endif
