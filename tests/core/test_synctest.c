// SPDX-License-Identifier: MIT
/* The generic sync test catches hidden inputs and passes honest simulations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kickstep/hash.h"
#include "kickstep/rng.h"
#include "kickstep/synctest.h"

typedef struct sim {
  int64_t step;
  double x, v;
  ks_rng dice;
} sim;

static void honest_step(void *p, void *user) {
  (void)user;
  sim *s = (sim *)p;
  s->v += -9.81 * (1.0 / 600) + (ks_rng_double(&s->dice) - 0.5) * 1e-3;
  s->x += s->v * (1.0 / 600);
  if (s->x < 0.0) { s->x = -s->x; s->v = -0.8 * s->v; }
  s->step++;
}

static uint64_t sim_hash(const void *p, void *user) {
  (void)user;
  const sim *s = (const sim *)p;
  ks_hash h = ks_hash_begin();
  ks_hash_i64(&h, s->step);
  ks_hash_f64(&h, s->x);
  ks_hash_f64(&h, s->v);
  ks_hash_u64(&h, s->dice.state);
  return ks_hash_end(&h);
}

static int64_t outside_counter; /* the bug: state kept outside the struct */

static void leaky_step(void *p, void *user) {
  honest_step(p, user);
  sim *s = (sim *)p;
  outside_counter++;
  if (outside_counter == 1234) s->x += 1e-12; /* one call, never repeated on a re-run */
}

static void counting_step(void *p, void *user) {
  honest_step(p, user);
  (*(int64_t *)user)++;
}

static sim start(void) {
  sim s = {0, 1.0, 0.0, ks_rng_seeded(3)};
  return s;
}

static void honest_passes(void **st) {
  (void)st;
  sim s = start(), scratch;
  int64_t calls = 0;
  ks_sync_def d = ks_sync_default_def();
  d.steps = 10000;
  d.check_every = 64;
  ks_sync_result r;
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, counting_step, sim_hash, &calls, &d, &r), KS_OK);
  assert_true(r.ok);
  assert_int_equal(r.first_bad_step, -1);
  assert_int_equal(r.steps_run, 10000);
  assert_int_equal(s.step, 10000);
  assert_int_equal(calls, 20000); /* every step run twice */
  assert_int_equal(r.checks, 10000 + (10000 + 63) / 64);
  /* the state ends where a plain run ends */
  sim plain = start();
  for (int i = 0; i < 10000; i++) honest_step(&plain, NULL);
  assert_true(sim_hash(&plain, NULL) == sim_hash(&s, NULL));
}

static void hidden_input_caught(void **st) {
  (void)st;
  sim s = start(), scratch;
  outside_counter = 0;
  ks_sync_def d = ks_sync_default_def();
  d.steps = 100000;
  d.check_every = 10;
  ks_sync_result r;
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, leaky_step, sim_hash, NULL, &d, &r), KS_OK);
  assert_false(r.ok);
  /* Stretch k (0-based) makes calls 20k+1..20k+10 forward and 20k+11..20k+20 on the re-run;
     either way the step whose hash differs is the one call 1234 ran. */
  int64_t k = (1234 - 1) / 20, in = (1234 - 1) % 20;
  int64_t want = in < 10 ? k * 10 + in + 1 : k * 10 + (in - 10) + 1;
  assert_int_equal(r.first_bad_step, want);
  assert_true(r.expected_hash != r.actual_hash);
  assert_true(r.steps_run < 100000);
}

static void bad_arguments(void **st) {
  (void)st;
  sim s = start(), scratch;
  ks_sync_def d = ks_sync_default_def();
  ks_sync_result r;
  assert_int_equal(ks_sync_run(NULL, sizeof s, &scratch, sizeof scratch, honest_step, sim_hash, NULL, &d, &r), KS_ERR_NULL);
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, NULL, sim_hash, NULL, &d, &r), KS_ERR_NULL);
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, honest_step, NULL, NULL, &d, &r), KS_ERR_NULL);
  assert_int_equal(ks_sync_run(&s, 0, &scratch, sizeof scratch, honest_step, sim_hash, NULL, &d, &r), KS_ERR_NULL);
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof s - 1, honest_step, sim_hash, NULL, &d, &r), KS_ERR_CAPACITY);
  assert_int_equal(ks_sync_run(&s, sizeof s, &s, sizeof s, honest_step, sim_hash, NULL, &d, &r), KS_ERR_STATE);
  ks_sync_def bad = d;
  bad.cookie = 1;
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, honest_step, sim_hash, NULL, &bad, &r), KS_ERR_UNINITIALISED);
  bad = d;
  bad.steps = 0;
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, honest_step, sim_hash, NULL, &bad, &r), KS_ERR_RANGE);
  bad = d;
  bad.check_every = KS_SYNC_MAX_CHECK_EVERY + 1;
  assert_int_equal(ks_sync_run(&s, sizeof s, &scratch, sizeof scratch, honest_step, sim_hash, NULL, &bad, &r), KS_ERR_RANGE);
  assert_int_equal(s.step, 0); /* nothing ran */
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(honest_passes), cmocka_unit_test(hidden_input_caught),
                                     cmocka_unit_test(bad_arguments)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
