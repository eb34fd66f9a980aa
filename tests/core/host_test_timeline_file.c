// SPDX-License-Identifier: MIT
/* The hosted timeline comparer: names the first differing line, step and field. */
#define _POSIX_C_SOURCE 200809L
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
#include "kickstep/timeline.h"

/* Writes a small timeline of a falling point; `poke` changes one value at one step. */
static size_t make(char *buf, size_t cap, int64_t poke_step, const char *poke_field, double delta, int64_t steps) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, buf, cap);
  double y = 10.0, v = 0.0;
  for (int64_t s = 1; s <= steps; s++) {
    v -= 9.81 / 600.0;
    y += v / 600.0;
    if (s % 100 == 0) {
      ks_tl_field f[2] = {{"y", y}, {"v", v}};
      if (s == poke_step) f[strcmp(poke_field, "y") == 0 ? 0 : 1].value += delta;
      uint64_t h = ks_f64_bits(y) ^ (ks_f64_bits(v) << 1);
      if (s == poke_step && strcmp(poke_field, "hash") == 0) h ^= 1;
      ks_tl_line(&w, s, h, f, 2);
    }
  }
  assert_false(w.overflow);
  return w.len;
}

static char ga[65536], gb[65536];

static void identical(void **st) {
  (void)st;
  size_t a = make(ga, sizeof ga, -1, "", 0, 1000), b = make(gb, sizeof gb, -1, "", 0, 1000);
  ks_tl_diff d;
  assert_int_equal(ks_tl_compare_text(ga, a, gb, b, &d), KS_OK);
  assert_true(d.identical);
  assert_int_equal(d.line, 0);
  assert_int_equal(ks_tl_compare_text("", 0, "", 0, &d), KS_OK);
  assert_true(d.identical);
}

static void field_differs(void **st) {
  (void)st;
  size_t a = make(ga, sizeof ga, -1, "", 0, 1000), b = make(gb, sizeof gb, 700, "v", 1e-15, 1000);
  ks_tl_diff d;
  assert_int_equal(ks_tl_compare_text(ga, a, gb, b, &d), KS_OK);
  assert_false(d.identical);
  assert_int_equal(d.line, 7);
  assert_true(d.has_step);
  assert_int_equal(d.step, 700);
  assert_string_equal(d.field, "v");
  assert_non_null(strstr(d.expected, "(bits "));
  assert_true(strcmp(d.expected, d.actual) != 0);
  assert_non_null(strstr(d.message, "step 700"));
  assert_non_null(strstr(d.message, "step 600"));
  assert_non_null(strstr(d.message, "v differs"));
}

static void only_hash_differs(void **st) {
  (void)st;
  size_t a = make(ga, sizeof ga, -1, "", 0, 500), b = make(gb, sizeof gb, 300, "hash", 0, 500);
  ks_tl_diff d;
  ks_tl_compare_text(ga, a, gb, b, &d);
  assert_string_equal(d.field, "hash");
  assert_int_equal(d.step, 300);
}

static void lines_missing_or_extra(void **st) {
  (void)st;
  size_t a = make(ga, sizeof ga, -1, "", 0, 1000), b = make(gb, sizeof gb, -1, "", 0, 800);
  ks_tl_diff d;
  ks_tl_compare_text(ga, a, gb, b, &d);
  assert_false(d.identical);
  assert_int_equal(d.line, 9);
  assert_int_equal(d.step, 900);
  assert_string_equal(d.field, "(line)");
  assert_string_equal(d.actual, "(end of timeline)");
  ks_tl_compare_text(gb, b, ga, a, &d);
  assert_int_equal(d.line, 9);
  assert_string_equal(d.expected, "(end of timeline)");
  /* a missing final newline */
  ks_tl_compare_text(ga, a, ga, a - 1, &d);
  assert_false(d.identical);
  assert_string_equal(d.field, "(text)");
}

static void malformed_and_text(void **st) {
  (void)st;
  const char *e = "{\"step\":1,\"hash\":\"0000000000000001\"}\n";
  const char *a = "{\"step\":1,\"hash\":\"0000000000000001\"\n";
  ks_tl_diff d;
  ks_tl_compare_text(e, strlen(e), a, strlen(a), &d);
  assert_string_equal(d.field, "(line)");
  assert_int_equal(d.line, 1);
  const char *sp = "{\"step\": 1,\"hash\":\"0000000000000001\"}\n";
  ks_tl_compare_text(e, strlen(e), sp, strlen(sp), &d);
  assert_string_equal(d.field, "(text)");
  const char *extra = "{\"step\":1,\"hash\":\"0000000000000001\",\"z\":2}\n";
  ks_tl_compare_text(e, strlen(e), extra, strlen(extra), &d);
  assert_string_equal(d.field, "z");
  assert_string_equal(d.expected, "(missing)");
  assert_int_equal(ks_tl_compare_text(NULL, 3, e, 1, &d), KS_ERR_NULL);
  assert_int_equal(ks_tl_compare_text(e, 1, e, 1, NULL), KS_ERR_NULL);
}

static void validate(void **st) {
  (void)st;
  size_t a = make(ga, sizeof ga, -1, "", 0, 1000), lines, bad;
  assert_int_equal(ks_tl_validate_text(ga, a, &lines, &bad), KS_OK);
  assert_int_equal(lines, 10);
  const char *t = "{\"step\":1,\"hash\":\"0000000000000001\"}\n{\"step\":2,\"hash\":\"xyz\"}\n";
  assert_int_equal(ks_tl_validate_text(t, strlen(t), &lines, &bad), KS_ERR_FORMAT);
  assert_int_equal(bad, 2);
}

/* The strict reader: what is not a timeline is named, with its line and why. */
static void strict_check(void **st) {
  (void)st;
  static const struct { const char *text; size_t line; const char *why; } bad[] = {
      {"", 0, "empty"},
      {"{\"step\":1,\"hash\":\"0000000000000001\"}x\n", 1, "junk"},
      {"{\"step\":1,\"hash\":\"0000000000000001\"} {\"step\":2}\n", 1, "junk"},
      {"{\"step\":1,\"hash\":\"0000000000000001\",\"x\":1,\"x\":2}\n", 1, "twice"},
      {"{\"step\":1,\"hash\":\"0000000000000001\",\"x\":[1]}\n", 1, "not a number"},
      {"{\"step\":+1,\"hash\":\"0000000000000001\"}\n", 1, "JSON"},
      {"{\"step\":1,\"hash\":\"0000000000000001\",\"x\":01}\n", 1, "number"},
      {"{\"step\":1,\"hash\":\"0000000000000001\"}\n\n", 2, "empty"},
      {"{\"step\":1,\"hash\":\"0000000000000001\"}\n{\"step\":1.5,\"hash\":\"0000000000000001\"}", 2, "step"},
      {"[1]\n", 1, "object"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ks_tl_check c;
    assert_int_equal(ks_tl_check_text(bad[i].text, strlen(bad[i].text), &c), KS_ERR_FORMAT);
    assert_int_equal(c.bad_line, bad[i].line);
    if (!strstr(c.reason, bad[i].why)) fail_msg("case %zu: reason '%s' lacks '%s'", i, c.reason, bad[i].why);
  }
  size_t a = make(ga, sizeof ga, -1, "", 0, 1000);
  ks_tl_check c;
  assert_int_equal(ks_tl_check_text(ga, a, &c), KS_OK);
  assert_int_equal(c.lines, 10);
  assert_int_equal(ks_tl_check_text(ga, a - 1, &c), KS_OK); /* no final newline is fine */
}

/* 40,000 keys in a line that differ in the last: named, quickly (the old
   comparer looked each key up by walking the list: 20 s). */
static void wide_lines_compare_in_linear_time(void **st) {
  (void)st;
  size_t cap = 40000 * 24 + 256;
  char *e = malloc(cap), *a = malloc(cap);
  assert_non_null(e);
  assert_non_null(a);
  size_t n = (size_t)snprintf(e, cap, "{\"step\":1,\"hash\":\"0000000000000001\"");
  for (int k = 0; k < 40000; k++) n += (size_t)snprintf(e + n, cap - n, ",\"k%d\":%d", k, k);
  memcpy(a, e, n);
  size_t m = n;
  n += (size_t)snprintf(e + n, cap - n, ",\"last\":1}\n");
  m += (size_t)snprintf(a + m, cap - m, ",\"last\":2}\n");
  ks_tl_diff d;
  assert_int_equal(ks_tl_compare_text(e, n, a, m, &d), KS_OK);
  assert_false(d.identical);
  assert_string_equal(d.field, "last");
  ks_tl_check c;
  assert_int_equal(ks_tl_check_text(e, n, &c), KS_OK);
  free(e);
  free(a);
}

static void files(void **st) {
  (void)st;
  size_t a = make(ga, sizeof ga, -1, "", 0, 1000);
  char pe[] = "/tmp/ks_tl_test_XXXXXX";
  int fd = mkstemp(pe);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "wb");
  fwrite(ga, 1, a, f);
  fclose(f);
  ks_tl_diff d;
  assert_int_equal(ks_tl_compare_files(pe, pe, &d), KS_OK);
  assert_true(d.identical);
  assert_int_equal(ks_tl_compare_files(pe, "/nonexistent/timeline.jsonl", &d), KS_ERR_NOT_FOUND);
  assert_non_null(strstr(d.message, "/nonexistent/timeline.jsonl"));
  assert_int_equal(ks_tl_compare_files("/nonexistent/a", pe, &d), KS_ERR_NOT_FOUND);
  char *text;
  size_t len;
  assert_int_equal(ks_host_read_all(pe, KS_TL_MAX_BYTES, "a timeline", &text, &len, NULL), KS_OK);
  assert_int_equal(len, a);
  assert_memory_equal(text, ga, a);
  free(text);
  remove(pe);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(identical),          cmocka_unit_test(field_differs), cmocka_unit_test(only_hash_differs),
      cmocka_unit_test(lines_missing_or_extra), cmocka_unit_test(malformed_and_text), cmocka_unit_test(validate),
      cmocka_unit_test(files), cmocka_unit_test(strict_check), cmocka_unit_test(wide_lines_compare_in_linear_time),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
