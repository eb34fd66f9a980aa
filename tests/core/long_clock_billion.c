// SPDX-License-Identifier: MIT
/* 10^9 frames of 1/144 s: the clock ends exactly where integer arithmetic says.
   Slow (seconds): labelled "long" in ctest so quick runs can skip it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kickstep/clock.h"

static void billion_frames(void **st) {
  (void)st;
  ks_clock_def d = ks_clock_default_def(); /* 60 steps/s */
  ks_clock c;
  assert_int_equal(ks_clock_init(&c, &d), KS_OK);
  const int64_t frames = 1000000000;
  const double frame = 1.0 / 144.0;
  int64_t per_frame = ks_clock_seconds_to_units(frame, c.units_per_second);
  for (int64_t i = 0; i < frames; i++) ks_clock_advance(&c, frame);
  int64_t total_units = per_frame * frames;
  assert_int_equal(c.total_steps, total_units / KS_CLOCK_UNITS_PER_STEP);
  assert_int_equal(c.banked_units, total_units % KS_CLOCK_UNITS_PER_STEP);
  assert_int_equal(c.dropped_units, 0);
  /* and simulated time is whole steps over the rate, with no drift */
  assert_true(ks_clock_time(&c) == (double)c.total_steps / 60.0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(billion_frames)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
