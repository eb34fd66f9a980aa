// SPDX-License-Identifier: MIT
// Rollback netcode (kickstep/rollback.h) in one process: a Pong for 2 to 4
// players, each on its own peer, over a simulated link that delays (60-140
// ms), jitters and loses a tenth of the packets. Every peer follows the
// time-sync advice as it is; a spectator joins mid-match from the confirmed
// input log peer 0 keeps, fast-forwards and follows live; at the end every
// peer and the spectator hold the same bits. Then a desync is planted in one
// peer's step, and the report names the step.
//   rollback_pong [players 2..4]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/rollback.h"

enum { W = 256 << 8, SPAN = 40 << 8, STEPS = 3600, MAXP = 4 };

typedef struct pong { // the whole game: one plain value, integers only
  int32_t bx, by, vx, vy, pad[MAXP], score[MAXP];
  int64_t step;
} pong;

static int players = 4;

// Side p: 0 left, 1 right, 2 top, 3 bottom; a side without a player is a wall.
static void pong_step(void *state, const uint8_t *const in[], void *user) {
  pong *g = (pong *)state;
  for (int p = 0; p < players; p++) {
    g->pad[p] += (int8_t)in[p][0] * (3 << 8);
    if (g->pad[p] < SPAN) g->pad[p] = SPAN;
    if (g->pad[p] > W - SPAN) g->pad[p] = W - SPAN;
  }
  g->bx += g->vx;
  g->by += g->vy;
  int32_t *pos[4] = {&g->bx, &g->bx, &g->by, &g->by}, *vel[4] = {&g->vx, &g->vx, &g->vy, &g->vy};
  int32_t *along[4] = {&g->by, &g->by, &g->bx, &g->bx};
  for (int side = 0; side < 4; side++) {
    bool low = side % 2 == 0, out = low ? *pos[side] < 0 : *pos[side] > W;
    if (!out) continue;
    *pos[side] = low ? -*pos[side] : 2 * W - *pos[side];
    *vel[side] = -*vel[side];
    if (side < players && (*along[side] < g->pad[side] - SPAN || *along[side] > g->pad[side] + SPAN)) {
      g->score[side]++; // missed: the ball restarts from the middle
      g->bx = g->by = W / 2;
    }
  }
  if (user && g->step == 1500) g->vy += 1; // the planted desync: this peer alone
  g->step++;
}

static uint64_t pong_hash(const void *state, void *user) {
  const pong *g = (const pong *)state;
  uint64_t h = 14695981039346656037ull, f[4] = {(uint64_t)g->bx, (uint64_t)g->by, (uint64_t)g->vx, (uint64_t)g->vy};
  (void)user;
  for (int i = 0; i < 4; i++) h = (h ^ (uint32_t)f[i]) * 1099511628211ull;
  for (int p = 0; p < MAXP; p++) h = (h ^ (uint32_t)g->pad[p] ^ ((uint64_t)(uint32_t)g->score[p] << 32)) * 1099511628211ull;
  return (h ^ (uint64_t)g->step) * 1099511628211ull;
}

// ---------------------------------------------------------------- the link
typedef struct packet { int64_t at; size_t len; uint8_t b[KS_RB_MAX_MESSAGE]; } packet;
typedef struct wire { packet q[64]; int n; int64_t latency; uint64_t rng; } wire;

static uint32_t rnd(uint64_t *r) { *r = *r * 6364136223846793005ull + 1442695040888963407ull; return (uint32_t)(*r >> 33); }

static void post(wire *l, int64_t now, const uint8_t *b, size_t len) {
  if (rnd(&l->rng) % 10 == 0 || l->n == 64) return; // a tenth is lost
  packet *k = &l->q[l->n++];
  k->at = now + l->latency + rnd(&l->rng) % 2; // ticks of 1/60 s, with jitter
  k->len = len;
  memcpy(k->b, b, len);
}

static packet *due(wire *l, int64_t now) { // any packet due (jitter reorders)
  for (int i = 0; i < l->n; i++)
    if (l->q[i].at <= now) {
      static packet out;
      out = l->q[i];
      l->q[i] = l->q[--l->n];
      return &out;
    }
  return NULL;
}

// ---------------------------------------------------------------- the match
typedef struct match {
  ks_rb_session s[MAXP];
  void *mem[MAXP];
  wire net[MAXP][MAXP];
  uint8_t *log; // confirmed inputs, [step][player], kept by peer 0 for spectators and replays
  int64_t logged, cursor;
} match;

static const pong g0 = {W / 2, W / 2, 389, 211, {W / 2, W / 2, W / 2, W / 2}, {0}, 0};

static void start(match *m, int plant_peer) {
  memset(m, 0, sizeof *m);
  for (int p = 0; p < players; p++) {
    ks_rb_def d = ks_rb_default_def();
    d.state_size = sizeof(pong);
    d.input_size = 1;
    d.players = players;
    d.local_player = p;
    d.max_prediction = 16; // 267 ms: more than a one-way trip and a send
    d.predict = KS_RB_PREDICT_LAST;
    d.step = pong_step;
    d.hash = pong_hash;
    d.user = p == plant_peer ? (void *)m : NULL;
    size_t n = ks_rb_storage_size(&d);
    m->mem[p] = malloc(n);
    ks_rb_init(&m->s[p], &d, m->mem[p], n, &g0);
    for (int q = 0; q < players; q++) m->net[p][q] = (wire){.latency = 4 + (p + q) % 4, .rng = 7u + (uint64_t)(p * 8 + q)};
  }
  m->log = malloc((size_t)STEPS * MAXP);
}

static uint8_t ai(const pong *g, int p) { // follow the ball
  int32_t target = p < 2 ? g->by : g->bx;
  return (uint8_t)(int8_t)(target > g->pad[p] + 1024 ? 1 : target < g->pad[p] - 1024 ? -1 : 0);
}

static void tick(match *m, int64_t now) {
  uint8_t buf[KS_RB_MAX_MESSAGE];
  size_t len;
  packet *k;
  for (int a = 0; a < players; a++)
    for (int b = 0; b < players; b++)
      while ((k = due(&m->net[a][b], now))) ks_rb_read_message(&m->s[b], k->b, k->len, NULL);
  for (int p = 0; p < players; p++) {
    ks_rb_session *s = &m->s[p];
    if (ks_rb_frame(s) >= STEPS) ks_rb_settle(s);
    else if (ks_rb_sync_wait(s) > 0) ks_rb_sync_skipped(s), ks_rb_settle(s); // time sync, followed as is
    else ks_rb_advance(s, &(uint8_t){ai((const pong *)ks_rb_state(s), p)}, NULL);
    for (int q = 0; q < players; q++)
      if (q != p && ks_rb_write_message_to(s, q, buf, sizeof buf, &len) == KS_OK) post(&m->net[p][q], now, buf, len);
  }
  ks_rb_confirmed_step c; // peer 0 logs what is confirmed: replays, spectators, fire-once sounds
  while (ks_rb_next_confirmed(&m->s[0], &m->cursor, &c) == KS_OK) {
    for (int p = 0; p < players; p++) m->log[m->logged * players + p] = c.inputs[p][0];
    m->logged++;
  }
}

static bool done(match *m) {
  for (int p = 0; p < players; p++)
    if (ks_rb_confirmed(&m->s[p]) < STEPS && !ks_rb_desync_report(&m->s[p])->detected) return false;
  return true;
}

int main(int argc, char **argv) {
  players = argc > 1 ? atoi(argv[1]) : 4;
  if (players < 2 || players > MAXP) { fprintf(stderr, "usage: rollback_pong [players 2..4]\n"); return 2; }
  static match m;
  start(&m, -1);
  ks_rb_spectator_def sd = ks_rb_spectator_default_def();
  sd.state_size = sizeof(pong);
  sd.input_size = 1;
  sd.players = players;
  sd.delay = 6; // a tenth of a second behind the live edge
  sd.step = pong_step;
  sd.hash = pong_hash;
  static uint8_t spmem[1 << 16], buf[KS_RB_MAX_MESSAGE];
  ks_rb_spectator sp;
  bool joined = false, caught_up = false;
  int64_t now = 0;
  for (; !done(&m) && now < 3 * STEPS; now++) {
    tick(&m, now);
    if (now == 1200) { // a spectator arrives 20 s in, from step 0 of the log
      ks_rb_spectator_init(&sp, &sd, spmem, sizeof spmem, &g0, 0);
      joined = true;
    }
    if (joined) { // it asks from where it is; peer 0 answers from its log
      size_t len;
      int64_t from;
      ks_rb_spectator_request(&sp, buf, sizeof buf, &len);
      ks_rb_read_spectator_request(buf, len, players, 1, &from, NULL);
      ks_rb_confirmed_write(players, 1, m.log, 0, m.logged, m.logged == STEPS, from, buf, sizeof buf, &len);
      ks_rb_spectator_read(&sp, buf, len, NULL);
      ks_rb_spectator_advance(&sp, 120); // fast-forward: 120 steps a frame at most
      double prog = ks_rb_spectator_progress(&sp);
      if (!caught_up && prog >= 1.0)
        printf("spectator joined at tick 1200, caught up at tick %lld (step %lld)\n", (long long)now, (long long)sp.frame);
      caught_up = caught_up || prog >= 1.0;
    }
  }
  while (joined && ks_rb_spectator_advance(&sp, 1000) > 0) {}
  uint64_t h = pong_hash(ks_rb_state(&m.s[0]), NULL);
  bool same = joined && sp.frame == STEPS && pong_hash(ks_rb_spectator_state(&sp), NULL) == h;
  for (int p = 0; p < players; p++) same = same && ks_rb_frame(&m.s[p]) == STEPS && !memcmp(ks_rb_state(&m.s[p]), ks_rb_state(&m.s[0]), sizeof(pong));
  printf("players %d: %d steps (60 s) in %.2f s of simulated time, following time sync\n", players, STEPS, (double)now / 60.0);
  printf("every peer and the spectator end on hash %016llx: %s\n", (unsigned long long)h, same ? "yes" : "no");
  for (int p = 0; p < players; p++) free(m.mem[p]);
  free(m.log);

  start(&m, players - 1); // the planted desync: the last peer's step differs at step 1500
  for (now = 0; !done(&m) && now < 3 * STEPS; now++) tick(&m, now);
  for (int p = 0; p < 200; p++, now++) tick(&m, now); // the per-step hashes travel
  char text[300];
  ks_rb_desync_text(ks_rb_desync_report(&m.s[0]), text, sizeof text);
  printf("planted desync, peer 0 says: %s\n", text);
  int64_t first = ks_rb_desync_report(&m.s[0])->first_step;
  printf("the report names the planted step: %s\n", first == 1501 ? "yes" : "no");
  for (int p = 0; p < players; p++) free(m.mem[p]);
  free(m.log);
  return same && first == 1501 ? 0 : 1;
}
