// SPDX-License-Identifier: MIT
/* Resuming a lost session (kickstep/rollback.h, "Resuming"): requests, the
   handover and its parts, byte by byte (docs/duel.md), and the session
   rebuilt from a handover. Everything little-endian; every message is
   checked whole before anything of it is used. */
#include "kickstep/hash.h"
#include "rollback_internal.h"

#define MAGIC_REQUEST 'Q'
#define MAGIC_PART 'H'
#define HANDOVER_VERSION 1u /* a two-peer session's */
#define HANDOVER_VERSION_MESH 2u /* a session of three or more peers' */

/* ----------------------------------------------------------------- bytes */


/* The 8 bytes every message starts with: K S R <kind>, version, sender, flags 0, input size. */
static void head(wb *w, char kind, int32_t sender, size_t input_size) {
  w8(w, 'K');
  w8(w, 'S');
  w8(w, 'R');
  w8(w, (uint32_t)(uint8_t)kind);
  w8(w, KS_RB_VERSION_PAIR); /* requests and parts are still version 1 */
  w8(w, (uint32_t)sender);
  w8(w, 0u);
  w8(w, (uint32_t)input_size);
}

/* Length, magic, version, checksum, sender, flags, input size. */
static ks_status check_head(const uint8_t *b, size_t len, size_t min, char kind, int32_t sender, size_t input_size,
                            ks_rb_error *e) {
  const uint8_t magic[4] = {'K', 'S', 'R', (uint8_t)kind};
  for (size_t i = 0; i < 4 && i < len; i++)
    if (b[i] != magic[i]) return rb_refuse(e, KS_ERR_FORMAT, "magic", i);
  if (len < min) return rb_refuse(e, KS_ERR_TRUNCATED, "length", len);
  if (b[4] == 0u) return rb_refuse(e, KS_ERR_FORMAT, "version", 4);
  if (b[4] > KS_RB_VERSION_PAIR) return rb_refuse(e, KS_ERR_VERSION, "version", 4);
  if (len > KS_RB_MAX_MESSAGE) return rb_refuse(e, KS_ERR_FORMAT, "length", KS_RB_MAX_MESSAGE);
  if (g64(b + len - 8) != ks_fnv1a64(b, len - 8)) return rb_refuse(e, KS_ERR_CHECKSUM, "checksum", len - 8);
  if (b[5] != (uint32_t)sender) return rb_refuse(e, KS_ERR_STATE, "sender", 5);
  if (b[6] != 0u) return rb_refuse(e, KS_ERR_FORMAT, "flags", 6);
  if (b[7] != input_size) return rb_refuse(e, KS_ERR_FORMAT, "input_size", 7);
  return KS_OK;
}

ks_rb_kind ks_rb_message_kind(const uint8_t *buf, size_t len) {
  if (!buf || len < 8 || buf[0] != 'K' || buf[1] != 'S' || buf[2] != 'R') return KS_RB_KIND_UNKNOWN;
  switch (buf[3]) {
    case 'B': return KS_RB_KIND_INPUTS;
    case MAGIC_REQUEST: return KS_RB_KIND_REQUEST;
    case MAGIC_PART: return KS_RB_KIND_PART;
    case 'C': return KS_RB_KIND_CONFIRMED;
    case 'S': return KS_RB_KIND_SPECTATE;
    default: return KS_RB_KIND_UNKNOWN;
  }
}

/* --------------------------------------------------------------- requests */

ks_status ks_rb_gather_init(ks_rb_gather *g, int32_t local_player, size_t input_size, uint64_t nonce, void *buf,
                            size_t cap) {
  if (!g || !buf) return KS_ERR_NULL;
  if (local_player < 0 || local_player >= KS_RB_MAX_PLAYERS || input_size == 0 || input_size > KS_RB_MAX_INPUT_BYTES ||
      cap < KS_RB_HANDOVER_HEADER_BYTES)
    return KS_ERR_RANGE;
  g->local_player = local_player;
  g->input_size = input_size;
  g->nonce = nonce;
  g->buf = (uint8_t *)buf;
  g->cap = cap;
  g->have = g->total = 0;
  g->hash = 0;
  g->complete = false;
  g->parts = g->restarts = 0;
  return KS_OK;
}

ks_status ks_rb_gather_request(const ks_rb_gather *g, uint8_t *buf, size_t cap, size_t *len) {
  if (!g || !buf || !len) return KS_ERR_NULL;
  if (g->complete) return KS_ERR_STATE;
  if (cap < KS_RB_REQUEST_BYTES) return KS_ERR_CAPACITY;
  wb w = {buf, cap, 0};
  head(&w, MAGIC_REQUEST, g->local_player, g->input_size);
  w64(&w, g->nonce);
  w32(&w, u32_of((int64_t)g->have));
  w64(&w, ks_fnv1a64(buf, w.len));
  *len = w.len;
  return KS_OK;
}

ks_status ks_rb_read_request(const ks_rb_session *s, const uint8_t *buf, size_t len, ks_rb_request *out,
                             ks_rb_error *err) {
  rb_clear(err);
  if (!rb_usable(s) || !buf || !out) return rb_refuse(err, KS_ERR_NULL, "argument", 0);
  int32_t from = 1 - s->def.local_player;
  if (s->def.players != 2) {
    /* Any other peer may be the one coming back (the answering side is checked by ks_rb_handover_write_for). */
    from = len > 5u ? (int32_t)buf[5] : -1;
    if (from < 0 || from >= s->def.players || s->def.peer_of[from] != from || from == s->local_peer)
      from = s->local_peer == 0 ? 1 : 0; /* check_head refuses it as "sender" */
  }
  ks_status st = check_head(buf, len, KS_RB_REQUEST_BYTES, MAGIC_REQUEST, from, s->def.input_size, err);
  if (st != KS_OK) return st;
  if (len != KS_RB_REQUEST_BYTES) return rb_refuse(err, KS_ERR_FORMAT, "length", KS_RB_REQUEST_BYTES);
  out->nonce = g64(buf + 8);
  out->offset = g32(buf + 16);
  return KS_OK;
}

/* ------------------------------------------------------------- handover */

/* Writes (or with w->p NULL-capped, measures) one player's runs of inputs
   over [from, to): { u16 count >= 1, input }. */
static void runs(wb *w, const ks_rb_session *s, int32_t p, int64_t from, int64_t to) {
  size_t isz = s->def.input_size;
  for (int64_t n = from; n < to;) {
    const uint8_t *v = rb_input_slot(s, p, n);
    int64_t r = n + 1;
    while (r < to && r - n < 65535 && rb_equal(rb_input_slot(s, p, r), v, isz)) r++;
    w16(w, (uint32_t)(r - n));
    wbytes(w, v, isz);
    n = r;
  }
}

ks_status ks_rb_handover_write(ks_rb_session *s, int64_t base, size_t history_len, uint8_t *buf, size_t cap,
                               size_t *len, size_t *history_at) {
  if (!rb_usable(s) || !buf || !len || !history_at) return KS_ERR_NULL;
  if (s->def.players != 2) return KS_ERR_STATE; /* several peers: say which (ks_rb_handover_write_for) */
  int32_t me = s->def.local_player, peer = 1 - me;
  int64_t kk = s->known_upto[me], kr = s->known_upto[peer];
  if (base < s->start_step || base > ks_rb_confirmed(s) || kk - base > 0xffffffffLL || kr - base > 0xffffffffLL)
    return KS_ERR_RANGE;
  for (int64_t n = base; n < kk; n++)
    if (!rb_known(s, me, n)) return KS_ERR_RANGE;
  for (int64_t n = base; n < kr; n++)
    if (!rb_known(s, peer, n)) return KS_ERR_RANGE;
  if (history_len > 0xffffffffu) return KS_ERR_RANGE;
  wb m = {buf, 0, 0}; /* measure: nothing written at cap 0 */
  runs(&m, s, peer, base, kr);
  runs(&m, s, me, base, kk);
  size_t need = KS_RB_HANDOVER_HEADER_BYTES + m.len + history_len;
  *len = need;
  if (need > cap) return KS_ERR_CAPACITY;
  /* The resumed session numbers its messages above everything the lost one
     may have sent: those are refused from now on. */
  uint32_t seen = s->seen[peer];
  uint32_t start = seen > UINT32_MAX - 2u * KS_RB_SEQ_GAP ? UINT32_MAX - KS_RB_SEQ_GAP : seen + KS_RB_SEQ_GAP;
  wb w = {buf, cap, 0};
  w8(&w, HANDOVER_VERSION);
  w8(&w, (uint32_t)me);
  w8(&w, (uint32_t)s->def.input_size);
  w8(&w, 0u);
  w32(&w, u32_of(base));
  w32(&w, start);
  w32(&w, u32_of(s->frame));
  w32(&w, u32_of(kr));
  w32(&w, u32_of(kk));
  w32(&w, (uint32_t)history_len);
  runs(&w, s, peer, base, kr);
  runs(&w, s, me, base, kk);
  *history_at = w.len;
  if (start > s->seq_floor[peer]) s->seq_floor[peer] = start;
  s->resume_pending |= 1u << peer;
  s->stats.handovers++;
  return KS_OK;
}

/* A session of three or more peers: the returning peer q was dropped and
   its "none" step d agreed; every remaining peer holds its inputs to d; this
   side answers (the lowest-numbered remaining peer). The resume step is past
   anything a peer can have simulated with q's inputs filled as "none": a
   peer's frame stays within a window and a delay of this side's inputs, and
   it fills "none" a window and a delay ahead of its frame. */
ks_status ks_rb_handover_write_for(ks_rb_session *s, int32_t q, int64_t base, size_t history_len, uint8_t *buf,
                                   size_t cap, size_t *len, size_t *history_at) {
  if (!rb_usable(s) || !buf || !len || !history_at) return KS_ERR_NULL;
  if (s->def.players == 2) {
    if (q != 1 - s->def.local_player) return KS_ERR_RANGE;
    return ks_rb_handover_write(s, base, history_len, buf, cap, len, history_at);
  }
  const ks_rb_def *d = &s->def;
  if (q < 0 || q >= d->players || d->peer_of[q] != q || q == s->local_peer) return KS_ERR_RANGE;
  if (!((s->dropped >> q) & 1u) || s->empty_from[q] < 0) return KS_ERR_STATE; /* drop it first; wait for the agreement */
  int64_t empty = s->empty_from[q];
  for (int32_t r = 0; r < d->players; r++) {
    if (!((s->peers >> r) & 1u)) continue;
    if (r < s->local_peer) return KS_ERR_STATE;           /* a lower-numbered peer answers */
    if (s->announced[r][q] < empty) return KS_ERR_STATE;  /* r has not said it holds q's inputs that far */
  }
  for (int32_t x = 0; x < d->players; x++)
    if (((s->dropped >> x) & 1u) && s->empty_from[x] < 0) return KS_ERR_STATE; /* another drop still being agreed */
  if (s->epoch[q] == 255u) return KS_ERR_STATE;
  if (base < s->start_step || base > ks_rb_confirmed(s)) return KS_ERR_RANGE;
  int64_t resume = s->frame + 2 * (int64_t)d->input_delay + 2 * (int64_t)d->max_prediction + 2;
  for (int32_t p = 0; p < d->players; p++) {
    int64_t k = d->peer_of[p] == q ? resume : s->known_upto[p];
    if (k < s->known_upto[p] || k - base > 0xffffffffLL || k - base + 2 * (int64_t)d->max_prediction + 2 * KS_RB_MAX_DELAY >= s->nin)
      return KS_ERR_RANGE;
    for (int64_t n = base; n < s->known_upto[p]; n++)
      if (!rb_known(s, p, n)) return KS_ERR_RANGE;
  }
  if (history_len > 0xffffffffu) return KS_ERR_RANGE;
  /* Measure with q's inputs as they will be: "none" up to the resume step. */
  size_t need = KS_RB_HANDOVER_HEADER_BYTES + history_len;
  need += (size_t)d->players * 6u;
  for (int32_t p = 0; p < d->players; p++) {
    wb m = {buf, 0, 0};
    runs(&m, s, p, base, s->known_upto[p]);
    need += 4u + m.len;
    if (d->peer_of[p] == q && s->known_upto[p] < resume) need += 2u + d->input_size; /* one more run at most */
  }
  *len = need;
  if (need > cap) return KS_ERR_CAPACITY;
  uint32_t seen = s->seen[q];
  uint32_t start = seen > UINT32_MAX - 2u * KS_RB_SEQ_GAP ? UINT32_MAX - KS_RB_SEQ_GAP : seen + KS_RB_SEQ_GAP;
  uint32_t epoch = (uint32_t)s->epoch[q] + 1u;
  int64_t ack = rb_peer_known(s, s->local_peer);
  int64_t known_then[KS_RB_MAX_PLAYERS];
  for (int32_t r = 0; r < d->players; r++) known_then[r] = rb_peer_known(s, r);
  /* Take q back here (fills its "none" inputs up to the resume step). */
  ks_status st = rb_back(s, q, epoch, empty, resume, start, ack);
  if (st != KS_OK) return st;
  wb w = {buf, cap, 0};
  w8(&w, HANDOVER_VERSION_MESH);
  w8(&w, (uint32_t)s->local_peer);
  w8(&w, (uint32_t)d->input_size);
  w8(&w, (uint32_t)d->players);
  w32(&w, u32_of(base));
  w32(&w, start);
  w32(&w, u32_of(s->frame));
  w32(&w, u32_of(resume));
  w32(&w, (uint32_t)history_len);
  w8(&w, (uint32_t)q);
  w8(&w, epoch);
  w16(&w, 0u);
  for (int32_t x = 0; x < d->players; x++) {
    bool gone = ((s->dropped >> x) & 1u) != 0u;
    w8(&w, (gone ? 1u : 0u) | (d->peer_of[x] == x ? 2u : 0u));
    w8(&w, s->epoch[x]);
    w32(&w, gone ? u32_of(s->empty_from[x]) : 0u);
  }
  for (int32_t p = 0; p < d->players; p++) {
    w32(&w, u32_of(s->known_upto[p]));
    runs(&w, s, p, base, s->known_upto[p]);
  }
  *history_at = w.len;
  *len = w.len + history_len;
  s->back_step[q] = resume;
  s->back_empty[q] = empty;
  s->back_seq[q] = start;
  s->back_local[q] = ack;
  for (int32_t r = 0; r < KS_RB_MAX_PLAYERS; r++) s->back_known[q][r] = r < d->players ? known_then[r] : -1;
  s->stats.handovers++;
  return KS_OK;
}

ks_status ks_rb_write_part(const ks_rb_session *s, uint64_t nonce, const uint8_t *handover, size_t len,
                           uint32_t offset, uint8_t *buf, size_t cap, size_t *out_len) {
  if (!rb_usable(s) || !handover || !buf || !out_len) return KS_ERR_NULL;
  if (len == 0 || len > 0xffffffffu || offset >= len) return KS_ERR_RANGE;
  if (cap > KS_RB_MAX_MESSAGE) cap = KS_RB_MAX_MESSAGE;
  if (cap < KS_RB_PART_HEADER_BYTES + 8u + 1u) return KS_ERR_CAPACITY;
  size_t n = len - offset, room = cap - KS_RB_PART_HEADER_BYTES - 8u;
  if (n > room) n = room;
  if (n > 65535u) n = 65535u;
  wb w = {buf, cap, 0};
  head(&w, MAGIC_PART, s->def.local_player, s->def.input_size);
  w64(&w, nonce);
  w32(&w, (uint32_t)len);
  w64(&w, ks_fnv1a64(handover, len));
  w32(&w, offset);
  w16(&w, (uint32_t)n);
  w16(&w, 0u);
  wbytes(&w, handover + offset, n);
  w64(&w, ks_fnv1a64(buf, w.len));
  *out_len = w.len;
  return KS_OK;
}

ks_status ks_rb_gather_read(ks_rb_gather *g, const uint8_t *buf, size_t len, ks_rb_error *err) {
  rb_clear(err);
  if (!g || !buf) return rb_refuse(err, KS_ERR_NULL, "argument", 0);
  /* The answering side: the other player of a two-player session, or any
     other peer of a larger one (the gathering does not know which). */
  int32_t from = len > 5u ? (int32_t)buf[5] : -1;
  if (g->local_player <= 1 && from <= 1) from = 1 - g->local_player;
  if (from < 0 || from >= KS_RB_MAX_PLAYERS || from == g->local_player) from = g->local_player == 0 ? 1 : 0;
  ks_status st = check_head(buf, len, KS_RB_PART_HEADER_BYTES + 8u + 1u, MAGIC_PART, from, g->input_size, err);
  if (st != KS_OK) return st;
  uint64_t nonce = g64(buf + 8);
  size_t total = g32(buf + 16);
  uint64_t hash = g64(buf + 20);
  size_t offset = g32(buf + 28), n = g16(buf + 32);
  if (g16(buf + 34) != 0u) return rb_refuse(err, KS_ERR_FORMAT, "reserved", 34);
  if (n == 0u || KS_RB_PART_HEADER_BYTES + n + 8u != len) return rb_refuse(err, KS_ERR_FORMAT, "length", 32);
  if (offset + n > total) return rb_refuse(err, KS_ERR_FORMAT, "offset", 28);
  if (nonce != g->nonce) return rb_refuse(err, KS_ERR_STATE, "nonce", 8);
  if (total > g->cap) return rb_refuse(err, KS_ERR_CAPACITY, "total", 16);
  if (g->complete) return KS_OK;
  if (total != g->total || hash != g->hash) {
    if (offset != 0u) return KS_OK; /* a part of another handover: wait for its start */
    if (g->total != 0u) g->restarts++;
    g->total = total;
    g->hash = hash;
    g->have = 0;
  }
  if (offset != g->have) return KS_OK; /* a repeat, or ahead of a lost part */
  rb_copy(g->buf + g->have, buf + KS_RB_PART_HEADER_BYTES, n);
  g->have += n;
  g->parts++;
  if (g->have < g->total) return KS_OK;
  if (ks_fnv1a64(g->buf, g->total) != g->hash) {
    g->have = g->total = 0;
    g->hash = 0;
    return rb_refuse(err, KS_ERR_CHECKSUM, "handover", 0);
  }
  g->complete = true;
  return KS_OK;
}

/* ------------------------------------------------------ reading a handover */

typedef struct hv {
  int32_t keeper;
  size_t input_size;
  int64_t base, kr, kk, keeper_frame;
  uint32_t seq_start;
  size_t runs_r, runs_k, history, history_len;
} hv;

/* Walks runs covering exactly `steps` from *pos; false when they do not. */
static bool walk_runs(const uint8_t *b, size_t end, size_t *pos, size_t isz, int64_t steps) {
  int64_t covered = 0;
  while (covered < steps) {
    if (*pos + 2u + isz > end) return false;
    uint32_t n = g16(b + *pos);
    if (n == 0u || covered + n > steps) return false;
    covered += n;
    *pos += 2u + isz;
  }
  return true;
}

static ks_status parse(const uint8_t *b, size_t len, hv *h, ks_rb_error *e) {
  if (!b) return rb_refuse(e, KS_ERR_NULL, "handover", 0);
  if (len < KS_RB_HANDOVER_HEADER_BYTES) return rb_refuse(e, KS_ERR_TRUNCATED, "handover", len);
  if (b[0] == 0u) return rb_refuse(e, KS_ERR_FORMAT, "version", 0);
  if (b[0] > HANDOVER_VERSION_MESH) return rb_refuse(e, KS_ERR_VERSION, "version", 0);
  if (b[0] != HANDOVER_VERSION) return rb_refuse(e, KS_ERR_STATE, "version", 0); /* a larger session's */
  if (b[1] > 1u) return rb_refuse(e, KS_ERR_FORMAT, "keeper", 1);
  if (b[2] == 0u || b[2] > KS_RB_MAX_INPUT_BYTES) return rb_refuse(e, KS_ERR_FORMAT, "input_size", 2);
  if (b[3] != 0u) return rb_refuse(e, KS_ERR_FORMAT, "reserved", 3);
  h->keeper = b[1];
  h->input_size = b[2];
  h->base = g32(b + 4);
  h->seq_start = g32(b + 8);
  h->keeper_frame = g32(b + 12);
  h->kr = g32(b + 16);
  h->kk = g32(b + 20);
  h->history_len = g32(b + 24);
  if (h->kr < h->base) return rb_refuse(e, KS_ERR_FORMAT, "returner_known", 16);
  if (h->kk < h->base) return rb_refuse(e, KS_ERR_FORMAT, "keeper_known", 20);
  if (h->seq_start == 0u) return rb_refuse(e, KS_ERR_FORMAT, "seq_start", 8);
  size_t pos = KS_RB_HANDOVER_HEADER_BYTES;
  h->runs_r = pos;
  if (!walk_runs(b, len, &pos, h->input_size, h->kr - h->base)) return rb_refuse(e, KS_ERR_FORMAT, "inputs", pos);
  h->runs_k = pos;
  if (!walk_runs(b, len, &pos, h->input_size, h->kk - h->base)) return rb_refuse(e, KS_ERR_FORMAT, "inputs", pos);
  h->history = pos;
  if (len - pos != h->history_len) return rb_refuse(e, KS_ERR_FORMAT, "history_len", 24);
  return KS_OK;
}

/* A version 2 handover (a session of three or more peers), read whole. */
typedef struct hm {
  int32_t writer, players, returner;
  uint32_t epoch;
  size_t input_size;
  int64_t base, frame, resume;
  uint32_t seq_start;
  size_t peers_at, inputs_at, history, history_len;
} hm;

static ks_status parse_mesh(const uint8_t *b, size_t len, hm *h, ks_rb_error *e) {
  if (!b) return rb_refuse(e, KS_ERR_NULL, "handover", 0);
  if (len < KS_RB_HANDOVER_HEADER_BYTES) return rb_refuse(e, KS_ERR_TRUNCATED, "handover", len);
  if (b[0] != HANDOVER_VERSION_MESH) return rb_refuse(e, KS_ERR_FORMAT, "version", 0);
  h->writer = b[1];
  h->input_size = b[2];
  h->players = b[3];
  if (h->players < 3 || h->players > KS_RB_MAX_PLAYERS) return rb_refuse(e, KS_ERR_FORMAT, "players", 3);
  if (h->writer >= h->players) return rb_refuse(e, KS_ERR_FORMAT, "writer", 1);
  if (h->input_size == 0u || h->input_size > KS_RB_MAX_INPUT_BYTES) return rb_refuse(e, KS_ERR_FORMAT, "input_size", 2);
  h->base = g32(b + 4);
  h->seq_start = g32(b + 8);
  h->frame = g32(b + 12);
  h->resume = g32(b + 16);
  h->history_len = g32(b + 20);
  h->returner = b[24];
  h->epoch = b[25];
  if (h->seq_start == 0u) return rb_refuse(e, KS_ERR_FORMAT, "seq_start", 8);
  if (h->resume < h->base) return rb_refuse(e, KS_ERR_FORMAT, "resume", 16);
  if (h->returner >= h->players || h->returner == h->writer) return rb_refuse(e, KS_ERR_FORMAT, "returner", 24);
  if (h->epoch == 0u) return rb_refuse(e, KS_ERR_FORMAT, "epoch", 25);
  if (g16(b + 26) != 0u) return rb_refuse(e, KS_ERR_FORMAT, "reserved", 26);
  return KS_OK;
}

/* The peer table and the inputs of a version 2 handover, for a session of
   this definition: checked whole; with s, stored into it. */
static ks_status walk_mesh(const uint8_t *b, size_t len, hm *h, const ks_rb_def *d, ks_rb_session *s,
                           ks_rb_error *e) {
  size_t pos = KS_RB_HANDOVER_HEADER_BYTES;
  for (int32_t x = 0; x < h->players; x++) {
    if (pos + 6u > len) return rb_refuse(e, KS_ERR_TRUNCATED, "peers", pos);
    uint32_t flags = b[pos];
    bool peer = (flags & 2u) != 0u;
    if (flags > 3u || (d && peer != (d->peer_of[x] == x))) return rb_refuse(e, KS_ERR_FORMAT, "peers", pos);
    if (!peer && (flags & 1u)) return rb_refuse(e, KS_ERR_FORMAT, "peers", pos);
    if ((x == h->writer || x == h->returner) && (!peer || (flags & 1u))) return rb_refuse(e, KS_ERR_FORMAT, "peers", pos);
    if (!peer) {
      pos += 6u;
      continue;
    }
    if (x == h->returner && b[pos + 1] != h->epoch) return rb_refuse(e, KS_ERR_FORMAT, "peers", pos + 1);
    if (s && x != s->local_peer) {
      s->epoch[x] = b[pos + 1];
      if (flags & 1u) {
        s->peers &= ~(1u << x);
        s->dropped |= 1u << x;
        s->empty_from[x] = g32(b + pos + 2);
      }
    } else if (s) {
      s->epoch[x] = b[pos + 1];
    }
    pos += 6u;
  }
  for (int32_t p = 0; p < h->players; p++) {
    if (pos + 4u > len) return rb_refuse(e, KS_ERR_TRUNCATED, "inputs", pos);
    int64_t known = g32(b + pos);
    pos += 4u;
    if (known < h->base || (d && d->peer_of[p] == h->returner && known != h->resume))
      return rb_refuse(e, KS_ERR_FORMAT, "inputs", pos - 4u);
    /* No more than the session's ring holds (the writer keeps to this too):
       inputs past it would overwrite earlier ones still counted as known. */
    if (d && known - h->base + 2 * (int64_t)d->max_prediction + 2 * KS_RB_MAX_DELAY >= rb_input_slots(d))
      return rb_refuse(e, KS_ERR_RANGE, "span", pos - 4u);
    size_t at = pos;
    if (!walk_runs(b, len, &pos, h->input_size, known - h->base)) return rb_refuse(e, KS_ERR_FORMAT, "inputs", pos);
    if (s) {
      for (int64_t n = h->base; n < known;) {
        uint32_t count = g16(b + at);
        const uint8_t *v = b + at + 2;
        for (uint32_t i = 0; i < count; i++) rb_store_input(s, p, n++, v);
        at += 2u + h->input_size;
      }
    }
  }
  if (len - pos != h->history_len) return rb_refuse(e, KS_ERR_FORMAT, "history_len", 20);
  h->history = pos;
  return KS_OK;
}

ks_status ks_rb_handover_history(const uint8_t *handover, size_t len, int64_t *base, const uint8_t **history,
                                 size_t *history_len) {
  if (!base || !history || !history_len) return KS_ERR_NULL;
  if (handover && len >= KS_RB_HANDOVER_HEADER_BYTES && handover[0] == HANDOVER_VERSION_MESH) {
    hm m;
    ks_status st = parse_mesh(handover, len, &m, NULL);
    if (st == KS_OK) st = walk_mesh(handover, len, &m, NULL, NULL, NULL);
    if (st != KS_OK) return st;
    *base = m.base;
    *history = handover + m.history;
    *history_len = m.history_len;
    return KS_OK;
  }
  hv h;
  ks_status st = parse(handover, len, &h, NULL);
  if (st != KS_OK) return st;
  *base = h.base;
  *history = handover + h.history;
  *history_len = h.history_len;
  return KS_OK;
}

static void store_runs(ks_rb_session *s, int32_t p, const uint8_t *b, size_t pos, int64_t from, int64_t to) {
  for (int64_t n = from; n < to;) {
    uint32_t count = g16(b + pos);
    const uint8_t *v = b + pos + 2;
    for (uint32_t i = 0; i < count; i++) rb_store_input(s, p, n++, v);
    pos += 2u + s->def.input_size;
  }
}

/* Resuming from a version 2 handover: every player's inputs from base, the
   peers' table (dropped ones with their "none" step), this peer's inputs
   "none" up to the resume step, then its own. */
static ks_status resume_mesh(ks_rb_session *s, const ks_rb_def *def, void *storage, const void *base_state,
                             const uint8_t *handover, size_t len, ks_rb_error *err) {
  if (!s || !storage || !base_state || !handover) return rb_refuse(err, KS_ERR_NULL, "argument", 0);
  if (len >= 1u && handover[0] == HANDOVER_VERSION) return rb_refuse(err, KS_ERR_STATE, "version", 0); /* a two-peer session's */
  if (len >= 1u && handover[0] > HANDOVER_VERSION_MESH) return rb_refuse(err, KS_ERR_VERSION, "version", 0);
  hm h;
  ks_status st = parse_mesh(handover, len, &h, err);
  if (st != KS_OK) return st;
  int32_t me = def->peer_of[def->local_player];
  if (h.players != def->players) return rb_refuse(err, KS_ERR_STATE, "players", 3);
  if (h.input_size != def->input_size) return rb_refuse(err, KS_ERR_STATE, "input_size", 2);
  if (h.returner != me) return rb_refuse(err, KS_ERR_STATE, "returner", 24);
  if (def->peer_of[h.writer] != h.writer) return rb_refuse(err, KS_ERR_FORMAT, "writer", 1);
  st = walk_mesh(handover, len, &h, def, NULL, err); /* checked whole before anything is kept */
  if (st != KS_OK) return st;
  if (h.resume - h.base + 2 * (int64_t)def->max_prediction + 2 * KS_RB_MAX_DELAY >= rb_input_slots(def))
    return rb_refuse(err, KS_ERR_RANGE, "span", 16);

  rb_setup(s, def, storage);
  s->frame = h.base;
  s->start_step = h.base;
  for (int32_t p = 0; p < def->players; p++) s->known_upto[p] = h.base;
  rb_setup_states(s);
  s->next_check = (h.base + def->hash_every - 1) / def->hash_every * def->hash_every;
  rb_save_copy(s, rb_state_at(s, h.base), base_state);
  (void)walk_mesh(handover, len, &h, def, s, NULL);
  for (int32_t q = 0; q < def->players; q++) {
    if (!((s->peers >> q) & 1u)) continue;
    s->remote_ack[q] = h.resume; /* every remaining peer holds this peer's inputs to there once it takes it back */
    s->seen[q] = 0;
  }
  for (int32_t q = 0; q < def->players; q++)
    if ((s->dropped >> q) & 1u) s->announced[me][q] = s->empty_from[q];
  s->remote_frame[h.writer] = h.frame;
  s->seq = h.seq_start - 1u;
  /* Re-simulate as far as the inputs allow: to where this peer's own inputs
     begin, within the window. */
  int64_t target = h.resume - def->input_delay;
  int64_t limit = rb_sync_frame(s) + def->max_prediction;
  if (target > limit) target = limit;
  rb_fill_dropped(s);
  rb_process_checks(s);
  while (s->frame < target) {
    rb_simulate(s, s->frame);
    s->frame++;
    s->stats.steps++;
    rb_process_checks(s);
  }
  return KS_OK;
}

ks_status ks_rb_resume(ks_rb_session *s, const ks_rb_def *def, void *storage, size_t storage_size,
                       const void *base_state, const uint8_t *handover, size_t len, ks_rb_error *err) {
  rb_clear(err);
  ks_status st = rb_check_storage(def, storage_size);
  if (st != KS_OK) return rb_refuse(err, st, "def", 0);
  if (def->players != 2) return resume_mesh(s, def, storage, base_state, handover, len, err);
  if (!s || !storage || !base_state || !handover) return rb_refuse(err, KS_ERR_NULL, "argument", 0);
  hv h;
  if ((st = parse(handover, len, &h, err)) != KS_OK) return st;
  int32_t me = def->local_player;
  if (h.keeper != 1 - me) return rb_refuse(err, KS_ERR_STATE, "keeper", 1);
  if (h.input_size != def->input_size) return rb_refuse(err, KS_ERR_STATE, "input_size", 2);
  /* Carry on where the other side's copy of our inputs ends: the next local
     input is stamped there (or, if that is before base, at base + delay with
     "none" in between). */
  int64_t frame = h.kr - def->input_delay > h.base ? h.kr - def->input_delay : h.base;
  int64_t mine = frame + def->input_delay;
  int64_t sync = mine < h.kk ? mine : h.kk;
  if (frame > sync + def->max_prediction) return rb_refuse(err, KS_ERR_FORMAT, "window", 16);
  int64_t span = (mine > h.kk ? mine : h.kk) - h.base;
  if (span + 2 * (int64_t)def->max_prediction + 2 * KS_RB_MAX_DELAY >= rb_input_slots(def))
    return rb_refuse(err, KS_ERR_RANGE, "span", 20);

  rb_setup(s, def, storage);
  s->frame = h.base;
  s->start_step = h.base;
  s->known_upto[0] = s->known_upto[1] = h.base;
  rb_setup_states(s);
  s->next_check = (h.base + def->hash_every - 1) / def->hash_every * def->hash_every;
  rb_save_copy(s, rb_state_at(s, h.base), base_state);
  store_runs(s, me, handover, h.runs_r, h.base, h.kr);
  store_runs(s, 1 - me, handover, h.runs_k, h.base, h.kk);
  for (int64_t n = h.kr; n < mine; n++) rb_store_input(s, me, n, s->zero_input);
  s->remote_ack[1 - me] = h.kr;
  s->seq = h.seq_start - 1u;
  s->seen[1 - me] = 0;
  s->remote_frame[1 - me] = h.keeper_frame;
  rb_process_checks(s);
  while (s->frame < frame) {
    rb_simulate(s, s->frame);
    s->frame++;
    s->stats.steps++;
    rb_process_checks(s);
  }
  return KS_OK;
}
