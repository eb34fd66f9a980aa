// SPDX-License-Identifier: MIT
/* Replays committed fuzz inputs through one fuzz target, without libFuzzer.
 *
 * Built once per target with the ordinary compiler (and, in the sanitizer
 * build, under ASan+UBSan). Two cmocka tests: every file of the target's
 * corpus (tests/fuzz/corpus/<target>/) and every regression input
 * (tests/fuzz/regress/<target>/: inputs that once crashed or broke an
 * invariant) must run through the target without a crash or a broken
 * invariant. FUZZ_TARGET, FUZZ_CORPUS_DIR and FUZZ_REGRESS_DIR come from CMake. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "fuzz.h"

/* Reads a whole file; returns NULL for directories or unreadable files. */
static uint8_t *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint8_t *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? cap * 2 : 4096;
      uint8_t *grown = realloc(buf, cap);
      if (!grown) { free(buf); fclose(f); return NULL; }
      buf = grown;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) break;
  }
  bool failed = ferror(f) != 0;
  fclose(f);
  if (failed) { free(buf); return NULL; }
  *size = len;
  return buf;
}

/* Runs every regular file of dir through the target; returns how many ran. */
static size_t replay_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  size_t ran = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    assert_true(n > 0 && (size_t)n < sizeof path);
    size_t size = 0;
    uint8_t *data = read_file(path, &size);
    if (!data) continue;
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    ran++;
  }
  closedir(d);
  return ran;
}

static void test_corpus(void **state) {
  (void)state;
  size_t ran = replay_dir(FUZZ_CORPUS_DIR);
  print_message("%s: %zu corpus inputs replayed\n", FUZZ_TARGET, ran);
  assert_true(ran > 0); /* a target ships with a corpus */
}

static void test_regressions(void **state) {
  (void)state;
  size_t ran = replay_dir(FUZZ_REGRESS_DIR);
  print_message("%s: %zu regression inputs replayed\n", FUZZ_TARGET, ran);
  /* Also the empty input and a lone byte of each value. */
  LLVMFuzzerTestOneInput((const uint8_t *)"", 0);
  for (unsigned b = 0; b < 256; b++) {
    uint8_t one = (uint8_t)b;
    LLVMFuzzerTestOneInput(&one, 1);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_corpus),
      cmocka_unit_test(test_regressions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
