// SPDX-License-Identifier: MIT
/* Shared by the rollback fuzz targets: a genuine message edited by a script
   from the fuzz input (flip, set, cut, insert a byte), then, unless the
   script says not to, its FNV-1a 64 checksum made valid again, so the edits
   reach the checks behind the checksum; and a snapshot of what a session
   keeps about its peers, to check that a refused message changes none of it. */
#ifndef KICKSTEP_TESTS_FUZZ_RB_H
#define KICKSTEP_TESTS_FUZZ_RB_H

#include "fuzz.h"
#include "kickstep/hash.h"
#include "kickstep/rollback.h"

/* Edits buf (len bytes of cap) by the script in `in`; returns the new length.
   keep_sum: leave the checksum as the edits made it. */
static inline size_t fuzz_rb_edit(fuzz_in *in, uint8_t *buf, size_t len, size_t cap, bool fix_sum) {
  int edits = 0;
  while (in->at + 3 <= in->n && edits++ < 64) {
    /* Two statements: the order of two reads in one expression is unspecified
       (gcc with and without sanitizers took the bytes in different orders). */
    size_t off = fuzz_u8(in);
    off |= (size_t)fuzz_u8(in) << 8;
    uint8_t op = fuzz_u8(in), v = fuzz_u8(in);
    off = len ? off % (len + 1) : 0;
    switch (op & 3u) {
      case 0:
        if (off < len) buf[off] ^= v ? v : 1u;
        break;
      case 1:
        if (off < len) buf[off] = v;
        break;
      case 2:
        len = off;
        break;
      default:
        if (len < cap) {
          memmove(buf + off + 1, buf + off, len - off);
          buf[off] = v;
          len++;
        }
        break;
    }
  }
  if (fix_sum && len >= 8) {
    uint64_t h = ks_fnv1a64(buf, len - 8);
    for (int i = 0; i < 8; i++) buf[len - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
  }
  return len;
}

/* What a session keeps about its peers (frame, known inputs, acks, sequence
   numbers and floors, messages taken, drops and comebacks, desync): a refused
   message changes none of it. Zeroed whole, so two compare with memcmp. */
typedef struct fuzz_rb_snap {
  int64_t frame, known[KS_RB_MAX_PLAYERS], ack[KS_RB_MAX_PLAYERS], received, empty[KS_RB_MAX_PLAYERS];
  int64_t announced[KS_RB_MAX_PLAYERS][KS_RB_MAX_PLAYERS];
  uint32_t seen[KS_RB_MAX_PLAYERS], floor[KS_RB_MAX_PLAYERS], peers, dropped, pending;
  uint8_t epoch[KS_RB_MAX_PLAYERS];
  bool desync;
} fuzz_rb_snap;

static inline fuzz_rb_snap fuzz_rb_take(const ks_rb_session *s) {
  fuzz_rb_snap n;
  memset(&n, 0, sizeof n);
  n.frame = s->frame;
  for (int p = 0; p < KS_RB_MAX_PLAYERS; p++) {
    n.known[p] = s->known_upto[p];
    n.ack[p] = s->remote_ack[p];
    n.empty[p] = s->empty_from[p];
    for (int q = 0; q < KS_RB_MAX_PLAYERS; q++) n.announced[p][q] = s->announced[p][q];
    n.seen[p] = s->seen[p];
    n.floor[p] = s->seq_floor[p];
    n.epoch[p] = s->epoch[p];
  }
  n.received = s->stats.received;
  n.peers = s->peers;
  n.dropped = s->dropped;
  n.pending = s->resume_pending;
  n.desync = s->desync.detected;
  return n;
}

#endif
