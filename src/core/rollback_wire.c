// SPDX-License-Identifier: MIT
/* Rollback messages, byte by byte (docs/duel.md): a 36-byte header, input
   runs, check hashes, the desync block, a detail, an FNV-1a 64 checksum.
   Everything little-endian. A message is checked whole before anything of it
   is applied. */
#include "kickstep/hash.h"
#include "rollback_internal.h"

#define MAGIC0 'K'
#define MAGIC1 'S'
#define MAGIC2 'R'
#define MAGIC3 'B'
#define FLAG_DESYNC 1u
#define FLAG_DETAIL 2u
#define FLAG_DROP 4u /* version 2: dropped peers, what this side holds of them, inputs forwarded */
#define FLAG_BACK 8u /* version 2: dropped peers taken back by a handover this side wrote */
#define MAX_FORWARD 256

/* ----------------------------------------------------------------- writer */

static int32_t clamp_i32(int64_t v) {
  return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : (int32_t)v;
}

/* The newest kept checks, oldest first. */
static int32_t wire_checks(const ks_rb_session *s, const ks_rb_check *out[KS_RB_WIRE_CHECKS]) {
  int32_t n = 0;
  int64_t below = INT64_MAX;
  while (n < KS_RB_WIRE_CHECKS) {
    const ks_rb_check *best = NULL;
    for (int32_t i = 0; i < s->def.checks_kept; i++) {
      const ks_rb_check *c = &s->checks[i];
      if (c->step >= 0 && c->step < below && (!best || c->step > best->step)) best = c;
    }
    if (!best) break;
    out[n++] = best;
    below = best->step;
  }
  for (int32_t i = 0; i < n / 2; i++) {
    const ks_rb_check *t = out[i];
    out[i] = out[n - 1 - i];
    out[n - 1 - i] = t;
  }
  return n;
}

/* Writes runs of equal inputs of player p over [from, end). */
static void write_runs(wb *w, const ks_rb_session *s, int32_t p, int64_t from, int64_t end) {
  size_t isz = s->def.input_size;
  for (int64_t n = from; n < end;) {
    int64_t r = n + 1;
    const uint8_t *v = rb_input_slot(s, p, n);
    while (r < end && r - n < 65535 && rb_equal(rb_input_slot(s, p, r), v, isz)) r++;
    w16(w, (uint32_t)(r - n));
    wbytes(w, v, isz);
    n = r;
  }
}

static bool is_local(const ks_rb_session *s, int32_t p) { return ((s->local_mask >> p) & 1u) != 0u; }

int32_t rb_first_local(const ks_rb_session *s) { return s->local_peer; }

/* The drop block for `peer`: count, then per dropped peer q: u8 q, u8 q's
   epoch (the times it came back), u32 the sender holds q's inputs below
   this, u32 from, u16 steps, runs of each of q's players over
   [from, from + steps) (what the receiver said it lacks). */
static void drop_block(wb *w, const ks_rb_session *s, int32_t peer) {
  int32_t n = 0;
  for (int32_t q = 0; q < s->def.players; q++) n += (int32_t)((s->dropped >> q) & 1u);
  w8(w, (uint32_t)n);
  for (int32_t q = 0; q < s->def.players; q++) {
    if (!((s->dropped >> q) & 1u)) continue;
    int64_t have = s->announced[s->local_peer][q], from = s->announced[peer][q], steps = 0;
    if (from >= 0 && from < have) {
      steps = have - from;
      if (steps > MAX_FORWARD) steps = MAX_FORWARD;
      for (int32_t p = q; p < s->def.players; p++)
        for (int64_t k = from; k < from + steps && s->def.peer_of[p] == q; k++)
          if (!rb_known(s, p, k)) steps = k - from; /* no longer kept: forward what is */
    } else {
      from = have < 0 ? 0 : have;
    }
    w8(w, (uint32_t)q);
    w8(w, s->epoch[q]);
    w32(w, u32_of(have < 0 ? 0 : have));
    w32(w, u32_of(from));
    w16(w, (uint32_t)steps);
    for (int32_t p = q; p < s->def.players; p++)
      if (s->def.peer_of[p] == q) write_runs(w, s, p, from, from + steps);
  }
}

/* Peers this side took back by a handover that `peer` may not know of yet:
   every message to it says so until it has this side's inputs past those
   the handover carried (a message written after the handover reached it). */
static bool back_for(const ks_rb_session *s, int32_t q, int32_t peer) {
  return s->back_step[q] >= 0 && q != peer && ((s->peers >> q) & 1u) && s->remote_ack[peer] <= s->back_local[q];
}

/* The back block for `peer`: count, then per peer q taken back: u8 q, u8 its
   new epoch, u32 its "none" from, u32 its own inputs again from, u32 its
   resumed session's first message number, u32 the receiver's inputs that
   session holds (below this). */
static void back_block(wb *w, const ks_rb_session *s, int32_t peer) {
  int32_t n = 0;
  for (int32_t q = 0; q < s->def.players; q++) n += back_for(s, q, peer) ? 1 : 0;
  w8(w, (uint32_t)n);
  for (int32_t q = 0; q < s->def.players; q++) {
    if (!back_for(s, q, peer)) continue;
    w8(w, (uint32_t)q);
    w8(w, s->epoch[q]);
    w32(w, u32_of(s->back_empty[q]));
    w32(w, u32_of(s->back_step[q]));
    w32(w, s->back_seq[q]);
    w32(w, u32_of(s->back_known[q][peer]));
  }
}

ks_status ks_rb_write_message(ks_rb_session *s, uint8_t *buf, size_t cap, size_t *len) {
  if (!rb_usable(s)) return KS_ERR_NULL;
  int32_t q = -1;
  for (int32_t i = 0; i < s->def.players; i++)
    if ((s->peers >> i) & 1u) {
      if (q >= 0) return KS_ERR_STATE; /* several peers: say which (ks_rb_write_message_to) */
      q = i;
    }
  return ks_rb_write_message_to(s, q, buf, cap, len);
}

ks_status ks_rb_write_message_to(ks_rb_session *s, int32_t peer, uint8_t *buf, size_t cap, size_t *len) {
  if (!rb_usable(s) || !buf || !len) return KS_ERR_NULL;
  if (peer < 0 || peer >= s->def.players || !((s->peers >> peer) & 1u)) return KS_ERR_RANGE;
  if (cap > KS_RB_MAX_MESSAGE) cap = KS_RB_MAX_MESSAGE;
  const ks_rb_check *checks[KS_RB_WIRE_CHECKS];
  int32_t nc = wire_checks(s, checks);
  bool desync = s->desync.detected;
  bool detail = s->detail_step >= 0;
  bool pair = s->def.players == 2;
  bool drop = !pair && s->dropped != 0u;
  bool back = false;
  for (int32_t q = 0; q < s->def.players && !pair; q++) back = back || back_for(s, q, peer);
  size_t isz = s->def.input_size;
  size_t fixed = KS_RB_HEADER_BYTES + (size_t)nc * 12u + 8u;
  if (drop) {
    wb m = {buf, 0, 0}; /* measure */
    drop_block(&m, s, peer);
    fixed += m.len;
  }
  if (back) {
    wb m = {buf, 0, 0}; /* measure */
    back_block(&m, s, peer);
    fixed += m.len;
  }
  if (desync) fixed += 4u + 8u + 4u + 2u + (size_t)s->narrow_count * 8u;
  if (detail) fixed += 4u + 2u + (size_t)s->detail_len;
  if (fixed > cap) return KS_ERR_CAPACITY;

  /* How many local inputs fit, as runs of equal inputs of each local player,
     from the peer's ack on: one step at a time, a run more where an input
     differs from the step before. */
  int32_t me = rb_first_local(s);
  int64_t from = s->remote_ack[peer], to = s->known_upto[me];
  size_t room = cap - fixed, used = 0;
  int64_t end = from;
  int64_t run_len[KS_RB_MAX_PLAYERS] = {0};
  while (end < to && end - from < 65535) {
    size_t add = 0;
    for (int32_t p = 0; p < s->def.players; p++) {
      if (!is_local(s, p)) continue;
      bool fresh = end == from || run_len[p] >= 65535 ||
                   !rb_equal(rb_input_slot(s, p, end), rb_input_slot(s, p, end - 1), isz);
      if (fresh) add += 2u + isz;
    }
    if (used + add > room) break;
    used += add;
    for (int32_t p = 0; p < s->def.players; p++) {
      if (!is_local(s, p)) continue;
      bool fresh = end == from || run_len[p] >= 65535 ||
                   !rb_equal(rb_input_slot(s, p, end), rb_input_slot(s, p, end - 1), isz);
      run_len[p] = fresh ? 1 : run_len[p] + 1;
    }
    end++;
  }

  wb w = {buf, cap, 0};
  w8(&w, MAGIC0);
  w8(&w, MAGIC1);
  w8(&w, MAGIC2);
  w8(&w, MAGIC3);
  w8(&w, pair ? KS_RB_VERSION_PAIR : KS_RB_VERSION);
  w8(&w, (uint32_t)s->local_peer);
  w8(&w, (desync ? FLAG_DESYNC : 0u) | (detail ? FLAG_DETAIL : 0u) | (drop ? FLAG_DROP : 0u) | (back ? FLAG_BACK : 0u));
  w8(&w, (uint32_t)isz);
  s->seq++;
  w32(&w, s->seq);
  w32(&w, s->seen[peer]);
  w32(&w, u32_of(rb_peer_known(s, peer)));
  w32(&w, u32_of(s->frame));
  w32(&w, (uint32_t)clamp_i32(rb_advantage_over(s, peer)));
  w32(&w, u32_of(from));
  w16(&w, (uint32_t)(end - from));
  w8(&w, (uint32_t)nc);
  w8(&w, pair ? 0u : (uint32_t)s->def.players);
  for (int32_t p = 0; p < s->def.players; p++)
    if (is_local(s, p)) write_runs(&w, s, p, from, end);
  for (int32_t i = 0; i < nc; i++) {
    w32(&w, u32_of(checks[i]->step));
    w64(&w, checks[i]->local_hash);
  }
  if (desync) {
    w32(&w, u32_of(s->desync.check_step));
    w64(&w, s->desync.local_hash);
    w32(&w, s->narrow_base < 0 ? UINT32_MAX : u32_of(s->narrow_base));
    w16(&w, (uint32_t)s->narrow_count);
    for (int32_t i = 0; i < s->narrow_count; i++) w64(&w, s->narrow[i]);
  }
  if (detail) {
    w32(&w, u32_of(s->detail_step));
    w16(&w, (uint32_t)s->detail_len);
    wbytes(&w, s->detail, (size_t)s->detail_len);
  }
  if (drop) drop_block(&w, s, peer);
  if (back) back_block(&w, s, peer);
  w64(&w, ks_fnv1a64(buf, w.len));
  *len = w.len;
  s->stats.sent++;
  rb_sent(s, peer, s->seq, w.len);
  return KS_OK;
}

/* ----------------------------------------------------------------- reader */

typedef struct rd {
  const uint8_t *p;
  size_t len, pos;
  bool short_;
} rd;

static uint32_t r8(rd *r) {
  if (r->pos >= r->len) {
    r->short_ = true;
    return 0u;
  }
  return r->p[r->pos++];
}
static uint32_t r16(rd *r) {
  uint32_t a = r8(r);
  return a | (r8(r) << 8);
}
static uint32_t r32(rd *r) {
  uint32_t v = 0u;
  for (int i = 0; i < 4; i++) v |= r8(r) << (8 * i);
  return v;
}
static uint64_t r64(rd *r) {
  uint64_t v = 0u;
  for (int i = 0; i < 8; i++) v |= (uint64_t)r8(r) << (8 * i);
  return v;
}

static ks_status refuse(ks_rb_session *s, ks_rb_error *e, ks_status st, const char *field, size_t at) {
  e->status = st;
  size_t i = 0;
  for (; field[i] && i + 1 < sizeof e->field; i++) e->field[i] = field[i];
  e->field[i] = '\0';
  e->offset = at;
  s->stats.refused++;
  return st;
}

typedef struct msg {
  int32_t sender;
  uint32_t seq, seen;
  int64_t ack, frame, from;
  int32_t advantage, steps, nc;
  uint32_t flags;
  size_t runs_at, checks_at, desync_at, detail_at, drop_at, back_at, body;
} msg;

/* Structure: lengths, sections, runs that add up, the checksum. */
static ks_status parse(ks_rb_session *s, const uint8_t *buf, size_t len, msg *m, ks_rb_error *e) {
  if (len < KS_RB_HEADER_BYTES + 8u) {
    const uint8_t magic[4] = {MAGIC0, MAGIC1, MAGIC2, MAGIC3};
    for (size_t i = 0; i < len && i < 4; i++)
      if (buf[i] != magic[i]) return refuse(s, e, KS_ERR_FORMAT, "magic", i);
    return refuse(s, e, KS_ERR_TRUNCATED, "header", len);
  }
  if (buf[0] != MAGIC0 || buf[1] != MAGIC1 || buf[2] != MAGIC2 || buf[3] != MAGIC3)
    return refuse(s, e, KS_ERR_FORMAT, "magic", 0);
  if (buf[4] == 0u) return refuse(s, e, KS_ERR_FORMAT, "version", 4);
  if (buf[4] > KS_RB_VERSION) return refuse(s, e, KS_ERR_VERSION, "version", 4);
  if ((buf[4] == KS_RB_VERSION_PAIR) != (s->def.players == 2)) return refuse(s, e, KS_ERR_VERSION, "version", 4);
  if (len > KS_RB_MAX_MESSAGE) return refuse(s, e, KS_ERR_FORMAT, "length", KS_RB_MAX_MESSAGE);
  rd sum = {buf, len, len - 8u, false};
  if (r64(&sum) != ks_fnv1a64(buf, len - 8u)) return refuse(s, e, KS_ERR_CHECKSUM, "checksum", len - 8u);
  rd r = {buf, len - 8u, 5, false};
  m->body = len - 8u;
  uint32_t sender = r8(&r);
  if (sender >= KS_RB_MAX_PLAYERS || !((s->peers >> sender) & 1u)) return refuse(s, e, KS_ERR_STATE, "sender", 5);
  m->sender = (int32_t)sender;
  m->flags = r8(&r);
  uint32_t allowed = FLAG_DESYNC | FLAG_DETAIL | (s->def.players == 2 ? 0u : FLAG_DROP | FLAG_BACK);
  if ((m->flags & ~allowed) != 0u) return refuse(s, e, KS_ERR_FORMAT, "flags", 6);
  if (r8(&r) != (uint32_t)s->def.input_size) return refuse(s, e, KS_ERR_FORMAT, "input_size", 7);
  m->seq = r32(&r);
  m->seen = r32(&r);
  m->ack = (int64_t)r32(&r);
  m->frame = (int64_t)r32(&r);
  m->advantage = (int32_t)r32(&r);
  m->from = (int64_t)r32(&r);
  m->steps = (int32_t)r16(&r);
  m->nc = (int32_t)r8(&r);
  if (m->nc > KS_RB_MAX_CHECKS) return refuse(s, e, KS_ERR_FORMAT, "check_count", 34);
  if (r8(&r) != (s->def.players == 2 ? 0u : (uint32_t)s->def.players))
    return refuse(s, e, KS_ERR_FORMAT, "players", 35);
  if (m->seq == 0u) return refuse(s, e, KS_ERR_FORMAT, "seq", 8);
  /* A handover was written: what the peer's lost session sent is stale. */
  if (m->seq < s->seq_floor[sender]) return refuse(s, e, KS_ERR_STATE, "seq (before a handover)", 8);
  m->runs_at = r.pos;
  for (int32_t p = 0; p < s->def.players; p++) {
    if (s->def.peer_of[p] != (int32_t)sender) continue;
    int64_t covered = 0;
    while (covered < m->steps) {
      size_t at = r.pos;
      uint32_t n = r16(&r);
      r.pos += s->def.input_size;
      if (r.pos > r.len) r.short_ = true;
      if (r.short_) return refuse(s, e, KS_ERR_TRUNCATED, "inputs", at);
      if (n == 0u || covered + n > m->steps) return refuse(s, e, KS_ERR_FORMAT, "inputs", at);
      covered += n;
    }
  }
  m->checks_at = r.pos;
  r.pos += (size_t)m->nc * 12u;
  m->desync_at = r.pos;
  if (m->flags & FLAG_DESYNC) {
    r.pos += 16u;
    uint32_t count = r16(&r);
    if (r.short_) return refuse(s, e, KS_ERR_TRUNCATED, "desync", m->desync_at);
    if (count > KS_RB_MAX_HASH_EVERY) return refuse(s, e, KS_ERR_FORMAT, "desync", m->desync_at);
    r.pos += (size_t)count * 8u;
  }
  m->detail_at = r.pos;
  if (m->flags & FLAG_DETAIL) {
    r.pos += 4u;
    uint32_t n = r16(&r);
    if (r.short_ || n > KS_RB_MAX_DETAIL) return refuse(s, e, KS_ERR_FORMAT, "detail", m->detail_at);
    r.pos += n;
  }
  m->drop_at = r.pos;
  if (m->flags & FLAG_DROP) {
    uint32_t count = r8(&r), seen_q = 0u;
    if (r.short_ || count > KS_RB_MAX_PLAYERS) return refuse(s, e, KS_ERR_FORMAT, "drop", m->drop_at);
    for (uint32_t i = 0; i < count; i++) {
      size_t at = r.pos;
      uint32_t q = r8(&r);
      r.pos += 9u; /* epoch, have, from */
      uint32_t steps = r16(&r);
      if (r.short_) return refuse(s, e, KS_ERR_TRUNCATED, "drop", at);
      if (q >= (uint32_t)s->def.players || s->def.peer_of[q] != (int8_t)q || q == (uint32_t)m->sender ||
          q == (uint32_t)s->local_peer || ((seen_q >> q) & 1u) || steps > MAX_FORWARD)
        return refuse(s, e, KS_ERR_FORMAT, "drop", at);
      seen_q |= 1u << q;
      for (int32_t p = (int32_t)q; p < s->def.players; p++) {
        if (s->def.peer_of[p] != (int8_t)q) continue;
        uint32_t covered = 0;
        while (covered < steps) {
          size_t at2 = r.pos;
          uint32_t n = r16(&r);
          r.pos += s->def.input_size;
          if (r.pos > r.len) r.short_ = true;
          if (r.short_) return refuse(s, e, KS_ERR_TRUNCATED, "drop", at2);
          if (n == 0u || covered + n > steps) return refuse(s, e, KS_ERR_FORMAT, "drop", at2);
          covered += n;
        }
      }
    }
  }
  m->back_at = r.pos;
  if (m->flags & FLAG_BACK) {
    uint32_t count = r8(&r), seen_q = 0u;
    if (r.short_ || count == 0u || count > KS_RB_MAX_PLAYERS) return refuse(s, e, KS_ERR_FORMAT, "back", m->back_at);
    for (uint32_t i = 0; i < count; i++) {
      size_t at = r.pos;
      uint32_t q = r8(&r), epoch = r8(&r), empty = r32(&r), resume = r32(&r), seq = r32(&r);
      (void)r32(&r);
      if (r.short_) return refuse(s, e, KS_ERR_TRUNCATED, "back", at);
      if (q >= (uint32_t)s->def.players || s->def.peer_of[q] != (int8_t)q || q == (uint32_t)m->sender ||
          q == (uint32_t)s->local_peer || ((seen_q >> q) & 1u) || epoch == 0u || resume < empty || seq == 0u)
        return refuse(s, e, KS_ERR_FORMAT, "back", at);
      seen_q |= 1u << q;
    }
  }
  if (r.pos > r.len || r.short_) return refuse(s, e, KS_ERR_TRUNCATED, "length", r.len);
  if (r.pos != r.len) return refuse(s, e, KS_ERR_FORMAT, "length", r.pos);
  return KS_OK;
}

/* Meaning: an ack of inputs never sent, an input that contradicts a known one. */
static ks_status check_fields(ks_rb_session *s, const uint8_t *buf, const msg *m, ks_rb_error *e) {
  if (m->ack > s->known_upto[s->local_peer]) return refuse(s, e, KS_ERR_RANGE, "ack", 16);
  rd r = {buf, m->checks_at, m->runs_at, false};
  for (int32_t p = 0; p < s->def.players; p++) {
    if (s->def.peer_of[p] != m->sender) continue;
    int64_t n = m->from, end = m->from + m->steps;
    while (n < end) {
      size_t at = r.pos;
      int64_t count = (int64_t)r16(&r);
      const uint8_t *v = buf + r.pos;
      r.pos += s->def.input_size;
      for (int64_t i = 0; i < count; i++, n++)
        if (rb_known(s, p, n) && !rb_equal(rb_input_slot(s, p, n), v, s->def.input_size))
          return refuse(s, e, KS_ERR_STATE, "inputs (changed)", at);
    }
  }
  if (m->flags & FLAG_DROP) {
    rd d = {buf, m->body, m->drop_at, false};
    uint32_t count = r8(&d);
    for (uint32_t i = 0; i < count; i++) {
      int32_t q = (int32_t)r8(&d);
      uint32_t epoch = r8(&d);
      (void)r32(&d);
      int64_t from = (int64_t)r32(&d), steps = (int64_t)r16(&d);
      bool stale = epoch != s->epoch[q]; /* of another drop of q: skipped whole */
      for (int32_t p = q; p < s->def.players; p++) {
        if (s->def.peer_of[p] != q) continue;
        int64_t n = from;
        while (n < from + steps) {
          size_t at = d.pos;
          int64_t cnt = (int64_t)r16(&d);
          const uint8_t *v = buf + d.pos;
          d.pos += s->def.input_size;
          for (int64_t k = 0; k < cnt; k++, n++)
            if (!stale && rb_known(s, p, n) && !rb_equal(rb_input_slot(s, p, n), v, s->def.input_size))
              return refuse(s, e, KS_ERR_STATE, "drop (inputs changed)", at);
        }
      }
    }
  }
  return KS_OK;
}

static void apply(ks_rb_session *s, const uint8_t *buf, const msg *m) {
  int32_t q = m->sender;
  /* The newest message says where the peer is (a resumed peer's frame may
     be behind its lost session's; its messages are numbered above them). */
  if (m->seq > s->seen[q]) {
    s->seen[q] = m->seq;
    s->remote_advantage[q] = m->advantage;
    s->remote_frame[q] = m->frame;
  }
  if (((s->resume_pending >> q) & 1u) && m->seq >= s->seq_floor[q]) {
    s->resume_pending &= ~(1u << q);
    s->stats.peer_resumes++;
  }
  if (m->ack > s->remote_ack[q]) s->remote_ack[q] = m->ack;
  rd r = {buf, m->checks_at, m->runs_at, false};
  for (int32_t p = 0; p < s->def.players; p++) {
    if (s->def.peer_of[p] != q) continue;
    int64_t n = m->from, end = m->from + m->steps;
    while (n < end) {
      int64_t count = (int64_t)r16(&r);
      const uint8_t *v = buf + r.pos;
      r.pos += s->def.input_size;
      for (int64_t i = 0; i < count; i++, n++)
        if (!rb_known(s, p, n)) (void)ks_rb_add_player_input(s, p, n, v);
    }
  }
  rd c = {buf, m->desync_at, m->checks_at, false};
  for (int32_t i = 0; i < m->nc; i++) {
    int64_t step = (int64_t)r32(&c);
    uint64_t h = r64(&c);
    if (!s->desync.detected) rb_remote_check(s, q, step, h);
  }
  if (m->flags & FLAG_DESYNC) {
    rd d = {buf, m->detail_at, m->desync_at, false};
    int64_t check = (int64_t)r32(&d);
    uint64_t check_hash = r64(&d);
    uint32_t base = r32(&d);
    int32_t count = (int32_t)r16(&d);
    uint64_t hashes[KS_RB_MAX_HASH_EVERY];
    for (int32_t i = 0; i < count; i++) hashes[i] = r64(&d);
    rb_remote_narrow(s, q, check, check_hash, base == UINT32_MAX ? -1 : (int64_t)base, count, hashes);
  }
  if (m->flags & FLAG_DETAIL) {
    rd d = {buf, m->body, m->detail_at, false};
    int64_t step = (int64_t)r32(&d);
    int32_t n2 = (int32_t)r16(&d);
    rb_remote_detail(s, step, buf + d.pos, n2);
  }
  if (m->flags & FLAG_DROP) {
    rd d = {buf, m->body, m->drop_at, false};
    uint32_t count = r8(&d);
    for (uint32_t i = 0; i < count; i++) {
      int32_t x = (int32_t)r8(&d);
      uint32_t epoch = r8(&d);
      int64_t have = (int64_t)r32(&d), from = (int64_t)r32(&d), steps = (int64_t)r16(&d);
      if (epoch != s->epoch[x]) { /* another drop of x (one before it came back, or after): not this one */
        for (int32_t p = x; p < s->def.players; p++) {
          if (s->def.peer_of[p] != x) continue;
          for (int64_t n = from; n < from + steps;) {
            n += (int64_t)r16(&d);
            d.pos += s->def.input_size;
          }
        }
        continue;
      }
      rb_drop(s, x); /* the drop spreads: every remaining peer agrees */
      if (have > s->announced[q][x]) s->announced[q][x] = have;
      for (int32_t p = x; p < s->def.players; p++) {
        if (s->def.peer_of[p] != x) continue;
        int64_t n = from;
        while (n < from + steps) {
          int64_t cnt = (int64_t)r16(&d);
          const uint8_t *v = buf + d.pos;
          d.pos += s->def.input_size;
          for (int64_t k = 0; k < cnt; k++, n++)
            if (!rb_known(s, p, n)) (void)ks_rb_add_player_input(s, p, n, v);
        }
      }
    }
    rb_fill_dropped(s);
  }
  if (m->flags & FLAG_BACK) {
    rd d = {buf, m->body, m->back_at, false};
    uint32_t count = r8(&d);
    for (uint32_t i = 0; i < count; i++) {
      int32_t x = (int32_t)r8(&d);
      uint32_t epoch = r8(&d);
      int64_t empty = (int64_t)r32(&d), resume = (int64_t)r32(&d);
      uint32_t seq = r32(&d);
      int64_t ack = (int64_t)r32(&d);
      if (epoch <= s->epoch[x] || ((s->peers >> x) & 1u)) continue; /* known already (or not dropped here) */
      if (rb_back(s, x, epoch, empty, resume, seq, ack) != KS_OK) s->stats.refused++;
    }
  }
  rb_heard(s, q, m->seen, m->body + 8u);
  s->stats.received++;
}

ks_status ks_rb_read_message(ks_rb_session *s, const uint8_t *buf, size_t len, ks_rb_error *err) {
  ks_rb_error tmp;
  ks_rb_error *e = err ? err : &tmp;
  ks_rb_error z = {KS_OK, "", 0};
  *e = z;
  if (!rb_usable(s) || (!buf && len > 0)) {
    e->status = KS_ERR_NULL;
    return KS_ERR_NULL;
  }
  msg m;
  ks_status st = parse(s, buf, len, &m, e);
  if (st != KS_OK) return st;
  st = check_fields(s, buf, &m, e);
  if (st != KS_OK) return st;
  apply(s, buf, &m);
  return KS_OK;
}
