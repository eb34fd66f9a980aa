// SPDX-License-Identifier: MIT
/* Spectators (kickstep/rollback.h): a spectator steps a state with confirmed
   inputs only. Its request ("KSRS") and the confirmed-inputs message
   ("KSRC"), byte by byte (docs/rollback.md), little-endian, FNV-1a 64
   checksummed; every message is checked whole before anything is kept. */
#include "kickstep/hash.h"
#include "rollback_internal.h"

#define SP_COOKIE 0x6b737370u
#define SP_VERSION 1u
#define SP_HEADER 20u
#define SP_REQUEST 20u
#define FLAG_FINAL 1u /* KSRC: the match ended at the live edge */
#define FLAG_RUNS 2u  /* KSRC: the steps are runs (u16 repeat, a row) instead of rows */


ks_rb_spectator_def ks_rb_spectator_default_def(void) {
  ks_rb_spectator_def d;
  d.state_size = 0;
  d.input_size = 0;
  d.players = 2;
  d.delay = 0;
  d.buffer_steps = 1024;
  d.step = NULL;
  d.hash = NULL;
  d.user = NULL;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static ks_status validate(const ks_rb_spectator_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!d->step || !d->hash || d->state_size == 0 || d->input_size == 0) return KS_ERR_NULL;
  if (d->input_size > KS_RB_MAX_INPUT_BYTES || d->state_size > ((size_t)1 << 28)) return KS_ERR_RANGE;
  if (d->players < 2 || d->players > KS_RB_MAX_PLAYERS) return KS_ERR_RANGE;
  if (d->delay < 0 || d->delay > KS_RB_MAX_WINDOW) return KS_ERR_RANGE;
  if (d->buffer_steps < 64 || d->buffer_steps > 65536 || (d->buffer_steps & (d->buffer_steps - 1)) != 0)
    return KS_ERR_RANGE;
  return KS_OK;
}

static size_t r16(size_t n) { return (n + 15u) & ~(size_t)15u; }

size_t ks_rb_spectator_storage_size(const ks_rb_spectator_def *d) {
  if (validate(d) != KS_OK) return 0;
  size_t n = (size_t)d->buffer_steps;
  return r16(d->state_size) + r16(n * sizeof(int64_t)) + r16(n * (size_t)d->players * d->input_size) + 15u;
}

ks_status ks_rb_spectator_init(ks_rb_spectator *sp, const ks_rb_spectator_def *def, void *storage,
                               size_t storage_size, const void *state, int64_t start) {
  ks_status st = validate(def);
  if (st != KS_OK) return st;
  if (!sp || !storage || !state) return KS_ERR_NULL;
  if (start < 0 || start > 0x7fffffffLL) return KS_ERR_RANGE;
  if (storage_size < ks_rb_spectator_storage_size(def)) return KS_ERR_CAPACITY;
  uint8_t *b = (uint8_t *)storage;
  b += (16u - ((uintptr_t)b & 15u)) & 15u;
  size_t n = (size_t)def->buffer_steps;
  sp->def = *def;
  sp->state = b;
  sp->known = (int64_t *)(void *)(b + r16(def->state_size));
  sp->inputs = b + r16(def->state_size) + r16(n * sizeof(int64_t));
  for (size_t i = 0; i < n; i++) sp->known[i] = -1;
  rb_copy(sp->state, state, def->state_size);
  sp->start = sp->frame = sp->known_upto = sp->live = start;
  sp->received = sp->refused = 0;
  sp->final = false;
  sp->cookie = SP_COOKIE;
  return KS_OK;
}

static bool sp_usable(const ks_rb_spectator *sp) { return sp && sp->cookie == SP_COOKIE; }

static uint8_t *sp_slot(const ks_rb_spectator *sp, int64_t step) {
  size_t i = (size_t)((uint64_t)step & (uint64_t)(sp->def.buffer_steps - 1));
  return sp->inputs + i * (size_t)sp->def.players * sp->def.input_size;
}

static void head(wb *w, char kind, int32_t players, size_t isz, uint32_t flags) {
  w8(w, 'K');
  w8(w, 'S');
  w8(w, 'R');
  w8(w, (uint32_t)(uint8_t)kind);
  w8(w, SP_VERSION);
  w8(w, (uint32_t)players);
  w8(w, flags);
  w8(w, (uint32_t)isz);
}

static ks_status check_head(const uint8_t *b, size_t len, size_t min, char kind, int32_t players, size_t isz,
                            ks_rb_error *e) {
  const uint8_t magic[4] = {'K', 'S', 'R', (uint8_t)kind};
  for (size_t i = 0; i < 4 && i < len; i++)
    if (b[i] != magic[i]) return rb_refuse(e, KS_ERR_FORMAT, "magic", i);
  if (len < min) return rb_refuse(e, KS_ERR_TRUNCATED, "length", len);
  if (b[4] == 0u) return rb_refuse(e, KS_ERR_FORMAT, "version", 4);
  if (b[4] > SP_VERSION) return rb_refuse(e, KS_ERR_VERSION, "version", 4);
  if (len > KS_RB_MAX_MESSAGE) return rb_refuse(e, KS_ERR_FORMAT, "length", KS_RB_MAX_MESSAGE);
  if (g64(b + len - 8) != ks_fnv1a64(b, len - 8)) return rb_refuse(e, KS_ERR_CHECKSUM, "checksum", len - 8);
  if (b[5] != (uint32_t)players) return rb_refuse(e, KS_ERR_FORMAT, "players", 5);
  if ((b[6] & ~(kind == 'C' ? (FLAG_FINAL | FLAG_RUNS) : 0u)) != 0u) return rb_refuse(e, KS_ERR_FORMAT, "flags", 6);
  if (b[7] != isz) return rb_refuse(e, KS_ERR_FORMAT, "input_size", 7);
  return KS_OK;
}

ks_status ks_rb_spectator_request(const ks_rb_spectator *sp, uint8_t *buf, size_t cap, size_t *len) {
  if (!sp_usable(sp) || !buf || !len) return KS_ERR_NULL;
  if (cap < SP_REQUEST) return KS_ERR_CAPACITY;
  wb w = {buf, cap, 0};
  head(&w, 'S', sp->def.players, sp->def.input_size, 0u);
  w32(&w, u32_of(sp->known_upto));
  w64(&w, ks_fnv1a64(buf, w.len));
  *len = w.len;
  return KS_OK;
}

ks_status ks_rb_read_spectator_request(const uint8_t *buf, size_t len, int32_t players, size_t input_size,
                                       int64_t *from, ks_rb_error *err) {
  rb_clear(err);
  if (!buf || !from) return rb_refuse(err, KS_ERR_NULL, "argument", 0);
  ks_status st = check_head(buf, len, SP_REQUEST, 'S', players, input_size, err);
  if (st != KS_OK) return st;
  if (len != SP_REQUEST) return rb_refuse(err, KS_ERR_FORMAT, "length", SP_REQUEST);
  *from = (int64_t)g32(buf + 8);
  return KS_OK;
}

/* Writes steps [from, to) (as many as fit) taken from get(): rows, or runs
   of equal rows (u16 repeat, a row) when that carries more steps. */
typedef const uint8_t *(*row_fn)(const void *src, int32_t p, int64_t step);

static bool same_row(row_fn get, const void *src, int32_t players, size_t isz, int64_t a, int64_t b) {
  for (int32_t p = 0; p < players; p++) {
    const uint8_t *x = get(src, p, a);
    uint8_t keep[KS_RB_MAX_INPUT_BYTES];
    rb_copy(keep, x, isz); /* get() may reuse its buffer */
    if (!rb_equal(keep, get(src, p, b), isz)) return false;
  }
  return true;
}

static ks_status write_rows(int32_t players, size_t isz, row_fn get, const void *src, int64_t from, int64_t to,
                            int64_t live, bool final, uint8_t *buf, size_t cap, size_t *len) {
  if (cap > KS_RB_MAX_MESSAGE) cap = KS_RB_MAX_MESSAGE;
  if (cap < SP_HEADER + 8u) return KS_ERR_CAPACITY;
  size_t row = (size_t)players * isz, room = cap - SP_HEADER - 8u;
  int64_t plain = (int64_t)(room / row);
  if (plain > to - from) plain = to - from;
  if (plain > 65535) plain = 65535;
  /* Runs: how many steps fit as runs of at most 65535 equal rows. */
  int64_t ran = 0, run = 0;
  size_t used = 0;
  while (from + ran < to && ran < 65535) {
    if (ran > 0 && run < 65535 && same_row(get, src, players, isz, from + ran - 1, from + ran)) {
      ran++;
      run++;
      continue;
    }
    if (used + 2u + row > room) break;
    used += 2u + row;
    ran++;
    run = 1;
  }
  bool runs = ran > plain;
  int64_t count = runs ? ran : plain;
  wb w = {buf, cap, 0};
  head(&w, 'C', players, isz, (final ? FLAG_FINAL : 0u) | (runs ? FLAG_RUNS : 0u));
  w32(&w, u32_of(from));
  w16(&w, (uint32_t)count);
  w16(&w, 0u);
  w32(&w, u32_of(live));
  if (runs) {
    for (int64_t n = from; n < from + count;) {
      int64_t r = n + 1;
      while (r < from + count && r - n < 65535 && same_row(get, src, players, isz, n, r)) r++;
      w16(&w, (uint32_t)(r - n));
      for (int32_t p = 0; p < players; p++) wbytes(&w, get(src, p, n), isz);
      n = r;
    }
  } else {
    for (int64_t n = from; n < from + count; n++)
      for (int32_t p = 0; p < players; p++) wbytes(&w, get(src, p, n), isz);
  }
  w64(&w, ks_fnv1a64(buf, w.len));
  *len = w.len;
  return KS_OK;
}

typedef struct log_src {
  const uint8_t *log;
  int64_t from;
  int32_t players;
  size_t isz;
} log_src;

static const uint8_t *log_row(const void *src, int32_t p, int64_t step) {
  const log_src *l = (const log_src *)src;
  return l->log + ((size_t)(step - l->from) * (size_t)l->players + (size_t)p) * l->isz;
}

ks_status ks_rb_confirmed_write(int32_t players, size_t input_size, const uint8_t *log, int64_t log_from,
                                int64_t log_to, bool final, int64_t from, uint8_t *buf, size_t cap, size_t *len) {
  if ((!log && log_to > log_from) || !buf || !len) return KS_ERR_NULL;
  if (players < 2 || players > KS_RB_MAX_PLAYERS || input_size == 0 || input_size > KS_RB_MAX_INPUT_BYTES)
    return KS_ERR_RANGE;
  if (log_from < 0 || log_to < log_from || from < log_from || from > log_to || log_to > 0x7fffffffLL)
    return KS_ERR_RANGE;
  log_src l = {log, log_from, players, input_size};
  return write_rows(players, input_size, log_row, &l, from, log_to, log_to, final, buf, cap, len);
}

ks_status ks_rb_confirmed_write_fn(int32_t players, size_t input_size, ks_rb_input_fn get, const void *src,
                                   int64_t from, int64_t to, int64_t live, bool final, uint8_t *buf, size_t cap,
                                   size_t *len) {
  if (!get || !buf || !len) return KS_ERR_NULL;
  if (players < 2 || players > KS_RB_MAX_PLAYERS || input_size == 0 || input_size > KS_RB_MAX_INPUT_BYTES)
    return KS_ERR_RANGE;
  if (from < 0 || to < from || live < to || live > 0x7fffffffLL) return KS_ERR_RANGE;
  return write_rows(players, input_size, get, src, from, to, live, final, buf, cap, len);
}

static const uint8_t *session_row(const void *src, int32_t p, int64_t step) {
  return rb_input_slot((const ks_rb_session *)src, p, step);
}

ks_status ks_rb_session_confirmed_write(const ks_rb_session *s, int64_t from, uint8_t *buf, size_t cap,
                                        size_t *len) {
  if (!rb_usable(s) || !buf || !len) return KS_ERR_NULL;
  int64_t c = ks_rb_confirmed(s);
  if (from < s->start_step || from > c) return KS_ERR_RANGE;
  for (int32_t p = 0; p < s->def.players; p++)
    if (from < c && !rb_known(s, p, from)) return KS_ERR_RANGE;
  return write_rows(s->def.players, s->def.input_size, session_row, s, from, c, c, false, buf, cap, len);
}

ks_status ks_rb_spectator_read(ks_rb_spectator *sp, const uint8_t *buf, size_t len, ks_rb_error *err) {
  rb_clear(err);
  if (!sp_usable(sp) || !buf) return rb_refuse(err, KS_ERR_NULL, "argument", 0);
  ks_status st = check_head(buf, len, SP_HEADER + 8u, 'C', sp->def.players, sp->def.input_size, err);
  if (st == KS_OK) {
    size_t row = (size_t)sp->def.players * sp->def.input_size;
    int64_t from = (int64_t)g32(buf + 8), count = (int64_t)g16(buf + 12), live = (int64_t)g32(buf + 16);
    bool runs = (buf[6] & FLAG_RUNS) != 0u;
    size_t end = len - 8u;
    if (g16(buf + 14) != 0u) st = rb_refuse(err, KS_ERR_FORMAT, "reserved", 14);
    else if (!runs && SP_HEADER + (size_t)count * row != end) st = rb_refuse(err, KS_ERR_FORMAT, "length", 12);
    else if (live < from + count) st = rb_refuse(err, KS_ERR_FORMAT, "live", 16);
    else if (runs) { /* runs that cover exactly count steps and end where the checksum begins */
      size_t pos = SP_HEADER;
      int64_t covered = 0;
      while (st == KS_OK && covered < count) {
        if (pos + 2u + row > end) st = rb_refuse(err, KS_ERR_FORMAT, "length", pos);
        else if (g16(buf + pos) == 0u || covered + (int64_t)g16(buf + pos) > count)
          st = rb_refuse(err, KS_ERR_FORMAT, "runs", pos);
        else {
          covered += (int64_t)g16(buf + pos);
          pos += 2u + row;
        }
      }
      if (st == KS_OK && pos != end) st = rb_refuse(err, KS_ERR_FORMAT, "length", pos);
    }
    if (st == KS_OK) {
      size_t pos = SP_HEADER;
      int64_t left = runs ? (int64_t)g16(buf + pos) : 1;
      for (int64_t i = 0; i < count; i++) {
        int64_t n = from + i;
        const uint8_t *v = runs ? buf + pos + 2u : buf + SP_HEADER + (size_t)i * row;
        if (runs && --left == 0 && i + 1 < count) {
          pos += 2u + row;
          left = (int64_t)g16(buf + pos);
        }
        if (n < sp->frame || n >= sp->frame + sp->def.buffer_steps) continue;
        uint8_t *slot = sp_slot(sp, n);
        int64_t *k = &sp->known[(size_t)((uint64_t)n & (uint64_t)(sp->def.buffer_steps - 1))];
        if (*k == n) continue;
        rb_copy(slot, v, row);
        *k = n;
      }
      while (sp->known[(size_t)((uint64_t)sp->known_upto & (uint64_t)(sp->def.buffer_steps - 1))] == sp->known_upto)
        sp->known_upto++;
      if (live > sp->live) sp->live = live;
      if (buf[6] & FLAG_FINAL) sp->final = true;
      sp->received++;
      return KS_OK;
    }
  }
  sp->refused++;
  return st;
}

int64_t ks_rb_spectator_advance(ks_rb_spectator *sp, int64_t max_steps) {
  if (!sp_usable(sp)) return 0;
  int64_t target = sp->final ? sp->live : sp->live - sp->def.delay;
  if (target > sp->known_upto) target = sp->known_upto;
  int64_t done = 0;
  const uint8_t *in[KS_RB_MAX_PLAYERS];
  while (sp->frame < target && done < max_steps) {
    uint8_t *row = sp_slot(sp, sp->frame);
    for (int32_t p = 0; p < sp->def.players; p++) in[p] = row + (size_t)p * sp->def.input_size;
    sp->def.step(sp->state, in, sp->def.user);
    sp->frame++;
    done++;
  }
  return done;
}

double ks_rb_spectator_progress(const ks_rb_spectator *sp) {
  if (!sp_usable(sp) || sp->received == 0) return 0.0;
  int64_t target = sp->final ? sp->live : sp->live - sp->def.delay;
  if (target <= sp->start || sp->frame >= target) return 1.0;
  return (double)(sp->frame - sp->start) / (double)(target - sp->start);
}

const void *ks_rb_spectator_state(const ks_rb_spectator *sp) { return sp_usable(sp) ? sp->state : NULL; }
