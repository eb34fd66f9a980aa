// SPDX-License-Identifier: MIT
/* kick-cli simulate's batch engine: a player's 78 trial kicks go through a
   kick_batch, a new trial taking each lane as soon as its kick is decided;
   then the real kick. The results are the scalar loop's, bit for bit
   (kick_batch_run is that loop, lane by lane). */
#include <stdlib.h>

#include "kickstep/kick_batch.h"
#include "sim_engine.h"

struct sim_batch {
  kick_batch b;
};

sim_batch *sim_batch_new(void) {
  sim_batch *e = malloc(sizeof *e);
  kick_batch_def d = kick_batch_default_def();
  if (!e || kick_batch_init(&e->b, &d) != KS_OK) {
    free(e);
    return NULL;
  }
  return e;
}

void sim_batch_free(sim_batch *e) { free(e); }

void sim_batch_trials(sim_batch *e, const kick_level *lv, const kick_launch *cand, int ncand, const kick_shot *trial,
                      int ntrials, int64_t max_flight_steps, int *score) {
  int job[KICK_BATCH_LANES];
  int total = ncand * ntrials, next = 0, left = total;
  for (int c = 0; c < ncand; c++) score[c] = 0;
  while (left > 0) {
    /* Fill every free lane with the next trial (candidate-major, as the scalar loop). */
    while (next < total && kick_batch_active(&e->b) != (1u << KICK_BATCH_LANES) - 1u) {
      int c = next / ntrials;
      kick_shot s = trial[next % ntrials];
      next++;
      int32_t lane;
      if (kick_shot_strike(&s, &cand[c]) != KS_OK || kick_batch_add(&e->b, &s, &lane) != KS_OK) {
        left--;
        continue;
      }
      job[lane] = c;
    }
    uint32_t done = kick_batch_run(&e->b, max_flight_steps);
    for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
      if ((done & (1u << i)) == 0u) continue;
      score[job[i]] += sim_trial_score(lv, kick_batch_lane(&e->b, i));
      kick_batch_remove(&e->b, i, NULL);
      left--;
    }
  }
}

void sim_batch_play(sim_batch *e, kick_shot *s, int64_t max_flight_steps) {
  int32_t lane;
  if (kick_batch_add(&e->b, s, &lane) != KS_OK) return;
  while ((kick_batch_run(&e->b, max_flight_steps) & (1u << lane)) == 0u) {
  }
  kick_batch_remove(&e->b, lane, s);
}
