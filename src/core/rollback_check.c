// SPDX-License-Identifier: MIT
/* Desync detection: check hashes of confirmed steps, compared with the
   peer's; after a mismatch, the hash of every step since the last agreed
   check, re-simulated from its kept copy, which names the first differing
   step. See kickstep/rollback.h. */
#include "rollback_internal.h"

static uint8_t *check_copy(ks_rb_session *s, int32_t i) { return s->check_states + (size_t)i * s->stride; }

static int64_t newest_matched(const ks_rb_session *s, int64_t below) {
  int64_t m = -1;
  for (int32_t i = 0; i < s->def.checks_kept; i++) {
    const ks_rb_check *c = &s->checks[i];
    if (c->step >= 0 && c->matched && c->step < below && c->step > m) m = c->step;
  }
  return m;
}

/* Re-simulates from the kept copy of check `base` for `count` steps into the
   scratch copy, hashing after each step into hashes (may be NULL). */
static bool resimulate(ks_rb_session *s, int64_t base, int64_t count, uint64_t *hashes) {
  const uint8_t *from = rb_check_state(s, base);
  if (!from) return false;
  rb_load_copy(s, s->scratch, from);
  for (int64_t i = 0; i < count; i++) {
    int64_t n = base + i;
    const uint8_t *in[KS_RB_MAX_PLAYERS];
    for (int32_t p = 0; p < s->def.players; p++) {
      if (!rb_known(s, p, n)) return false;
      in[p] = rb_input_slot(s, p, n);
    }
    s->def.step(s->scratch, in, s->def.user);
    if (hashes) hashes[i] = s->def.hash(s->scratch, s->def.user);
  }
  return true;
}

/* This peer's per-step hashes from `base` up to the desync's check step. */
static void narrow_from(ks_rb_session *s, int64_t base) {
  int64_t count = s->desync.check_step - base;
  if (count > KS_RB_MAX_HASH_EVERY) count = KS_RB_MAX_HASH_EVERY;
  s->narrow_base = -1;
  s->narrow_count = 0;
  if (base < 0 || count < 1) return;
  if (!resimulate(s, base, count, s->narrow)) return;
  s->narrow_base = base;
  s->narrow_count = (int32_t)count;
}

static void detect(ks_rb_session *s, const ks_rb_check *c, int32_t peer, uint64_t remote_hash) {
  if (s->desync.detected) return;
  ks_rb_desync d;
  d.detected = true;
  d.check_step = c->step;
  d.local_hash = c->local_hash;
  d.remote_hash = remote_hash;
  d.agreed_step = newest_matched(s, c->step);
  d.exact = c->step == 0; /* the initial states differ */
  d.first_step = c->step;
  d.local_step_hash = c->local_hash;
  d.remote_step_hash = remote_hash;
  d.remote_peer = peer;
  d.unreproducible = false;
  s->desync = d;
  rb_event(s, KS_RB_EVENT_DESYNC, peer);
  narrow_from(s, d.agreed_step);
  /* Re-simulating the stretch with the confirmed inputs must give this
     peer's own check hash again; when it does not, the state is not a
     function of the inputs, and no exchange of hashes will say more. */
  if (s->narrow_base >= 0 && s->narrow_count == (int32_t)(c->step - s->narrow_base) && s->narrow_count > 0 &&
      s->narrow[s->narrow_count - 1] != c->local_hash) {
    s->desync.unreproducible = true;
    s->desync.exact = true;
    s->desync.first_step = c->step;
  }
}

/* A peer's hash for check c: equal, or a desync. */
static void compare(ks_rb_session *s, ks_rb_check *c, int32_t peer, uint64_t hash) {
  if ((c->remote_peers >> peer) & 1u) return;
  if (c->local_hash != hash) {
    c->remote_hash = hash;
    c->remote_peer = peer;
    detect(s, c, peer, hash);
    return;
  }
  c->remote_peers |= 1u << peer;
  c->remote_hash = hash;
  c->remote_peer = peer;
  if ((c->remote_peers & s->peers) == s->peers) {
    c->has_remote = true;
    c->matched = true;
    s->stats.checks_matched++;
  }
}

/* A slot for a new check: an empty one, else the oldest that is older than
   the newest matched check (which stays as the base), else the oldest. */
static int32_t free_slot(ks_rb_session *s) {
  int64_t base = newest_matched(s, INT64_MAX);
  int32_t oldest = 0, stale = -1;
  for (int32_t i = 0; i < s->def.checks_kept; i++) {
    const ks_rb_check *c = &s->checks[i];
    if (c->step < 0) return i;
    if (c->step < s->checks[oldest].step) oldest = i;
    if (c->step < base && (stale < 0 || c->step < s->checks[stale].step)) stale = i;
  }
  if (stale >= 0) return stale;
  if (s->checks[oldest].step == base) { /* keep the base: take the next oldest */
    int32_t next = -1;
    for (int32_t i = 0; i < s->def.checks_kept; i++)
      if (i != oldest && (next < 0 || s->checks[i].step < s->checks[next].step)) next = i;
    return next;
  }
  return oldest;
}

static void take_pending(ks_rb_session *s, ks_rb_check *c) {
  for (int32_t i = 0; i < KS_RB_MAX_CHECKS * 2; i++) {
    ks_rb_check *p = &s->pending[i];
    if (p->step != c->step) continue;
    p->step = -1;
    compare(s, c, p->remote_peer, p->remote_hash);
  }
}

void rb_process_checks(ks_rb_session *s) {
  int64_t confirmed = ks_rb_confirmed(s);
  while (s->next_check <= confirmed && s->next_check > s->frame - s->ring) {
    int64_t k = s->next_check;
    int32_t i = free_slot(s);
    ks_rb_check *c = &s->checks[i];
    const uint8_t *st = rb_state_at(s, k);
    ks_rb_check z = {k, rb_hash_state(s, st), 0, false, false, 0, -1};
    *c = z;
    rb_save_copy(s, check_copy(s, i), st);
    take_pending(s, c);
    s->next_check = k + s->def.hash_every;
  }
  /* A check that fell out of the ring can no longer be hashed: skip it. */
  while (s->next_check <= confirmed) s->next_check += s->def.hash_every;
}

void rb_remote_check(ks_rb_session *s, int32_t peer, int64_t step, uint64_t hash) {
  for (int32_t i = 0; i < s->def.checks_kept; i++) {
    ks_rb_check *c = &s->checks[i];
    if (c->step != step) continue;
    compare(s, c, peer, hash);
    return;
  }
  if (step < s->next_check) return; /* older than anything kept */
  int32_t at = 0;
  for (int32_t i = 0; i < KS_RB_MAX_CHECKS * 2; i++) {
    if (s->pending[i].step == step && s->pending[i].remote_peer == peer) return;
    if (s->pending[i].step < s->pending[at].step) at = i;
  }
  ks_rb_check p = {step, 0, hash, true, false, 0, peer};
  s->pending[at] = p;
}

void rb_remote_narrow(ks_rb_session *s, int32_t peer, int64_t check_step, uint64_t check_hash, int64_t base, int32_t count,
                      const uint64_t *hashes) {
  if (!s->desync.detected) rb_remote_check(s, peer, check_step, check_hash);
  if (!s->desync.detected || s->desync.exact) return;
  if (base != s->narrow_base) narrow_from(s, base);
  if (s->narrow_base != base) return;
  int32_t n = count < s->narrow_count ? count : s->narrow_count;
  for (int32_t i = 0; i < n; i++) {
    if (hashes[i] == s->narrow[i]) continue;
    s->desync.exact = true;
    s->desync.first_step = base + 1 + i;
    s->desync.local_step_hash = s->narrow[i];
    s->desync.remote_step_hash = hashes[i];
    s->desync.agreed_step = base;
    return;
  }
  /* Every per-step hash up to the check step agrees, yet the check hashes
     differed: what was hashed live is not what the inputs give. */
  if (count == s->narrow_count && s->narrow_count > 0 &&
      base + (int64_t)s->narrow_count == s->desync.check_step && peer == s->desync.remote_peer) {
    s->desync.unreproducible = true;
    s->desync.exact = true;
    s->desync.first_step = s->desync.check_step;
  }
}

void rb_remote_detail(ks_rb_session *s, int64_t step, const uint8_t *bytes, int32_t len) {
  rb_copy(s->remote_detail, bytes, (size_t)len);
  s->remote_detail_len = len;
  s->remote_detail_step = step;
}

/* ------------------------------------------------------------------ public */

const ks_rb_desync *ks_rb_desync_report(const ks_rb_session *s) { return rb_usable(s) ? &s->desync : NULL; }

ks_status ks_rb_desync_state(ks_rb_session *s, int64_t step, void *out) {
  if (!rb_usable(s) || !out) return KS_ERR_NULL;
  if (!s->desync.detected) return KS_ERR_STATE;
  int64_t base = s->desync.agreed_step;
  if (base < 0 || step < base || step > s->desync.check_step) return KS_ERR_RANGE;
  if (!resimulate(s, base, step - base, NULL)) return KS_ERR_RANGE;
  rb_export(s, out, s->scratch);
  return KS_OK;
}

ks_status ks_rb_set_detail(ks_rb_session *s, int64_t step, const void *bytes, size_t len) {
  if (!rb_usable(s) || (!bytes && len > 0)) return KS_ERR_NULL;
  if (!s->desync.detected) return KS_ERR_STATE;
  if (len > KS_RB_MAX_DETAIL || step < 0) return KS_ERR_RANGE;
  rb_copy(s->detail, bytes, len);
  s->detail_len = (int32_t)len;
  s->detail_step = step;
  return KS_OK;
}

const uint8_t *ks_rb_remote_detail(const ks_rb_session *s, size_t *len, int64_t *step) {
  if (!rb_usable(s) || s->remote_detail_step < 0) {
    if (len) *len = 0;
    if (step) *step = -1;
    return NULL;
  }
  if (len) *len = (size_t)s->remote_detail_len;
  if (step) *step = s->remote_detail_step;
  return s->remote_detail;
}

/* ------------------------------------------------------------------- text */

typedef struct tb {
  char *p;
  size_t cap, len;
} tb;

static void put(tb *t, const char *s) {
  for (; *s; s++) {
    if (t->len + 1 < t->cap) t->p[t->len] = *s;
    t->len++;
  }
}

static void put_i64(tb *t, int64_t v) {
  char d[24];
  int n = 0;
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  do {
    d[n++] = (char)('0' + (int)(u % 10u));
    u /= 10u;
  } while (u != 0u);
  if (v < 0) put(t, "-");
  char s[24];
  for (int i = 0; i < n; i++) s[i] = d[n - 1 - i];
  s[n] = '\0';
  put(t, s);
}

static void put_hex(tb *t, uint64_t v) {
  char s[19] = "0x";
  for (int i = 0; i < 16; i++) s[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15u];
  s[18] = '\0';
  put(t, s);
}

size_t ks_rb_desync_text(const ks_rb_desync *d, char *buf, size_t cap) {
  tb t = {buf, buf ? cap : 0, 0};
  if (!d || !d->detected) {
    put(&t, "in step");
  } else {
    put(&t, "desync: ");
    put(&t, d->unreproducible ? "check step " : d->exact ? "first differing step " : "check step ");
    put_i64(&t, d->exact ? d->first_step : d->check_step);
    put(&t, " (hash ");
    put_hex(&t, d->exact ? d->local_step_hash : d->local_hash);
    put(&t, " here, ");
    put_hex(&t, d->exact ? d->remote_step_hash : d->remote_hash);
    put(&t, " there)");
    if (!d->exact) put(&t, ", the exact step not known yet");
    if (d->unreproducible)
      put(&t, ", not reproducible by re-simulation: the state is not a function of the inputs (something outside it changed)");
    put(&t, "; last agreed check step ");
    put_i64(&t, d->agreed_step);
  }
  if (t.cap == 0) return 0;
  size_t n = t.len < t.cap ? t.len : t.cap - 1;
  t.p[n] = '\0';
  return n;
}
