// SPDX-License-Identifier: MIT
/* The wind: a mean vector plus a gust along it and a swirl across it, both
   from hashed smooth noise of the shot-clock time, so no history is stored. */
#include "simulation.h"
#include "kickstep/rng.h"

void kick_wind_prepare(kick_shot *s) {
  const kick_wind_def *w = &s->setup.wind;
  double sn, cs;
  ks_sincos(w->bearing, &sn, &cs);
  /* Bearing 0 blows along +z; positive turns towards +x. */
  s->wind_mean = ks_v3(w->mean_speed_mps * sn, 0.0, w->mean_speed_mps * cs);
  s->wind_cross = ks_v3(cs, 0.0, -sn);
  /* The per-step products, grouped exactly as the step's expressions group them. */
  s->wind_gust_k = KICK_GUST_MAX_FRACTION * w->gustiness;
  s->wind_swirl_k = KICK_SWIRL_MAX_FRACTION * w->swirl * w->mean_speed_mps;
}

/* One lattice slope in [-1, 1]: the construction of ks_noise1. */
static double lattice_slope(uint64_t seed, int64_t i) {
  uint64_t h = ks_mix64(seed ^ ks_mix64((uint64_t)i * KS_RNG_GAMMA + 0x5851f42d4c957f2dull));
  return (double)(h >> 11) * 0x1.0p-52 - 1.0;
}

void kick_noise_memo_fill(uint64_t seed, int64_t i, uint64_t *memo_seed, int64_t *cell, double g[2]) {
  g[0] = lattice_slope(seed, i);
  g[1] = lattice_slope(seed, i + 1);
  *cell = i;
  *memo_seed = seed;
}

double kick_noise_memo(uint64_t seed, double u, uint64_t *memo_seed, int64_t *cell, double g[2]) {
  return kick_noise_memo_inline(seed, u, memo_seed, cell, g);
}

void kick_wind_memo_reset(kick_shot *s) {
  for (int k = 0; k < 2; k++) {
    s->wind_memo_seed[k] = 0;
    s->wind_memo_cell[k] = INT64_MIN;
    s->wind_memo_slope[k][0] = 0.0;
    s->wind_memo_slope[k][1] = 0.0;
  }
}

ks_vec3 kick_wind_at(const kick_shot *s, double t) {
  if (!s) return ks_v3(0.0, 0.0, 0.0);
  uint64_t seeds[2] = {0, 0};
  int64_t cells[2] = {INT64_MIN, INT64_MIN};
  double slopes[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
  return kick_wind_with(s, t, seeds, cells, slopes);
}

ks_vec3 kick_wind_step(kick_shot *s, double t) { return kick_wind_step_inline(s, t); }
