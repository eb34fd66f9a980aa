// SPDX-License-Identifier: MIT
// Checklist step: test that the simulation is a value. The sync test
// (kickstep/synctest.h) runs a game forward, and every 16 steps rewinds a copy
// and runs the same steps again, comparing the state hash after each step.
//
// Two versions of one small game: a clean one, and one with a planted fault,
// a "wind" that lives in a static variable outside the game's state and that
// starts to blow on step 1000. Re-running a stretch from a copy does not
// rewind the static, so the re-run sees other wind: the sync test names step
// 1000, the first step whose hash differs.
#include <stdio.h>

#include "kickstep/hash.h"
#include "kickstep/synctest.h"

typedef struct game {
  double x, v;
  int64_t step;
} game;

static double hidden_wind; // the planted fault: state outside the game

static void step_clean(void *state, void *user) {
  game *g = (game *)state;
  (void)user;
  g->v = g->v + (-4.0 * g->x - 0.1 * g->v) * (1.0 / 120.0);
  g->x = g->x + g->v * (1.0 / 120.0);
  g->step++;
}

static void step_leaky(void *state, void *user) {
  game *g = (game *)state;
  step_clean(state, user);
  if (g->step >= 1000) { // from step 1000 on, a gust from outside the state
    hidden_wind = hidden_wind + 1e-6;
    g->v = g->v + hidden_wind;
  }
}

static uint64_t hash_game(const void *state, void *user) {
  const game *g = (const game *)state;
  ks_hash h = ks_hash_begin();
  (void)user;
  ks_hash_f64(&h, g->x);
  ks_hash_f64(&h, g->v);
  ks_hash_i64(&h, g->step);
  return ks_hash_end(&h);
}

static ks_sync_result run(ks_sync_step_fn step) {
  game g = {1.0, 0.0, 0}, scratch;
  ks_sync_def d = ks_sync_default_def();
  d.steps = 5000;
  d.check_every = 16;
  ks_sync_result r;
  ks_sync_run(&g, sizeof g, &scratch, sizeof scratch, step, hash_game, NULL, &d, &r);
  return r;
}

int main(void) {
  ks_sync_result clean = run(step_clean);
  ks_sync_result leaky = run(step_leaky);
  printf("sync test, clean game: %s after %lld steps (%lld hashes compared)\n", clean.ok ? "ok" : "MISMATCH",
         (long long)clean.steps_run, (long long)clean.checks);
  if (leaky.ok) {
    printf("sync test, planted fault: NOT caught\n");
    return 1;
  }
  printf("sync test, planted fault: first bad step %lld (forward hash %016llx, re-run %016llx)\n",
         (long long)leaky.first_bad_step, (unsigned long long)leaky.expected_hash,
         (unsigned long long)leaky.actual_hash);
  int ok = clean.ok && leaky.first_bad_step == 1000;
  printf("the sync test names the planted step: %s\n", ok ? "yes" : "NO");
  return ok ? 0 : 1;
}
