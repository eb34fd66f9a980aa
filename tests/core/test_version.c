// SPDX-License-Identifier: MIT
/* The version macros and the linked library agree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "kickstep/version.h"

static void macros_and_library_agree(void **st) {
  (void)st;
  char want[32];
  snprintf(want, sizeof want, "%d.%d.%d", KICKSTEP_VERSION_MAJOR, KICKSTEP_VERSION_MINOR,
           KICKSTEP_VERSION_PATCH);
  assert_string_equal(want, KICKSTEP_VERSION_STRING);
  assert_string_equal(ks_version(), KICKSTEP_VERSION_STRING);
  assert_int_equal(ks_version_number(), KICKSTEP_VERSION);
  assert_int_equal(KICKSTEP_VERSION,
                   KICKSTEP_VERSION_MAJOR * 10000 + KICKSTEP_VERSION_MINOR * 100 + KICKSTEP_VERSION_PATCH);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(macros_and_library_agree)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
