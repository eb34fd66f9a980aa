// SPDX-License-Identifier: MIT
/* The reference scene in the project's own build: its timeline matches the
   golden file (the library as CMake builds it, not only the parity scripts'
   builds), a second run gives the same bytes, and the scene's state passes
   the sync test (it is a value: rewinding a copy replays the same hashes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/host_file.h"
#include "kickstep/host_timeline.h"
#include "kickstep/synctest.h"

#include "scenes/core_ref.h"

#define CAP (4u << 20)

static void matches_golden(void **st) {
  (void)st;
  char *out = malloc(CAP), *again = malloc(CAP);
  assert_non_null(out);
  assert_non_null(again);
  size_t n = ks_scene_core_ref(out, CAP);
  assert_true(n > 0);
  assert_int_equal(ks_scene_core_ref(again, CAP), n);
  assert_memory_equal(out, again, n);
  char *golden = NULL;
  size_t glen = 0;
  ks_status s = ks_host_read_all(KS_GOLDEN_DIR "/core_ref.jsonl", KS_TL_MAX_BYTES, "a timeline", &golden, &glen, NULL);
  if (s != KS_OK) fail_msg("no golden file %s (run tools/parity/regen-goldens.sh core_ref)", KS_GOLDEN_DIR "/core_ref.jsonl");
  ks_tl_diff d;
  assert_int_equal(ks_tl_compare_text(golden, glen, out, n, &d), KS_OK);
  if (!d.identical) fail_msg("core_ref differs from its golden file: %s", d.message);
  free(golden);
  free(out);
  free(again);
}

static void passes_sync_test(void **st) {
  (void)st;
  size_t size = ks_scene_core_ref_state_size();
  void *s = calloc(1, size), *scratch = calloc(1, size);
  assert_non_null(s);
  assert_non_null(scratch);
  ks_scene_core_ref_start(s);
  ks_sync_def d = ks_sync_default_def();
  d.steps = 20000;
  d.check_every = 97;
  ks_sync_result r;
  assert_int_equal(ks_sync_run(s, size, scratch, size, ks_scene_core_ref_step, ks_scene_core_ref_hash, NULL, &d, &r),
                   KS_OK);
  if (!r.ok) fail_msg("sync test: step %lld differs", (long long)r.first_bad_step);
  int64_t steps = 0, kicks = 0;
  ks_scene_core_ref_counts(s, &steps, &kicks);
  assert_int_equal(steps, 20000);
  assert_true(kicks > 5);
  free(s);
  free(scratch);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(matches_golden), cmocka_unit_test(passes_sync_test)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
