// SPDX-License-Identifier: MIT
/* Private to src/kick: what the replay folder (src/kick/replay) gives the
   other folders. The byte writer and reader of the record formats (the
   single-kick replay, replay_codec.c, the shoot-out, duel/shootout.c, and the
   board's tries, play/board.c), and the error they fill. Everything
   little-endian, one byte at a time, so the bytes are the same on every
   host; doubles are their IEEE bits. Then the verify result both records'
   verifiers fill (replay_sim.c, duel/shootout.c).

   The writer counts bytes past its capacity (and writes nothing when p is
   NULL), so one pass measures what a second pass writes. The reader returns
   0 past its end and remembers that it ran short. The names are short and
   plain on purpose: include this only in the library's .c files. */
#ifndef KICKSTEP_SRC_KICK_REPLAY_H
#define KICKSTEP_SRC_KICK_REPLAY_H

#include "kickstep/base.h"
#include "kickstep/hash.h"
#include "kickstep/kick_replay.h"

typedef struct wbuf {
  uint8_t *p;  /* NULL: only count */
  size_t cap, len;
} wbuf;

static inline void w_u8(wbuf *w, uint32_t v) {
  if (w->p && w->len < w->cap) w->p[w->len] = (uint8_t)(v & 0xffu);
  w->len++;
}
static inline void w_u16(wbuf *w, uint32_t v) {
  w_u8(w, v);
  w_u8(w, v >> 8);
}
static inline void w_u32(wbuf *w, uint32_t v) {
  for (int i = 0; i < 4; i++) w_u8(w, v >> (8 * i));
}
static inline void w_u64(wbuf *w, uint64_t v) {
  for (int i = 0; i < 8; i++) w_u8(w, (uint32_t)(v >> (8 * i)));
}
static inline void w_f64(wbuf *w, double v) { w_u64(w, ks_f64_bits(v)); }

typedef struct rbuf {
  const uint8_t *p;
  size_t len, pos;
  bool short_;  /* a read went past len */
} rbuf;

static inline uint32_t r_u8(rbuf *r) {
  if (r->pos >= r->len) {
    r->short_ = true;
    return 0u;
  }
  return r->p[r->pos++];
}
static inline uint32_t r_u16(rbuf *r) {
  uint32_t a = r_u8(r);
  return a | (r_u8(r) << 8);
}
static inline uint32_t r_u32(rbuf *r) {
  uint32_t v = 0u;
  for (int i = 0; i < 4; i++) v |= r_u8(r) << (8 * i);
  return v;
}
static inline uint64_t r_u64(rbuf *r) {
  uint64_t v = 0u;
  for (int i = 0; i < 8; i++) v |= (uint64_t)r_u8(r) << (8 * i);
  return v;
}
static inline double r_f64(rbuf *r) { return ks_f64_from_bits(r_u64(r)); }

/* The error of a refused record: status, the field's name, its offset. */
static inline void set_field(kick_replay_error *e, const char *s) {
  size_t i = 0;
  for (; s[i] && i + 1 < sizeof e->field; i++) e->field[i] = s[i];
  e->field[i] = '\0';
}

static inline ks_status fail(kick_replay_error *e, ks_status st, const char *field, uint64_t offset) {
  e->status = st;
  set_field(e, field);
  e->offset = offset;
  return st;
}

/* The envelope both kinds of record share (docs/replays.md): the magic, a
   version in 1..max_version, zero flags, a payload length that makes the
   whole record exactly len bytes (at most max_bytes) and an FNV-1a 64
   checksum of what precedes it. On KS_OK, *version and *body (the bytes
   before the checksum) are set; else e names the field and offset. A short
   prefix that is not even a record's start is a format error, not a
   truncation. */
static inline ks_status read_envelope(const uint8_t *buf, size_t len, const uint8_t magic[4], size_t head,
                                      size_t tail, uint32_t max_version, uint64_t max_bytes, kick_replay_error *e,
                                      uint32_t *version, size_t *body) {
  if (len < head + tail) {
    for (size_t i = 0; i < len && i < 4; i++)
      if (buf[i] != magic[i]) return fail(e, KS_ERR_FORMAT, "magic", i);
    e->have = len;
    e->need = head + tail;
    return fail(e, KS_ERR_TRUNCATED, "header", len);
  }
  for (size_t i = 0; i < 4; i++)
    if (buf[i] != magic[i]) return fail(e, KS_ERR_FORMAT, "magic", i);
  rbuf rb = {buf, len, 4, false};
  *version = r_u16(&rb);
  e->version = *version;
  if (*version == 0u) return fail(e, KS_ERR_FORMAT, "version", 4);
  if (*version > max_version) return fail(e, KS_ERR_VERSION, "version", 4);
  if (r_u16(&rb) != 0u) return fail(e, KS_ERR_FORMAT, "flags", 6);
  uint64_t need = (uint64_t)head + r_u32(&rb) + tail;
  if (need > max_bytes) return fail(e, KS_ERR_FORMAT, "length", 8);
  if ((uint64_t)len != need) {
    e->have = len;
    e->need = need;
    return (uint64_t)len < need ? fail(e, KS_ERR_TRUNCATED, "length", len) : fail(e, KS_ERR_FORMAT, "length", need);
  }
  *body = (size_t)(need - tail);
  rbuf cs = {buf, len, *body, false};
  if (r_u64(&cs) != ks_fnv1a64(buf, *body)) return fail(e, KS_ERR_CHECKSUM, "checksum", *body);
  return KS_OK;
}

/* A verify result before any difference: identical, step -1, no field, zeros
   (replay_sim.c). */
void kick_verify_begin(kick_replay_verify_result *v);
/* The first difference a verifier finds: the step where it is seen, the
   field's name (cut to fit) and the stored and re-simulated values. */
void kick_verify_differ(kick_replay_verify_result *v, int64_t step, const char *field, uint64_t expected,
                        uint64_t actual);

#endif
