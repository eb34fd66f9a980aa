// SPDX-License-Identifier: MIT
/* ks_dmath's golden bits: every build must reproduce golden_dmath.h, which
   was generated on x86-64 by gen_golden.c. A mismatch names the function and
   input. The inputs are recomputed here too, so a change of input generator
   without regeneration also fails. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "dmath_fns.h"
#include "golden_dmath.h"

static void test_golden_bits(void **st) {
  (void)st;
  int bad = 0;
  assert_int_equal(DM_GOLDEN_COUNT, DM_FN_COUNT * DM_GOLDEN_PER_FN);
  for (int i = 0; i < DM_GOLDEN_COUNT; i++) {
    const struct dm_golden *g = &dm_golden[i];
    double out = dm_eval(g->fn, ks_f64_from_bits(g->x), ks_f64_from_bits(g->y));
    if (ks_f64_bits(out) != g->out) {
      printf("golden mismatch: %s(%a, %a) = %016" PRIx64 ", golden %016" PRIx64 "\n", dm_fn_names[g->fn],
             ks_f64_from_bits(g->x), ks_f64_from_bits(g->y), ks_f64_bits(out), g->out);
      bad++;
    }
  }
  assert_int_equal(bad, 0);
}

static void test_golden_inputs(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(0x646d617468ull);
  int k = 0;
  for (int fn = 0; fn < DM_FN_COUNT; fn++) {
    for (int i = 0; i < DM_GOLDEN_PER_FN; i++, k++) {
      double x, y;
      dm_golden_input(fn, &r, i, &x, &y);
      assert_int_equal(dm_golden[k].fn, fn);
      assert_true(ks_f64_bits(x) == dm_golden[k].x);
      assert_true(ks_f64_bits(y) == dm_golden[k].y);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_golden_bits),
      cmocka_unit_test(test_golden_inputs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
