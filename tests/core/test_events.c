// SPDX-License-Identifier: MIT
/* The fixed-capacity event buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kickstep/events.h"

static void push_and_capacity(void **st) {
  (void)st;
  ks_events e;
  ks_events_clear(&e);
  assert_int_equal(e.count, 0);
  for (uint32_t i = 0; i < KS_EVENTS_CAPACITY; i++)
    assert_int_equal(ks_events_push(&e, (int64_t)i, 1 + i % 3, i, 1.0, 2.0, 3.0), KS_OK);
  assert_int_equal(e.count, KS_EVENTS_CAPACITY);
  assert_int_equal(ks_events_push(&e, 99, 1, 0, 0, 0, 0), KS_ERR_CAPACITY);
  assert_int_equal(ks_events_push(&e, 99, 1, 0, 0, 0, 0), KS_ERR_CAPACITY);
  assert_int_equal(e.count, KS_EVENTS_CAPACITY);
  assert_int_equal(e.dropped, 2);
  assert_int_equal(e.items[5].step, 5);
  assert_int_equal(e.items[5].type, 3);
  assert_true(e.items[5].value[2] == 3.0);
  assert_int_equal(ks_events_push(NULL, 0, 0, 0, 0, 0, 0), KS_ERR_NULL);
  ks_events_clear(&e);
  assert_int_equal(e.count, 0);
  assert_int_equal(e.dropped, 0);
  ks_events_clear(NULL);
}

static void append_and_find(void **st) {
  (void)st;
  ks_events frame, step;
  ks_events_clear(&frame);
  for (int s = 1; s <= 3; s++) {
    ks_events_clear(&step);
    assert_int_equal(ks_events_push(&step, s, 10 + (uint32_t)s, 0, 0.5 * s, 0, 0), KS_OK);
    assert_int_equal(ks_events_append(&frame, &step), KS_OK);
  }
  assert_int_equal(frame.count, 3);
  assert_int_equal(ks_events_find(&frame, 12), 1);
  assert_int_equal(frame.items[1].step, 2);
  assert_int_equal(ks_events_find(&frame, 99), -1);
  assert_int_equal(ks_events_find(NULL, 1), -1);
  assert_int_equal(ks_events_append(NULL, &step), KS_ERR_NULL);
  assert_int_equal(ks_events_append(&frame, NULL), KS_ERR_NULL);
  /* appending into a full buffer counts what did not fit, and the source's own drops */
  ks_events full;
  ks_events_clear(&full);
  for (uint32_t i = 0; i < KS_EVENTS_CAPACITY; i++) ks_events_push(&full, 0, 1, 0, 0, 0, 0);
  frame.dropped = 4;
  assert_int_equal(ks_events_append(&full, &frame), KS_ERR_CAPACITY);
  assert_int_equal(full.dropped, 3 + 4);
  assert_int_equal(full.count, KS_EVENTS_CAPACITY);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(push_and_capacity), cmocka_unit_test(append_and_find)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
