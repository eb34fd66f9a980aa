// SPDX-License-Identifier: MIT
/* The duel page's view (wasm/duel_exports.c, compiled natively as a source of
   this test, read through wasm/duel_exports.h): the page draws 20
   results from r_base; for every kick a match can reach, the kick being
   taken is among them, r_base is even (r0 stays the first player's) and the
   window stays inside the match's results. A sudden death past kick 20 once
   read a field that was not there and stopped the page. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kickstep/kick_duel.h"

#include "duel_exports.h"

static void test_the_window_holds_every_kick(void **state) {
  (void)state;
  for (int32_t kick = 0; kick < KICK_DUEL_MAX_KICKS; kick++) {
    int32_t base = dx_results_base(kick);
    if (base % 2 != 0 || base < 0 || kick < base || kick >= base + DX_RESULTS_SHOWN ||
        base + DX_RESULTS_SHOWN > KICK_DUEL_MAX_KICKS)
      fail_msg("kick %d: the view's results start at %d", kick, base);
    if (kick < DX_RESULTS_SHOWN && base != 0) fail_msg("kick %d: the first kicks move the window (%d)", kick, base);
  }
}

static void test_the_view_names_its_results(void **state) {
  (void)state;
  int found = 0;
  for (int32_t i = 0; i < dx_view_count(); i++) {
    const char *n = dx_view_name(i);
    if (strcmp(n, "r_base") == 0) found |= 1;
    if (strcmp(n, "r0") == 0) found |= 2;
    if (strcmp(n, "r19") == 0) found |= 4;
    if (strcmp(n, "last_result") == 0) found |= 8;
  }
  assert_int_equal(found, 15);
  assert_int_equal(DX_RESULTS_SHOWN, 20); /* web/duel/hud.js reads r0..r19 */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_the_window_holds_every_kick),
      cmocka_unit_test(test_the_view_names_its_results),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
