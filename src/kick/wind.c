/* The wind: a mean vector plus a gust along it and a swirl across it, both
   from hashed smooth noise of the shot-clock time, so no history is stored. */
#include "kick_internal.h"

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

ks_vec3 kick_wind_at(const kick_shot *s, double t) {
  if (!s) return ks_v3(0.0, 0.0, 0.0);
  const kick_wind_def *w = &s->setup.wind;
  if (!(w->mean_speed_mps > 0.0)) return ks_v3(0.0, 0.0, 0.0);
  ks_vec3 v = s->wind_mean;
  if (w->gustiness > 0.0) {
    double g = ks_noise1(w->gust_seed, t * (1.0 / KICK_GUST_PERIOD));
    v = ks_v3_scale(v, 1.0 + KICK_GUST_MAX_FRACTION * w->gustiness * g);
  }
  if (w->swirl > 0.0) {
    double c = ks_noise1(w->gust_seed ^ 0x5157524cull, t * (1.0 / KICK_SWIRL_PERIOD));
    v = ks_v3_mad(v, s->wind_cross, KICK_SWIRL_MAX_FRACTION * w->swirl * w->mean_speed_mps * c);
  }
  return v;
}
