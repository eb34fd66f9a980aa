// SPDX-License-Identifier: MIT
/* Number parsing, messages and JSON output shared by the subcommands. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

const char *cli_prog = "kick-cli";

void cli_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", cli_prog);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

bool cli_parse_double(const char *opt, const char *s, double lo, double hi, double *out) {
  if (!s || !*s) {
    cli_error("--%s needs a number", opt);
    return false;
  }
  char *end = NULL;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || *end != '\0') {
    cli_error("--%s: '%s' is not a number", opt, s);
    return false;
  }
  if (!isfinite(v)) {
    cli_error("--%s: '%s' is not a finite number", opt, s);
    return false;
  }
  if (v < lo || v > hi) {
    cli_error("--%s: %s is out of range [%g, %g]", opt, s, lo, hi);
    return false;
  }
  *out = v;
  return true;
}

bool cli_parse_u64(const char *opt, const char *s, uint64_t *out) {
  if (!s || !*s || *s == '-' || *s == '+') {
    cli_error("--%s: '%s' is not a non-negative whole number", opt, s ? s : "");
    return false;
  }
  char *end = NULL;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (end == s || *end != '\0' || errno == ERANGE) {
    cli_error("--%s: '%s' is not a whole number from 0 to 2^64-1", opt, s);
    return false;
  }
  *out = (uint64_t)v;
  return true;
}

bool cli_parse_int(const char *opt, const char *s, long lo, long hi, long *out) {
  if (!s || !*s) {
    cli_error("--%s needs a whole number", opt);
    return false;
  }
  char *end = NULL;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (end == s || *end != '\0' || errno == ERANGE) {
    cli_error("--%s: '%s' is not a whole number", opt, s);
    return false;
  }
  if (v < lo || v > hi) {
    cli_error("--%s: %s is out of range [%ld, %ld]", opt, s, lo, hi);
    return false;
  }
  *out = v;
  return true;
}

int cli_parse_list(const char *opt, const char *s, double *out, int max, double lo, double hi) {
  char buf[512];
  if (!s || strlen(s) >= sizeof buf) {
    cli_error("--%s: the list is empty or too long", opt);
    return -1;
  }
  strcpy(buf, s);
  int n = 0;
  char *save = NULL;
  for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    if (n >= max) {
      cli_error("--%s: at most %d values", opt, max);
      return -1;
    }
    if (!cli_parse_double(opt, tok, lo, hi, &out[n])) return -1;
    n++;
  }
  if (n == 0) cli_error("--%s: the list is empty", opt);
  return n == 0 ? -1 : n;
}

/* Shorter frames than this are refused: no display is that fast, and frames
   of 0 s would never move the clock (the kick would never end). */
#define CLI_MIN_FRAME_S 1e-4

static bool frame_long_enough(const char *opt, const char *s, double v) {
  if (v >= CLI_MIN_FRAME_S) return true;
  cli_error("--%s: frame %s is shorter than 0.1 ms (1/10000); a frame of 0 s never moves the clock", opt, s);
  return false;
}

bool cli_parse_frame(const char *opt, const char *s, double *out) {
  const char *slash = strchr(s, '/');
  if (!slash) return cli_parse_double(opt, s, 0.0, 10.0, out) && frame_long_enough(opt, s, *out);
  char num[64];
  size_t len = (size_t)(slash - s);
  if (len == 0 || len >= sizeof num) {
    cli_error("--%s: '%s' is not a frame length like 1/60", opt, s);
    return false;
  }
  memcpy(num, s, len);
  num[len] = '\0';
  double a = 0, b = 0;
  if (!cli_parse_double(opt, num, 0.0, 1e6, &a) || !cli_parse_double(opt, slash + 1, 1e-9, 1e9, &b)) return false;
  *out = a / b;
  if (*out > 10.0) {
    cli_error("--%s: frame %s is longer than 10 s", opt, s);
    return false;
  }
  return frame_long_enough(opt, s, *out);
}

void cli_print_json(cJSON *root) {
  char *text = cJSON_Print(root);
  if (text) {
    fputs(text, stdout);
    fputc('\n', stdout);
    cJSON_free(text);
  }
  cJSON_Delete(root);
}

void cli_hex(double x, char buf[19]) {
  snprintf(buf, 19, "0x%016llx", (unsigned long long)ks_f64_bits(x));
}

bool cli_stderr_tty(void) { return isatty(STDERR_FILENO) != 0; }

bool cli_parse_json_flag(int argc, char **argv, const char *usage, bool *json) {
  static const struct option opts[] = {{"json", 0, 0, 'j'}, {0, 0, 0, 0}};
  *json = false;
  int c;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c != 'j') {
      fputs(usage, stderr);
      return false;
    }
    *json = true;
  }
  return true;
}

bool cli_wants_help(int argc, char **argv, const char *usage) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) break;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usage, stdout);
      return true;
    }
  }
  return false;
}
