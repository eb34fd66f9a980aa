// SPDX-License-Identifier: MIT
/* Hand-like flicks: a minimum-jerk bell, lifted moving or after a dwell,
   bowed, trembling, sampled from a random phase. See kickstep/kick_hand.h. */
#include "kickstep/kick_hand.h"

#include "kickstep/dmath.h"
#include "kickstep/rng.h"

kick_hand_def kick_hand_default(const double from[2], const double to[2], double duration_s, double rate_hz,
                                uint64_t seed) {
  kick_hand_def h;
  ks_rng r = ks_rng_seeded(seed ^ 0x68616e64u);
  h.from[0] = from ? from[0] : 0.0;
  h.from[1] = from ? from[1] : 0.0;
  h.to[0] = to ? to[0] : 0.0;
  h.to[1] = to ? to[1] : 0.0;
  h.duration_s = duration_s;
  h.rate_hz = rate_hz;
  bool moving = ks_rng_chance(&r, 0.5);
  h.release = moving ? ks_rng_range(&r, 0.78, 0.95) : 1.0;
  h.dwell_s = moving ? 0.0 : ks_rng_range(&r, 0.0, 0.04);
  h.bow = ks_rng_range(&r, -0.04, 0.04);
  h.tremor_px = ks_rng_range(&r, 0.3, 0.8);
  h.t0 = 1.0 + ks_rng_double(&r);
  h.seed = ks_rng_next(&r);
  return h;
}

/* Minimum-jerk position, 0..1 over tau in 0..1. */
static double bell(double tau) {
  double t3 = tau * tau * tau;
  return t3 * (10.0 - 15.0 * tau + 6.0 * tau * tau);
}

int32_t kick_hand_flick(const kick_hand_def *h, kick_touch *out, int32_t cap) {
  if (!h || !out) return KS_ERR_NULL;
  const double v[] = {h->from[0], h->from[1], h->to[0], h->to[1], h->duration_s, h->rate_hz,
                      h->release, h->dwell_s, h->bow, h->tremor_px, h->t0};
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    if (!ks_is_finite(v[i])) return KS_ERR_NOT_FINITE;
  if (!(h->duration_s >= 0.02 && h->duration_s <= 1.0) || !(h->rate_hz >= 30.0 && h->rate_hz <= 1000.0) ||
      !(h->release >= 0.7 && h->release <= 1.0) || !(h->dwell_s >= 0.0 && h->dwell_s <= 0.2) ||
      !(h->bow >= -0.2 && h->bow <= 0.2) || !(h->tremor_px >= 0.0 && h->tremor_px <= 5.0))
    return KS_ERR_RANGE;
  ks_rng r = ks_rng_seeded(h->seed);
  /* The planned stroke reaches `to` when the bell is at `release`. */
  const double reach = 1.0 / bell(h->release);
  const double dx = h->to[0] - h->from[0], dy = h->to[1] - h->from[1];
  const double len = ks_sqrt(dx * dx + dy * dy);
  const double nx = len > 0.0 ? -dy / len : 0.0, ny = len > 0.0 ? dx / len : 0.0;
  const double period = 1.0 / h->rate_hz;
  const double stroke = h->duration_s, end = stroke + (h->release < 1.0 ? 0.0 : h->dwell_s);
  double t = ks_rng_double(&r) * period; /* the sampling phase: the first sample comes this long after touch-down */
  int32_t n = 0;
  double last_t = -1.0;
  for (;;) {
    bool final = t >= end;
    double tt = final ? end : t;
    double tau = ks_clamp(tt / stroke, 0.0, 1.0) * h->release;
    double s = bell(tau) * reach;
    double b = h->bow * len * 4.0 * s * (1.0 - s) * (s <= 1.0 ? 1.0 : 0.0);
    double x = h->from[0] + dx * s + nx * b + ks_rng_range(&r, -1.0, 1.0) * h->tremor_px;
    double y = h->from[1] + dy * s + ny * b + ks_rng_range(&r, -1.0, 1.0) * h->tremor_px;
    if (n == 0) { /* touch-down: the landing point itself */
      if (n >= cap) return KS_ERR_CAPACITY;
      out[n++] = (kick_touch){h->from[0], h->from[1], h->t0};
      last_t = h->t0;
    }
    double ts = h->t0 + tt;
    if (ts > last_t) {
      if (n >= cap) return KS_ERR_CAPACITY;
      out[n++] = (kick_touch){x, y, ts};
      last_t = ts;
    }
    if (final) break;
    /* The next report: one period on, give or take 8 % (a busy event loop). */
    t += period * (1.0 + ks_rng_range(&r, -0.08, 0.08));
  }
  if (n < 2) return KS_ERR_RANGE;
  /* The lift-off is reported where the finger was, without tremor: the chord ends on `to`
     when the flick is lifted moving; at rest it ends within the tremor of it. */
  if (h->release < 1.0) {
    out[n - 1].x = h->to[0];
    out[n - 1].y = h->to[1];
  }
  return n;
}
