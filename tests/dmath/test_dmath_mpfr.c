// SPDX-License-Identifier: MIT
/* ks_dmath against MPFR: every function on >= 10^6 deterministic inputs.
 *
 * The oracle is MPFR's correctly rounded result (53 bits, round to nearest,
 * exponent range of IEEE double with subnormals). A ks_ result passes when it
 * is at most 1 ulp away from it (distance counted in representable doubles;
 * both NaN counts as 0). The exact functions (floor, ceil, round, fmod) must
 * be at distance 0 with the same sign bit. Inputs come from ks_rng, so every
 * run checks the same inputs. Prints max ulp and input count per function.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <mpfr.h>

#include "kickstep/dmath.h"
#include "kickstep/rng.h"

/* Inputs per function (10^6) and a seed salt; longer or different runs:
   KS_DMATH_N=10000000 KS_DMATH_SEED=7 ./test_dmath_mpfr */
static int N_PER_FN = 1000000;
static uint64_t g_salt = 0;

typedef enum { K_EXP, K_LOG, K_SIN, K_COS, K_TAN, K_ATAN, K_ASIN, K_ACOS, K_TANH, K_SINCOS_S, K_SINCOS_C } kind1;

static mpfr_t g_in, g_in2, g_out, g_pi2;

static void mp_setup(void) {
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_init2(g_in, 53);
  mpfr_init2(g_in2, 53);
  mpfr_init2(g_out, 53);
  mpfr_init2(g_pi2, 300);
  mpfr_const_pi(g_pi2, MPFR_RNDN);
  mpfr_mul_2ui(g_pi2, g_pi2, 1, MPFR_RNDN); /* 2 pi */
}

static double mp_finish(int t) {
  t = mpfr_check_range(g_out, t, MPFR_RNDN);
  mpfr_subnormalize(g_out, t, MPFR_RNDN);
  return mpfr_get_d(g_out, MPFR_RNDN);
}

static double ref1(kind1 k, double x) {
  int t = 0;
  mpfr_set_d(g_in, x, MPFR_RNDN);
  switch (k) {
  case K_EXP: t = mpfr_exp(g_out, g_in, MPFR_RNDN); break;
  case K_LOG: t = mpfr_log(g_out, g_in, MPFR_RNDN); break;
  case K_SIN: case K_SINCOS_S: t = mpfr_sin(g_out, g_in, MPFR_RNDN); break;
  case K_COS: case K_SINCOS_C: t = mpfr_cos(g_out, g_in, MPFR_RNDN); break;
  case K_TAN: t = mpfr_tan(g_out, g_in, MPFR_RNDN); break;
  case K_ATAN: t = mpfr_atan(g_out, g_in, MPFR_RNDN); break;
  case K_ASIN: t = mpfr_asin(g_out, g_in, MPFR_RNDN); break;
  case K_ACOS: t = mpfr_acos(g_out, g_in, MPFR_RNDN); break;
  case K_TANH: t = mpfr_tanh(g_out, g_in, MPFR_RNDN); break;
  }
  return mp_finish(t);
}

static double eval1(kind1 k, double x) {
  double s, c;
  switch (k) {
  case K_EXP: return ks_exp(x);
  case K_LOG: return ks_log(x);
  case K_SIN: return ks_sin(x);
  case K_COS: return ks_cos(x);
  case K_TAN: return ks_tan(x);
  case K_ATAN: return ks_atan(x);
  case K_ASIN: return ks_asin(x);
  case K_ACOS: return ks_acos(x);
  case K_TANH: return ks_tanh(x);
  case K_SINCOS_S: ks_sincos(x, &s, &c); return s;
  case K_SINCOS_C: ks_sincos(x, &s, &c); return c;
  }
  return 0.0;
}

static int64_t ordered(double x) {
  uint64_t b = ks_f64_bits(x);
  return (b >> 63) ? -(int64_t)(b & 0x7fffffffffffffffull) : (int64_t)b;
}

static uint64_t ulp_dist(double a, double b) {
  if (a != a && b != b) return 0;
  if (a != a || b != b) return UINT64_MAX;
  int64_t d = ordered(a) - ordered(b);
  return d < 0 ? (uint64_t)(-d) : (uint64_t)d;
}

/* ---- input generators ---- */

static double uni(ks_rng *r, double lo, double hi) { return lo + (hi - lo) * ks_rng_double(r); }

/* random double with a uniformly drawn binary exponent in [e0, e1] and random significand */
static double logu(ks_rng *r, int e0, int e1, bool sign) {
  uint64_t u = ks_rng_next(r);
  int e = e0 + (int)ks_rng_below(r, (uint32_t)(e1 - e0 + 1));
  uint64_t b;
  if (e < -1022) b = (u & 0x000fffffffffffffull) >> (-1022 - e); /* subnormal */
  else b = ((uint64_t)(e + 1023) << 52) | (u & 0x000fffffffffffffull);
  if (sign && (u >> 63)) b |= 0x8000000000000000ull;
  return ks_f64_from_bits(b);
}

static double nudge(double x, int64_t ulps) {
  if (x == 0.0) return ks_f64_from_bits((uint64_t)(ulps < 0 ? -ulps : ulps)) * (ulps < 0 ? -1.0 : 1.0);
  return ks_f64_from_bits((uint64_t)((int64_t)ks_f64_bits(x) + ulps)); }

/* a double near k*pi/2 for a random k with |k| <= kmax, offset by a few ulps */
static double near_pio2(ks_rng *r, uint32_t kmax) {
  double k = (double)ks_rng_below(r, 2 * kmax + 1) - (double)kmax;
  mpfr_t t;
  mpfr_init2(t, 300);
  mpfr_const_pi(t, MPFR_RNDN);
  mpfr_mul_d(t, t, k * 0.5, MPFR_RNDN);
  double x = mpfr_get_d(t, MPFR_RNDN);
  mpfr_clear(t);
  return nudge(x, (int64_t)ks_rng_below(r, 33) - 16);
}

static double gen1(kind1 k, ks_rng *r, int i) {
  int region = i % 10;
  switch (k) {
  case K_EXP:
    if (region < 4) return uni(r, -745.2, 709.8);
    if (region < 7) return logu(r, -60, 9, true);
    if (region == 7) return uni(r, 700.0, 709.8);
    if (region == 8) return uni(r, -745.2, -700.0);
    return logu(r, -1074, -50, true);
  case K_LOG:
    if (region < 3) return ks_f64_from_bits(ks_rng_next(r) % 0x7ff0000000000000ull);
    if (region < 6) return 1.0 + uni(r, -0x1p-8, 0x1p-8);
    if (region == 6) return 1.0 + logu(r, -60, -9, true);
    if (region < 9) return uni(r, 0.5, 2.0);
    return logu(r, -1074, -1023, false);
  case K_SIN:
  case K_COS:
  case K_TAN:
  case K_SINCOS_S:
  case K_SINCOS_C:
    if (region < 3) return uni(r, -0x1.921fb54442d18p+21, 0x1.921fb54442d18p+21);
    if (region < 6) return uni(r, -10.0, 10.0);
    if (region < 8) return logu(r, -30, 20, true);
    if (region == 8) return near_pio2(r, 2000);
    return near_pio2(r, (1u << 21) - 1);
  case K_ATAN:
    if (region < 6) return logu(r, -40, 70, true);
    return uni(r, -4.0, 4.0);
  case K_ASIN:
  case K_ACOS:
    if (region < 5) return uni(r, -1.0, 1.0);
    if (region < 8) { double d = logu(r, -53, -1, false); return (i & 1) ? 1.0 - d : d - 1.0; }
    return logu(r, -60, -1, true);
  case K_TANH:
    if (region < 4) return uni(r, -25.0, 25.0);
    return logu(r, -40, 5, true);
  }
  return 0.0;
}

typedef struct stats {
  uint64_t max_ulp;
  double worst_x, worst_y;
  long n;
  long off; /* results that differ from the correctly rounded one */
} stats;

static void report(const char *name, const stats *s) {
  printf("dmath %-10s inputs %8ld  max_ulp %llu  not_correctly_rounded %ld", name, s->n, (unsigned long long)s->max_ulp, s->off);
  if (s->max_ulp) printf("  (worst at x=%a y=%a)", s->worst_x, s->worst_y);
  printf("\n");
  fflush(stdout);
}

static void note(stats *s, uint64_t d, double x, double y) {
  s->n++;
  if (d != 0) s->off++;
  if (d > s->max_ulp) {
    s->max_ulp = d;
    s->worst_x = x;
    s->worst_y = y;
  }
}

static void run1(const char *name, kind1 k, uint64_t seed) {
  ks_rng r = ks_rng_seeded(seed ^ g_salt);
  stats s = {0, 0, 0, 0, 0};
  for (int i = 0; i < N_PER_FN; i++) {
    double x = gen1(k, &r, i);
    note(&s, ulp_dist(eval1(k, x), ref1(k, x)), x, 0.0);
  }
  report(name, &s);
  assert_true(s.max_ulp <= 1);
}

static void test_exp(void **st) { (void)st; run1("exp", K_EXP, 1); }
static void test_log(void **st) { (void)st; run1("log", K_LOG, 2); }
static void test_sin(void **st) { (void)st; run1("sin", K_SIN, 3); }
static void test_cos(void **st) { (void)st; run1("cos", K_COS, 4); }
static void test_tan(void **st) { (void)st; run1("tan", K_TAN, 5); }
static void test_atan(void **st) { (void)st; run1("atan", K_ATAN, 6); }
static void test_asin(void **st) { (void)st; run1("asin", K_ASIN, 7); }
static void test_acos(void **st) { (void)st; run1("acos", K_ACOS, 8); }
static void test_tanh(void **st) { (void)st; run1("tanh", K_TANH, 9); }
static void test_sincos(void **st) {
  (void)st;
  run1("sincos.sin", K_SINCOS_S, 10);
  run1("sincos.cos", K_SINCOS_C, 11);
}

/* ---- two-argument functions ---- */

static void test_atan2(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(12 ^ g_salt);
  stats s = {0, 0, 0, 0, 0};
  for (int i = 0; i < N_PER_FN; i++) {
    double y, x;
    int region = i % 10;
    if (region < 4) { y = uni(&r, -1.0, 1.0); x = uni(&r, -1.0, 1.0); }
    else if (region < 8) { y = logu(&r, -300, 300, true); x = logu(&r, -300, 300, true); }
    else if (region == 8) { x = logu(&r, -20, 20, true); y = x * (1.0 + uni(&r, -0x1p-20, 0x1p-20)); }
    else { y = logu(&r, -1074, 1023, true); x = logu(&r, -1074, 1023, true); }
    mpfr_set_d(g_in, y, MPFR_RNDN);
    mpfr_set_d(g_in2, x, MPFR_RNDN);
    double want = mp_finish(mpfr_atan2(g_out, g_in, g_in2, MPFR_RNDN));
    note(&s, ulp_dist(ks_atan2(y, x), want), y, x);
  }
  report("atan2", &s);
  assert_true(s.max_ulp <= 1);
}

static void test_pow(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(13 ^ g_salt);
  stats s = {0, 0, 0, 0, 0};
  for (int i = 0; i < N_PER_FN; i++) {
    double x, y;
    int region = i % 10;
    if (region < 4) {
      /* x log-uniform, y such that |y log x| <= 740 */
      x = logu(&r, -1022, 1023, false);
      double lx = ks_fabs(ks_log(x));
      y = uni(&r, -1.0, 1.0) * (lx > 0.0 ? 740.0 / lx : 1.0);
    } else if (region < 6) {
      x = 1.0 + logu(&r, -53, -10, true);
      double lx = ks_fabs(ks_log(x));
      y = uni(&r, -1.0, 1.0) * 740.0 / lx;
    } else if (region < 8) {
      x = uni(&r, 0.0, 10.0);
      y = uni(&r, -60.0, 60.0);
    } else if (region == 8) {
      x = -logu(&r, -8, 8, false);
      y = (double)((int)ks_rng_below(&r, 201) - 100);
    } else {
      x = uni(&r, 0.5, 2.0);
      y = logu(&r, -30, 12, true);
    }
    mpfr_set_d(g_in, x, MPFR_RNDN);
    mpfr_set_d(g_in2, y, MPFR_RNDN);
    double want = mp_finish(mpfr_pow(g_out, g_in, g_in2, MPFR_RNDN));
    note(&s, ulp_dist(ks_pow(x, y), want), x, y);
  }
  report("pow", &s);
  assert_true(s.max_ulp <= 1);
}

/* wrap_angle: the correctly rounded a - 2 pi k in (-pi, pi], for |a| <= 2^24 (also checks the range) */
static void test_wrap_angle(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(14 ^ g_salt);
  stats s = {0, 0, 0, 0, 0};
  mpfr_t t;
  mpfr_init2(t, 300);
  long out_of_range = 0;
  for (int i = 0; i < N_PER_FN; i++) {
    double a = (i & 1) ? uni(&r, -0x1p24, 0x1p24) : uni(&r, -20.0, 20.0);
    if (i % 10 == 9) a = near_pio2(&r, 20000);
    mpfr_set_d(t, a, MPFR_RNDN);
    mpfr_remainder(t, t, g_pi2, MPFR_RNDN); /* exact at 300 bits for these inputs */
    double want = mp_finish(mpfr_set(g_out, t, MPFR_RNDN));
    if (want <= -KS_PI) want = KS_PI; /* -pi and pi are one angle; the range is (-KS_PI, KS_PI] */
    double got = ks_wrap_angle(a);
    if (!(got > -KS_PI && got <= KS_PI)) out_of_range++;
    note(&s, ulp_dist(got, want), a, 0.0);
  }
  mpfr_clear(t);
  report("wrap_angle", &s);
  assert_int_equal(out_of_range, 0);
  assert_true(s.max_ulp <= 1);
}

/* exact functions: bit-identical to MPFR, random bit patterns and small values */
static void test_exact(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(15 ^ g_salt);
  long bad[4] = {0, 0, 0, 0};
  long n = 0, nf = 0; /* inputs checked: x for floor/ceil/round, (x, y) pairs for fmod */
  for (long i = 0; n < N_PER_FN || nf < N_PER_FN; i++) {
    double x;
    if (i % 3 == 0) x = ks_f64_from_bits(ks_rng_next(&r));
    else if (i % 3 == 1) x = logu(&r, -3, 54, true);
    else x = (double)((int)ks_rng_below(&r, 64) - 32) * 0.25;
    if (x != x) continue;
    n++;
    double w;
    mpfr_set_d(g_in, x, MPFR_RNDN);
    mpfr_floor(g_out, g_in);
    w = mpfr_get_d(g_out, MPFR_RNDN);
    if (ks_f64_bits(ks_floor(x)) != ks_f64_bits(w)) bad[0]++;
    mpfr_ceil(g_out, g_in);
    w = mpfr_get_d(g_out, MPFR_RNDN);
    if (ks_f64_bits(ks_ceil(x)) != ks_f64_bits(w)) bad[1]++;
    mpfr_round(g_out, g_in);
    w = mpfr_get_d(g_out, MPFR_RNDN);
    if (ks_f64_bits(ks_round(x)) != ks_f64_bits(w)) bad[2]++;
    double y = (i & 1) ? ks_f64_from_bits(ks_rng_next(&r)) : logu(&r, -10, 10, true);
    if (y != y || y == 0.0 || !ks_is_finite(x)) continue;
    nf++;
    mpfr_set_d(g_in2, y, MPFR_RNDN);
    mp_finish(mpfr_fmod(g_out, g_in, g_in2, MPFR_RNDN));
    w = mpfr_get_d(g_out, MPFR_RNDN);
    if (ks_f64_bits(ks_fmod(x, y)) != ks_f64_bits(w)) bad[3]++;
  }
  printf("dmath exact      inputs %8ld (fmod pairs %ld)  mismatches floor %ld ceil %ld round %ld fmod %ld\n", n, nf,
         bad[0], bad[1], bad[2], bad[3]);
  assert_int_equal(bad[0] + bad[1] + bad[2] + bad[3], 0);
}

int main(void) {
  const char *n = getenv("KS_DMATH_N"), *seed = getenv("KS_DMATH_SEED");
  if (n && atoi(n) > 0) N_PER_FN = atoi(n);
  if (seed) g_salt = strtoull(seed, NULL, 0) * 0x9e3779b97f4a7c15ull;
  mp_setup();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exp),  cmocka_unit_test(test_log),   cmocka_unit_test(test_pow),
      cmocka_unit_test(test_sin),  cmocka_unit_test(test_cos),   cmocka_unit_test(test_sincos),
      cmocka_unit_test(test_tan),  cmocka_unit_test(test_atan),  cmocka_unit_test(test_atan2),
      cmocka_unit_test(test_asin), cmocka_unit_test(test_acos),  cmocka_unit_test(test_tanh),
      cmocka_unit_test(test_wrap_angle), cmocka_unit_test(test_exact),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
