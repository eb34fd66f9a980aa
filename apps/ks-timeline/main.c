// SPDX-License-Identifier: MIT
/* ks-timeline: compare two timeline files and name the first difference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/host_timeline.h"

static void usage(FILE *to) {
  fprintf(to,
          "usage: ks-timeline EXPECTED ACTUAL [--label NAME]\n"
          "       ks-timeline --check FILE\n"
          "\n"
          "Compares two JSON-lines timelines (kickstep/timeline.h) and names the first\n"
          "line, step and field where they differ, with both values (decimal and exact bits).\n"
          "--check validates that every line is a JSON object with \"step\" and \"hash\".\n"
          "--label NAME prefixes the report with NAME (a scene or build name).\n"
          "\n"
          "exit status: 0 identical (or valid), 1 different (or invalid), 2 usage error or unreadable file\n");
}

int main(int argc, char **argv) {
  const char *files[2] = {NULL, NULL};
  const char *label = NULL, *check = NULL;
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(argv[i], "--label") == 0 && i + 1 < argc) {
      label = argv[++i];
    } else if (strcmp(argv[i], "--check") == 0 && i + 1 < argc) {
      check = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      fprintf(stderr, "ks-timeline: unknown option %s\n", argv[i]);
      usage(stderr);
      return 2;
    } else if (nfiles < 2) {
      files[nfiles++] = argv[i];
    } else {
      fprintf(stderr, "ks-timeline: too many files\n");
      usage(stderr);
      return 2;
    }
  }
  const char *pre = label ? label : "", *sep = label ? ": " : "";
  if (check) {
    if (nfiles) {
      usage(stderr);
      return 2;
    }
    char *text;
    size_t len, lines, bad;
    if (ks_tl_read_file(check, &text, &len) != KS_OK) {
      fprintf(stderr, "%s%scannot read %s\n", pre, sep, check);
      return 2;
    }
    ks_status s = ks_tl_validate_text(text, len, &lines, &bad);
    free(text);
    if (s != KS_OK) {
      printf("%s%s%s: line %zu is not a timeline line\n", pre, sep, check, bad);
      return 1;
    }
    printf("%s%s%s: %zu valid lines\n", pre, sep, check, lines);
    return 0;
  }
  if (nfiles != 2) {
    usage(stderr);
    return 2;
  }
  ks_tl_diff d;
  ks_status s = ks_tl_compare_files(files[0], files[1], &d);
  if (s != KS_OK) {
    fprintf(stderr, "%s%s%s\n", pre, sep, d.message);
    return 2;
  }
  if (d.identical) {
    printf("%s%sidentical\n", pre, sep);
    return 0;
  }
  printf("%s%sDIFFERS at %s\n", pre, sep, d.message);
  return 1;
}
