// SPDX-License-Identifier: MIT
/* Fuzz target: the handover gatherer and reader (kickstep/rollback.h,
 * "Resuming"): ks_rb_gather_read on parts from the network, then
 * ks_rb_handover_history and ks_rb_resume on what was gathered; and
 * ks_rb_read_request on requests.
 *
 * Input: a byte choosing the case and how far the peers played, then an
 * edit script (fuzz_rb.h). Either a part is edited (its checksum made valid
 * again), or the handover itself is edited before it is cut into parts (so
 * the parts and their whole-handover hash are all valid and the edits reach
 * the reader of the handover). Checked: a refused part keeps nothing; a
 * gathering never holds more than its total; a resumed session is
 * consistent (confirmed <= frame, it steps and writes a message). */
#include "fuzz_rb.h"

#include "kickstep/rollback.h"

typedef struct toy {
  int64_t step;
  int32_t pos[2];
} toy;

static void toy_step(void *state, const uint8_t *const in[], void *user) {
  (void)user;
  toy *t = (toy *)state;
  t->pos[0] += (int8_t)in[0][0];
  t->pos[1] += (int8_t)in[1][0];
  t->step++;
}

static uint64_t toy_hash(const void *state, void *user) {
  (void)user;
  const toy *t = (const toy *)state;
  return ((uint64_t)t->step * 1099511628211ull) ^ (uint32_t)t->pos[0] ^ ((uint64_t)(uint32_t)t->pos[1] << 32);
}

static ks_rb_def def_of(int p) {
  ks_rb_def d = ks_rb_default_def();
  d.state_size = sizeof(toy);
  d.input_size = 1;
  d.local_player = p;
  d.hash_every = 8;
  d.step = toy_step;
  d.hash = toy_hash;
  return d;
}

static uint8_t store[3][1 << 17];
static uint8_t handover[1 << 14], gathered[1 << 14], buf[KS_RB_MAX_MESSAGE + 64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_in in = {data, size, 0};
  uint8_t mode = fuzz_u8(&in), steps = fuzz_u8(&in);
  int target = mode % 3; /* 0 edit a part, 1 edit the handover, 2 edit a request */
  bool fix = (mode & 8u) == 0u;
  toy t = {0, {0, 0}};
  ks_rb_session s[2];
  for (int p = 0; p < 2; p++) {
    ks_rb_def d = def_of(p);
    FUZZ_CHECK(ks_rb_init(&s[p], &d, store[p], sizeof store[p], &t) == KS_OK);
  }
  for (int i = 0; i < steps % 60; i++) {
    for (int p = 0; p < 2; p++) {
      uint8_t x = (uint8_t)((i * (p + 2)) % 3);
      (void)ks_rb_advance(&s[p], &x, NULL);
    }
    for (int p = 0; p < 2; p++) {
      size_t len;
      if (ks_rb_write_message(&s[p], buf, KS_RB_MAX_MESSAGE, &len) == KS_OK && i % 3 != p)
        (void)ks_rb_read_message(&s[1 - p], buf, len, NULL);
    }
  }
  /* Player 1 lost its session: it asks, player 0 answers. */
  ks_rb_gather g;
  FUZZ_CHECK(ks_rb_gather_init(&g, 1, 1, 77u, gathered, sizeof gathered) == KS_OK);
  size_t rlen;
  FUZZ_CHECK(ks_rb_gather_request(&g, buf, sizeof buf, &rlen) == KS_OK);
  if (target == 2) rlen = fuzz_rb_edit(&in, buf, rlen, sizeof buf, fix);
  ks_rb_request rq;
  ks_rb_error e;
  if (ks_rb_read_request(&s[0], buf, rlen, &rq, &e) != KS_OK) {
    FUZZ_CHECK(e.status != KS_OK);
    return 0;
  }
  size_t hlen, at;
  int64_t base = ks_rb_confirmed(&s[0]);
  toy base_state = t;
  if (ks_rb_confirmed_state(&s[0], base, &base_state) != KS_OK) {
    base = 0;
    base_state = t;
  }
  if (ks_rb_handover_write(&s[0], base, 16, handover, sizeof handover, &hlen, &at) != KS_OK) return 0;
  for (size_t i = 0; i < 16; i++) handover[at + i] = (uint8_t)i;
  if (target == 1) hlen = fuzz_rb_edit(&in, handover, hlen, sizeof handover, false);
  if (hlen == 0) return 0;
  for (int guard = 0; !g.complete && guard < 64; guard++) {
    size_t plen;
    if (ks_rb_write_part(&s[0], rq.nonce, handover, hlen, (uint32_t)g.have, buf, 200, &plen) != KS_OK) break;
    if (target == 0 && guard == 0) plen = fuzz_rb_edit(&in, buf, plen, sizeof buf, fix);
    size_t have = g.have;
    ks_status st = ks_rb_gather_read(&g, buf, plen, &e);
    if (st != KS_OK && st != KS_ERR_CHECKSUM) FUZZ_CHECK(g.have == have);
    FUZZ_CHECK(g.have <= g.total || g.total == 0);
    if (st != KS_OK && target == 0 && guard == 0) continue;
  }
  if (!g.complete) return 0;
  int64_t hbase;
  const uint8_t *hist;
  size_t hist_len;
  if (ks_rb_handover_history(g.buf, g.total, &hbase, &hist, &hist_len) != KS_OK) return 0;
  FUZZ_CHECK(hist >= g.buf && hist + hist_len <= g.buf + g.total);
  ks_rb_def d = def_of(1);
  ks_rb_session r;
  if (ks_rb_resume(&r, &d, store[2], sizeof store[2], &base_state, g.buf, g.total, &e) != KS_OK) {
    FUZZ_CHECK(e.status != KS_OK);
    return 0;
  }
  FUZZ_CHECK(ks_rb_confirmed(&r) <= ks_rb_frame(&r));
  uint8_t x = 1;
  (void)ks_rb_advance(&r, &x, NULL);
  size_t len;
  FUZZ_CHECK(ks_rb_write_message(&r, buf, KS_RB_MAX_MESSAGE, &len) == KS_OK);
  (void)ks_rb_read_message(&s[0], buf, len, NULL);
  return 0;
}
