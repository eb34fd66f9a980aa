// SPDX-License-Identifier: MIT
/* ks-timeline: compare two timeline files and name the first difference, or
   check that a file is a timeline. Reads timelines as strictly as kick-cli
   compare does (ks_tl_check_text), so two equal files that are not timelines
   are not "identical". */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "support/cli.h"
#include "kickstep/host_file.h"
#include "support/json.h"
#include "kickstep/host_timeline.h"

static const char usage_text[] =
    "usage: ks-timeline EXPECTED ACTUAL [--label NAME] [--json]\n"
    "       ks-timeline --check FILE [--label NAME] [--json]\n"
    "\n"
    "Compares two JSON-lines timelines (kickstep/timeline.h) and names the first\n"
    "line, step and field where they differ, with both values (decimal and exact bits).\n"
    "Both must be timelines: at least one line, every line one flat JSON object with\n"
    "a whole-number \"step\" and a 16-hex-digit \"hash\" and nothing after it (at most\n"
    "64 MiB a file, 1 MiB a line). '-' reads a file from standard input.\n"
    "  --check FILE   check that FILE is a timeline\n"
    "  --label NAME   prefix the report with NAME (a scene or build name)\n"
    "  --json         the verdict as one JSON object (identical, line, step, field,\n"
    "                 expected, actual, message; with --check: valid, lines, bad_line,\n"
    "                 reason), and the label as \"label\"\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 identical (or valid), 1 different (or not a valid timeline),\n"
    "2 usage error, unreadable file, a compared file that is not a timeline, or\n"
    "output that cannot be written\n\n"
    "examples:\n"
    "  ks-timeline tests/golden/lab.jsonl mine.jsonl --label lab\n"
    "  ks-timeline tests/golden/lab.jsonl mine.jsonl --json\n"
    "  kick-cli timeline --level 6-5 --speed 30 --out - | ks-timeline --check -\n";

/* Prints a JSON object (and frees it); 2 when it cannot be made. */
static int print_json(cJSON *j, int rc) {
  char *text = j ? cJSON_Print(j) : NULL;
  cJSON_Delete(j);
  if (!text) {
    ks_cli_error("out of memory for the JSON");
    return 2;
  }
  puts(text);
  cJSON_free(text);
  return rc;
}

static cJSON *verdict(const char *label) {
  cJSON *j = cJSON_CreateObject();
  if (j && label) ks_json_add_text(j, "label", label);
  return j;
}

/* Reads and checks a timeline. Returns 0 (ok), 1 (read, but not a timeline:
   message printed to stdout for --check, stderr otherwise) or 2 (unreadable).
   With json (--check only), the verdict of a file that is not a timeline is
   printed as JSON. */
static int read_checked(const char *path, const char *pre, const char *sep, bool report, bool json, const char *label,
                        char **text, size_t *len) {
  ks_host_error e;
  if (ks_host_read_all(path, KS_TL_MAX_BYTES, "a timeline", text, len, &e) != KS_OK) {
    ks_cli_error("%s%s%s", pre, sep, e.message);
    return 2;
  }
  ks_tl_check chk;
  if (ks_tl_check_text(*text, *len, &chk) == KS_OK) return 0;
  char shown[KS_HOST_PATH_MAX];
  const char *name = strcmp(path, "-") == 0 ? "standard input" : ks_cli_printable(path, shown, sizeof shown);
  if (report && json) {
    cJSON *j = verdict(label);
    cJSON_AddBoolToObject(j, "valid", false);
    cJSON_AddNumberToObject(j, "lines", (double)chk.lines);
    cJSON_AddNumberToObject(j, "bad_line", (double)chk.bad_line);
    cJSON_AddStringToObject(j, "reason", chk.reason);
    free(*text);
    *text = NULL;
    return print_json(j, 1);
  }
  if (report) {
    if (chk.bad_line) printf("%s%s%s: line %zu is not a timeline line: %s\n", pre, sep, name, chk.bad_line, chk.reason);
    else printf("%s%s%s: not a timeline: %s\n", pre, sep, name, chk.reason);
  } else if (chk.bad_line) {
    ks_cli_error("%s%s'%s' line %zu is not a timeline line: %s", pre, sep, name, chk.bad_line, chk.reason);
  } else {
    ks_cli_error("%s%s'%s' is not a timeline: %s", pre, sep, name, chk.reason);
  }
  free(*text);
  *text = NULL;
  return 1;
}

static int run(int argc, char **argv) {
  if (ks_cli_help_wanted(argc, argv, usage_text) || ks_cli_version_wanted(argc, argv, "ks-timeline")) return 0;
  static const struct option opts[] = {
      {"label", 1, 0, 'l'}, {"check", 1, 0, 'c'}, {"json", 0, 0, 'j'},
      {"help", 0, 0, 'h'},  {"version", 0, 0, 'v'}, {0, 0, 0, 0}};
  const char *label = NULL, *check = NULL;
  bool json = false;
  int c;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    if (c == 'l') label = optarg;
    else if (c == 'c') check = optarg;
    else if (c == 'j') json = true;
    else return ks_cli_getopt_error(c, argv);
  }
  int nfiles = argc - optind;
  char **files = argv + optind;
  static char shown_label[1024];
  const char *pre = label ? ks_cli_printable(label, shown_label, sizeof shown_label) : "", *sep = label ? ": " : "";
  if (check) {
    if (nfiles) return ks_cli_usage("--check takes one file, not '%s' too", files[0]);
    char *text = NULL;
    size_t len = 0;
    int rc = read_checked(check, pre, sep, true, json, label, &text, &len);
    if (rc != 0) return rc;
    size_t lines = 0;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
    if (len && text[len - 1] != '\n') lines++;
    free(text);
    if (json) {
      cJSON *j = verdict(label);
      cJSON_AddBoolToObject(j, "valid", true);
      cJSON_AddNumberToObject(j, "lines", (double)lines);
      return print_json(j, 0);
    }
    char shown[KS_HOST_PATH_MAX];
    printf("%s%s%s: %zu valid lines\n", pre, sep,
           strcmp(check, "-") == 0 ? "standard input" : ks_cli_printable(check, shown, sizeof shown), lines);
    return 0;
  }
  if (nfiles != 2) return ks_cli_usage("two files are needed, EXPECTED and ACTUAL (or --check FILE)");
  const ks_host_file args[] = {{files[0], "EXPECTED", false}, {files[1], "ACTUAL", false}};
  ks_host_error fe;
  if (ks_host_check_files(args, 2, &fe) != KS_OK) return ks_cli_usage("%s", fe.message);
  char *text[2] = {NULL, NULL};
  size_t len[2] = {0, 0};
  for (int i = 0; i < 2; i++) {
    if (read_checked(files[i], pre, sep, false, false, label, &text[i], &len[i]) != 0) {
      free(text[0]);
      return 2; /* a file that is not a timeline is trouble here, as in kick-cli compare */
    }
  }
  ks_tl_diff d;
  ks_status s = ks_tl_compare_text(text[0], len[0], text[1], len[1], &d);
  free(text[0]);
  free(text[1]);
  if (s != KS_OK) {
    ks_cli_error("%s%s%s", pre, sep, d.message);
    return 2;
  }
  if (json) {
    cJSON *j = verdict(label);
    cJSON_AddBoolToObject(j, "identical", d.identical);
    if (!d.identical) {
      cJSON_AddNumberToObject(j, "line", (double)d.line);
      if (d.has_step) cJSON_AddNumberToObject(j, "step", (double)d.step);
      cJSON_AddStringToObject(j, "field", d.field);
      cJSON_AddStringToObject(j, "expected", d.expected);
      cJSON_AddStringToObject(j, "actual", d.actual);
    }
    cJSON_AddStringToObject(j, "message", d.identical ? "identical" : d.message);
    return print_json(j, d.identical ? 0 : 1);
  }
  if (d.identical) {
    printf("%s%sidentical\n", pre, sep);
    return 0;
  }
  printf("%s%sDIFFERS at %s\n", pre, sep, d.message);
  return 1;
}

int main(int argc, char **argv) {
  ks_cli_begin("ks-timeline");
  return ks_cli_end(run(argc, argv), 2);
}
