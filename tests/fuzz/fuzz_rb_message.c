// SPDX-License-Identifier: MIT
/* Fuzz target: the readers of rollback messages from the network
 * (kickstep/rollback.h): ks_rb_read_message (two-player version 1 and
 * four-player version 2 sessions), ks_rb_spectator_read and
 * ks_rb_read_spectator_request.
 *
 * Input: a byte choosing the case and how far the peers played, then an
 * edit script (fuzz_rb.h) applied to a genuine message, whose checksum is
 * then made valid again (unless the case says not to). Checked:
 *   - a refused message changes nothing the session keeps about its peers
 *     (frame, known inputs, acks, sequence numbers, messages taken, drops
 *     and comebacks, desync);
 *   - an accepted one leaves the session consistent: it settles, confirmed
 *     steps never pass the frame, and it still writes a message;
 *   - the spectator keeps nothing from a refused message and never steps
 *     past what it holds. */
#include "fuzz_rb.h"

#include "kickstep/rollback.h"

typedef struct toy {
  int64_t step;
  int32_t pos[4];
} toy;

static int toy_players = 2;

static void toy_step(void *state, const uint8_t *const in[], void *user) {
  (void)user;
  toy *t = (toy *)state;
  for (int p = 0; p < toy_players; p++) t->pos[p] += (int8_t)in[p][0] + in[p][1];
  t->step++;
}

static uint64_t toy_hash(const void *state, void *user) {
  (void)user;
  const toy *t = (const toy *)state;
  uint64_t h = (uint64_t)t->step;
  for (int p = 0; p < 4; p++) h = (h ^ (uint32_t)t->pos[p]) * 1099511628211ull;
  return h;
}

static uint8_t store[4][1 << 17];
static uint8_t sp_store[1 << 16];
static uint8_t buf[KS_RB_MAX_MESSAGE + 64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_in in = {data, size, 0};
  uint8_t mode = fuzz_u8(&in), steps = fuzz_u8(&in);
  int players = (mode & 1u) ? 4 : 2;
  bool fix = (mode & 2u) == 0u;
  int target = (mode >> 2) % 3; /* 0 session message, 1 spectator message, 2 spectator request */
  toy_players = players;
  toy t;
  memset(&t, 0, sizeof t);
  ks_rb_session s[4];
  for (int p = 0; p < players; p++) {
    ks_rb_def d = ks_rb_default_def();
    d.state_size = sizeof(toy);
    d.input_size = 2;
    d.players = players;
    d.local_player = p;
    d.hash_every = 4;
    d.step = toy_step;
    d.hash = toy_hash;
    FUZZ_CHECK(ks_rb_storage_size(&d) <= sizeof store[p]);
    FUZZ_CHECK(ks_rb_init(&s[p], &d, store[p], sizeof store[p], &t) == KS_OK);
  }
  /* The peers play a little: each steps, and every other step they talk. */
  for (int i = 0; i < steps % 40; i++) {
    for (int p = 0; p < players; p++) {
      uint8_t x[2] = {(uint8_t)(i * (p + 1)), (uint8_t)(i & 1)};
      (void)ks_rb_advance(&s[p], x, NULL);
    }
    if (i % 2)
      for (int a = 0; a < players; a++)
        for (int b = 0; b < players; b++) {
          size_t len;
          if (a == b || ks_rb_write_message_to(&s[a], b, buf, KS_RB_MAX_MESSAGE, &len) != KS_OK) continue;
          (void)ks_rb_read_message(&s[b], buf, len, NULL);
        }
  }
  size_t len = 0;
  if (target == 0) {
    FUZZ_CHECK(ks_rb_write_message_to(&s[1], 0, buf, KS_RB_MAX_MESSAGE, &len) == KS_OK);
    len = fuzz_rb_edit(&in, buf, len, sizeof buf, fix);
    fuzz_rb_snap before = fuzz_rb_take(&s[0]);
    ks_rb_error e;
    ks_status st = ks_rb_read_message(&s[0], buf, len, &e);
    FUZZ_CHECK(st == e.status);
    if (st != KS_OK) {
      fuzz_rb_snap after = fuzz_rb_take(&s[0]);
      FUZZ_CHECK(memcmp(&before, &after, sizeof before) == 0);
      FUZZ_CHECK(e.field[0] != '\0');
    } else {
      (void)ks_rb_settle(&s[0]);
      FUZZ_CHECK(ks_rb_confirmed(&s[0]) <= ks_rb_frame(&s[0]));
      for (int p = 0; p < players; p++) FUZZ_CHECK(s[0].known_upto[p] >= before.known[p]);
    }
    FUZZ_CHECK(ks_rb_write_message_to(&s[0], 1, buf, KS_RB_MAX_MESSAGE, &len) == KS_OK);
    (void)ks_rb_advance(&s[0], NULL, NULL);
    return 0;
  }
  ks_rb_spectator_def d = ks_rb_spectator_default_def();
  d.state_size = sizeof(toy);
  d.input_size = 2;
  d.players = players;
  d.step = toy_step;
  d.hash = toy_hash;
  ks_rb_spectator sp;
  FUZZ_CHECK(ks_rb_spectator_init(&sp, &d, sp_store, sizeof sp_store, &t, 0) == KS_OK);
  if (target == 1) {
    FUZZ_CHECK(ks_rb_session_confirmed_write(&s[0], 0, buf, KS_RB_MAX_MESSAGE, &len) == KS_OK);
    len = fuzz_rb_edit(&in, buf, len, sizeof buf, fix);
    int64_t known = sp.known_upto, live = sp.live;
    ks_rb_error e;
    ks_status st = ks_rb_spectator_read(&sp, buf, len, &e);
    if (st != KS_OK) FUZZ_CHECK(sp.known_upto == known && sp.live == live && e.status == st);
    (void)ks_rb_spectator_advance(&sp, 1000);
    FUZZ_CHECK(sp.frame <= sp.known_upto);
    double pr = ks_rb_spectator_progress(&sp);
    FUZZ_CHECK(pr >= 0.0 && pr <= 1.0);
    return 0;
  }
  FUZZ_CHECK(ks_rb_spectator_request(&sp, buf, KS_RB_MAX_MESSAGE, &len) == KS_OK);
  len = fuzz_rb_edit(&in, buf, len, sizeof buf, fix);
  int64_t from = -1;
  ks_rb_error e;
  ks_status st = ks_rb_read_spectator_request(buf, len, players, 2, &from, &e);
  if (st == KS_OK) {
    FUZZ_CHECK(from >= 0);
    (void)ks_rb_session_confirmed_write(&s[0], from, buf, KS_RB_MAX_MESSAGE, &len);
  }
  return 0;
}
