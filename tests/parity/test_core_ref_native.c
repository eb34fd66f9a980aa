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

#include "scenes/core_ref.c"

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

static void ref_step(void *state, void *user) {
  (void)user;
  step((ref_state *)state);
}

static uint64_t ref_hash_fn(const void *state, void *user) {
  (void)user;
  return ref_hash((const ref_state *)state);
}

static void passes_sync_test(void **st) {
  (void)st;
  ref_state s = {0}, scratch;
  s.dice = ks_rng_stream(20260101, 1);
  s.wind_seed = ks_rng_next(&s.dice);
  s.p = ks_v3(0.0, kRadius, 0.0);
  ks_sync_def d = ks_sync_default_def();
  d.steps = 20000;
  d.check_every = 97;
  ks_sync_result r;
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, ref_step, ref_hash_fn, NULL, &d, &r), KS_OK);
  if (!r.ok) fail_msg("sync test: step %lld differs", (long long)r.first_bad_step);
  assert_int_equal(s.step, 20000);
  assert_true(s.kicks > 5);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(matches_golden), cmocka_unit_test(passes_sync_test)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
