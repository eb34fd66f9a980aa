// SPDX-License-Identifier: MIT
/* Shared by the rollback fuzz targets: a genuine message edited by a script
   from the fuzz input (flip, set, cut, insert a byte), then, unless the
   script says not to, its FNV-1a 64 checksum made valid again, so the edits
   reach the checks behind the checksum. */
#ifndef KICKSTEP_TESTS_FUZZ_RB_H
#define KICKSTEP_TESTS_FUZZ_RB_H

#include "fuzz.h"
#include "kickstep/hash.h"

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

#endif
