// SPDX-License-Identifier: MIT
/* The wind by step in a table (kick_batch_wind): filled a chunk at a time
   with the wind's own bits (kick_wind_with), shared by a shot and its
   copies through a kick_shot_cache and by the batch's lanes of one wind. */
#include "simulation.h"

void kick_wind_table_clear(kick_batch_wind *w) {
  w->users = 0;
  w->valid = false;
  for (int k = 0; k < 2; k++) {
    w->memo_seed[k] = 0;
    w->memo_cell[k] = INT64_MIN;
    w->memo_slope[k][0] = 0.0;
    w->memo_slope[k][1] = 0.0;
  }
  /* An empty chunk's winds are never read: only the tags need clearing. */
  for (int32_t i = 0; i < KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK; i++) w->chunk[i] = -1;
}

void kick_wind_table_bind(kick_batch_wind *w, const kick_shot *s) {
  kick_wind_table_clear(w);
  w->def = s->setup.wind;
  w->mean = s->wind_mean;
  w->cross = s->wind_cross;
  w->gust_k = s->wind_gust_k;
  w->swirl_k = s->wind_swirl_k;
  w->valid = true;
}

void kick_batch_wind_fill(kick_batch_wind *w, const kick_shot *s, uint64_t c) {
  /* In step order: the noise memo moves from cell to cell as a shot's own does. */
  int64_t first = (int64_t)(c * KICK_BATCH_WIND_CHUNK);
  for (int64_t k = first; k < first + KICK_BATCH_WIND_CHUNK; k++)
    w->wind[k & (KICK_BATCH_WIND_SLOTS - 1)] =
        kick_wind_with(s, kick_step_time(k), w->memo_seed, w->memo_cell, w->memo_slope);
  w->chunk[c & (KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK - 1)] = (int64_t)c;
}

/* ------------------------------------------------------------ the shot cache */

void kick_shot_cache_init(kick_shot_cache *c) {
  if (!c) return;
  kick_wind_table_clear(&c->wind);
  kick_estimate_memo none = {0};
  c->memo = none;
  c->ahead.active = false;
  c->ahead.struck = false;
}
