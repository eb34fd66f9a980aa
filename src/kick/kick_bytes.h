// SPDX-License-Identifier: MIT
/* Private to src/kick: the byte writer and reader of the record formats (the
   single-kick replay, replay_codec.c, and the shoot-out, shootout.c), and
   the error they fill. Everything little-endian, one byte at a time, so the
   bytes are the same on every host; doubles are their IEEE bits.

   The writer counts bytes past its capacity (and writes nothing when p is
   NULL), so one pass measures what a second pass writes. The reader returns
   0 past its end and remembers that it ran short. */
#ifndef KICKSTEP_KICK_BYTES_H
#define KICKSTEP_KICK_BYTES_H

#include "kickstep/base.h"
#include "kickstep/kick_replay.h"

typedef struct kb_writer {
  uint8_t *p;  /* NULL: only count */
  size_t cap, len;
} kb_writer;

static inline void kb_put8(kb_writer *w, uint32_t v) {
  if (w->p && w->len < w->cap) w->p[w->len] = (uint8_t)(v & 0xffu);
  w->len++;
}
static inline void kb_put16(kb_writer *w, uint32_t v) {
  kb_put8(w, v);
  kb_put8(w, v >> 8);
}
static inline void kb_put32(kb_writer *w, uint32_t v) {
  for (int i = 0; i < 4; i++) kb_put8(w, v >> (8 * i));
}
static inline void kb_put64(kb_writer *w, uint64_t v) {
  for (int i = 0; i < 8; i++) kb_put8(w, (uint32_t)(v >> (8 * i)));
}
static inline void kb_put_f64(kb_writer *w, double v) { kb_put64(w, ks_f64_bits(v)); }

typedef struct kb_reader {
  const uint8_t *p;
  size_t len, pos;
  bool short_;  /* a read went past len */
} kb_reader;

static inline uint32_t kb_get8(kb_reader *r) {
  if (r->pos >= r->len) {
    r->short_ = true;
    return 0u;
  }
  return r->p[r->pos++];
}
static inline uint32_t kb_get16(kb_reader *r) {
  uint32_t a = kb_get8(r);
  return a | (kb_get8(r) << 8);
}
static inline uint32_t kb_get32(kb_reader *r) {
  uint32_t v = 0u;
  for (int i = 0; i < 4; i++) v |= kb_get8(r) << (8 * i);
  return v;
}
static inline uint64_t kb_get64(kb_reader *r) {
  uint64_t v = 0u;
  for (int i = 0; i < 8; i++) v |= (uint64_t)kb_get8(r) << (8 * i);
  return v;
}
static inline double kb_get_f64(kb_reader *r) { return ks_f64_from_bits(kb_get64(r)); }

/* The error of a refused record: status, the field's name, its offset. */
static inline void kb_set_field(kick_replay_error *e, const char *s) {
  size_t i = 0;
  for (; s[i] && i + 1 < sizeof e->field; i++) e->field[i] = s[i];
  e->field[i] = '\0';
}

static inline ks_status kb_fail(kick_replay_error *e, ks_status st, const char *field, uint64_t offset) {
  e->status = st;
  kb_set_field(e, field);
  e->offset = offset;
  return st;
}

#endif
