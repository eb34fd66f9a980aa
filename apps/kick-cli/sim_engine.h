// SPDX-License-Identifier: MIT
/* How kick-cli simulate plays a simulated player's kicks: the scalar step
   (kick_shot_step, one shot at a time) or the batch (kick_batch.h, shots in
   lanes). Both give the same bits, so the same results. */
#ifndef KICK_CLI_SIM_ENGINE_H
#define KICK_CLI_SIM_ENGINE_H

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"

typedef enum sim_engine_kind { SIM_ENGINE_SCALAR = 0, SIM_ENGINE_BATCH } sim_engine_kind;

/* What one trial kick is worth to the player choosing a candidate. */
static inline int sim_trial_score(const kick_level *lv, const kick_shot *s) {
  return (kick_shot_outcome(s) == KICK_OUTCOME_GOAL ? 3 : 0) + kick_level_stars(lv, s);
}

/* ---------------------------------------------------------------- sim_batch.c */
typedef struct sim_batch sim_batch; /* one worker's batch */

sim_batch *sim_batch_new(void);     /* NULL when out of memory */
void sim_batch_free(sim_batch *e);
/* Every candidate on every trial: a copy of trial[t] struck with cand[c] and
   played until decided or max_flight_steps after the strike; score[c] gets
   the sum of sim_trial_score over its trials (a launch the shot refuses
   scores nothing). */
void sim_batch_trials(sim_batch *e, const kick_level *lv, const kick_launch *cand, int ncand, const kick_shot *trial,
                      int ntrials, int64_t max_flight_steps, int *score);
/* Plays one struck shot until decided or max_flight_steps after the strike. */
void sim_batch_play(sim_batch *e, kick_shot *s, int64_t max_flight_steps);

#endif
