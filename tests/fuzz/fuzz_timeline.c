// SPDX-License-Identifier: MIT
/* Fuzz target: the timeline reader and comparer (kickstep/host_timeline.h).
 *
 * Input: one byte choosing where to split, then the bytes of two timeline
 * texts (expected | actual), which are often near-valid JSON lines. Checked:
 *   - validation returns ok or a format error, with a bad line inside the text;
 *   - comparing a text with itself says identical, line 0;
 *   - comparing two texts says identical exactly when they are byte-identical,
 *     and otherwise says why in a message and names a line >= 1 (or the
 *     field "(text)" on the last line when only the final newline differs);
 *   - every text field of the report is NUL-terminated inside its array. */
#include "fuzz.h"

#include "kickstep/host_timeline.h"

static void check_diff_strings(const ks_tl_diff *d) {
  FUZZ_CHECK(memchr(d->field, 0, sizeof d->field) != NULL);
  FUZZ_CHECK(memchr(d->expected, 0, sizeof d->expected) != NULL);
  FUZZ_CHECK(memchr(d->actual, 0, sizeof d->actual) != NULL);
  FUZZ_CHECK(memchr(d->message, 0, sizeof d->message) != NULL);
}

static size_t count_lines(const char *t, size_t n) {
  size_t lines = 0;
  for (size_t i = 0; i < n; i++)
    if (t[i] == '\n') lines++;
  if (n > 0 && t[n - 1] != '\n') lines++;
  return lines;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  size_t body = size - 1;
  size_t split = body * data[0] / 255;
  /* Exact-size heap copies, so ASan sees any read past either text. */
  char *a = malloc(split ? split : 1);
  char *b = malloc(body - split ? body - split : 1);
  FUZZ_CHECK(a && b);
  memcpy(a, data + 1, split);
  memcpy(b, data + 1 + split, body - split);
  size_t na = split, nb = body - split;

  size_t lines = 0, bad = 0;
  ks_status st = ks_tl_validate_text(a, na, &lines, &bad);
  FUZZ_CHECK(st == KS_OK || st == KS_ERR_FORMAT);
  if (st == KS_OK) FUZZ_CHECK(bad == 0);
  else FUZZ_CHECK(bad >= 1 && bad <= count_lines(a, na) + 1);

  ks_tl_diff d;
  memset(&d, 0x5a, sizeof d);
  FUZZ_CHECK(ks_tl_compare_text(a, na, a, na, &d) == KS_OK);
  FUZZ_CHECK(d.identical && d.line == 0);
  check_diff_strings(&d);

  memset(&d, 0x5a, sizeof d);
  FUZZ_CHECK(ks_tl_compare_text(a, na, b, nb, &d) == KS_OK);
  bool same = na == nb && (na == 0 || memcmp(a, b, na) == 0);
  FUZZ_CHECK(d.identical == same);
  if (!same) {
    FUZZ_CHECK(d.line >= 1);
    FUZZ_CHECK(d.message[0] != '\0');
  }
  check_diff_strings(&d);

  free(a);
  free(b);
  return 0;
}
