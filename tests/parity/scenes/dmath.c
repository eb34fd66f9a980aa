// SPDX-License-Identifier: MIT
/* dmath — every ks_dmath function on 2000 deterministic inputs each.
 *
 * Step i draws one input per function from a ks_rng (uniform and
 * log-uniform over each function's domain, plus edge regions: near
 * multiples of pi/2, near 1 for log, near overflow and underflow for exp,
 * large exponents for pow) and evaluates every function on it. Every output
 * bit goes into the line hash; every 20th step writes a line with that hash
 * (covering the 20 steps since the previous line) and the step's outputs as
 * fields, so a mismatch names the step range and, often, the function.
 * Freestanding: kickstep headers only. */
#include "kickstep/dmath.h"
#include "kickstep/hash.h"
#include "kickstep/rng.h"
#include "kickstep/timeline.h"

size_t ks_scene_dmath(char *out, size_t cap);

#define STEPS 2000
#define LINE_EVERY 20
#define NFIELDS 20

/* a double with random significand and a binary exponent drawn from [e0, e1] (normal range) */
static double logu(ks_rng *r, int e0, int e1) {
  uint64_t u = ks_rng_next(r);
  int e = e0 + (int)ks_rng_below(r, (uint32_t)(e1 - e0 + 1));
  uint64_t b = ((uint64_t)(e + 1023) << 52) | (u & 0x000fffffffffffffull) | (u & 0x8000000000000000ull);
  return ks_f64_from_bits(b);
}

static double pick(ks_rng *r, int region, double lo, double hi, int e0, int e1) {
  return region < 5 ? ks_rng_range(r, lo, hi) : logu(r, e0, e1);
}

size_t ks_scene_dmath(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  ks_rng r = ks_rng_seeded(0x7363656e65ull);
  ks_hash h = ks_hash_begin();
  for (int64_t step = 1; step <= STEPS; step++) {
    int region = (int)(step % 10);
    double xe = region == 9 ? ks_rng_range(&r, -745.2, -700.0) : pick(&r, region, -745.0, 709.7, -40, 9);
    double xl = region == 9 ? 1.0 + ks_rng_range(&r, -0x1p-9, 0x1p-9) : ks_fabs(pick(&r, region, 0.0, 100.0, -1022, 1023));
    double px = region >= 8 ? 1.0 + ks_rng_range(&r, -0x1p-20, 0x1p-20) : ks_rng_range(&r, 0.0, 8.0);
    double py = region >= 8 ? ks_rng_range(&r, -1e8, 1e8) : ks_rng_range(&r, -100.0, 100.0);
    if (region == 7) {
      px = -ks_rng_range(&r, 0.0, 8.0);
      py = (double)ks_rng_below(&r, 61) - 30.0;
    }
    double xt = region == 9 ? (double)ks_rng_below(&r, 200001) * KS_HALF_PI - 100000.0 * KS_HALF_PI
                            : pick(&r, region, -50.0, 50.0, -30, 21);
    if (ks_fabs(xt) > 3.2e6) xt = xt * 0.5;
    double xa = pick(&r, region, -4.0, 4.0, -40, 70);
    double ay = pick(&r, region, -2.0, 2.0, -300, 300), ax = pick(&r, region, -2.0, 2.0, -300, 300);
    double xs = region == 9 ? 1.0 - logu(&r, -53, -2) : ks_rng_range(&r, -1.0, 1.0);
    double xh = pick(&r, region, -25.0, 25.0, -40, 5);
    double xw = pick(&r, region, -100.0, 100.0, -10, 60);
    double xf = pick(&r, region, -1e6, 1e6, -1074, 1023), yf = pick(&r, region, -7.0, 7.0, -20, 20);
    double s, c;
    ks_sincos(xt, &s, &c);
    ks_tl_field f[NFIELDS] = {
        {"x", xt},
        {"floor", ks_floor(xf)},
        {"ceil", ks_ceil(xf)},
        {"round", ks_round(xf)},
        {"fmod", ks_fmod(xf, yf)},
        {"exp", ks_exp(xe)},
        {"log", ks_log(xl)},
        {"pow", ks_pow(px, py)},
        {"sin", ks_sin(xt)},
        {"cos", ks_cos(xt)},
        {"sincos_s", s},
        {"sincos_c", c},
        {"tan", ks_tan(xt)},
        {"atan", ks_atan(xa)},
        {"atan2", ks_atan2(ay, ax)},
        {"asin", ks_asin(xs)},
        {"acos", ks_acos(xs)},
        {"tanh", ks_tanh(xh)},
        {"wrap_angle", ks_wrap_angle(xw)},
        {"sqrt", ks_sqrt(xl)},
    };
    for (int i = 0; i < NFIELDS; i++) ks_hash_f64(&h, f[i].value);
    if (step % LINE_EVERY == 0) {
      ks_tl_line(&w, step, ks_hash_end(&h), f, NFIELDS);
      h = ks_hash_begin();
    }
  }
  return w.overflow ? 0 : w.len;
}
