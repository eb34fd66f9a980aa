// SPDX-License-Identifier: MIT
/* kick-cli simulate's batch engine: a player's 78 trial kicks go through a
   kick_batch, a new trial taking each lane as soon as its kick is decided;
   then the real kick. The results are the scalar loop's, bit for bit
   (kick_batch_run is that loop, lane by lane, and a candidate's score is a
   sum, the same in any order). The candidates' trials start longest first,
   by how long they ran on the last kick of the same level, so that the lanes
   empty together at the end rather than waiting on one long roll. */
#include <stdlib.h>
#include <string.h>

#include "kickstep/kick_batch.h"
#include "sim.h"

#define SIM_BATCH_JOBS 256   /* candidates × trials it can order */
#define SIM_BATCH_LEVELS 64  /* levels it remembers the trials' lengths of */

typedef struct sim_batch_level {
  const kick_launch *cand;        /* the level's candidates (NULL: unused) */
  int64_t steps[SIM_BATCH_JOBS];  /* each trial's flight, last time */
} sim_batch_level;

struct sim_batch {
  kick_batch b;
  sim_batch_level level[SIM_BATCH_LEVELS];
};

static sim_batch_level *level_of(sim_batch *e, const kick_launch *cand) {
  for (int i = 0; i < SIM_BATCH_LEVELS; i++)
    if (e->level[i].cand == cand) return &e->level[i];
  for (int i = 0; i < SIM_BATCH_LEVELS; i++)
    if (!e->level[i].cand) {
      e->level[i].cand = cand;
      return &e->level[i];
    }
  return NULL;
}

sim_batch *sim_batch_new(void) {
  sim_batch *e = calloc(1, sizeof *e);
  kick_batch_def d = kick_batch_default_def();
  if (!e || kick_batch_init(&e->b, &d) != KS_OK) {
    free(e);
    return NULL;
  }
  return e;
}

void sim_batch_free(sim_batch *e) { free(e); }

typedef struct sim_job_len {
  int64_t steps;
  int job;
} sim_job_len;

static int longer_first(const void *a, const void *b) {
  const sim_job_len *x = a, *y = b;
  if (x->steps != y->steps) return x->steps > y->steps ? -1 : 1;
  return x->job < y->job ? -1 : x->job > y->job;
}

void sim_batch_trials(sim_batch *e, const kick_level *lv, const kick_launch *cand, int ncand, const kick_shot *trial,
                      int ntrials, int64_t max_flight_steps, int32_t *score) {
  int job[KICK_BATCH_LANES], order[SIM_BATCH_JOBS];
  int total = ncand * ntrials, next = 0, left = total;
  sim_batch_level *hist = total <= SIM_BATCH_JOBS ? level_of(e, cand) : NULL;
  for (int c = 0; c < ncand; c++) score[c] = 0;
  if (hist) {
    /* Candidates longest first (by their longest trial), each one's trials
       together: they read alike, and the batch computes one read for them. */
    sim_job_len len[SIM_BATCH_JOBS];
    for (int c = 0; c < ncand; c++) {
      len[c].steps = 0;
      len[c].job = c;
      for (int t = 0; t < ntrials; t++)
        if (hist->steps[c * ntrials + t] > len[c].steps) len[c].steps = hist->steps[c * ntrials + t];
    }
    qsort(len, (size_t)ncand, sizeof len[0], longer_first);
    for (int c = 0; c < ncand; c++)
      for (int t = 0; t < ntrials; t++) order[c * ntrials + t] = len[c].job * ntrials + t;
  }
  while (left > 0) {
    /* Fill the free lanes with the next trials, a candidate's trials
       together (struck on rerolled copies of one shot, they fly alike until
       the keeper touches one: the batch computes the flight they share once
       while they keep step). */
    int free_lanes = 0;
    for (int32_t i = 0; i < e->b.lanes; i++) free_lanes += (kick_batch_active(&e->b) & (1u << i)) == 0u;
    while (next < total && free_lanes > 0) {
      int j = hist ? order[next] : next;
      if (next % ntrials == 0 && free_lanes < ntrials && ntrials <= KICK_BATCH_LANES) break;
      free_lanes--;
      kick_shot s = trial[j % ntrials];
      next++;
      int32_t lane;
      if (kick_shot_strike(&s, &cand[j / ntrials]) != KS_OK || kick_batch_add(&e->b, &s, &lane) != KS_OK) {
        left--;
        free_lanes++;
        continue;
      }
      job[lane] = j;
    }
    uint32_t done = kick_batch_run(&e->b, max_flight_steps);
    for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
      if ((done & (1u << i)) == 0u) continue;
      const kick_shot *s = kick_batch_lane(&e->b, i);
      score[job[i] / ntrials] += kick_player_trial_score(lv, s);
      if (hist) hist->steps[job[i]] = kick_shot_steps(s) - kick_shot_strike_step(s);
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
