// SPDX-License-Identifier: MIT
/* The shoot-out record: building it, re-simulating it, its bytes. The format
   is in docs/replays.md ("The shoot-out record"): a 12-byte header like a
   single-kick replay's with the magic "KSSO", the payload, an FNV-1a 64
   checksum; little-endian, doubles as their IEEE bits. Decoding runs twice
   over the bytes: once to check every field, once to fill the output, so
   nothing is half-loaded and no 60 KB temporary is needed. */
#include "kickstep/hash.h"
#include "kickstep/kick_shootout.h"
#include "replay/replay.h"

/* ------------------------------------------------------------- building */

ks_status kick_shootout_begin(kick_shootout *r, const kick_duel_def *def) {
  if (!r) return KS_ERR_NULL;
  ks_status st = kick_duel_def_validate(def);
  if (st != KS_OK) return st;
  r->def = *def;
  r->input_count = 0;
  r->end_step = 0;
  r->end = KICK_SHOOTOUT_PLAYED;
  r->abandoned_by = -1;
  for (int i = 0; i < KICK_DUEL_MAX_PLAYERS; i++) r->score[i] = 0;
  r->winner = KICK_DUEL_NO_WINNER;
  r->kicks = 0;
  for (int i = 0; i < KICK_DUEL_MAX_KICKS; i++) r->results[i] = 0;
  r->final_hash = 0;
  r->checkpoint_count = 0;
  return KS_OK;
}

ks_status kick_shootout_add(kick_shootout *r, int64_t step, int32_t player, const kick_duel_input *in) {
  if (!r || !in) return KS_ERR_NULL;
  if (in->kind == KICK_DUEL_IN_NONE) return KS_OK;
  if ((int)in->kind < 0 || in->kind >= kick_duel_input_kind_count) return KS_ERR_RANGE;
  if (player < 0 || player >= (int32_t)r->def.players || step < 0 || step >= KICK_SHOOTOUT_MAX_STEPS) return KS_ERR_RANGE;
  if (r->input_count > 0) {
    const kick_shootout_input *last = &r->inputs[r->input_count - 1];
    if (step < last->step || (step == last->step && player <= last->player)) return KS_ERR_RANGE;
  }
  if (r->input_count >= KICK_SHOOTOUT_MAX_INPUTS) return KS_ERR_CAPACITY;
  kick_shootout_input *o = &r->inputs[r->input_count++];
  o->step = step;
  o->player = player;
  o->input = *in;
  return KS_OK;
}

/* Steps d from `from` to `to` with the record's inputs, starting the input
   scan at *next; fills checkpoints when cp is not NULL. */
static void run(const kick_shootout *r, kick_duel *d, int64_t from, int64_t to, int32_t *next, uint64_t *cp) {
  for (int64_t n = from; n < to; n++) {
    const kick_duel_input *in[KICK_DUEL_MAX_PLAYERS] = {NULL, NULL, NULL, NULL};
    while (*next < r->input_count && r->inputs[*next].step < n) (*next)++;
    for (int32_t i = *next; i < r->input_count && r->inputs[i].step == n; i++) in[r->inputs[i].player] = &r->inputs[i].input;
    kick_duel_step(d, in);
    if (cp && (n + 1) % KICK_SHOOTOUT_CHECKPOINT_STEPS == 0) cp[(n + 1) / KICK_SHOOTOUT_CHECKPOINT_STEPS - 1] = kick_duel_hash(d);
  }
}

ks_status kick_shootout_state_at(const kick_shootout *r, int64_t steps, kick_duel *out) {
  if (!r || !out) return KS_ERR_NULL;
  if (steps < 0 || steps > KICK_SHOOTOUT_MAX_STEPS) return KS_ERR_RANGE;
  kick_duel d;
  ks_status st = kick_duel_init(&d, &r->def);
  if (st != KS_OK) return st;
  int32_t next = 0;
  run(r, &d, 0, steps, &next, NULL);
  *out = d;
  return KS_OK;
}

static int32_t kicks_with_result(const kick_duel *d) {
  int32_t n = 0;
  for (int32_t i = 0; i < KICK_DUEL_MAX_KICKS; i++)
    if (d->results[i] != KICK_DUEL_PENDING) n = i + 1;
  return n;
}

ks_status kick_shootout_finish(kick_shootout *r, int64_t end_step, kick_shootout_end end, int32_t abandoned_by) {
  if (!r) return KS_ERR_NULL;
  if (end_step < 0 || end_step > KICK_SHOOTOUT_MAX_STEPS) return KS_ERR_RANGE;
  if ((int)end < 0 || end >= kick_shootout_end_count) return KS_ERR_RANGE;
  if (end == KICK_SHOOTOUT_ABANDONED ? abandoned_by < 0 || abandoned_by >= (int32_t)r->def.players : abandoned_by != -1)
    return KS_ERR_RANGE;
  if (r->input_count > 0 && r->inputs[r->input_count - 1].step >= end_step) return KS_ERR_RANGE;
  kick_duel d;
  ks_status st = kick_duel_init(&d, &r->def);
  if (st != KS_OK) return st;
  int32_t next = 0;
  run(r, &d, 0, end_step, &next, r->checkpoints);
  r->end_step = end_step;
  r->end = end;
  r->abandoned_by = abandoned_by;
  r->checkpoint_count = (int32_t)(end_step / KICK_SHOOTOUT_CHECKPOINT_STEPS);
  for (int i = 0; i < KICK_DUEL_MAX_PLAYERS; i++) r->score[i] = i < (int)d.def.players ? d.score[i] : 0;
  r->winner = d.winner;
  r->kicks = kicks_with_result(&d);
  for (int32_t i = 0; i < KICK_DUEL_MAX_KICKS; i++) r->results[i] = i < r->kicks ? d.results[i] : 0u;
  r->final_hash = kick_duel_hash(&d);
  return KS_OK;
}

/* ------------------------------------------------------------ verifying */

ks_status kick_shootout_verify(const kick_shootout *r, kick_replay_verify_result *res) {
  if (!r || !res) return KS_ERR_NULL;
  kick_replay_verify_result v;
  kick_verify_begin(&v);
  kick_duel d;
  ks_status st = kick_duel_init(&d, &r->def);
  if (st != KS_OK) return st;
  if (r->end_step < 0 || r->end_step > KICK_SHOOTOUT_MAX_STEPS || r->input_count < 0 ||
      r->input_count > KICK_SHOOTOUT_MAX_INPUTS || r->checkpoint_count != (int32_t)(r->end_step / KICK_SHOOTOUT_CHECKPOINT_STEPS))
    return KS_ERR_RANGE;
  int32_t next = 0;
  int64_t at = 0;
  for (int32_t k = 0; k < r->checkpoint_count; k++) {
    int64_t step = (int64_t)(k + 1) * KICK_SHOOTOUT_CHECKPOINT_STEPS;
    run(r, &d, at, step, &next, NULL);
    at = step;
    uint64_t h = kick_duel_hash(&d);
    if (h != r->checkpoints[k]) {
      kick_verify_differ(&v, step, "state_hash", r->checkpoints[k], h);
      *res = v;
      return KS_OK;
    }
  }
  run(r, &d, at, r->end_step, &next, NULL);
  int64_t e = r->end_step;
  uint64_t h = kick_duel_hash(&d);
  int32_t kicks = kicks_with_result(&d);
  if (h != r->final_hash) kick_verify_differ(&v, e, "state_hash", r->final_hash, h);
  else if (d.score[0] != r->score[0]) kick_verify_differ(&v, e, "score0", (uint64_t)r->score[0], (uint64_t)d.score[0]);
  else if (d.score[1] != r->score[1]) kick_verify_differ(&v, e, "score1", (uint64_t)r->score[1], (uint64_t)d.score[1]);
  else if (r->def.players > 2 && d.score[2] != r->score[2])
    kick_verify_differ(&v, e, "score2", (uint64_t)r->score[2], (uint64_t)d.score[2]);
  else if (r->def.players > 3 && d.score[3] != r->score[3])
    kick_verify_differ(&v, e, "score3", (uint64_t)r->score[3], (uint64_t)d.score[3]);
  else if (d.winner != r->winner)
    kick_verify_differ(&v, e, "winner", (uint64_t)(int64_t)r->winner, (uint64_t)(int64_t)d.winner);
  else if (kicks != r->kicks) kick_verify_differ(&v, e, "kicks", (uint64_t)r->kicks, (uint64_t)kicks);
  else
    for (int32_t i = 0; i < kicks; i++)
      if (d.results[i] != r->results[i]) {
        kick_verify_differ(&v, e, "results", (uint64_t)r->results[i], (uint64_t)d.results[i]);
        break;
      }
  *res = v;
  return KS_OK;
}

/* ------------------------------------------------------------ the bytes */

static void err_clear(kick_replay_error *e) {
  kick_replay_error z = {0};
  *e = z;
}

/* Field checks shared by the encoder and the decoder. */
static ks_status check(const kick_shootout *r, kick_replay_error *e) {
  if (kick_duel_def_validate(&r->def) != KS_OK) return fail(e, KS_ERR_FORMAT, "def", 0);
  if (r->end_step < 0 || r->end_step > KICK_SHOOTOUT_MAX_STEPS) return fail(e, KS_ERR_FORMAT, "end_step", 0);
  if ((int)r->end < 0 || r->end >= kick_shootout_end_count) return fail(e, KS_ERR_FORMAT, "end", 0);
  int32_t n = (int32_t)r->def.players;
  if (r->end == KICK_SHOOTOUT_ABANDONED ? r->abandoned_by < 0 || r->abandoned_by >= n : r->abandoned_by != -1)
    return fail(e, KS_ERR_FORMAT, "abandoned_by", 0);
  if (r->input_count < 0 || r->input_count > KICK_SHOOTOUT_MAX_INPUTS) return fail(e, KS_ERR_FORMAT, "input_count", 0);
  for (int32_t i = 0; i < r->input_count; i++) {
    const kick_shootout_input *in = &r->inputs[i];
    if (in->player < 0 || in->player >= n) return fail(e, KS_ERR_FORMAT, "inputs.player", 0);
    if (in->input.kind != KICK_DUEL_IN_STRIKE && in->input.kind != KICK_DUEL_IN_TAP)
      return fail(e, KS_ERR_FORMAT, "inputs.kind", 0);
    if (in->step < 0 || in->step >= r->end_step) return fail(e, KS_ERR_FORMAT, "inputs.step", 0);
    if (i > 0 && (in->step < r->inputs[i - 1].step || (in->step == r->inputs[i - 1].step && in->player <= r->inputs[i - 1].player)))
      return fail(e, KS_ERR_FORMAT, "inputs.step", 0);
  }
  for (int32_t i = 0; i < KICK_DUEL_MAX_PLAYERS; i++)
    if (r->score[i] < 0 || r->score[i] > KICK_DUEL_MAX_KICKS || (i >= n && r->score[i] != 0))
      return fail(e, KS_ERR_FORMAT, "score", 0);
  if (r->winner < KICK_DUEL_NO_WINNER || r->winner > n) return fail(e, KS_ERR_FORMAT, "winner", 0);
  if (r->kicks < 0 || r->kicks > r->def.max_kicks) return fail(e, KS_ERR_FORMAT, "kicks", 0);
  for (int32_t i = 0; i < KICK_DUEL_MAX_KICKS; i++) {
    bool used = i < r->kicks;
    if ((used && (r->results[i] == KICK_DUEL_PENDING || r->results[i] >= kick_duel_result_count)) || (!used && r->results[i] != 0u))
      return fail(e, KS_ERR_FORMAT, "results", 0);
  }
  if (r->checkpoint_count != (int32_t)(r->end_step / KICK_SHOOTOUT_CHECKPOINT_STEPS))
    return fail(e, KS_ERR_FORMAT, "checkpoint_count", 0);
  return KS_OK;
}

static void encode_payload(const kick_shootout *r, wbuf *w) {
  const kick_duel_def *d = &r->def;
  w_u64(w, d->match_seed);
  w_u8(w, (uint32_t)d->kicks_each);
  w_u8(w, (uint32_t)d->max_kicks);
  w_u32(w, (uint32_t)d->ready_steps);
  w_u32(w, (uint32_t)d->aim_steps);
  w_u32(w, (uint32_t)d->after_steps);
  w_u8(w, d->replays ? 1u : 0u);
  w_f64(w, d->keeper_rating);
  w_f64(w, d->spot_z);
  w_f64(w, d->wind_mps);
  if (d->players > 2) w_u8(w, d->players); /* version 2: the party's size */
  w_u32(w, (uint32_t)r->end_step);
  w_u8(w, (uint32_t)r->end);
  w_u8(w, r->abandoned_by < 0 ? 0xffu : (uint32_t)r->abandoned_by);
  w_u16(w, (uint32_t)r->input_count);
  for (int32_t i = 0; i < r->input_count; i++) {
    const kick_shootout_input *in = &r->inputs[i];
    w_u32(w, (uint32_t)in->step);
    w_u8(w, (uint32_t)in->player);
    w_u8(w, (uint32_t)in->input.kind);
    if (in->input.kind == KICK_DUEL_IN_STRIKE) {
      const kick_launch *k = &in->input.launch;
      w_f64(w, k->speed_mps);
      w_f64(w, k->elevation);
      w_f64(w, k->direction);
      w_f64(w, k->spin_axis.x);
      w_f64(w, k->spin_axis.y);
      w_f64(w, k->spin_axis.z);
      w_f64(w, k->spin_rate);
    } else {
      w_f64(w, in->input.tap_x);
      w_f64(w, in->input.tap_y);
    }
  }
  for (int32_t i = 0; i < (int32_t)d->players; i++) w_u8(w, (uint32_t)r->score[i]);
  w_u8(w, (uint32_t)(r->winner + 1));
  w_u8(w, (uint32_t)r->kicks);
  for (int32_t i = 0; i < r->kicks; i++) w_u8(w, r->results[i]);
  w_u64(w, r->final_hash);
  w_u16(w, (uint32_t)r->checkpoint_count);
  for (int32_t i = 0; i < r->checkpoint_count; i++) w_u64(w, r->checkpoints[i]);
}

size_t kick_shootout_encoded_size(const kick_shootout *r) {
  if (!r) return 0;
  kick_replay_error e;
  err_clear(&e);
  if (check(r, &e) != KS_OK) return 0;
  wbuf w = {NULL, 0, 0};
  encode_payload(r, &w);
  return KICK_SHOOTOUT_HEADER_BYTES + w.len + 8u;
}

ks_status kick_shootout_encode(const kick_shootout *r, uint8_t *buf, size_t cap, size_t *len, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  err_clear(e);
  if (!r || !buf || !len) return fail(e, KS_ERR_NULL, "argument", 0);
  ks_status st = check(r, e);
  if (st != KS_OK) return st;
  size_t need = kick_shootout_encoded_size(r);
  if (need > cap || need > KICK_SHOOTOUT_MAX_BYTES) {
    e->have = cap;
    e->need = need;
    return fail(e, KS_ERR_CAPACITY, "buffer", 0);
  }
  wbuf w = {buf, cap, 0};
  w_u8(&w, KICK_SHOOTOUT_MAGIC0);
  w_u8(&w, KICK_SHOOTOUT_MAGIC1);
  w_u8(&w, KICK_SHOOTOUT_MAGIC2);
  w_u8(&w, KICK_SHOOTOUT_MAGIC3);
  w_u16(&w, r->def.players > 2 ? KICK_SHOOTOUT_VERSION : KICK_SHOOTOUT_VERSION_DUEL);
  w_u16(&w, 0u);
  w_u32(&w, (uint32_t)(need - KICK_SHOOTOUT_HEADER_BYTES - 8u));
  encode_payload(r, &w);
  w_u64(&w, ks_fnv1a64(buf, w.len));
  *len = w.len;
  return KS_OK;
}

/* One pass over the payload. With out NULL it only checks; otherwise it
   fills *out (which the first pass proved will be valid). */
static ks_status decode_payload(rbuf *rb, uint32_t version, kick_shootout *out, kick_replay_error *e) {
  kick_duel_def d = kick_duel_default_def();
  d.match_seed = r_u64(rb);
  d.kicks_each = (int32_t)r_u8(rb);
  d.max_kicks = (int32_t)r_u8(rb);
  d.ready_steps = (int32_t)r_u32(rb);
  d.aim_steps = (int32_t)r_u32(rb);
  d.after_steps = (int32_t)r_u32(rb);
  size_t at = rb->pos;
  uint32_t rep = r_u8(rb);
  if (rep > 1u) return fail(e, KS_ERR_FORMAT, "def.replays", at);
  d.replays = rep != 0u;
  d.keeper_rating = r_f64(rb);
  d.spot_z = r_f64(rb);
  d.wind_mps = r_f64(rb);
  if (version >= 2u) { /* a party: its size, 3 or 4 (a duel is written as version 1) */
    at = rb->pos;
    uint32_t n = r_u8(rb);
    if (n < 3u || n > KICK_DUEL_MAX_PLAYERS) return fail(e, KS_ERR_FORMAT, "def.players", at);
    d.players = (uint8_t)n;
  }
  if (rb->short_) return fail(e, KS_ERR_FORMAT, "payload length", rb->len);
  if (kick_duel_def_validate(&d) != KS_OK) return fail(e, KS_ERR_FORMAT, "def", 12);
  const uint32_t np = d.players;
  size_t at_end = rb->pos;
  int64_t end_step = (int64_t)r_u32(rb);
  at = rb->pos;
  uint32_t end = r_u8(rb);
  uint32_t by = r_u8(rb);
  if (end >= (uint32_t)kick_shootout_end_count) return fail(e, KS_ERR_FORMAT, "end", at);
  at = rb->pos;
  uint32_t count = r_u16(rb);
  if (count > KICK_SHOOTOUT_MAX_INPUTS) return fail(e, KS_ERR_FORMAT, "input_count", at);
  if (out) {
    (void)kick_shootout_begin(out, &d);
    out->end_step = end_step;
    out->end = (kick_shootout_end)end;
    out->abandoned_by = by == 0xffu ? -1 : (int32_t)by;
    out->input_count = (int32_t)count;
  }
  int64_t prev_step = -1;
  int32_t prev_player = -1;
  for (uint32_t i = 0; i < count; i++) {
    at = rb->pos;
    int64_t step = (int64_t)r_u32(rb);
    uint32_t player = r_u8(rb);
    uint32_t kind = r_u8(rb);
    if (rb->short_) return fail(e, KS_ERR_FORMAT, "payload length", rb->len);
    if (player >= np) return fail(e, KS_ERR_FORMAT, "inputs.player", at + 4);
    if (kind != KICK_DUEL_IN_STRIKE && kind != KICK_DUEL_IN_TAP) return fail(e, KS_ERR_FORMAT, "inputs.kind", at + 5);
    if (step >= end_step || step < prev_step || (step == prev_step && (int32_t)player <= prev_player))
      return fail(e, KS_ERR_FORMAT, "inputs.step", at);
    prev_step = step;
    prev_player = (int32_t)player;
    kick_duel_input in;
    if (kind == KICK_DUEL_IN_STRIKE) {
      kick_launch k;
      k.speed_mps = r_f64(rb);
      k.elevation = r_f64(rb);
      k.direction = r_f64(rb);
      k.spin_axis.x = r_f64(rb);
      k.spin_axis.y = r_f64(rb);
      k.spin_axis.z = r_f64(rb);
      k.spin_rate = r_f64(rb);
      in = kick_duel_strike_input(&k);
    } else {
      double x = r_f64(rb), y = r_f64(rb);
      in = kick_duel_tap_input(x, y);
    }
    if (out) {
      out->inputs[i].step = step;
      out->inputs[i].player = (int32_t)player;
      out->inputs[i].input = in;
    }
  }
  size_t at_score = rb->pos;
  int32_t sc[KICK_DUEL_MAX_PLAYERS] = {0, 0, 0, 0};
  for (uint32_t i = 0; i < np; i++) sc[i] = (int32_t)r_u8(rb);
  int32_t winner = (int32_t)r_u8(rb) - 1;
  at = rb->pos;
  int32_t kicks = (int32_t)r_u8(rb);
  if (kicks > d.max_kicks) return fail(e, KS_ERR_FORMAT, "kicks", at);
  uint8_t results[KICK_DUEL_MAX_KICKS] = {0};
  for (int32_t i = 0; i < kicks; i++) results[i] = (uint8_t)r_u8(rb);
  uint64_t final_hash = r_u64(rb);
  at = rb->pos;
  uint32_t ncp = r_u16(rb);
  if (rb->short_ || ncp > KICK_SHOOTOUT_MAX_CHECKPOINTS || rb->len - rb->pos != (size_t)ncp * 8u)
    return fail(e, KS_ERR_FORMAT, "checkpoint_count", at);
  if (out) {
    for (int32_t i = 0; i < KICK_DUEL_MAX_PLAYERS; i++) out->score[i] = sc[i];
    out->winner = winner;
    out->kicks = kicks;
    for (int32_t i = 0; i < KICK_DUEL_MAX_KICKS; i++) out->results[i] = results[i];
    out->final_hash = final_hash;
    out->checkpoint_count = (int32_t)ncp;
    for (uint32_t i = 0; i < ncp; i++) out->checkpoints[i] = r_u64(rb);
  } else {
    rb->pos += (size_t)ncp * 8u;
  }
  if (end_step > KICK_SHOOTOUT_MAX_STEPS) return fail(e, KS_ERR_FORMAT, "end_step", at_end);
  if (end == KICK_SHOOTOUT_ABANDONED ? by >= np : by != 0xffu) return fail(e, KS_ERR_FORMAT, "abandoned_by", at_end + 5);
  for (uint32_t i = 0; i < np; i++)
    if (sc[i] > KICK_DUEL_MAX_KICKS) return fail(e, KS_ERR_FORMAT, "score", at_score);
  if (winner > (int32_t)np) return fail(e, KS_ERR_FORMAT, "winner", at_score + np);
  for (int32_t i = 0; i < kicks; i++)
    if (results[i] == KICK_DUEL_PENDING || results[i] >= kick_duel_result_count)
      return fail(e, KS_ERR_FORMAT, "results", at_score + np + 2 + (size_t)i);
  if ((int64_t)ncp != end_step / KICK_SHOOTOUT_CHECKPOINT_STEPS) return fail(e, KS_ERR_FORMAT, "checkpoint_count", at);
  return KS_OK;
}

bool kick_shootout_is_record(const uint8_t *buf, size_t len) {
  return buf && len >= 4 && buf[0] == KICK_SHOOTOUT_MAGIC0 && buf[1] == KICK_SHOOTOUT_MAGIC1 &&
         buf[2] == KICK_SHOOTOUT_MAGIC2 && buf[3] == KICK_SHOOTOUT_MAGIC3;
}

ks_status kick_shootout_decode(const uint8_t *buf, size_t len, kick_shootout *out, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  err_clear(e);
  if (!out || (!buf && len > 0)) return fail(e, KS_ERR_NULL, "argument", 0);
  const size_t head = KICK_SHOOTOUT_HEADER_BYTES, tail = 8u;
  const uint8_t magic[4] = {KICK_SHOOTOUT_MAGIC0, KICK_SHOOTOUT_MAGIC1, KICK_SHOOTOUT_MAGIC2, KICK_SHOOTOUT_MAGIC3};
  uint32_t version = 0;
  size_t body = 0;
  ks_status env = read_envelope(buf, len, magic, head, tail, KICK_SHOOTOUT_VERSION, KICK_SHOOTOUT_MAX_BYTES, e,
                                &version, &body);
  if (env != KS_OK) return env;
  rbuf pass1 = {buf, body, head, false};
  ks_status st = decode_payload(&pass1, version, NULL, e);
  if (st != KS_OK) return st;
  if (pass1.pos != pass1.len) return fail(e, KS_ERR_FORMAT, "payload length", pass1.pos);
  rbuf pass2 = {buf, body, head, false};
  (void)decode_payload(&pass2, version, out, e);
  return KS_OK;
}
