// SPDX-License-Identifier: MIT
/* Native parity runner: runs every registered scene (or the ones named) and
   writes each timeline to OUTDIR/<name>.jsonl.
   usage: parity-runner OUTDIR [scene...]    parity-runner --list */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parity.h"

static char out[KS_PARITY_OUT_CAP];

static int wanted(const char *name, int argc, char **argv) {
  if (argc <= 2) return 1;
  for (int i = 2; i < argc; i++)
    if (strcmp(argv[i], name) == 0) return 1;
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "--list") == 0) {
    for (size_t i = 0; i < ks_parity_scene_count; i++) printf("%s\n", ks_parity_scenes[i].name);
    return 0;
  }
  if (argc < 2) {
    fprintf(stderr, "usage: %s OUTDIR [scene...] | --list\n", argv[0]);
    return 2;
  }
  int failures = 0;
  for (size_t i = 0; i < ks_parity_scene_count; i++) {
    const ks_parity_scene *s = &ks_parity_scenes[i];
    if (!wanted(s->name, argc, argv)) continue;
    size_t n = s->run(out, sizeof out);
    if (n == 0 || n > sizeof out) {
      fprintf(stderr, "scene %s wrote no timeline (its output overflowed %u bytes, or it failed)\n", s->name,
              (unsigned)sizeof out);
      failures++;
      continue;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.jsonl", argv[1], s->name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(out, 1, n, f) != n || fclose(f) != 0) {
      fprintf(stderr, "cannot write %s\n", path);
      return 2;
    }
  }
  return failures ? 1 : 0;
}
