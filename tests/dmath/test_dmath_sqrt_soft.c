// SPDX-License-Identifier: MIT
/* ks_sqrt_soft, the square root in integer arithmetic that ks_sqrt uses where
   the compiler has no __builtin_sqrt: bit for bit the IEEE square root (the
   CPU's instruction, here __builtin_sqrt) on special values, subnormals, exact
   squares, the neighbours of squares and 4 x 10^6 drawn inputs; and ks_sqrt
   in a file compiled without __GNUC__ / __clang__ (sqrt_nognu.c) is the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "kickstep/dmath.h"
#include "kickstep/rng.h"

double nognu_ks_sqrt(double x);

static bool is_nan(double x) { return x != x; }

static long mismatches;

/* same bits as the instruction, or both NaN (a NaN's bits are the CPU's) */
static void check(double x) {
  double want = __builtin_sqrt(x), soft = ks_sqrt_soft(x), nognu = nognu_ks_sqrt(x);
  bool ok = (is_nan(want) && is_nan(soft) && is_nan(nognu)) ||
            (ks_f64_bits(want) == ks_f64_bits(soft) && ks_f64_bits(want) == ks_f64_bits(nognu));
  if (!ok && mismatches++ < 5)
    printf("sqrt(%a) [%016llx]: instruction %016llx, ks_sqrt_soft %016llx, ks_sqrt without GNU C %016llx\n", x,
           (unsigned long long)ks_f64_bits(x), (unsigned long long)ks_f64_bits(want),
           (unsigned long long)ks_f64_bits(soft), (unsigned long long)ks_f64_bits(nognu));
}

static double bits(uint64_t u) { return ks_f64_from_bits(u); }

static void test_special_values(void **st) {
  (void)st;
  mismatches = 0;
  const uint64_t u[] = {
      0, 0x8000000000000000ull,                         /* ±0 */
      0x7ff0000000000000ull, 0xfff0000000000000ull,     /* ±inf */
      1, 2, 3, 0x000fffffffffffffull, 0x0008000000000000ull, /* subnormals */
      0x0010000000000000ull, 0x0010000000000001ull,     /* the least normals */
      0x7fefffffffffffffull, 0x3ff0000000000000ull, 0x4000000000000000ull, 0x4010000000000000ull,
      0x3fefffffffffffffull, 0x3ff0000000000001ull, 0x400fffffffffffffull, 0xbff0000000000000ull,
      0x8000000000000001ull,
  };
  for (size_t i = 0; i < sizeof u / sizeof u[0]; i++) check(bits(u[i]));
  assert_int_equal(mismatches, 0);
  /* what the header promises for NaN (x86's choice, on every CPU) */
  assert_int_equal(ks_f64_bits(ks_sqrt_soft(-1.0)), 0xfff8000000000000ull);
  assert_int_equal(ks_f64_bits(ks_sqrt_soft(bits(0xfff0000000000000ull))), 0xfff8000000000000ull);
  assert_int_equal(ks_f64_bits(ks_sqrt_soft(bits(0x7ff0000000000123ull))), 0x7ff8000000000123ull);
  assert_int_equal(ks_f64_bits(ks_sqrt_soft(bits(0xfff8000000000042ull))), 0xfff8000000000042ull);
  assert_int_equal(ks_f64_bits(ks_sqrt_soft(-0.0)), 0x8000000000000000ull);
}

/* k^2 exactly, and the doubles either side of it: the last bit of the root
   turns on the remainder there. */
static void test_squares_and_their_neighbours(void **st) {
  (void)st;
  mismatches = 0;
  ks_rng r = ks_rng_seeded(20240229u);
  for (int i = 0; i < 200000; i++) {
    uint64_t k = (ks_rng_next(&r) >> 11) | 1u; /* 53 bits at most */
    double m = (double)k * bits((uint64_t)(1023 - 53 + (int)(ks_rng_next(&r) % 64u)) << 52); /* k * 2^(j - 53) */
    double sq = m * m;
    uint64_t b = ks_f64_bits(sq);
    check(sq);
    check(bits(b + 1));
    check(bits(b - 1));
    double small = (double)(k >> 27);
    check(small * small);
  }
  assert_int_equal(mismatches, 0);
}

static void test_drawn_inputs(void **st) {
  (void)st;
  mismatches = 0;
  ks_rng r = ks_rng_seeded(77u);
  for (int i = 0; i < 1000000; i++) {
    uint64_t u = ks_rng_next(&r);
    check(bits(u));                                                  /* any bits: every exponent, NaNs */
    check(bits(u & 0x000fffffffffffffull));                          /* subnormals */
    check(bits((u & 0x000fffffffffffffull) | 0x3ff0000000000000ull)); /* [1, 2) */
    check(bits((u & 0x000fffffffffffffull) | 0x4000000000000000ull)); /* [2, 4) */
  }
  assert_int_equal(mismatches, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_special_values),
      cmocka_unit_test(test_squares_and_their_neighbours),
      cmocka_unit_test(test_drawn_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
