/* The wind: a mean vector plus a gust along it and a swirl across it, both
   from hashed smooth noise of the shot-clock time, so no history is stored. */
#include "kick_internal.h"
#include "kickstep/rng.h"

/* Gust and swirl time scales, s: long enough that a 20 m/s wind at full
   gustiness never changes by 0.6 m/s within 1/60 s (docs/physics.md). */
#define KICK_GUST_PERIOD 1.7
#define KICK_SWIRL_PERIOD 2.9
#define KICK_SWIRL_MAX_FRACTION 0.25

void kick_wind_prepare(kick_shot *s) {
  const kick_wind_def *w = &s->setup.wind;
  double sn, cs;
  ks_sincos(w->bearing, &sn, &cs);
  /* Bearing 0 blows along +z; positive turns towards +x. */
  s->wind_mean = ks_v3(w->mean_speed_mps * sn, 0.0, w->mean_speed_mps * cs);
  s->wind_cross = ks_v3(cs, 0.0, -sn);
}

/* One lattice slope in [-1, 1]: the construction of ks_noise1. */
static double lattice_slope(uint64_t seed, int64_t i) {
  uint64_t h = ks_mix64(seed ^ ks_mix64((uint64_t)i * KS_RNG_GAMMA + 0x5851f42d4c957f2dull));
  return (double)(h >> 11) * 0x1.0p-52 - 1.0;
}

double kick_noise_memo(uint64_t seed, double u, uint64_t *memo_seed, int64_t *cell, double g[2]) {
  if (!ks_is_finite(u)) return 0.0;
  /* floor: a truncation is exact for 0 <= u < 2^52. */
  double f = (u >= 0.0 && u < 4.0e15) ? (double)(int64_t)u : ks_floor(u);
  if (f > 4.0e15 || f < -4.0e15) return 0.0;
  int64_t i = (int64_t)f;
  if (*cell != i || *memo_seed != seed) {
    g[0] = lattice_slope(seed, i);
    g[1] = lattice_slope(seed, i + 1);
    *cell = i;
    *memo_seed = seed;
  }
  double x = u - f;
  double v0 = g[0] * x;
  double v1 = g[1] * (x - 1.0);
  double sm = x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
  double n = 2.0 * (v0 + (v1 - v0) * sm);
  return ks_clamp(n, -1.0, 1.0);
}

void kick_wind_memo_reset(kick_shot *s) {
  for (int k = 0; k < 2; k++) {
    s->wind_memo_seed[k] = 0;
    s->wind_memo_cell[k] = INT64_MIN;
    s->wind_memo_slope[k][0] = 0.0;
    s->wind_memo_slope[k][1] = 0.0;
  }
}

/* The wind with the noise memo in `seeds`, `cells`, `slopes`. */
static ks_vec3 wind_with(const kick_shot *s, double t, uint64_t seeds[2], int64_t cells[2], double slopes[2][2]) {
  const kick_wind_def *w = &s->setup.wind;
  if (!(w->mean_speed_mps > 0.0)) return ks_v3(0.0, 0.0, 0.0);
  ks_vec3 v = s->wind_mean;
  if (w->gustiness > 0.0) {
    double g = kick_noise_memo(w->gust_seed, t * (1.0 / KICK_GUST_PERIOD), &seeds[0], &cells[0], slopes[0]);
    v = ks_v3_scale(v, 1.0 + KICK_GUST_MAX_FRACTION * w->gustiness * g);
  }
  if (w->swirl > 0.0) {
    double c = kick_noise_memo(w->gust_seed ^ 0x5157524cull, t * (1.0 / KICK_SWIRL_PERIOD), &seeds[1], &cells[1],
                               slopes[1]);
    v = ks_v3_mad(v, s->wind_cross, KICK_SWIRL_MAX_FRACTION * w->swirl * w->mean_speed_mps * c);
  }
  return v;
}

ks_vec3 kick_wind_at(const kick_shot *s, double t) {
  if (!s) return ks_v3(0.0, 0.0, 0.0);
  uint64_t seeds[2] = {0, 0};
  int64_t cells[2] = {INT64_MIN, INT64_MIN};
  double slopes[2][2] = {{0.0, 0.0}, {0.0, 0.0}};
  return wind_with(s, t, seeds, cells, slopes);
}

ks_vec3 kick_wind_step(kick_shot *s, double t) {
  return wind_with(s, t, s->wind_memo_seed, s->wind_memo_cell, s->wind_memo_slope);
}
