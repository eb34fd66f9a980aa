// SPDX-License-Identifier: MIT
/* Fuzz target: kick_duel_peer_resume (kickstep/kick_duel_peer.h), the
 * penalty duel rebuilt from a handover gathered from the network.
 *
 * Once: two duel peers play a while, one kick struck, and player 1's lost
 * peer asks for a handover, which player 0 answers. Each input: an edit
 * script (fuzz_rb.h) applied to that handover, as a gatherer would hand it
 * over (its whole-handover hash is checked by the gatherer, so here every
 * edit reaches the readers: the session's handover and the shoot-out
 * history in it). Checked: a refused handover says why (a named field);
 * an accepted one gives a resumed peer that ticks and writes a message. */
#include "fuzz_rb.h"

#include "kickstep/kick_duel_peer.h"

static kick_duel_peer peers[3];
static uint8_t *storage[3];
static size_t sizes[3];
static uint8_t *handover, *edited;
static size_t handover_len;
static uint8_t msg[KS_RB_MAX_MESSAGE];

static kick_duel_peer_def def_of(int p) {
  kick_duel_peer_def d = kick_duel_peer_default_def();
  d.local_player = p;
  return d;
}

static void setup(void) {
  for (int p = 0; p < 3; p++) {
    kick_duel_peer_def d = def_of(p == 2 ? 1 : p);
    sizes[p] = kick_duel_peer_storage_size(&d);
    storage[p] = (uint8_t *)malloc(sizes[p]);
    if (p < 2) FUZZ_CHECK(kick_duel_peer_init(&peers[p], &d, storage[p], sizes[p]) == KS_OK);
  }
  bool struck = false;
  for (int i = 0; i < 1500; i++) {
    for (int p = 0; p < 2; p++) (void)kick_duel_peer_tick(&peers[p]);
    const kick_duel *v = kick_duel_peer_view(&peers[0]);
    if (!struck && v->phase == KICK_DUEL_AIM && v->step - v->phase_step > 30) {
      kick_launch k = kick_launch_default();
      struck = kick_duel_peer_strike(&peers[0], &k) == KS_OK;
    }
    for (int p = 0; p < 2; p++) {
      size_t len;
      if (kick_duel_peer_write(&peers[p], msg, sizeof msg, &len) == KS_OK)
        (void)kick_duel_peer_read(&peers[1 - p], msg, len, NULL);
    }
  }
  static uint8_t gathered[KICK_DUEL_HANDOVER_MAX];
  ks_rb_gather g;
  FUZZ_CHECK(ks_rb_gather_init(&g, 1, KICK_DUEL_INPUT_BYTES, 99u, gathered, sizeof gathered) == KS_OK);
  kick_duel_handover box = {(uint8_t *)malloc(KICK_DUEL_HANDOVER_MAX), KICK_DUEL_HANDOVER_MAX, 0, 0, false};
  for (int guard = 0; !g.complete && guard < 1000; guard++) {
    size_t rl, pl;
    static uint8_t req[64], part[KS_RB_MAX_MESSAGE];
    FUZZ_CHECK(ks_rb_gather_request(&g, req, sizeof req, &rl) == KS_OK);
    FUZZ_CHECK(kick_duel_peer_answer(&peers[0], &box, req, rl, part, sizeof part, &pl, NULL) == KS_OK);
    FUZZ_CHECK(ks_rb_gather_read(&g, part, pl, NULL) == KS_OK);
  }
  FUZZ_CHECK(g.complete);
  handover_len = g.total;
  handover = (uint8_t *)malloc(handover_len);
  edited = (uint8_t *)malloc(handover_len + 256);
  memcpy(handover, gathered, handover_len);
  free(box.bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!handover) setup();
  fuzz_in in = {data, size, 0};
  memcpy(edited, handover, handover_len);
  size_t len = fuzz_rb_edit(&in, edited, handover_len, handover_len + 256, false);
  kick_duel_peer_def d = def_of(1);
  ks_rb_error e;
  ks_status st = kick_duel_peer_resume(&peers[2], &d, storage[2], sizes[2], edited, len, &e);
  if (st != KS_OK) {
    FUZZ_CHECK(e.status != KS_OK && e.field[0] != '\0');
    return 0;
  }
  (void)kick_duel_peer_tick(&peers[2]);
  size_t n;
  FUZZ_CHECK(kick_duel_peer_write(&peers[2], msg, sizeof msg, &n) == KS_OK);
  FUZZ_CHECK(kick_duel_peer_view(&peers[2]) != NULL);
  FUZZ_CHECK(peers[2].resumed);
  return 0;
}
