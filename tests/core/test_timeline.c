// SPDX-License-Identifier: MIT
/* The timeline writer and ks_fmt_f64. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/rng.h"
#include "kickstep/timeline.h"

static const char *fmt(double x) {
  static char buf[KS_FMT_F64_MAX + 1];
  ks_fmt_f64(buf, sizeof buf, x);
  return buf;
}

static void fixed_cases(void **st) {
  (void)st;
  assert_string_equal(fmt(0.0), "0");
  assert_string_equal(fmt(-0.0), "-0");
  assert_string_equal(fmt(1.0), "1");
  assert_string_equal(fmt(-2.5), "-2.5");
  assert_string_equal(fmt(0.1), "0.1");
  assert_string_equal(fmt(0.1 + 0.2), "0.30000000000000004");
  assert_string_equal(fmt(1.0 / 3.0), "0.3333333333333333");
  assert_string_equal(fmt(123456789.0), "123456789");
  assert_string_equal(fmt(1e21), "1e+21");
  assert_string_equal(fmt(1e20), "100000000000000000000");
  assert_string_equal(fmt(1.5e-7), "1.5e-7");
  assert_string_equal(fmt(0.000001), "0.000001");
  assert_string_equal(fmt(5e-324), "5e-324");
  assert_string_equal(fmt(-4.9406564584124654e-324), "-5e-324");
  assert_string_equal(fmt(2.2250738585072014e-308), "2.2250738585072014e-308");
  assert_string_equal(fmt(1.7976931348623157e308), "1.7976931348623157e+308");
  assert_string_equal(fmt(9007199254740993.0), "9007199254740992");
  assert_string_equal(fmt(NAN), "nan");
  assert_string_equal(fmt(INFINITY), "inf");
  assert_string_equal(fmt(-INFINITY), "-inf");
  assert_string_equal(fmt(0x1p-1022 * 0.5), "1.1125369292536007e-308");
  /* powers of two, where the gap below is half the gap above */
  assert_string_equal(fmt(0x1p60), "1152921504606847000"); /* shortest digits, as JavaScript */
  assert_string_equal(fmt(0x1p-60), "8.673617379884035e-19");
}

/* Round trip and minimality against the C library (printf/strtod are exact in glibc). */
static void shortest_round_trip(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(31337);
  char mine[KS_FMT_F64_MAX + 1], ref[64];
  for (int i = 0; i < 200000; i++) {
    uint64_t u = ks_rng_next(&r);
    if (i % 3 == 1) u = (u & 0x800fffffffffffffull) | ((uint64_t)(1003 + (u >> 52) % 40) << 52);
    if (i % 7 == 2) u &= 0x800fffffffffffffull; /* subnormals */
    double x = ks_f64_from_bits(u);
    if (!isfinite(x)) continue;
    size_t n = ks_fmt_f64(mine, sizeof mine, x);
    assert_int_equal(n, strlen(mine));
    double back = strtod(mine, NULL);
    assert_true(ks_f64_bits(back) == u); /* reads back as the same bits */
    int digits = 0;
    for (const char *p = mine; *p && *p != 'e'; p++)
      if (*p >= '0' && *p <= '9') digits++;
    /* no shorter %g rendering reads back (digits counted loosely: leading zeros of 0.00x count) */
    int shortest = 17;
    for (int prec = 1; prec <= 17; prec++) {
      snprintf(ref, sizeof ref, "%.*g", prec, x);
      if (strtod(ref, NULL) == x) {
        shortest = prec;
        break;
      }
    }
    int sig = 0;
    bool started = false;
    for (const char *p = mine; *p && *p != 'e'; p++) {
      if (*p >= '1' && *p <= '9') started = true;
      if (started && *p >= '0' && *p <= '9') sig++;
    }
    /* strip trailing zeros of an integer rendering like 1200 */
    const char *e = strchr(mine, 'e');
    if (!strchr(mine, '.') && !e) {
      size_t len = strlen(mine);
      while (len > 1 && mine[len - 1] == '0') {
        len--;
        sig--;
      }
    }
    assert_true(sig <= shortest);
    (void)digits;
  }
}

static void small_buffers(void **st) {
  (void)st;
  char b[4];
  assert_int_equal(ks_fmt_f64(b, sizeof b, 12345.5), 3);
  assert_string_equal(b, "123");
  assert_int_equal(ks_fmt_f64(NULL, 10, 1.0), 0);
  char i[24];
  ks_fmt_i64(i, sizeof i, INT64_MIN);
  assert_string_equal(i, "-9223372036854775808");
  ks_fmt_i64(i, sizeof i, 0);
  assert_string_equal(i, "0");
  ks_fmt_hex64(i, sizeof i, 0xabcull);
  assert_string_equal(i, "0000000000000abc");
}

static void one_line(void **st) {
  (void)st;
  char buf[512];
  ks_tl_writer w;
  ks_tl_writer_init(&w, buf, sizeof buf);
  ks_tl_field f[3] = {{"x", 0.5}, {"vy", -0.0}, {"bad", NAN}};
  ks_tl_line(&w, 100, 0x0123456789abcdefull, f, 3);
  assert_false(w.overflow);
  assert_string_equal(buf, "{\"step\":100,\"hash\":\"0123456789abcdef\",\"x\":0.5,\"x_hex\":\"3fe0000000000000\","
                           "\"vy\":-0,\"vy_hex\":\"8000000000000000\",\"bad\":\"nan\",\"bad_hex\":\"7ff8000000000000\"}\n");
  assert_int_equal(w.len, strlen(buf));
  ks_tl_text(&w, "{\"end\":true}\n");
  ks_tl_line(&w, -3, 0, NULL, 0);
  const char *tail = "{\"end\":true}\n{\"step\":-3,\"hash\":\"0000000000000000\"}\n";
  assert_string_equal(buf + strlen(buf) - strlen(tail), tail);
}

static void overflow_keeps_whole_lines(void **st) {
  (void)st;
  char buf[100];
  memset(buf, 'Z', sizeof buf);
  ks_tl_writer w;
  ks_tl_writer_init(&w, buf, 80);
  ks_tl_field f[1] = {{"x", 1.0}};
  ks_tl_line(&w, 1, 1, f, 1);
  size_t one = w.len;
  assert_true(one > 0 && one < 80);
  ks_tl_line(&w, 2, 2, f, 1); /* does not fit */
  assert_true(w.overflow);
  assert_int_equal(w.len, one);
  assert_int_equal(buf[one], '\0');
  for (size_t i = 80; i < sizeof buf; i++) assert_int_equal(buf[i], 'Z'); /* never past cap */
  /* bad names are refused, not written */
  char b2[200];
  ks_tl_writer_init(&w, b2, sizeof b2);
  ks_tl_field q[1] = {{"a\"b", 1.0}};
  ks_tl_line(&w, 1, 1, q, 1);
  assert_true(w.overflow);
  assert_int_equal(w.len, 0);
  ks_tl_writer_init(&w, b2, sizeof b2);
  ks_tl_line(&w, 1, 1, NULL, 2);
  assert_true(w.overflow);
  ks_tl_writer_init(&w, NULL, 10);
  ks_tl_text(&w, "x");
  assert_true(w.overflow);
  ks_tl_line(NULL, 0, 0, NULL, 0);
  ks_tl_text(NULL, "x");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(fixed_cases), cmocka_unit_test(shortest_round_trip), cmocka_unit_test(small_buffers),
      cmocka_unit_test(one_line),    cmocka_unit_test(overflow_keeps_whole_lines),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
