// SPDX-License-Identifier: MIT
/* The command-line conventions (support/cli.h): numbers are decimal and
   the whole argument, dates exactly YYYY-MM-DD; and strict JSON
   (support/json.h). Refusals print a message on stderr, which is sent
   to /dev/null here. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <cJSON.h>
#include <stdio.h>
#include <string.h>

#include "support/cli.h"
#include "support/json.h"

static void whole_numbers(void **st) {
  (void)st;
  uint64_t v = 99;
  static const char *const bad[] = {"010", "0x10", "+5", " 5", "5 ", "1e3", "", "-1", "5.0", "5x", "00",
                                    "18446744073709551616", "99999999999999999999999", "\xd9\xa3", "1_000"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    v = 99;
    assert_false(ks_cli_parse_uint("--n", bad[i], 0, UINT64_MAX, &v));
    assert_int_equal(v, 99); /* untouched */
  }
  assert_false(ks_cli_parse_uint("--n", NULL, 0, 10, &v));
  assert_true(ks_cli_parse_uint("--n", "0", 0, 10, &v));
  assert_int_equal(v, 0);
  assert_true(ks_cli_parse_uint("--n", "10", 0, 10, &v));
  assert_int_equal(v, 10);
  assert_false(ks_cli_parse_uint("--n", "11", 0, 10, &v));
  assert_false(ks_cli_parse_uint("--n", "4", 5, 10, &v));
  assert_true(ks_cli_parse_uint("--n", "18446744073709551615", 0, UINT64_MAX, &v));
  assert_true(v == UINT64_MAX);
}

static void numbers(void **st) {
  (void)st;
  double v = 7;
  static const char *const bad[] = {"0x1p4", "+25", " 25", "25 ", "", "1e400", "-1e400", "25.", ".5", "inf", "-inf",
                                    "nan", "NaN", "infinity", "025", "-01", "2,5", "1e", "1e+", "--25", "1.2.3",
                                    "1e-400", "0x10", "1 0", "١"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    v = 7;
    assert_false(ks_cli_parse_double("--x", bad[i], -1e300, 1e300, &v));
    assert_true(v == 7);
  }
  static const struct { const char *s; double v; } good[] = {
      {"0", 0}, {"-0", 0}, {"25", 25}, {"-2.5", -2.5}, {"1e-3", 1e-3}, {"2.5E2", 250}, {"0.125", 0.125}, {"1e+2", 100}};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    assert_true(ks_cli_parse_double("--x", good[i].s, -1e300, 1e300, &v));
    assert_true(v == good[i].v);
  }
  assert_false(ks_cli_parse_double("--x", "1.5", 0, 1, &v));
  assert_true(ks_cli_parse_double("--x", "1", 0, 1, &v));
}

static void dates(void **st) {
  (void)st;
  int y = 1, m = 1, d = 1;
  static const char *const bad[] = {"4294969322-11-29", "+2026-11-29", "2026-011-29", "02026-11-29", "2026-11-29x",
                                    "2026-1-29", "2026-11-9", " 2026-11-29", "2026-11-29 ", "2026/11/29",
                                    "2026-13-01", "2026-00-10", "2026-02-30", "2025-02-29", "2100-02-29",
                                    "0000-01-01", "-2026-11-29", "", "today", "2026-11-2a"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) assert_false(ks_cli_parse_date("--date", bad[i], &y, &m, &d));
  assert_false(ks_cli_parse_date("--date", NULL, &y, &m, &d));
  assert_true(y == 1 && m == 1 && d == 1);
  assert_true(ks_cli_parse_date("--date", "2026-11-29", &y, &m, &d));
  assert_true(y == 2026 && m == 11 && d == 29);
  assert_true(ks_cli_parse_date("--date", "2024-02-29", &y, &m, &d));
  assert_true(ks_cli_parse_date("--date", "2000-02-29", &y, &m, &d));
}

static void strict_json(void **st) {
  (void)st;
  char why[160];
  static const char *const bad[] = {"", "  ", "{\"a\":1} x", "{\"a\":1}{\"b\":2}", "{\"a\":1,\"a\":2}",
                                    "{\"o\":{\"k\":1,\"k\":2}}", "[1,+2]", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}",
                                    "{\"a\":1e}", "{\"a\":-}", "{\"a\":1}\x01", "{\"a\":1", "nul"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cJSON *j = ks_json_parse_strict(bad[i], strlen(bad[i]), why, sizeof why);
    assert_null(j);
    assert_true(why[0] != '\0');
  }
  /* a NUL inside the length is junk too */
  assert_null(ks_json_parse_strict("{\"a\":1}\0", 8, why, sizeof why));
  static const char *const good[] = {"{\"a\":1}", " {\"a\":-0.5e-3, \"b\":[1,2,{\"c\":\"x+1\"}]}\n", "[]", "0",
                                     "\"s\\\"1.\"", "{\"a\":{\"k\":1},\"b\":{\"k\":1}}", "true"};
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    cJSON *j = ks_json_parse_strict(good[i], strlen(good[i]), why, sizeof why);
    assert_non_null(j);
    cJSON_Delete(j);
  }
  /* An escaped NUL would end cJSON's string there and drop what follows: refused
     always; the other escaped control characters only with KS_JSON_NO_CONTROL. */
  static const char *const nul[] = {"{\"a\":\"x\\u0000y\"}", "{\"a\":\"\\u0000\"}", "[\"ok\",\"\\u0000\"]",
                                    "{\"k\\u0000ey\":1}"};
  for (size_t i = 0; i < sizeof nul / sizeof nul[0]; i++) {
    assert_null(ks_json_parse_strict(nul[i], strlen(nul[i]), why, sizeof why));
    assert_non_null(strstr(why, "control character"));
    assert_null(ks_json_parse_strict_flags(nul[i], strlen(nul[i]), KS_JSON_NO_CONTROL, why, sizeof why));
  }
  static const char *const ctl[] = {"{\"a\":\"x\\ty\"}", "{\"a\":\"\\n\"}", "{\"a\":\"\\u001f\"}",
                                    "{\"a\":\"\\u001F\"}", "{\"a\":\"\\b\\f\\r\"}", "{\"k\\u0001\":1}"};
  for (size_t i = 0; i < sizeof ctl / sizeof ctl[0]; i++) {
    cJSON *j = ks_json_parse_strict(ctl[i], strlen(ctl[i]), why, sizeof why);
    assert_non_null(j); /* JSON allows them; the timeline reader takes them */
    cJSON_Delete(j);
    assert_null(ks_json_parse_strict_flags(ctl[i], strlen(ctl[i]), KS_JSON_NO_CONTROL, why, sizeof why));
    assert_non_null(strstr(why, "control character"));
  }
  static const char *const fine[] = {"{\"a\":\"\\u0020\\u00e9\\\"\\\\\\/\"}", "{\"a\":\"\\\\u0000\"}"};
  for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++) {
    cJSON *j = ks_json_parse_strict_flags(fine[i], strlen(fine[i]), KS_JSON_NO_CONTROL, why, sizeof why);
    assert_non_null(j);
    cJSON_Delete(j);
  }
  cJSON *n = cJSON_CreateNumber(1.5);
  uint64_t u = 0;
  assert_false(ks_json_get_uint(n, 10, &u));
  cJSON_SetNumberValue(n, 3);
  assert_true(ks_json_get_uint(n, 10, &u));
  assert_int_equal(u, 3);
  cJSON_SetNumberValue(n, -1);
  assert_false(ks_json_get_uint(n, 10, &u));
  cJSON_Delete(n);
}

int main(void) {
  if (!freopen("/dev/null", "w", stderr)) return 1;
  const struct CMUnitTest tests[] = {cmocka_unit_test(whole_numbers), cmocka_unit_test(numbers), cmocka_unit_test(dates),
                                     cmocka_unit_test(strict_json)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
