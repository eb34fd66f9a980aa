// SPDX-License-Identifier: MIT
/* The field hash and FNV-1a. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kickstep/hash.h"

static uint64_t two(double a, double b) {
  ks_hash h = ks_hash_begin();
  ks_hash_f64(&h, a);
  ks_hash_f64(&h, b);
  return ks_hash_end(&h);
}

static void field_order_matters(void **st) {
  (void)st;
  assert_true(two(1.0, 2.0) != two(2.0, 1.0));
  assert_true(two(1.0, 2.0) == two(1.0, 2.0));
  ks_hash a = ks_hash_begin(), b = ks_hash_begin();
  ks_hash_u64(&a, 0);
  assert_true(ks_hash_end(&a) != ks_hash_end(&b)); /* a zero field still counts */
  ks_hash_u64(&b, 0);
  ks_hash_u64(&b, 0);
  assert_true(ks_hash_end(&a) != ks_hash_end(&b));
}

static void signed_zero_and_nan(void **st) {
  (void)st;
  assert_true(two(0.0, 1.0) != two(-0.0, 1.0));
  double n1 = ks_f64_from_bits(0x7ff8000000000000ull), n2 = ks_f64_from_bits(0x7ff8000000000001ull);
  assert_true(two(n1, 0.0) != two(n2, 0.0));
  assert_true(two(n1, 0.0) == two(n1, 0.0));
}

static void typed_fields(void **st) {
  (void)st;
  ks_hash a = ks_hash_begin(), b = ks_hash_begin();
  ks_hash_i32(&a, -1);
  ks_hash_i64(&b, -1);
  assert_true(ks_hash_end(&a) == ks_hash_end(&b)); /* documented: i32 widens by sign */
  ks_hash c = ks_hash_begin(), d = ks_hash_begin();
  ks_hash_u32(&c, 0xffffffffu);
  ks_hash_i32(&d, -1);
  assert_true(ks_hash_end(&c) != ks_hash_end(&d));
  ks_hash t = ks_hash_begin(), f = ks_hash_begin();
  ks_hash_bool(&t, true);
  ks_hash_bool(&f, false);
  assert_true(ks_hash_end(&t) != ks_hash_end(&f));
}

/* Two structs equal field by field but with different padding bytes hash the same. */
struct padded { uint8_t flag; double x; uint16_t n; };
static uint64_t hash_padded(const struct padded *p) {
  ks_hash h = ks_hash_begin();
  ks_hash_u32(&h, p->flag);
  ks_hash_f64(&h, p->x);
  ks_hash_u32(&h, p->n);
  return ks_hash_end(&h);
}

static void padding_never_involved(void **st) {
  (void)st;
  struct padded a, b;
  memset(&a, 0x00, sizeof a);
  memset(&b, 0xff, sizeof b);
  a.flag = b.flag = 1;
  a.x = b.x = 2.5;
  a.n = b.n = 7;
  assert_true(memcmp(&a, &b, sizeof a) != 0);
  assert_true(hash_padded(&a) == hash_padded(&b));
}

static void bytes_fields(void **st) {
  (void)st;
  ks_hash a = ks_hash_begin(), b = ks_hash_begin(), c = ks_hash_begin();
  ks_hash_bytes(&a, "abc", 3);
  ks_hash_bytes(&b, "abc\0", 4); /* length is part of the field */
  ks_hash_bytes(&c, "abd", 3);
  assert_true(ks_hash_end(&a) != ks_hash_end(&b));
  assert_true(ks_hash_end(&a) != ks_hash_end(&c));
  /* avalanche: one flipped input bit changes about half the output bits */
  int total = 0;
  for (int bit = 0; bit < 64; bit++) {
    ks_hash x = ks_hash_begin(), y = ks_hash_begin();
    ks_hash_u64(&x, 0x0123456789abcdefull);
    ks_hash_u64(&y, 0x0123456789abcdefull ^ (1ull << bit));
    total += __builtin_popcountll(ks_hash_end(&x) ^ ks_hash_end(&y));
  }
  assert_true(total > 64 * 24 && total < 64 * 40);
}

static void fnv1a64_vectors(void **st) {
  (void)st;
  assert_true(ks_fnv1a64("", 0) == 0xcbf29ce484222325ull);
  assert_true(ks_fnv1a64("a", 1) == 0xaf63dc4c8601ec8cull);
  assert_true(ks_fnv1a64("foobar", 6) == 0x85944171f73967e8ull);
}

static void null_input(void **st) {
  (void)st;
  ks_hash_u64(NULL, 1);
  ks_hash_f64(NULL, 1.0);
  ks_hash_bytes(NULL, "a", 1);
  assert_true(ks_hash_end(NULL) == 0);
  ks_hash a = ks_hash_begin(), b = ks_hash_begin();
  ks_hash_bytes(&a, NULL, 5);
  ks_hash_bytes(&b, "", 0);
  assert_true(ks_hash_end(&a) == ks_hash_end(&b));
  assert_true(ks_fnv1a64(NULL, 3) == 0xcbf29ce484222325ull);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(field_order_matters), cmocka_unit_test(signed_zero_and_nan),
      cmocka_unit_test(typed_fields),        cmocka_unit_test(padding_never_involved),
      cmocka_unit_test(bytes_fields),        cmocka_unit_test(fnv1a64_vectors), cmocka_unit_test(null_input),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
