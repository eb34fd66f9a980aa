// SPDX-License-Identifier: MIT
/* Rollback session: state ring, stamped inputs, prediction, restore and
   re-simulate, the prediction window, confirmation and desync detection.
   The wire format is in rollback_wire.c. See kickstep/rollback.h. */
#include "rollback_internal.h"

#define RB_COOKIE 0x6b737262u /* "kstb" */

/* ------------------------------------------------------------------ bytes */

/* State copies are the session's main cost: the compiler's own copy (a
   struct assignment emits the same; the wasm build's memcpy is
   wasm/libc_shim.c), a byte loop where there is no such builtin. */
void rb_copy(void *dst, const void *src, size_t n) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_memcpy(dst, src, n);
#else
  uint8_t *d = (uint8_t *)dst;
  const uint8_t *s = (const uint8_t *)src;
  for (size_t i = 0; i < n; i++) d[i] = s[i];
#endif
}

bool rb_equal(const void *a, const void *b, size_t n) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_memcmp(a, b, n) == 0;
#else
  const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i]) return false;
  return true;
#endif
}

static size_t round16(size_t n) { return (n + 15u) & ~(size_t)15u; }

/* ------------------------------------------------------- the game's hooks */

void rb_save_copy(const ks_rb_session *s, void *dst, const void *src) {
  if (dst == src) return;
  if (s->def.copy_state) {
    s->def.free_state(dst, s->def.user);
    s->def.copy_state(dst, src, s->def.user);
  } else {
    rb_copy(dst, src, s->def.state_size);
  }
}

void rb_load_copy(const ks_rb_session *s, void *dst, const void *src) { rb_save_copy(s, dst, src); }

void rb_export(const ks_rb_session *s, void *out, const void *src) {
  if (s->def.copy_state) s->def.copy_state(out, src, s->def.user);
  else rb_copy(out, src, s->def.state_size);
}

uint64_t rb_hash_state(const ks_rb_session *s, const void *st) { return s->def.hash(st, s->def.user); }

void rb_setup_states(ks_rb_session *s) {
  if (!s->def.copy_state) return;
  size_t n = ((size_t)s->ring + (size_t)s->def.checks_kept + 1u) * s->stride;
  for (size_t i = 0; i < n; i++) s->states[i] = 0; /* ring, checks and scratch are contiguous */
}

/* ------------------------------------------------------------- definition */

ks_rb_def ks_rb_default_def(void) {
  ks_rb_def d;
  d.state_size = 0;
  d.input_size = 0;
  d.local_player = 0;
  d.players = KS_RB_PLAYERS;
  for (int32_t p = 0; p < KS_RB_MAX_PLAYERS; p++) d.peer_of[p] = (int8_t)p;
  d.max_prediction = 8;
  d.input_delay = 0;
  d.predict = KS_RB_PREDICT_NONE;
  d.hash_every = 60;
  d.checks_kept = 8;
  d.step = NULL;
  d.hash = NULL;
  d.user = NULL;
  d.copy_state = NULL;
  d.free_state = NULL;
  d.sync_test_every = 0;
  d.sync_window = 40;
  d.sync_dead_zone = 1;
  d.interrupt_ms = 750;
  d.disconnect_ms = 5000;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

ks_status ks_rb_def_validate(const ks_rb_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!d->step || !d->hash || d->state_size == 0 || d->input_size == 0) return KS_ERR_NULL;
  if (d->input_size > KS_RB_MAX_INPUT_BYTES || d->state_size > ((size_t)1 << 28)) return KS_ERR_RANGE;
  if (d->players < 2 || d->players > KS_RB_MAX_PLAYERS) return KS_ERR_RANGE;
  if (d->local_player < 0 || d->local_player >= d->players) return KS_ERR_RANGE;
  int32_t npeers = 0;
  for (int32_t p = 0; p < d->players; p++) {
    int32_t q = d->peer_of[p];
    if (q < 0 || q > p || d->peer_of[q] != q) return KS_ERR_RANGE;
    if (q == p) npeers++;
  }
  if (npeers < 2 && d->sync_test_every == 0) return KS_ERR_RANGE; /* at least two peers, but for a sync test */
  if ((d->copy_state == NULL) != (d->free_state == NULL)) return KS_ERR_NULL;
  if (d->sync_test_every < 0 || d->sync_test_every > KS_RB_MAX_WINDOW) return KS_ERR_RANGE;
  if (d->sync_window < 1 || d->sync_window > KS_RB_SYNC_WINDOW || d->sync_dead_zone < 0) return KS_ERR_RANGE;
  if (d->interrupt_ms < 1 || d->disconnect_ms < d->interrupt_ms) return KS_ERR_RANGE;
  if (d->max_prediction < 1 || d->max_prediction > KS_RB_MAX_WINDOW) return KS_ERR_RANGE;
  if (d->input_delay < 0 || d->input_delay > KS_RB_MAX_DELAY) return KS_ERR_RANGE;
  if ((int)d->predict < 0 || d->predict >= ks_rb_predict_count) return KS_ERR_RANGE;
  if (d->hash_every < 1 || d->hash_every > KS_RB_MAX_HASH_EVERY) return KS_ERR_RANGE;
  if (d->checks_kept < 2 || d->checks_kept > KS_RB_MAX_CHECKS) return KS_ERR_RANGE;
  return KS_OK;
}

/* The input ring covers the kept check stretch, twice the window (the peer
   may run a window ahead of what it has of ours) and both delays. */
static int32_t input_slots(const ks_rb_def *d) {
  int64_t need = (int64_t)d->checks_kept * d->hash_every + 2 * (int64_t)d->max_prediction + 2 * KS_RB_MAX_DELAY + 64;
  int32_t n = 64;
  while (n < need) n *= 2;
  return n;
}

typedef struct rb_layout {
  size_t stride, states, checks, scratch, known, inputs, used, total;
} rb_layout;

static rb_layout layout(const ks_rb_def *d) {
  rb_layout l;
  size_t ring = (size_t)d->max_prediction + 1u;
  size_t nin = (size_t)input_slots(d);
  l.stride = round16(d->state_size);
  l.states = 0;
  l.checks = l.states + ring * l.stride;
  l.scratch = l.checks + (size_t)d->checks_kept * l.stride;
  l.known = l.scratch + l.stride;
  size_t np = (size_t)d->players;
  l.inputs = l.known + round16(np * nin * sizeof(int64_t));
  l.used = l.inputs + round16(np * nin * d->input_size);
  l.total = l.used + round16(np * nin * d->input_size) + 15u; /* + 15: any alignment */
  return l;
}

size_t ks_rb_storage_size(const ks_rb_def *def) {
  if (ks_rb_def_validate(def) != KS_OK) return 0;
  return layout(def).total;
}

/* ------------------------------------------------------------------ rings */

static size_t slot(const ks_rb_session *s, int64_t step) { return (size_t)((uint64_t)step & (uint64_t)(s->nin - 1)); }

uint8_t *rb_state_at(const ks_rb_session *s, int64_t step) {
  return s->states + (size_t)(step % s->ring) * s->stride;
}

static size_t cell(const ks_rb_session *s, int32_t p, int64_t step) {
  return (size_t)p * (size_t)s->nin + slot(s, step);
}

bool rb_known(const ks_rb_session *s, int32_t p, int64_t step) { return s->known[cell(s, p, step)] == step; }

uint8_t *rb_input_slot(const ks_rb_session *s, int32_t p, int64_t step) {
  return s->inputs + cell(s, p, step) * s->def.input_size;
}

static uint8_t *used_slot(const ks_rb_session *s, int32_t p, int64_t step) {
  return s->used + cell(s, p, step) * s->def.input_size;
}


int64_t rb_sync_frame(const ks_rb_session *s) {
  int64_t m = s->known_upto[0];
  for (int32_t p = 1; p < s->def.players; p++)
    if (s->known_upto[p] < m) m = s->known_upto[p];
  return m;
}

/* Every input of peer q's players for steps < this is known here. */
int64_t rb_peer_known(const ks_rb_session *s, int32_t q) {
  int64_t m = INT64_MAX;
  for (int32_t p = q; p < s->def.players; p++)
    if (s->def.peer_of[p] == q && s->known_upto[p] < m) m = s->known_upto[p];
  return m == INT64_MAX ? 0 : m;
}

int64_t rb_advantage_over(const ks_rb_session *s, int32_t q) {
  return s->remote_frame[q] < 0 ? 0 : s->frame - s->remote_frame[q];
}

/* The oldest local input some peer still lacks. */
static int64_t rb_min_ack(const ks_rb_session *s) {
  int64_t m = INT64_MAX;
  for (int32_t q = 0; q < s->def.players; q++)
    if ((s->peers >> q) & 1u && s->remote_ack[q] < m) m = s->remote_ack[q];
  return m; /* INT64_MAX: no other peer (a sync-test session) */
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* The oldest check a desync may have to re-simulate from: the newest matched
   one (or the oldest kept when none matched yet). */
static int64_t check_base(const ks_rb_session *s) {
  int64_t matched = -1, oldest = INT64_MAX;
  for (int32_t i = 0; i < s->def.checks_kept; i++) {
    const ks_rb_check *c = &s->checks[i];
    if (c->step < 0) continue;
    if (c->matched && c->step > matched) matched = c->step;
    if (c->step < oldest) oldest = c->step;
  }
  return matched >= 0 ? matched : oldest;
}

/* Inputs of steps >= this are still needed (re-sending, rollback, narrowing). */
int64_t rb_retain_from(const ks_rb_session *s) {
  int64_t r = min64(rb_min_ack(s), rb_sync_frame(s));
  int64_t b = check_base(s);
  if (b != INT64_MAX) r = min64(r, b);
  return r;
}

/* The input that step `step` of player p uses now: the known one, or the prediction. */
const uint8_t *rb_input_now(const ks_rb_session *s, int32_t p, int64_t step) {
  if (rb_known(s, p, step)) return rb_input_slot(s, p, step);
  if (s->def.predict == KS_RB_PREDICT_LAST) return s->last_input[p];
  return s->zero_input;
}

/* Marks an input known and moves the contiguous prefix on. A step already
   simulated is checked again at the next advance, unless its prediction was
   "none" and the input is exactly what it used (the common case: nothing
   happened on that step). */
void rb_store_input(ks_rb_session *s, int32_t p, int64_t step, const void *input) {
  rb_copy(rb_input_slot(s, p, step), input, s->def.input_size);
  s->known[cell(s, p, step)] = step;
  while (rb_known(s, p, s->known_upto[p])) {
    rb_copy(s->last_input[p], rb_input_slot(s, p, s->known_upto[p]), s->def.input_size);
    s->known_upto[p]++;
  }
  if (step >= s->frame || step >= s->recheck_from) return;
  if (s->def.predict == KS_RB_PREDICT_NONE && rb_equal(used_slot(s, p, step), input, s->def.input_size)) return;
  s->recheck_from = step;
}

/* ------------------------------------------------------------------- init */

bool rb_usable(const ks_rb_session *s) { return s && s->cookie == RB_COOKIE; }
static bool usable(const ks_rb_session *s) { return rb_usable(s); }

/* Checks that a session of this definition fits storage_size bytes. */
ks_status rb_check_storage(const ks_rb_def *def, size_t storage_size) {
  ks_status st = ks_rb_def_validate(def);
  if (st != KS_OK) return st;
  return storage_size < layout(def).total ? KS_ERR_CAPACITY : KS_OK;
}

int32_t rb_input_slots(const ks_rb_def *def) { return input_slots(def); }

/* An empty session at step 0 (the caller has checked def and storage). */
void rb_setup(ks_rb_session *s, const ks_rb_def *def, void *storage) {
  rb_layout l = layout(def);
  uint8_t *base = (uint8_t *)storage;
  base += (16u - ((uintptr_t)base & 15u)) & 15u;

  s->def = *def;
  s->stride = l.stride;
  s->ring = def->max_prediction + 1;
  s->nin = input_slots(def);
  s->states = base + l.states;
  s->check_states = base + l.checks;
  s->scratch = base + l.scratch;
  s->known = (int64_t *)(void *)(base + l.known);
  s->inputs = base + l.inputs;
  s->used = base + l.used;
  for (size_t i = 0; i < (size_t)def->players * (size_t)s->nin; i++) s->known[i] = -1;
  for (int32_t p = 0; p < KS_RB_MAX_PLAYERS; p++)
    for (size_t i = 0; i < KS_RB_MAX_INPUT_BYTES; i++) s->last_input[p][i] = 0;
  for (size_t i = 0; i < KS_RB_MAX_INPUT_BYTES; i++) s->zero_input[i] = 0;

  s->frame = 0;
  s->local_peer = def->peer_of[def->local_player];
  s->local_count = 0;
  s->local_mask = 0;
  s->peers = 0;
  s->dropped = 0;
  for (int32_t r = 0; r < KS_RB_MAX_PLAYERS; r++) {
    s->empty_from[r] = -1;
    for (int32_t q = 0; q < KS_RB_MAX_PLAYERS; q++) s->announced[r][q] = -1;
  }
  for (int32_t p = 0; p < def->players; p++) {
    if (def->peer_of[p] == s->local_peer) {
      s->local_mask |= 1u << p;
      s->local_count++;
    } else if (def->peer_of[p] == p) {
      s->peers |= 1u << p;
    }
  }
  for (int32_t p = 0; p < KS_RB_MAX_PLAYERS; p++) {
    s->known_upto[p] = 0;
    s->remote_ack[p] = 0;
    s->seen[p] = 0;
    s->remote_frame[p] = -1;
    s->remote_advantage[p] = 0;
    s->seq_floor[p] = 0;
  }
  s->recheck_from = INT64_MAX;
  s->next_check = 0;
  s->seq = 0;
  for (int32_t i = 0; i < KS_RB_MAX_CHECKS * 2; i++) {
    ks_rb_check z = {-1, 0, 0, false, false, 0, -1};
    if (i < KS_RB_MAX_CHECKS) s->checks[i] = z;
    s->pending[i] = z;
  }
  ks_rb_desync dz = {false, -1, 0, 0, -1, false, -1, 0, 0, -1, false};
  s->desync = dz;
  s->narrow_base = -1;
  s->narrow_count = 0;
  s->detail_step = -1;
  s->detail_len = 0;
  s->remote_detail_step = -1;
  s->remote_detail_len = 0;
  s->resume_pending = 0;
  s->adv_count = s->adv_at = 0;
  s->sync_hold = 0;
  s->sync_owed = 0;
  s->now_ms = 0;
  s->clock_started = false;
  s->second = 0;
  s->event_count = 0;
  for (int32_t q = 0; q < KS_RB_MAX_PLAYERS; q++) {
    s->heard_ms[q] = -1;
    s->waiting_ms[q] = -1;
    s->rtt_ms[q] = -1;
    s->link[q] = KS_RB_LINK_WAITING;
    s->bytes_in[q][0] = s->bytes_in[q][1] = s->bytes_out[q][0] = s->bytes_out[q][1] = 0;
    for (int32_t i = 0; i < 16; i++) {
      s->sent_seq[q][i] = 0;
      s->sent_ms[q][i] = 0;
    }
  }
  ks_rb_sync_report zr = {0, false, -1, 0, 0};
  s->sync = zr;
  for (int32_t q = 0; q < KS_RB_MAX_PLAYERS; q++) {
    s->epoch[q] = 0;
    s->back_step[q] = s->back_empty[q] = s->back_local[q] = -1;
    s->back_seq[q] = 0;
    for (int32_t r = 0; r < KS_RB_MAX_PLAYERS; r++) s->back_known[q][r] = -1;
  }
  s->confirmed_cursor = 0;
  s->start_step = 0;
  ks_rb_stats zs = {0};
  s->stats = zs;
  s->cookie = RB_COOKIE;
}

ks_status ks_rb_init(ks_rb_session *s, const ks_rb_def *def, void *storage, size_t storage_size,
                     const void *initial) {
  ks_status st = rb_check_storage(def, storage_size);
  if (st != KS_OK) return st;
  if (!s || !storage || !initial) return KS_ERR_NULL;
  rb_setup(s, def, storage);
  rb_setup_states(s);
  rb_save_copy(s, rb_state_at(s, 0), initial);
  /* The first input_delay local inputs are "none". */
  for (int64_t n = 0; n < def->input_delay; n++)
    for (int32_t p = 0; p < def->players; p++)
      if ((s->local_mask >> p) & 1u) rb_store_input(s, p, n, s->zero_input);
  rb_process_checks(s);
  return KS_OK;
}

/* --------------------------------------------------------------- stepping */

static void sync_sample(ks_rb_session *s);
static void sync_test(ks_rb_session *s);

/* Simulates step n (state n -> n + 1) with the inputs it uses now. */
void rb_simulate(ks_rb_session *s, int64_t n) {
  uint8_t *dst = rb_state_at(s, n + 1);
  rb_save_copy(s, dst, rb_state_at(s, n));
  const uint8_t *in[KS_RB_MAX_PLAYERS];
  for (int32_t p = 0; p < s->def.players; p++) {
    uint8_t *u = used_slot(s, p, n);
    rb_copy(u, rb_input_now(s, p, n), s->def.input_size);
    in[p] = u;
  }
  s->def.step(dst, in, s->def.user);
}

/* The first simulated step whose inputs now differ from those it used. */
static int64_t first_changed(const ks_rb_session *s) {
  for (int64_t n = s->recheck_from; n < s->frame; n++)
    for (int32_t p = 0; p < s->def.players; p++)
      if (!rb_equal(rb_input_now(s, p, n), used_slot(s, p, n), s->def.input_size)) return n;
  return -1;
}

int64_t ks_rb_settle(ks_rb_session *s) {
  if (!usable(s)) return 0;
  rb_fill_dropped(s);
  if (s->recheck_from == INT64_MAX) return 0;
  int64_t from = first_changed(s);
  s->recheck_from = INT64_MAX;
  if (from < 0) {
    rb_process_checks(s);
    return 0;
  }
  int64_t n = s->frame - from;
  for (int64_t k = from; k < s->frame; k++) rb_simulate(s, k);
  s->stats.rollbacks++;
  s->stats.resimulated += n;
  if (n > s->stats.max_rollback) s->stats.max_rollback = n;
  rb_process_checks(s);
  return n;
}

ks_status ks_rb_advance(ks_rb_session *s, const void *local_input, ks_rb_advance_result *out) {
  ks_rb_advance_result r = {false, false, 0, -1};
  if (!usable(s)) return s ? KS_ERR_UNINITIALISED : KS_ERR_NULL;
  if (s->desync.detected || s->sync.failed) {
    if (out) *out = r;
    return KS_ERR_STATE;
  }
  r.rolled_back = ks_rb_settle(s);
  int64_t stamp = s->frame + s->def.input_delay;
  bool window_full = s->frame >= rb_sync_frame(s) + s->def.max_prediction;
  bool unacked = stamp >= rb_retain_from(s) + s->nin;
  if (window_full || unacked) {
    s->stats.waits++;
    r.waited = true;
    if (out) *out = r;
    return KS_OK;
  }
  const uint8_t *li = (const uint8_t *)local_input;
  bool taken = false;
  for (int32_t p = 0, k = 0; p < s->def.players; p++) {
    if (!((s->local_mask >> p) & 1u)) continue;
    /* A peer that came back (ks_rb_resume of a version 2 handover) has its
       inputs agreed as "none" up to the step its own resume: until then the
       local input is not taken. */
    if (stamp >= s->known_upto[p]) {
      rb_store_input(s, p, stamp, li ? li + (size_t)k * s->def.input_size : s->zero_input);
      taken = true;
    }
    k++;
  }
  rb_simulate(s, s->frame);
  s->frame++;
  s->stats.steps++;
  rb_process_checks(s);
  sync_sample(s);
  if (s->def.sync_test_every > 0 && s->frame % s->def.sync_test_every == 0) sync_test(s);
  r.stepped = true;
  r.input_step = taken ? stamp : -1;
  if (out) *out = r;
  return KS_OK;
}

ks_status ks_rb_add_remote_input(ks_rb_session *s, int64_t step, const void *input) {
  if (!usable(s) || !input) return KS_ERR_NULL;
  if (s->def.players != 2) return KS_ERR_STATE;
  return ks_rb_add_player_input(s, 1 - s->def.local_player, step, input);
}

ks_status ks_rb_add_player_input(ks_rb_session *s, int32_t p, int64_t step, const void *input) {
  if (!usable(s) || !input) return KS_ERR_NULL;
  if (p < 0 || p >= s->def.players || ((s->local_mask >> p) & 1u)) return KS_ERR_RANGE;
  int64_t retain = rb_retain_from(s);
  if (step < 0) return KS_ERR_RANGE;
  if (rb_known(s, p, step)) return rb_equal(rb_input_slot(s, p, step), input, s->def.input_size) ? KS_OK : KS_ERR_STATE;
  if (step < retain) return step < s->known_upto[p] ? KS_OK : KS_ERR_RANGE; /* long confirmed */
  if (step >= retain + s->nin) {
    s->stats.inputs_dropped++;
    return KS_ERR_RANGE;
  }
  rb_store_input(s, p, step, input);
  return KS_OK;
}

/* ---------------------------------------------------------------- queries */

const void *ks_rb_state(const ks_rb_session *s) { return usable(s) ? rb_state_at(s, s->frame) : NULL; }
int64_t ks_rb_frame(const ks_rb_session *s) { return usable(s) ? s->frame : 0; }

int64_t ks_rb_confirmed(const ks_rb_session *s) {
  if (!usable(s)) return 0;
  return min64(min64(rb_sync_frame(s), s->frame), s->recheck_from);
}

static const ks_rb_check *find_check(const ks_rb_session *s, int64_t step) {
  for (int32_t i = 0; i < s->def.checks_kept; i++)
    if (s->checks[i].step == step) return &s->checks[i];
  return NULL;
}

const uint8_t *rb_check_state(const ks_rb_session *s, int64_t step) {
  const ks_rb_check *c = find_check(s, step);
  return c ? s->check_states + (size_t)(c - s->checks) * s->stride : NULL;
}

ks_status ks_rb_confirmed_state(const ks_rb_session *s, int64_t step, void *out) {
  if (!usable(s) || !out) return KS_ERR_NULL;
  if (step < s->start_step || step > ks_rb_confirmed(s)) return KS_ERR_RANGE;
  if (step > s->frame - s->ring) {
    rb_export(s, out, rb_state_at(s, step));
    return KS_OK;
  }
  const uint8_t *c = rb_check_state(s, step);
  if (!c) return KS_ERR_RANGE;
  rb_export(s, out, c);
  return KS_OK;
}

ks_status ks_rb_input(const ks_rb_session *s, int32_t player, int64_t step, void *out) {
  if (!usable(s) || !out) return KS_ERR_NULL;
  if (player < 0 || player >= s->def.players || step < 0) return KS_ERR_RANGE;
  if (rb_known(s, player, step)) {
    rb_copy(out, rb_input_slot(s, player, step), s->def.input_size);
    return KS_OK;
  }
  return step < s->known_upto[player] ? KS_ERR_RANGE : KS_ERR_NOT_FOUND;
}

int64_t ks_rb_frame_advantage(const ks_rb_session *s) {
  if (!usable(s)) return 0;
  int64_t best = 0;
  bool any = false;
  for (int32_t q = 0; q < s->def.players; q++) {
    if (!((s->peers >> q) & 1u) || s->remote_frame[q] < 0) continue;
    int64_t a = rb_advantage_over(s, q);
    if (!any || a > best) best = a;
    any = true;
  }
  return best;
}

int64_t ks_rb_recommended_wait(const ks_rb_session *s) {
  if (!usable(s)) return 0;
  int64_t best = 0;
  for (int32_t q = 0; q < s->def.players; q++) {
    if (!((s->peers >> q) & 1u) || s->remote_frame[q] < 0) continue;
    int64_t d = (rb_advantage_over(s, q) - (int64_t)s->remote_advantage[q]) / 2;
    if (d > best) best = d;
  }
  return best;
}

/* -------------------------------------------------------------- time sync */

/* One sample per step: (this peer's advantage - the peer's) / 2 against the
   peer that is furthest behind, kept in half steps. */
static void sync_sample(ks_rb_session *s) {
  int64_t worst = INT64_MIN;
  for (int32_t q = 0; q < s->def.players; q++) {
    if (!((s->peers >> q) & 1u) || s->remote_frame[q] < 0) continue;
    int64_t d = rb_advantage_over(s, q) - (int64_t)s->remote_advantage[q];
    if (d > worst) worst = d;
  }
  if (worst == INT64_MIN) return;
  if (worst > 1000000) worst = 1000000;
  if (worst < -1000000) worst = -1000000;
  s->adv_ring[s->adv_at] = (int32_t)worst;
  s->adv_at = (s->adv_at + 1) % s->def.sync_window;
  if (s->adv_count < s->def.sync_window) s->adv_count++;
}

double ks_rb_sync_advantage(const ks_rb_session *s) {
  if (!usable(s) || s->adv_count == 0) return 0.0;
  int64_t sum = 0;
  for (int32_t i = 0; i < s->adv_count; i++) sum += s->adv_ring[i];
  return (double)sum / (double)s->adv_count / 2.0;
}

int64_t ks_rb_sync_wait(const ks_rb_session *s) {
  if (!usable(s)) return 0;
  if (s->sync_owed > 0) return s->sync_owed;
  if (s->frame < s->sync_hold || s->adv_count < s->def.sync_window) return 0;
  double a = ks_rb_sync_advantage(s);
  if (a < (double)s->def.sync_dead_zone + 0.5) return 0;
  return (int64_t)a;
}

void ks_rb_sync_skipped(ks_rb_session *s) {
  if (!usable(s)) return;
  if (s->sync_owed == 0) {
    int64_t w = ks_rb_sync_wait(s);
    if (w <= 0) return;
    s->sync_owed = w;
  }
  s->sync_owed--;
  if (s->sync_owed == 0) {
    /* The samples taken so far predate the wait: start the window afresh. */
    s->adv_count = 0;
    s->adv_at = 0;
    s->sync_hold = s->frame + s->def.sync_window;
  }
}

/* ----------------------------------------------------------------- health */

void rb_event(ks_rb_session *s, ks_rb_event_kind kind, int32_t peer) {
  if (s->event_count == KS_RB_MAX_EVENTS) {
    for (int32_t i = 1; i < KS_RB_MAX_EVENTS; i++) s->events[i - 1] = s->events[i];
    s->event_count--;
  }
  ks_rb_event e = {kind, peer, s->now_ms};
  s->events[s->event_count++] = e;
}

static void roll_second(ks_rb_session *s) {
  int64_t sec = s->now_ms / 1000;
  if (sec == s->second) return;
  for (int32_t q = 0; q < KS_RB_MAX_PLAYERS; q++) {
    bool next = sec == s->second + 1;
    s->bytes_in[q][1] = next ? s->bytes_in[q][0] : 0;
    s->bytes_out[q][1] = next ? s->bytes_out[q][0] : 0;
    s->bytes_in[q][0] = s->bytes_out[q][0] = 0;
  }
  s->second = sec;
}

void rb_heard(ks_rb_session *s, int32_t q, uint32_t seen, size_t len) {
  roll_second(s);
  s->bytes_in[q][0] += (int64_t)len;
  for (int32_t i = 0; i < 16; i++) {
    if (s->sent_seq[q][i] != seen || seen == 0u) continue;
    int64_t sample = s->now_ms - s->sent_ms[q][i];
    s->rtt_ms[q] = s->rtt_ms[q] < 0 ? sample : (7 * s->rtt_ms[q] + sample) / 8;
    s->sent_seq[q][i] = 0;
  }
  ks_rb_link was = s->link[q];
  s->heard_ms[q] = s->now_ms;
  if (was == KS_RB_LINK_DISCONNECTED) return; /* final */
  s->link[q] = KS_RB_LINK_RUNNING;
  if (was == KS_RB_LINK_WAITING) rb_event(s, KS_RB_EVENT_CONNECTED, q);
  if (was == KS_RB_LINK_INTERRUPTED) rb_event(s, KS_RB_EVENT_RESUMED, q);
}

void rb_sent(ks_rb_session *s, int32_t q, uint32_t seq, size_t len) {
  roll_second(s);
  s->bytes_out[q][0] += (int64_t)len;
  int32_t i = (int32_t)(seq % 16u);
  s->sent_seq[q][i] = seq;
  s->sent_ms[q][i] = s->now_ms;
}

void ks_rb_set_time(ks_rb_session *s, int64_t now_ms) {
  if (!usable(s) || now_ms < s->now_ms) return;
  s->now_ms = now_ms;
  if (!s->clock_started) { /* messages read before the clock's first reading were heard now */
    s->clock_started = true;
    for (int32_t q = 0; q < KS_RB_MAX_PLAYERS; q++)
      if (s->heard_ms[q] >= 0) s->heard_ms[q] = now_ms;
  }
  roll_second(s);
  for (int32_t q = 0; q < s->def.players; q++) {
    if (!(((s->peers | s->dropped) >> q) & 1u)) continue;
    /* Never heard: quiet since the first clock reading (or since it came back). */
    if (s->heard_ms[q] < 0 && s->waiting_ms[q] < 0) s->waiting_ms[q] = now_ms;
    int64_t since = s->heard_ms[q] < 0 ? s->waiting_ms[q] : s->heard_ms[q];
    int64_t quiet = now_ms - since;
    if (s->link[q] == KS_RB_LINK_DISCONNECTED) continue;
    if (quiet >= s->def.disconnect_ms) {
      s->link[q] = KS_RB_LINK_DISCONNECTED;
      rb_event(s, KS_RB_EVENT_DISCONNECTED, q);
    } else if (quiet >= s->def.interrupt_ms && s->link[q] == KS_RB_LINK_RUNNING) {
      s->link[q] = KS_RB_LINK_INTERRUPTED;
      rb_event(s, KS_RB_EVENT_INTERRUPTED, q);
    }
  }
}

ks_status ks_rb_peer_health(const ks_rb_session *s, int32_t peer, ks_rb_health *out) {
  if (!usable(s) || !out) return KS_ERR_NULL;
  if (peer < 0 || peer >= s->def.players || !(((s->peers | s->dropped) >> peer) & 1u)) return KS_ERR_RANGE;
  ks_rb_health h;
  h.link = s->link[peer];
  h.rtt_ms = s->rtt_ms[peer];
  h.quiet_ms = s->heard_ms[peer] < 0 ? -1 : s->now_ms - s->heard_ms[peer];
  bool fresh = s->now_ms / 1000 == s->second;
  h.bytes_in_per_s = fresh ? s->bytes_in[peer][1] : 0;
  h.bytes_out_per_s = fresh ? s->bytes_out[peer][1] : 0;
  h.frames_behind = rb_advantage_over(s, peer);
  int64_t k = rb_peer_known(s, peer);
  h.inputs_behind = s->frame > k ? s->frame - k : 0;
  *out = h;
  return KS_OK;
}

bool ks_rb_poll_event(ks_rb_session *s, ks_rb_event *out) {
  ks_rb_event none = {KS_RB_EVENT_NONE, -1, 0};
  if (out) *out = none;
  if (!usable(s) || s->event_count == 0) return false;
  if (out) *out = s->events[0];
  for (int32_t i = 1; i < s->event_count; i++) s->events[i - 1] = s->events[i];
  s->event_count--;
  return true;
}

/* ------------------------------------------------------ confirmed steps */

ks_status ks_rb_next_confirmed(const ks_rb_session *s, int64_t *cursor, ks_rb_confirmed_step *out) {
  if (!usable(s) || !cursor || !out) return KS_ERR_NULL;
  int64_t n = *cursor;
  if (n < s->start_step) return KS_ERR_RANGE;
  if (n >= ks_rb_confirmed(s)) return KS_ERR_NOT_FOUND;
  for (int32_t p = 0; p < s->def.players; p++)
    if (!rb_known(s, p, n)) return KS_ERR_RANGE;
  out->step = n;
  for (int32_t p = 0; p < KS_RB_MAX_PLAYERS; p++)
    for (size_t i = 0; i < KS_RB_MAX_INPUT_BYTES; i++)
      out->inputs[p][i] = p < s->def.players && i < s->def.input_size ? rb_input_slot(s, p, n)[i] : 0u;
  *cursor = n + 1;
  return KS_OK;
}

/* ------------------------------------------------------ in-loop sync test */

/* Rolls back from the present over the last min(window, steps) steps and
   re-simulates them in the scratch copy with the inputs they used. */
static void sync_test(ks_rb_session *s) {
  int64_t d = s->def.max_prediction;
  if (d > s->frame - s->start_step) d = s->frame - s->start_step;
  int64_t base = s->frame - d;
  rb_load_copy(s, s->scratch, rb_state_at(s, base));
  for (int64_t n = base; n < s->frame; n++) {
    const uint8_t *in[KS_RB_MAX_PLAYERS];
    for (int32_t p = 0; p < s->def.players; p++) in[p] = used_slot(s, p, n);
    s->def.step(s->scratch, in, s->def.user);
    uint64_t again = rb_hash_state(s, s->scratch);
    uint64_t live = rb_hash_state(s, rb_state_at(s, n + 1));
    s->sync.checks++;
    if (again != live) {
      s->sync.failed = true;
      s->sync.first_bad_step = n + 1;
      s->sync.live_hash = live;
      s->sync.resim_hash = again;
      rb_event(s, KS_RB_EVENT_SYNC_TEST_FAILED, -1);
      return;
    }
  }
}

const ks_rb_sync_report *ks_rb_sync_report_get(const ks_rb_session *s) { return usable(s) ? &s->sync : NULL; }

void ks_rb_release(ks_rb_session *s) {
  if (!usable(s)) return;
  if (s->def.free_state) {
    for (int32_t i = 0; i < s->ring; i++) s->def.free_state(s->states + (size_t)i * s->stride, s->def.user);
    for (int32_t i = 0; i < s->def.checks_kept; i++)
      s->def.free_state(s->check_states + (size_t)i * s->stride, s->def.user);
    s->def.free_state(s->scratch, s->def.user);
  }
  s->cookie = 0;
}

/* ------------------------------------------------------ dropping a peer */

void rb_drop(ks_rb_session *s, int32_t q) {
  if (!((s->peers >> q) & 1u)) return;
  s->peers &= ~(1u << q);
  s->dropped |= 1u << q;
  /* A check that waited only for q's hash is now matched. */
  for (int32_t i = 0; i < s->def.checks_kept; i++) {
    ks_rb_check *c = &s->checks[i];
    if (c->step < 0 || c->matched || s->desync.detected) continue;
    if ((c->remote_peers & s->peers) == s->peers) {
      c->has_remote = true;
      c->matched = true;
      s->stats.checks_matched++;
    }
  }
}

ks_status ks_rb_drop_peer(ks_rb_session *s, int32_t peer) {
  if (!usable(s)) return KS_ERR_NULL;
  if (peer < 0 || peer >= s->def.players || !((s->peers >> peer) & 1u)) return KS_ERR_RANGE;
  rb_drop(s, peer);
  rb_fill_dropped(s);
  return KS_OK;
}

/* Takes dropped peer q back (its handover written here, or a back block
   read): its players' inputs are "none" from the agreed drop step up to
   `resume`, its own after; its resumed session's messages, numbered from
   seq, are read from now on; `ack`: this side's inputs that session holds.
   KS_ERR_STATE when this side does not hold q's inputs up to the drop step,
   or has already simulated "none" for q past `resume`. */
ks_status rb_back(ks_rb_session *s, int32_t q, uint32_t epoch, int64_t empty, int64_t resume, uint32_t seq,
                  int64_t ack) {
  if (!((s->dropped >> q) & 1u)) return KS_ERR_STATE;
  if (s->empty_from[q] >= 0 && s->empty_from[q] != empty) return KS_ERR_STATE;
  for (int32_t p = q; p < s->def.players; p++) {
    if (s->def.peer_of[p] != q) continue;
    if (s->known_upto[p] < empty || s->known_upto[p] > resume) return KS_ERR_STATE;
    if (resume - s->known_upto[p] >= s->nin) return KS_ERR_STATE;
  }
  for (int32_t p = q; p < s->def.players; p++) {
    if (s->def.peer_of[p] != q) continue;
    while (s->known_upto[p] < resume) rb_store_input(s, p, s->known_upto[p], s->zero_input);
  }
  uint32_t bit = 1u << q;
  s->dropped &= ~bit;
  s->peers |= bit;
  s->empty_from[q] = -1;
  for (int32_t r = 0; r < KS_RB_MAX_PLAYERS; r++) s->announced[r][q] = -1;
  s->epoch[q] = (uint8_t)epoch;
  if (seq > s->seq_floor[q]) s->seq_floor[q] = seq;
  s->seen[q] = 0;
  s->remote_ack[q] = ack;
  s->remote_frame[q] = -1;
  s->remote_advantage[q] = 0;
  s->heard_ms[q] = -1;
  s->waiting_ms[q] = s->now_ms;
  s->rtt_ms[q] = -1;
  s->link[q] = KS_RB_LINK_WAITING;
  s->resume_pending |= bit;
  return KS_OK;
}

/* Agrees the step a dropped peer's inputs turn "none" (when every remaining
   peer has said how many it holds and this one holds that many), then
   stores "none" for its players up to the present. */
void rb_fill_dropped(ks_rb_session *s) {
  if (s->dropped == 0u) return;
  for (int32_t q = 0; q < s->def.players; q++) {
    if (!((s->dropped >> q) & 1u)) continue;
    int64_t mine = rb_peer_known(s, q);
    s->announced[s->local_peer][q] = s->empty_from[q] >= 0 ? s->empty_from[q] : mine;
    if (s->empty_from[q] < 0) {
      int64_t d = mine;
      bool all = true;
      for (int32_t r = 0; r < s->def.players; r++) {
        if (!((s->peers >> r) & 1u)) continue;
        if (s->announced[r][q] < 0) all = false;
        else if (s->announced[r][q] > d) d = s->announced[r][q];
      }
      if (!all || mine < d) continue;
      s->empty_from[q] = d;
    }
    int64_t upto = s->frame + s->def.input_delay + s->def.max_prediction + 1;
    int64_t room = rb_retain_from(s) + s->nin;
    if (upto > room) upto = room;
    for (int32_t p = q; p < s->def.players; p++) {
      if (s->def.peer_of[p] != q) continue;
      while (s->known_upto[p] < upto) rb_store_input(s, p, s->known_upto[p], s->zero_input);
    }
  }
}
