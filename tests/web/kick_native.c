// SPDX-License-Identifier: MIT
/* Native driver of the free-kick exports: replays a log of the calls a page
   made into the wasm module (one call per line: name and arguments, numbers in
   JavaScript's round-trip notation) against the same exports compiled
   natively, then prints every view field as "name hex-bits" and the share code.
   The browser test compares this with what the page read, bit for bit.

   Usage: kick_native LOGFILE */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kick_exports.h"

static uint64_t bits(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

static int arg_count(const char *name) {
  static const struct { const char *name; int n; } table[] = {
      {"kx_init", 3},       {"kx_init_daily", 3},  {"kx_next", 0},        {"kx_set_option", 2},
      {"kx_swipe_begin", 0}, {"kx_swipe_point", 3}, {"kx_swipe_end", 0},   {"kx_frame", 1},
      {"kx_pause", 0},      {"kx_resume", 0},      {"kx_tap", 2},         {"kx_share_load", 1},
      {"kx_init_attempt", 4}, {"kx_progress_set", 3}, {"kx_daily_set", 7}, {"kx_keys_set", 3},
      {"kx_keys_charge", 1}, {"kx_keys_release", 1}, {"kx_screen", 2}, {"kx_tour", 2}, {"kx_progress_load", 1},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    if (strcmp(table[i].name, name) == 0) return table[i].n;
  }
  return -1;
}

static int apply(char *line, int lineno) {
  char *save = NULL;
  char *name = strtok_r(line, " \t\r\n", &save);
  if (!name) return 0;
  int n = arg_count(name);
  if (n < 0) {
    fprintf(stderr, "kick_native: line %d: unknown call %s\n", lineno, name);
    return 1;
  }
  char *tok[7] = {0};
  double a[7] = {0};
  for (int i = 0; i < n; i++) {
    tok[i] = strtok_r(NULL, " \t\r\n", &save);
    if (!tok[i]) {
      fprintf(stderr, "kick_native: line %d: %s wants %d arguments\n", lineno, name, n);
      return 1;
    }
    char *end = NULL;
    a[i] = strtod(tok[i], &end);
    if (strcmp(name, "kx_share_load") != 0 && strcmp(name, "kx_progress_load") != 0 && (end == tok[i] || *end != '\0')) {
      fprintf(stderr, "kick_native: line %d: bad number %s\n", lineno, tok[i]);
      return 1;
    }
  }
  if (!strcmp(name, "kx_init")) kx_init((int32_t)a[0], (uint32_t)a[1], (uint32_t)a[2]);
  else if (!strcmp(name, "kx_tour")) kx_tour((int32_t)a[0], (int32_t)a[1]);
  else if (!strcmp(name, "kx_init_daily")) kx_init_daily((int32_t)a[0], (int32_t)a[1], (int32_t)a[2]);
  else if (!strcmp(name, "kx_next")) kx_next();
  else if (!strcmp(name, "kx_set_option")) kx_set_option((int32_t)a[0], a[1]);
  else if (!strcmp(name, "kx_screen")) kx_screen(a[0], a[1]);
  else if (!strcmp(name, "kx_swipe_begin")) kx_swipe_begin();
  else if (!strcmp(name, "kx_swipe_point")) kx_swipe_point(a[0], a[1], a[2]);
  else if (!strcmp(name, "kx_swipe_end")) kx_swipe_end();
  else if (!strcmp(name, "kx_frame")) kx_frame(a[0]);
  else if (!strcmp(name, "kx_pause")) kx_pause();
  else if (!strcmp(name, "kx_resume")) kx_resume();
  else if (!strcmp(name, "kx_tap")) kx_tap(a[0], a[1]);
  else if (!strcmp(name, "kx_init_attempt")) kx_init_attempt((int32_t)a[0], (uint32_t)a[1], (uint32_t)a[2], (int32_t)a[3]);
  else if (!strcmp(name, "kx_progress_set")) kx_progress_set((int32_t)a[0], (int32_t)a[1], (int32_t)a[2]);
  else if (!strcmp(name, "kx_daily_set"))
    kx_daily_set((int32_t)a[0], (int32_t)a[1], (int32_t)a[2], (int32_t)a[3], (int32_t)a[4], (int32_t)a[5], (int32_t)a[6]);
  else if (!strcmp(name, "kx_keys_set")) kx_keys_set(a[0], a[1], a[2]);
  else if (!strcmp(name, "kx_keys_charge")) kx_keys_charge(a[0]);
  else if (!strcmp(name, "kx_keys_release")) kx_keys_release(a[0]);
  else if (!strcmp(name, "kx_progress_load")) {
    /* the stored bytes, as the page logs them: hex */
    size_t len = strlen(tok[0]);
    if (len % 2 != 0 || len / 2 > (size_t)kx_text_capacity()) return 1;
    for (size_t i = 0; i < len / 2; i++) {
      unsigned v = 0;
      if (sscanf(tok[0] + 2 * i, "%2x", &v) != 1) return 1;
      kx_text()[i] = (char)v;
    }
    kx_progress_load((int32_t)(len / 2));
  } else if (!strcmp(name, "kx_share_load")) {
    size_t len = strlen(tok[0]);
    if (len + 1 > (size_t)kx_text_capacity()) return 1;
    memcpy(kx_text(), tok[0], len + 1);
    kx_share_load((int32_t)len);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: kick_native LOGFILE\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  char line[4096];
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    if (apply(line, lineno)) {
      fclose(f);
      return 1;
    }
  }
  fclose(f);
  const double *v = kx_view();
  for (int32_t i = 0; i < kx_view_count(); i++) printf("%s %016" PRIx64 "\n", kx_view_name(i), bits(v[i]));
  int32_t n = kx_share_encode();
  printf("share %s\n", n > 0 ? kx_text() : "-");
  return 0;
}
