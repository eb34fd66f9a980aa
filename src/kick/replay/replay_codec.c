// SPDX-License-Identifier: MIT
/* Replay bytes and share codes. The format is in docs/replays.md: a 12-byte
   header, the payload, an FNV-1a 64 checksum. Everything little-endian;
   doubles as their IEEE bits. Decoding fills a temporary and copies out only
   when every check has passed. */
#include "kickstep/hash.h"
#include "kickstep/kick_replay.h"
#include "replay.h"

/* --------------------------------------------------------------- utilities */

static void err_clear(kick_replay_error *e, bool share) {
  kick_replay_error z = {0};
  z.share_code = share;
  *e = z;
}

/* Small text builder (freestanding). */
typedef struct tbuf {
  char *p;
  size_t cap, len;
} tbuf;

static void t_str(tbuf *t, const char *s) {
  for (; *s; s++) {
    if (t->len + 1 < t->cap) t->p[t->len] = *s;
    t->len++;
  }
}

static void t_u64(tbuf *t, uint64_t v) {
  char d[24];
  int n = 0;
  do {
    d[n++] = (char)('0' + (int)(v % 10u));
    v /= 10u;
  } while (v != 0u);
  char s[24];
  for (int i = 0; i < n; i++) s[i] = d[n - 1 - i];
  s[n] = '\0';
  t_str(t, s);
}

static void t_i64(tbuf *t, int64_t v) {
  if (v < 0) {
    t_str(t, "-");
    t_u64(t, (uint64_t)0 - (uint64_t)v);
  } else {
    t_u64(t, (uint64_t)v);
  }
}

static void t_hex(tbuf *t, uint64_t v) {
  char s[19];
  s[0] = '0';
  s[1] = 'x';
  for (int i = 0; i < 16; i++) s[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15u];
  s[18] = '\0';
  t_str(t, s);
}

static size_t t_end(tbuf *t) {
  if (t->cap == 0) return 0;
  size_t n = t->len < t->cap ? t->len : t->cap - 1;
  t->p[n] = '\0';
  return n;
}

/* ------------------------------------------------------------ setup slots */

/* The setup's fixed scalars, in order. A slot equal (bit for bit) to
   kick_setup_default()'s value is left out; a mask says which are present. */
enum slot_kind { SK_F64, SK_U64, SK_U32, SK_I32, SK_BOOL, SK_ENUM };

typedef struct slot_info {
  const char *name;
  enum slot_kind kind;
  uint32_t limit; /* enum: values < limit; i32: 0..limit */
} slot_info;

#define SLOT_COUNT 30
#define SLOT_COUNT_V1 29 /* format 1 had no rules slot: its kicks are played under KICK_RULES_ORIGINAL */
static const slot_info SLOTS[SLOT_COUNT] = {
    {"setup.spot_x", SK_F64, 0},
    {"setup.spot_z", SK_F64, 0},
    {"setup.pitch.wet", SK_BOOL, 0},
    {"setup.pitch.restitution", SK_F64, 0},
    {"setup.pitch.slide_friction", SK_F64, 0},
    {"setup.pitch.roll_resistance", SK_F64, 0},
    {"setup.wind.mean_speed_mps", SK_F64, 0},
    {"setup.wind.bearing", SK_F64, 0},
    {"setup.wind.gustiness", SK_F64, 0},
    {"setup.wind.swirl", SK_F64, 0},
    {"setup.wind.gust_seed", SK_U64, 0},
    {"setup.keeper.kind", SK_ENUM, (uint32_t)kick_keeper_kind_count},
    {"setup.keeper.rating", SK_F64, 0},
    {"setup.keeper.reaction_s", SK_F64, 0},
    {"setup.keeper.line_z", SK_F64, 0},
    {"setup.wall.count", SK_I32, KICK_WALL_MAX},
    {"setup.wall.x", SK_F64, 0},
    {"setup.wall.z", SK_F64, 0},
    {"setup.wall.jump_mask", SK_U32, 0},
    {"setup.wall.jump_chance", SK_F64, 0},
    {"setup.wall.jump_delay_s", SK_F64, 0},
    {"setup.wall.jump_spread_s", SK_F64, 0},
    {"setup.wall.jump_height", SK_F64, 0},
    {"setup.wall.jump_duration_s", SK_F64, 0},
    {"setup.match_seed", SK_U64, 0},
    {"setup.kick_number", SK_U64, 0},
    {"setup.person_in_goal", SK_BOOL, 0},
    {"setup.ring_count", SK_I32, KICK_RING_MAX},
    {"setup.history_count", SK_I32, KICK_HISTORY_MAX},
    {"setup.rules", SK_U32, 0},
};

static uint64_t slot_get(const kick_setup *s, int i) {
  switch (i) {
  case 0: return ks_f64_bits(s->spot_x);
  case 1: return ks_f64_bits(s->spot_z);
  case 2: return s->pitch.wet ? 1u : 0u;
  case 3: return ks_f64_bits(s->pitch.restitution);
  case 4: return ks_f64_bits(s->pitch.slide_friction);
  case 5: return ks_f64_bits(s->pitch.roll_resistance);
  case 6: return ks_f64_bits(s->wind.mean_speed_mps);
  case 7: return ks_f64_bits(s->wind.bearing);
  case 8: return ks_f64_bits(s->wind.gustiness);
  case 9: return ks_f64_bits(s->wind.swirl);
  case 10: return s->wind.gust_seed;
  case 11: return (uint64_t)(uint32_t)s->keeper.kind;
  case 12: return ks_f64_bits(s->keeper.rating);
  case 13: return ks_f64_bits(s->keeper.reaction_s);
  case 14: return ks_f64_bits(s->keeper.line_z);
  case 15: return (uint64_t)(uint32_t)s->wall.count;
  case 16: return ks_f64_bits(s->wall.x);
  case 17: return ks_f64_bits(s->wall.z);
  case 18: return s->wall.jump_mask;
  case 19: return ks_f64_bits(s->wall.jump_chance);
  case 20: return ks_f64_bits(s->wall.jump_delay_s);
  case 21: return ks_f64_bits(s->wall.jump_spread_s);
  case 22: return ks_f64_bits(s->wall.jump_height);
  case 23: return ks_f64_bits(s->wall.jump_duration_s);
  case 24: return s->match_seed;
  case 25: return s->kick_number;
  case 26: return s->person_in_goal ? 1u : 0u;
  case 27: return (uint64_t)(uint32_t)s->ring_count;
  case 28: return (uint64_t)(uint32_t)s->history_count;
  case 29: return s->rules;
  default: return 0u;
  }
}

static void slot_set(kick_setup *s, int i, uint64_t v) {
  double f = ks_f64_from_bits(v);
  switch (i) {
  case 0: s->spot_x = f; break;
  case 1: s->spot_z = f; break;
  case 2: s->pitch.wet = v != 0u; break;
  case 3: s->pitch.restitution = f; break;
  case 4: s->pitch.slide_friction = f; break;
  case 5: s->pitch.roll_resistance = f; break;
  case 6: s->wind.mean_speed_mps = f; break;
  case 7: s->wind.bearing = f; break;
  case 8: s->wind.gustiness = f; break;
  case 9: s->wind.swirl = f; break;
  case 10: s->wind.gust_seed = v; break;
  case 11: s->keeper.kind = (kick_keeper_kind)v; break;
  case 12: s->keeper.rating = f; break;
  case 13: s->keeper.reaction_s = f; break;
  case 14: s->keeper.line_z = f; break;
  case 15: s->wall.count = (int32_t)v; break;
  case 16: s->wall.x = f; break;
  case 17: s->wall.z = f; break;
  case 18: s->wall.jump_mask = (uint32_t)v; break;
  case 19: s->wall.jump_chance = f; break;
  case 20: s->wall.jump_delay_s = f; break;
  case 21: s->wall.jump_spread_s = f; break;
  case 22: s->wall.jump_height = f; break;
  case 23: s->wall.jump_duration_s = f; break;
  case 24: s->match_seed = v; break;
  case 25: s->kick_number = v; break;
  case 26: s->person_in_goal = v != 0u; break;
  case 27: s->ring_count = (int32_t)v; break;
  case 28: s->history_count = (int32_t)v; break;
  case 29: s->rules = (uint32_t)v; break;
  default: break;
  }
}

static void w_slot(wbuf *w, enum slot_kind k, uint64_t v) {
  switch (k) {
  case SK_F64:
  case SK_U64: w_u64(w, v); break;
  case SK_U32:
  case SK_I32: w_u32(w, (uint32_t)v); break;
  case SK_BOOL:
  case SK_ENUM: w_u8(w, (uint32_t)v); break;
  }
}

static uint64_t r_slot(rbuf *r, enum slot_kind k) {
  switch (k) {
  case SK_F64:
  case SK_U64: return r_u64(r);
  case SK_U32:
  case SK_I32: return r_u32(r);
  case SK_BOOL:
  case SK_ENUM: return r_u8(r);
  }
  return 0u;
}

/* --------------------------------------------------------------- validity */

/* Field checks shared by the encoder (refuse to write nonsense) and the
   decoder. Returns KS_OK or fails e naming the field. */
static ks_status check_replay(const kick_replay *r, kick_replay_error *e) {
  if (r->setup.ring_count < 0 || r->setup.ring_count > KICK_RING_MAX) return fail(e, KS_ERR_FORMAT, "setup.ring_count", 0);
  if (r->setup.history_count < 0 || r->setup.history_count > KICK_HISTORY_MAX)
    return fail(e, KS_ERR_FORMAT, "setup.history_count", 0);
  ks_status st = kick_setup_validate(&r->setup);
  if (st != KS_OK) {
    char f[40];
    tbuf t = {f, sizeof f, 0};
    t_str(&t, "setup (");
    t_str(&t, ks_status_name(st));
    t_str(&t, ")");
    (void)t_end(&t);
    return fail(e, KS_ERR_FORMAT, f, 0);
  }
  st = kick_launch_validate(&r->launch);
  if (st != KS_OK) {
    char f[40];
    tbuf t = {f, sizeof f, 0};
    t_str(&t, "launch (");
    t_str(&t, ks_status_name(st));
    t_str(&t, ")");
    (void)t_end(&t);
    return fail(e, KS_ERR_FORMAT, f, 0);
  }
  if (r->wait_steps < 0 || r->wait_steps > KICK_REPLAY_MAX_WAIT_STEPS) return fail(e, KS_ERR_FORMAT, "wait_steps", 0);
  if (r->input_count < 0 || r->input_count > KICK_REPLAY_MAX_INPUTS) return fail(e, KS_ERR_FORMAT, "input_count", 0);
  int64_t prev = r->wait_steps;
  for (int32_t i = 0; i < r->input_count; i++) {
    const kick_input *in = &r->inputs[i];
    if (!in->has_tap) return fail(e, KS_ERR_FORMAT, "inputs.has_tap", 0);
    if (in->tap_step < prev || in->tap_step > r->wait_steps + KICK_REPLAY_MAX_FLIGHT_STEPS)
      return fail(e, KS_ERR_FORMAT, "inputs.tap_step", 0);
    if (!ks_is_finite(in->tap_x)) return fail(e, KS_ERR_FORMAT, "inputs.tap_x", 0);
    if (!ks_is_finite(in->tap_y)) return fail(e, KS_ERR_FORMAT, "inputs.tap_y", 0);
    prev = in->tap_step;
  }
  if (r->outcome <= KICK_OUTCOME_NONE || r->outcome >= kick_outcome_count) return fail(e, KS_ERR_FORMAT, "outcome", 0);
  if ((r->moments & ~(uint32_t)KICK_MOMENT_ALL) != 0u) return fail(e, KS_ERR_FORMAT, "moments", 0);
  if (r->decision_step <= r->wait_steps || r->decision_step > r->wait_steps + KICK_REPLAY_MAX_FLIGHT_STEPS)
    return fail(e, KS_ERR_FORMAT, "decision_step", 0);
  if (!r->crossed && (r->crossing_bits[0] | r->crossing_bits[1] | r->crossing_bits[2]) != 0u)
    return fail(e, KS_ERR_FORMAT, "crossing", 0);
  if (r->crossed && (!ks_is_finite(ks_f64_from_bits(r->crossing_bits[0])) ||
                     !ks_is_finite(ks_f64_from_bits(r->crossing_bits[1])) ||
                     !ks_is_finite(ks_f64_from_bits(r->crossing_bits[2]))))
    return fail(e, KS_ERR_FORMAT, "crossing", 0);
  int64_t want = (r->decision_step - r->wait_steps - 1) / KICK_REPLAY_CHECKPOINT_STEPS;
  if (want > KICK_REPLAY_MAX_CHECKPOINTS) want = KICK_REPLAY_MAX_CHECKPOINTS;
  if (r->checkpoint_count != (int32_t)want) return fail(e, KS_ERR_FORMAT, "checkpoint_count", 0);
  return KS_OK;
}

/* ----------------------------------------------------------------- encode */

static void encode_payload(const kick_replay *r, wbuf *w) {
  const kick_setup def = kick_setup_default();
  uint32_t mask = 0u;
  for (int i = 0; i < SLOT_COUNT; i++)
    if (slot_get(&r->setup, i) != slot_get(&def, i)) mask |= 1u << i;
  w_u32(w, mask);
  for (int i = 0; i < SLOT_COUNT; i++)
    if ((mask & (1u << i)) != 0u) w_slot(w, SLOTS[i].kind, slot_get(&r->setup, i));
  for (int32_t i = 0; i < r->setup.ring_count; i++) {
    const kick_ring_def *g = &r->setup.rings[i];
    w_f64(w, g->x);
    w_f64(w, g->y);
    w_f64(w, g->z);
    w_f64(w, g->radius);
    w_u8(w, (uint32_t)g->motion);
    w_f64(w, g->amplitude);
    w_f64(w, g->period_s);
    w_f64(w, g->phase);
  }
  for (int32_t i = 0; i < r->setup.history_count; i++) {
    const kick_history_shot *h = &r->setup.history[i];
    w_f64(w, h->x);
    w_f64(w, h->y);
    w_u8(w, (uint32_t)h->outcome);
  }
  w_f64(w, r->launch.speed_mps);
  w_f64(w, r->launch.elevation);
  w_f64(w, r->launch.direction);
  w_f64(w, r->launch.spin_axis.x);
  w_f64(w, r->launch.spin_axis.y);
  w_f64(w, r->launch.spin_axis.z);
  w_f64(w, r->launch.spin_rate);
  w_u32(w, (uint32_t)r->wait_steps);
  w_u8(w, (uint32_t)r->input_count);
  for (int32_t i = 0; i < r->input_count; i++) {
    w_u64(w, (uint64_t)r->inputs[i].tap_step);
    w_f64(w, r->inputs[i].tap_x);
    w_f64(w, r->inputs[i].tap_y);
  }
  w_u8(w, (uint32_t)r->outcome);
  w_u32(w, r->moments);
  w_u64(w, (uint64_t)r->decision_step);
  w_u8(w, r->crossed ? 1u : 0u);
  for (int i = 0; i < 3; i++) w_u64(w, r->crossing_bits[i]);
  w_u64(w, r->final_hash);
  w_u8(w, (uint32_t)r->checkpoint_count);
  for (int32_t i = 0; i < r->checkpoint_count; i++) w_u64(w, r->checkpoints[i]);
}

size_t kick_replay_encoded_size(const kick_replay *r) {
  if (!r) return 0;
  kick_replay_error e;
  err_clear(&e, false);
  if (check_replay(r, &e) != KS_OK) return 0;
  wbuf w = {NULL, 0, 0};
  encode_payload(r, &w);
  return KICK_REPLAY_HEADER_BYTES + w.len + KICK_REPLAY_CHECKSUM_BYTES;
}

ks_status kick_replay_encode(const kick_replay *r, uint8_t *buf, size_t cap, size_t *len, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  err_clear(e, false);
  if (!r || !buf || !len) return fail(e, KS_ERR_NULL, "argument", 0);
  ks_status st = check_replay(r, e);
  if (st != KS_OK) return st;
  size_t need = kick_replay_encoded_size(r);
  if (need > cap) {
    e->have = cap;
    e->need = need;
    return fail(e, KS_ERR_CAPACITY, "buffer", 0);
  }
  wbuf w = {buf, cap, 0};
  w_u8(&w, KICK_REPLAY_MAGIC0);
  w_u8(&w, KICK_REPLAY_MAGIC1);
  w_u8(&w, KICK_REPLAY_MAGIC2);
  w_u8(&w, KICK_REPLAY_MAGIC3);
  w_u16(&w, KICK_REPLAY_VERSION);
  w_u16(&w, 0u);
  w_u32(&w, (uint32_t)(need - KICK_REPLAY_HEADER_BYTES - KICK_REPLAY_CHECKSUM_BYTES));
  encode_payload(r, &w);
  w_u64(&w, ks_fnv1a64(buf, w.len));
  *len = w.len;
  return KS_OK;
}

/* ----------------------------------------------------------------- decode */

static ks_status decode_payload(rbuf *rb, uint32_t version, kick_replay *r, kick_replay_error *e) {
  kick_replay z = {0};
  *r = z;
  r->setup = kick_setup_default();
  if (version == 1u) r->setup.rules = KICK_RULES_ORIGINAL;
  const int slots = version == 1u ? SLOT_COUNT_V1 : SLOT_COUNT;
  uint32_t mask = r_u32(rb);
  if ((mask >> slots) != 0u) return fail(e, KS_ERR_FORMAT, "setup.mask", rb->pos - 4);
  for (int i = 0; i < SLOT_COUNT; i++) {
    if ((mask & (1u << i)) == 0u) continue;
    size_t at = rb->pos;
    uint64_t v = r_slot(rb, SLOTS[i].kind);
    if (rb->short_) return fail(e, KS_ERR_FORMAT, "payload length", at);
    if (SLOTS[i].kind == SK_BOOL && v > 1u) return fail(e, KS_ERR_FORMAT, SLOTS[i].name, at);
    if (SLOTS[i].kind == SK_ENUM && v >= SLOTS[i].limit) return fail(e, KS_ERR_FORMAT, SLOTS[i].name, at);
    if (SLOTS[i].kind == SK_I32 && v > SLOTS[i].limit) return fail(e, KS_ERR_FORMAT, SLOTS[i].name, at);
    slot_set(&r->setup, i, v);
  }
  for (int32_t i = 0; i < r->setup.ring_count; i++) {
    kick_ring_def *g = &r->setup.rings[i];
    g->x = r_f64(rb);
    g->y = r_f64(rb);
    g->z = r_f64(rb);
    g->radius = r_f64(rb);
    size_t at = rb->pos;
    uint32_t m = r_u8(rb);
    if (m >= (uint32_t)kick_ring_motion_count) return fail(e, KS_ERR_FORMAT, "setup.rings.motion", at);
    g->motion = (kick_ring_motion)m;
    g->amplitude = r_f64(rb);
    g->period_s = r_f64(rb);
    g->phase = r_f64(rb);
  }
  for (int32_t i = 0; i < r->setup.history_count; i++) {
    kick_history_shot *h = &r->setup.history[i];
    h->x = r_f64(rb);
    h->y = r_f64(rb);
    size_t at = rb->pos;
    uint32_t o = r_u8(rb);
    if (o >= (uint32_t)kick_outcome_count) return fail(e, KS_ERR_FORMAT, "setup.history.outcome", at);
    h->outcome = (kick_outcome)o;
  }
  r->launch.speed_mps = r_f64(rb);
  r->launch.elevation = r_f64(rb);
  r->launch.direction = r_f64(rb);
  r->launch.spin_axis.x = r_f64(rb);
  r->launch.spin_axis.y = r_f64(rb);
  r->launch.spin_axis.z = r_f64(rb);
  r->launch.spin_rate = r_f64(rb);
  r->wait_steps = (int64_t)r_u32(rb);
  size_t at = rb->pos;
  uint32_t n = r_u8(rb);
  if (n > KICK_REPLAY_MAX_INPUTS) return fail(e, KS_ERR_FORMAT, "input_count", at);
  r->input_count = (int32_t)n;
  for (int32_t i = 0; i < r->input_count; i++) {
    r->inputs[i].has_tap = true;
    r->inputs[i].tap_step = (int64_t)r_u64(rb);
    r->inputs[i].tap_x = r_f64(rb);
    r->inputs[i].tap_y = r_f64(rb);
  }
  at = rb->pos;
  uint32_t o = r_u8(rb);
  if (o >= (uint32_t)kick_outcome_count) return fail(e, KS_ERR_FORMAT, "outcome", at);
  r->outcome = (kick_outcome)o;
  r->moments = r_u32(rb);
  r->decision_step = (int64_t)r_u64(rb);
  at = rb->pos;
  uint32_t c = r_u8(rb);
  if (c > 1u) return fail(e, KS_ERR_FORMAT, "crossed", at);
  r->crossed = c != 0u;
  for (int i = 0; i < 3; i++) r->crossing_bits[i] = r_u64(rb);
  r->final_hash = r_u64(rb);
  at = rb->pos;
  uint32_t k = r_u8(rb);
  if (k > KICK_REPLAY_MAX_CHECKPOINTS || rb->short_ || rb->len - rb->pos != (size_t)k * 8u)
    return fail(e, KS_ERR_FORMAT, "checkpoint_count", at);
  r->checkpoint_count = (int32_t)k;
  for (uint32_t i = 0; i < k; i++) r->checkpoints[i] = r_u64(rb);
  if (rb->short_) return fail(e, KS_ERR_FORMAT, "payload length", rb->len);
  if (rb->pos != rb->len) return fail(e, KS_ERR_FORMAT, "payload length", rb->pos);
  return check_replay(r, e);
}

ks_status kick_replay_decode(const uint8_t *buf, size_t len, kick_replay *out, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  err_clear(e, false);
  if (!out || (!buf && len > 0)) return fail(e, KS_ERR_NULL, "argument", 0);
  const size_t head = KICK_REPLAY_HEADER_BYTES, tail = KICK_REPLAY_CHECKSUM_BYTES;
  const uint8_t magic[4] = {KICK_REPLAY_MAGIC0, KICK_REPLAY_MAGIC1, KICK_REPLAY_MAGIC2, KICK_REPLAY_MAGIC3};
  uint32_t version = 0;
  size_t body = 0;
  ks_status env =
      read_envelope(buf, len, magic, head, tail, KICK_REPLAY_VERSION, KICK_REPLAY_MAX_BYTES, e, &version, &body);
  if (env != KS_OK) return env;
  rbuf pl = {buf, body, head, false};
  kick_replay r;
  ks_status st = decode_payload(&pl, version, &r, e);
  if (st != KS_OK) return st;
  *out = r;
  return KS_OK;
}

/* ------------------------------------------------------------- share codes */

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static int b64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

ks_status kick_replay_share_encode(const kick_replay *r, char *code, size_t cap, size_t *len, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  uint8_t bytes[KICK_REPLAY_MAX_BYTES];
  size_t n = 0;
  ks_status st = kick_replay_encode(r, bytes, sizeof bytes, &n, e);
  e->share_code = true;
  if (st != KS_OK) return st;
  if (!code || !len) return fail(e, KS_ERR_NULL, "argument", 0);
  size_t chars = (n / 3u) * 4u + (n % 3u == 0u ? 0u : n % 3u + 1u);
  if (chars + 1u > cap) {
    e->have = cap;
    e->need = chars + 1u;
    return fail(e, KS_ERR_CAPACITY, "buffer", 0);
  }
  size_t o = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)bytes[i] << 16;
    size_t k = n - i < 3u ? n - i : 3u;
    if (k > 1) v |= (uint32_t)bytes[i + 1] << 8;
    if (k > 2) v |= bytes[i + 2];
    code[o++] = B64[(v >> 18) & 63u];
    code[o++] = B64[(v >> 12) & 63u];
    if (k > 1) code[o++] = B64[(v >> 6) & 63u];
    if (k > 2) code[o++] = B64[v & 63u];
  }
  code[o] = '\0';
  *len = o;
  return KS_OK;
}

ks_status kick_replay_share_decode(const char *code, size_t len, kick_replay *out, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  err_clear(e, true);
  if (!out || (!code && len > 0)) return fail(e, KS_ERR_NULL, "argument", 0);
  if (len > KICK_REPLAY_MAX_CODE) return fail(e, KS_ERR_FORMAT, "share code length", KICK_REPLAY_MAX_CODE);
  for (size_t i = 0; i < len; i++)
    if (b64_value(code[i]) < 0) return fail(e, KS_ERR_FORMAT, "share code character", i);
  uint8_t bytes[KICK_REPLAY_MAX_BYTES] = {0};
  _Static_assert((KICK_REPLAY_MAX_CODE * 6u) / 8u == KICK_REPLAY_MAX_BYTES, "the longest code fills the bytes exactly");
  size_t n = 0;
  uint32_t acc = 0u;
  int bits = 0;
  for (size_t i = 0; i < len; i++) {
    acc = (acc << 6) | (uint32_t)b64_value(code[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (n == sizeof bytes) return fail(e, KS_ERR_FORMAT, "share code length", KICK_REPLAY_MAX_CODE);
      bytes[n++] = (uint8_t)((acc >> bits) & 0xffu);
    }
  }
  kick_replay r;
  ks_status st = kick_replay_decode(bytes, n, &r, e);
  e->share_code = true;
  if (st == KS_ERR_TRUNCATED) {
    /* Express the shortfall in characters. */
    uint64_t need_bytes = e->need;
    e->have = len;
    e->need = (need_bytes / 3u) * 4u + (need_bytes % 3u == 0u ? 0u : need_bytes % 3u + 1u);
    return KS_ERR_TRUNCATED;
  }
  /* len % 4 == 1 leaves 6 bits: not a whole byte, so not a code we wrote. */
  if (len % 4u == 1u) return fail(e, KS_ERR_FORMAT, "share code length", len);
  /* Unused bits of the last character must be zero, or two codes would decode alike. */
  if (bits > 0 && (acc & ((1u << bits) - 1u)) != 0u) return fail(e, KS_ERR_FORMAT, "share code trailing bits", len - 1);
  if (st != KS_OK) return st;
  *out = r;
  return KS_OK;
}

/* ------------------------------------------------------------------- texts */

size_t kick_replay_error_text(const kick_replay_error *err, char *buf, size_t cap) {
  tbuf t = {buf, buf ? cap : 0, 0};
  const char *what = err && err->share_code ? "share code" : "replay";
  if (!err) {
    t_str(&t, "no error information");
    return t_end(&t);
  }
  switch (err->status) {
  case KS_OK: t_str(&t, what); t_str(&t, " is valid"); break;
  case KS_ERR_TRUNCATED:
    t_str(&t, what);
    t_str(&t, " is truncated: ");
    t_u64(&t, err->have);
    t_str(&t, err->share_code ? " characters, at least " : " bytes, at least ");
    t_u64(&t, err->need);
    t_str(&t, " needed (");
    t_str(&t, err->field);
    t_str(&t, ")");
    break;
  case KS_ERR_VERSION:
    t_str(&t, what);
    t_str(&t, " is from a newer format version ");
    t_u64(&t, err->version);
    t_str(&t, "; this build reads version ");
    t_u64(&t, KICK_REPLAY_VERSION);
    t_str(&t, " and older");
    break;
  case KS_ERR_CHECKSUM:
    t_str(&t, what);
    t_str(&t, " is corrupt: its checksum does not match its contents");
    break;
  case KS_ERR_FORMAT:
    t_str(&t, what);
    t_str(&t, " is malformed: bad ");
    t_str(&t, err->field);
    t_str(&t, err->share_code && err->field[0] == 's' && err->field[1] == 'h' ? " at character " : " at byte ");
    t_u64(&t, err->offset);
    break;
  case KS_ERR_CAPACITY:
    t_str(&t, "buffer too small for the ");
    t_str(&t, what);
    t_str(&t, ": ");
    t_u64(&t, err->need);
    t_str(&t, " needed");
    break;
  default:
    t_str(&t, what);
    t_str(&t, ": ");
    t_str(&t, ks_status_name(err->status));
    t_str(&t, " (");
    t_str(&t, err->field);
    t_str(&t, ")");
    break;
  }
  return t_end(&t);
}

size_t kick_replay_verify_text(const kick_replay_verify_result *res, char *buf, size_t cap) {
  tbuf t = {buf, buf ? cap : 0, 0};
  if (!res) {
    t_str(&t, "no result");
  } else if (res->identical) {
    t_str(&t, "identical");
  } else {
    t_str(&t, "diverges at step ");
    t_i64(&t, res->step);
    t_str(&t, ": ");
    t_str(&t, res->field);
    t_str(&t, " expected ");
    t_hex(&t, res->expected);
    t_str(&t, ", got ");
    t_hex(&t, res->actual);
  }
  return t_end(&t);
}
