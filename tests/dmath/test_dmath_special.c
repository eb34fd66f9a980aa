// SPDX-License-Identifier: MIT
/* ks_dmath: special values (C99 Annex F where the header promises them), the
   exact functions bit for bit, symmetries, sincos against sin/cos and the
   range of wrap_angle. All comparisons are of bits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "kickstep/dmath.h"
#include "kickstep/rng.h"

#define INF (1.0 / 0.0)
#define NAN_ (0.0 / 0.0)
#define PIO2_D 0x1.921fb54442d18p+0
#define PI_D 0x1.921fb54442d18p+1

static bool is_nan(double x) { return x != x; }

/* same bits, or both NaN */
static void same(double got, double want, const char *what, double x, double y) {
  bool ok = (is_nan(got) && is_nan(want)) || ks_f64_bits(got) == ks_f64_bits(want);
  if (!ok) printf("%s(%a, %a): got %a (%016llx), want %a\n", what, x, y, got, (unsigned long long)ks_f64_bits(got), want);
  assert_true(ok);
}

typedef double (*fn1)(double);

static void test_nan_in_nan_out(void **st) {
  (void)st;
  static const fn1 fns[] = {ks_floor, ks_ceil, ks_round, ks_exp, ks_log, ks_sin, ks_cos, ks_tan,
                            ks_atan, ks_asin, ks_acos, ks_tanh, ks_wrap_angle};
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) assert_true(is_nan(fns[i](NAN_)));
  assert_true(is_nan(ks_fmod(NAN_, 1.0)));
  assert_true(is_nan(ks_fmod(1.0, NAN_)));
  assert_true(is_nan(ks_atan2(NAN_, 1.0)));
  assert_true(is_nan(ks_atan2(1.0, NAN_)));
  assert_true(is_nan(ks_pow(NAN_, 2.0)));
  assert_true(is_nan(ks_pow(2.0, NAN_)));
  double s, c;
  ks_sincos(NAN_, &s, &c);
  assert_true(is_nan(s) && is_nan(c));
}

static void test_exp_log(void **st) {
  (void)st;
  same(ks_exp(-INF), 0.0, "exp", -INF, 0);
  same(ks_exp(INF), INF, "exp", INF, 0);
  same(ks_exp(0.0), 1.0, "exp", 0.0, 0);
  same(ks_exp(-0.0), 1.0, "exp", -0.0, 0);
  same(ks_exp(710.0), INF, "exp", 710.0, 0);
  same(ks_exp(1e308), INF, "exp", 1e308, 0);
  same(ks_exp(-746.0), 0.0, "exp", -746.0, 0);
  same(ks_exp(-1e308), 0.0, "exp", -1e308, 0);
  same(ks_exp(0x1.62e42fefa39efp+9), 0x1.fffffffffff2ap+1023, "exp", 0x1.62e42fefa39efp+9, 0); /* largest finite */
  same(ks_exp(0x1.62e42fefa39fp+9), INF, "exp", 0x1.62e42fefa39fp+9, 0);
  same(ks_exp(-0x1.74385446d71c3p+9), 0x1p-1074, "exp", -0x1.74385446d71c3p+9, 0); /* rounds to the least subnormal */
  same(ks_exp(1.0), KS_E, "exp", 1.0, 0);
  same(ks_log(0.0), -INF, "log", 0.0, 0);
  same(ks_log(-0.0), -INF, "log", -0.0, 0);
  assert_true(is_nan(ks_log(-1.0)));
  assert_true(is_nan(ks_log(-INF)));
  assert_true(is_nan(ks_log(-0x1p-1074)));
  same(ks_log(INF), INF, "log", INF, 0);
  same(ks_log(1.0), 0.0, "log", 1.0, 0);
  same(ks_log(KS_E), 1.0, "log", KS_E, 0);
  same(ks_log(0x1p-1074), -0x1.74385446d71c3p+9, "log", 0x1p-1074, 0);
  same(ks_log(0x1.fffffffffffffp+1023), 0x1.62e42fefa39efp+9, "log", 0x1.fffffffffffffp+1023, 0);
}

static void test_pow_special(void **st) {
  (void)st;
  static const struct { double x, y, want; } t[] = {
      {NAN_, 0.0, 1.0}, {NAN_, -0.0, 1.0}, {-INF, 0.0, 1.0}, {1.0, NAN_, 1.0}, {1.0, INF, 1.0}, {1.0, -INF, 1.0},
      {-1.0, INF, 1.0}, {-1.0, -INF, 1.0},
      {0.0, -3.0, INF}, {-0.0, -3.0, -INF}, {0.0, -2.0, INF}, {-0.0, -2.0, INF}, {-0.0, -0.5, INF}, {-0.0, -INF, INF},
      {0.0, 3.0, 0.0}, {-0.0, 3.0, -0.0}, {-0.0, 2.0, 0.0}, {-0.0, 0.5, 0.0}, {-0.0, INF, 0.0},
      {0.5, -INF, INF}, {2.0, -INF, 0.0}, {0.5, INF, 0.0}, {-2.0, INF, INF}, {-0.5, INF, 0.0},
      {-INF, -3.0, -0.0}, {-INF, -2.0, 0.0}, {-INF, -0.5, 0.0}, {-INF, 3.0, -INF}, {-INF, 2.0, INF}, {-INF, 0.5, INF},
      {INF, -1.0, 0.0}, {INF, 0.5, INF},
      {2.0, 10.0, 1024.0}, {-2.0, 3.0, -8.0}, {-2.0, 4.0, 16.0}, {-2.0, -1.0, -0.5}, {3.0, 2.0, 9.0},
      {2.0, -1074.0, 0x1p-1074}, {2.0, -1075.0, 0.0}, {-2.0, -1075.0, -0.0}, {2.0, 1023.0, 0x1p1023},
      {2.0, 1024.0, INF}, {-2.0, 1025.0, -INF}, {10.0, 400.0, INF}, {10.0, -400.0, 0.0},
      {-1.0, 0x1p60, 1.0}, {-1.0, 3.0, -1.0}, {1.0000001, 0x1p70, INF}, {0.9999999, 0x1p70, 0.0},
      {-1.0000001, 0x1p70, INF}, {4.0, 0.5, 2.0}, {0.25, -0.5, 2.0}, {-8.0, 1.0, -8.0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) same(ks_pow(t[i].x, t[i].y), t[i].want, "pow", t[i].x, t[i].y);
  assert_true(is_nan(ks_pow(-2.0, 0.5)));
  assert_true(is_nan(ks_pow(-INF == -INF ? -8.0 : 0.0, 1.0 / 3.0)));
}

static void test_trig_special(void **st) {
  (void)st;
  same(ks_sin(-0.0), -0.0, "sin", -0.0, 0);
  same(ks_sin(0.0), 0.0, "sin", 0.0, 0);
  same(ks_cos(-0.0), 1.0, "cos", -0.0, 0);
  same(ks_tan(-0.0), -0.0, "tan", -0.0, 0);
  same(ks_sin(0x1p-1074), 0x1p-1074, "sin", 0x1p-1074, 0);
  assert_true(is_nan(ks_sin(INF)) && is_nan(ks_cos(-INF)) && is_nan(ks_tan(INF)));
  /* outside the documented domain |x| <= 2^20 pi: NaN */
  assert_true(is_nan(ks_sin(1e7)) && is_nan(ks_cos(-1e7)) && is_nan(ks_tan(1e300)));
  assert_false(is_nan(ks_sin(0x1.921fb54442d18p+21)));
  same(ks_sin(KS_PI), 0x1.1a62633145c07p-53, "sin", KS_PI, 0);
  same(ks_cos(KS_PI), -1.0, "cos", KS_PI, 0);
  same(ks_cos(KS_HALF_PI), 0x1.1a62633145c07p-54, "cos", KS_HALF_PI, 0);
  same(ks_sin(KS_HALF_PI), 1.0, "sin", KS_HALF_PI, 0);
  same(ks_atan(-0.0), -0.0, "atan", -0.0, 0);
  same(ks_atan(INF), PIO2_D, "atan", INF, 0);
  same(ks_atan(-INF), -PIO2_D, "atan", -INF, 0);
  same(ks_atan(1.0), 0x1.921fb54442d18p-1, "atan", 1.0, 0);
  same(ks_asin(-0.0), -0.0, "asin", -0.0, 0);
  same(ks_asin(1.0), PIO2_D, "asin", 1.0, 0);
  same(ks_asin(-1.0), -PIO2_D, "asin", -1.0, 0);
  same(ks_acos(1.0), 0.0, "acos", 1.0, 0);
  same(ks_acos(-1.0), PI_D, "acos", -1.0, 0);
  same(ks_acos(0.0), PIO2_D, "acos", 0.0, 0);
  assert_true(is_nan(ks_asin(1.0000000000000002)) && is_nan(ks_acos(-1.0000000000000002)));
  assert_true(is_nan(ks_asin(INF)) && is_nan(ks_acos(-INF)));
  same(ks_tanh(-0.0), -0.0, "tanh", -0.0, 0);
  same(ks_tanh(INF), 1.0, "tanh", INF, 0);
  same(ks_tanh(-INF), -1.0, "tanh", -INF, 0);
  same(ks_tanh(-30.0), -1.0, "tanh", -30.0, 0);
}

static void test_atan2_special(void **st) {
  (void)st;
  static const struct { double y, x, want; } t[] = {
      {0.0, 0.0, 0.0},     {-0.0, 0.0, -0.0},   {0.0, -0.0, PI_D},    {-0.0, -0.0, -PI_D},
      {0.0, 1.0, 0.0},     {-0.0, 1.0, -0.0},   {0.0, -1.0, PI_D},    {-0.0, -1.0, -PI_D},
      {1.0, 0.0, PIO2_D},  {1.0, -0.0, PIO2_D}, {-1.0, 0.0, -PIO2_D}, {-1.0, -0.0, -PIO2_D},
      {1.0, INF, 0.0},     {-1.0, INF, -0.0},   {1.0, -INF, PI_D},    {-1.0, -INF, -PI_D},
      {INF, 1.0, PIO2_D},  {-INF, -1.0, -PIO2_D},
      {INF, INF, 0x1.921fb54442d18p-1},  {-INF, INF, -0x1.921fb54442d18p-1},
      {INF, -INF, 0x1.2d97c7f3321d2p+1}, {-INF, -INF, -0x1.2d97c7f3321d2p+1},
      {1.0, 1.0, 0x1.921fb54442d18p-1},  {1.0, -1.0, 0x1.2d97c7f3321d2p+1},
      {-1.0, -1.0, -0x1.2d97c7f3321d2p+1}, {-1.0, 1.0, -0x1.921fb54442d18p-1},
      {0x1p-1074, 1.0, 0x1p-1074},  {0x1p-1074, 0x1p-1074, 0x1.921fb54442d18p-1},
      {0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+1023, 0x1.921fb54442d18p-1},
      {1e300, 1e-300, PIO2_D}, {1e-300, -1e300, PI_D},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) same(ks_atan2(t[i].y, t[i].x), t[i].want, "atan2", t[i].y, t[i].x);
  /* quadrants */
  ks_rng r = ks_rng_seeded(77);
  for (int i = 0; i < 100000; i++) {
    double y = ks_rng_range(&r, -5.0, 5.0), x = ks_rng_range(&r, -5.0, 5.0);
    double a = ks_atan2(y, x);
    assert_true(a > -PI_D - 1e-15 && a <= PI_D);
    assert_true((y > 0) == (a > 0));
    assert_true((x >= 0) == (a >= -PIO2_D && a <= PIO2_D));
    same(ks_atan2(-y, x), -a, "atan2 odd in y", y, x);
  }
}

/* floor/ceil/round of k/8 and of values near 2^52, against integer arithmetic */
static void test_rounding_exact(void **st) {
  (void)st;
  for (int64_t k = -100000; k <= 100000; k++) {
    double x = (double)k / 8.0;
    int64_t fl = k >= 0 ? k / 8 : -((-k + 7) / 8);
    int64_t ce = k >= 0 ? (k + 7) / 8 : -((-k) / 8);
    int64_t ak = k < 0 ? -k : k, rd = (ak + 4) / 8;
    double fw = (double)fl, cw = (double)ce, rw = (double)(k < 0 ? -rd : rd);
    if (fw == 0.0 && x < 0) fw = -0.0;   /* never: floor(negative) <= -1 */
    if (cw == 0.0 && x < 0) cw = -0.0;   /* ceil(-0.x) = -0 */
    if (rw == 0.0 && x < 0) rw = -0.0;   /* round(-0.x) = -0 */
    if (x == 0.0) { fw = 0.0; cw = 0.0; rw = 0.0; }
    same(ks_floor(x), fw, "floor", x, 0);
    same(ks_ceil(x), cw, "ceil", x, 0);
    same(ks_round(x), rw, "round", x, 0);
  }
  static const struct { double x, fl, ce, ro; } t[] = {
      {0.0, 0.0, 0.0, 0.0}, {-0.0, -0.0, -0.0, -0.0}, {0.49999999999999994, 0.0, 1.0, 0.0},
      {-0.49999999999999994, -1.0, -0.0, -0.0}, {0.5, 0.0, 1.0, 1.0}, {-0.5, -1.0, -0.0, -1.0},
      {0x1p-1074, 0.0, 1.0, 0.0}, {-0x1p-1074, -1.0, -0.0, -0.0}, {0x1.fffffffffffffp-1, 0.0, 1.0, 1.0},
      {4503599627370495.5, 4503599627370495.0, 4503599627370496.0, 4503599627370496.0},
      {-4503599627370495.5, -4503599627370496.0, -4503599627370495.0, -4503599627370496.0},
      {4503599627370497.0, 4503599627370497.0, 4503599627370497.0, 4503599627370497.0},
      {2251799813685248.5, 2251799813685248.0, 2251799813685249.0, 2251799813685249.0},
      {0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+1023},
      {INF, INF, INF, INF}, {-INF, -INF, -INF, -INF}, {2.5, 2.0, 3.0, 3.0}, {-2.5, -3.0, -2.0, -3.0},
      {1.9999999999999998, 1.0, 2.0, 2.0}, {-1.0000000000000002, -2.0, -1.0, -1.0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    same(ks_floor(t[i].x), t[i].fl, "floor", t[i].x, 0);
    same(ks_ceil(t[i].x), t[i].ce, "ceil", t[i].x, 0);
    same(ks_round(t[i].x), t[i].ro, "round", t[i].x, 0);
  }
}

static void test_fmod_exact(void **st) {
  (void)st;
  for (int a = -300; a <= 300; a++) {
    for (int b = -40; b <= 40; b++) {
      if (b == 0) continue;
      double want = (double)(a % b);
      if (want == 0.0 && a < 0) want = -0.0;
      same(ks_fmod((double)a, (double)b), want, "fmod", a, b);
      same(ks_fmod((double)a * 0x1p-1060, (double)b * 0x1p-1060), want * 0x1p-1060, "fmod", a, b); /* subnormal */
      same(ks_fmod((double)a * 0x1p900, (double)b * 0x1p900), want * 0x1p900, "fmod", a, b);
    }
  }
  static const struct { double x, y, want; } t[] = {
      {5.5, 2.0, 1.5},  {-5.5, 2.0, -1.5}, {5.5, -2.0, 1.5}, {-5.5, -2.0, -1.5}, {0.0, 3.0, 0.0},
      {-0.0, 3.0, -0.0}, {6.0, 3.0, 0.0},  {-6.0, 3.0, -0.0}, {1.0, INF, 1.0},  {-1.0, -INF, -1.0},
      {0x1p1023, 0x1p-1074, 0.0}, {1e308, 1e-308, 0x0.28401cf53d61p-1022}, {0.1, 0.03, 0x1.47ae147ae148p-7},
      {KS_TAU * 1e10, KS_TAU, 0x1.921facc12cd18p+2},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) same(ks_fmod(t[i].x, t[i].y), t[i].want, "fmod", t[i].x, t[i].y);
  assert_true(is_nan(ks_fmod(1.0, 0.0)) && is_nan(ks_fmod(INF, 1.0)) && is_nan(ks_fmod(-INF, INF)));
}

static void test_symmetry_and_sincos(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(99);
  for (int i = 0; i < 200000; i++) {
    double x = ks_rng_range(&r, -1.0, 1.0) * ks_exp(ks_rng_range(&r, -30.0, 15.0));
    same(ks_sin(-x), -ks_sin(x), "sin odd", x, 0);
    same(ks_cos(-x), ks_cos(x), "cos even", x, 0);
    same(ks_tan(-x), -ks_tan(x), "tan odd", x, 0);
    same(ks_atan(-x), -ks_atan(x), "atan odd", x, 0);
    same(ks_tanh(-x), -ks_tanh(x), "tanh odd", x, 0);
    double s, c;
    ks_sincos(x, &s, &c);
    same(s, ks_sin(x), "sincos.sin", x, 0);
    same(c, ks_cos(x), "sincos.cos", x, 0);
    /* Either output may be NULL: the other is still written, the same bits. */
    double only = 0.0;
    ks_sincos(x, &only, NULL);
    same(only, s, "sincos(s only)", x, 0);
    ks_sincos(x, NULL, &only);
    same(only, c, "sincos(c only)", x, 0);
    ks_sincos(x, NULL, NULL);
    double u = ks_rng_range(&r, -1.0, 1.0);
    same(ks_asin(-u), -ks_asin(u), "asin odd", u, 0);
    same(ks_atan2(-x, u), -ks_atan2(x, u), "atan2 odd", x, u);
    same(ks_floor(-x), -ks_ceil(x), "floor/ceil", x, 0);
    same(ks_round(-x), -ks_round(x), "round odd", x, 0);
  }
}

static void test_wrap_angle_range(void **st) {
  (void)st;
  same(ks_wrap_angle(-PI_D), PI_D, "wrap", -PI_D, 0);
  same(ks_wrap_angle(PI_D), PI_D, "wrap", PI_D, 0);
  same(ks_wrap_angle(-0.0), -0.0, "wrap", -0.0, 0);
  /* 3 * PI_D rounds below 3 pi, so it wraps to just below pi */
  same(ks_wrap_angle(3 * PI_D), 0x1.921fb54442d17p+1, "wrap", 3 * PI_D, 0);
  same(ks_wrap_angle(-3 * PI_D), -0x1.921fb54442d17p+1, "wrap", -3 * PI_D, 0);
  same(ks_wrap_angle(KS_TAU), -0x1.1a62633145c07p-52, "wrap", KS_TAU, 0); /* KS_TAU lies just below 2pi */
  assert_true(is_nan(ks_wrap_angle(INF)) && is_nan(ks_wrap_angle(-INF)));
  ks_rng r = ks_rng_seeded(5);
  for (int i = 0; i < 300000; i++) {
    double a = ks_rng_range(&r, -1.0, 1.0) * ks_exp(ks_rng_range(&r, -5.0, 700.0));
    double w = ks_wrap_angle(a);
    assert_true(w > -PI_D && w <= PI_D);
    if (a > -PI_D && a <= PI_D) same(w, a, "wrap identity", a, 0);
    same(ks_wrap_angle(w), w, "wrap idempotent", w, 0);
    if (ks_fabs(a) < 1e6) { /* same angle: sine and cosine agree closely */
      assert_true(ks_fabs(ks_sin(w) - ks_sin(a)) < 1e-9);
      assert_true(ks_fabs(ks_cos(w) - ks_cos(a)) < 1e-9);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_nan_in_nan_out),  cmocka_unit_test(test_exp_log),
      cmocka_unit_test(test_pow_special),     cmocka_unit_test(test_trig_special),
      cmocka_unit_test(test_atan2_special),   cmocka_unit_test(test_rounding_exact),
      cmocka_unit_test(test_fmod_exact),      cmocka_unit_test(test_symmetry_and_sincos),
      cmocka_unit_test(test_wrap_angle_range),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
