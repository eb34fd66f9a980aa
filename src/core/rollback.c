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

/* ------------------------------------------------------------- definition */

ks_rb_def ks_rb_default_def(void) {
  ks_rb_def d;
  d.state_size = 0;
  d.input_size = 0;
  d.local_player = 0;
  d.max_prediction = 8;
  d.input_delay = 0;
  d.predict = KS_RB_PREDICT_NONE;
  d.hash_every = 60;
  d.checks_kept = 8;
  d.step = NULL;
  d.hash = NULL;
  d.user = NULL;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

ks_status ks_rb_def_validate(const ks_rb_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (!d->step || !d->hash || d->state_size == 0 || d->input_size == 0) return KS_ERR_NULL;
  if (d->input_size > KS_RB_MAX_INPUT_BYTES || d->state_size > ((size_t)1 << 28)) return KS_ERR_RANGE;
  if (d->local_player < 0 || d->local_player >= KS_RB_PLAYERS) return KS_ERR_RANGE;
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
  l.inputs = l.known + round16(KS_RB_PLAYERS * nin * sizeof(int64_t));
  l.used = l.inputs + round16(KS_RB_PLAYERS * nin * d->input_size);
  l.total = l.used + round16(KS_RB_PLAYERS * nin * d->input_size) + 15u; /* + 15: any alignment */
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
  return s->known_upto[0] < s->known_upto[1] ? s->known_upto[0] : s->known_upto[1];
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
  int64_t r = min64(s->remote_ack, rb_sync_frame(s));
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
  for (size_t i = 0; i < (size_t)KS_RB_PLAYERS * (size_t)s->nin; i++) s->known[i] = -1;
  for (int32_t p = 0; p < KS_RB_PLAYERS; p++)
    for (size_t i = 0; i < KS_RB_MAX_INPUT_BYTES; i++) s->last_input[p][i] = 0;
  for (size_t i = 0; i < KS_RB_MAX_INPUT_BYTES; i++) s->zero_input[i] = 0;

  s->frame = 0;
  s->known_upto[0] = s->known_upto[1] = 0;
  s->remote_ack = 0;
  s->recheck_from = INT64_MAX;
  s->next_check = 0;
  s->seq = 0;
  s->seen = 0;
  s->remote_frame = -1;
  s->remote_advantage = 0;
  for (int32_t i = 0; i < KS_RB_MAX_CHECKS; i++) {
    ks_rb_check z = {-1, 0, 0, false, false};
    s->checks[i] = z;
    s->pending[i] = z;
  }
  ks_rb_desync dz = {false, -1, 0, 0, -1, false, -1, 0, 0};
  s->desync = dz;
  s->narrow_base = -1;
  s->narrow_count = 0;
  s->detail_step = -1;
  s->detail_len = 0;
  s->remote_detail_step = -1;
  s->remote_detail_len = 0;
  s->seq_floor = 0;
  s->resume_pending = false;
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
  rb_copy(rb_state_at(s, 0), initial, def->state_size);
  /* The first input_delay local inputs are "none". */
  for (int64_t n = 0; n < def->input_delay; n++) rb_store_input(s, def->local_player, n, s->zero_input);
  rb_process_checks(s);
  return KS_OK;
}

/* --------------------------------------------------------------- stepping */

/* Simulates step n (state n -> n + 1) with the inputs it uses now. */
void rb_simulate(ks_rb_session *s, int64_t n) {
  uint8_t *dst = rb_state_at(s, n + 1);
  rb_copy(dst, rb_state_at(s, n), s->def.state_size);
  const uint8_t *in[KS_RB_PLAYERS];
  for (int32_t p = 0; p < KS_RB_PLAYERS; p++) {
    uint8_t *u = used_slot(s, p, n);
    rb_copy(u, rb_input_now(s, p, n), s->def.input_size);
    in[p] = u;
  }
  s->def.step(dst, in, s->def.user);
}

/* The first simulated step whose inputs now differ from those it used. */
static int64_t first_changed(const ks_rb_session *s) {
  for (int64_t n = s->recheck_from; n < s->frame; n++)
    for (int32_t p = 0; p < KS_RB_PLAYERS; p++)
      if (!rb_equal(rb_input_now(s, p, n), used_slot(s, p, n), s->def.input_size)) return n;
  return -1;
}

int64_t ks_rb_settle(ks_rb_session *s) {
  if (!usable(s) || s->recheck_from == INT64_MAX) return 0;
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
  if (s->desync.detected) {
    if (out) *out = r;
    return KS_ERR_STATE;
  }
  r.rolled_back = ks_rb_settle(s);
  int32_t me = s->def.local_player;
  int64_t stamp = s->frame + s->def.input_delay;
  bool window_full = s->frame >= rb_sync_frame(s) + s->def.max_prediction;
  bool unacked = stamp >= rb_retain_from(s) + s->nin;
  if (window_full || unacked) {
    s->stats.waits++;
    r.waited = true;
    if (out) *out = r;
    return KS_OK;
  }
  rb_store_input(s, me, stamp, local_input ? local_input : s->zero_input);
  rb_simulate(s, s->frame);
  s->frame++;
  s->stats.steps++;
  rb_process_checks(s);
  r.stepped = true;
  r.input_step = stamp;
  if (out) *out = r;
  return KS_OK;
}

ks_status ks_rb_add_remote_input(ks_rb_session *s, int64_t step, const void *input) {
  if (!usable(s) || !input) return KS_ERR_NULL;
  int32_t p = 1 - s->def.local_player;
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
    rb_copy(out, rb_state_at(s, step), s->def.state_size);
    return KS_OK;
  }
  const uint8_t *c = rb_check_state(s, step);
  if (!c) return KS_ERR_RANGE;
  rb_copy(out, c, s->def.state_size);
  return KS_OK;
}

ks_status ks_rb_input(const ks_rb_session *s, int32_t player, int64_t step, void *out) {
  if (!usable(s) || !out) return KS_ERR_NULL;
  if (player < 0 || player >= KS_RB_PLAYERS || step < 0) return KS_ERR_RANGE;
  if (rb_known(s, player, step)) {
    rb_copy(out, rb_input_slot(s, player, step), s->def.input_size);
    return KS_OK;
  }
  return step < s->known_upto[player] ? KS_ERR_RANGE : KS_ERR_NOT_FOUND;
}

int64_t ks_rb_frame_advantage(const ks_rb_session *s) {
  if (!usable(s) || s->remote_frame < 0) return 0;
  return s->frame - s->remote_frame;
}

int64_t ks_rb_recommended_wait(const ks_rb_session *s) {
  if (!usable(s) || s->remote_frame < 0) return 0;
  int64_t d = (ks_rb_frame_advantage(s) - (int64_t)s->remote_advantage) / 2;
  return d > 0 ? d : 0;
}
