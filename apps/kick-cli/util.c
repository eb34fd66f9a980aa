// SPDX-License-Identifier: MIT
/* Number parsing, messages and JSON output shared by the subcommands, over the
   conventions of support/cli.h. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "support/cli.h"
#include "support/json.h"

const char *cli_prog = "kick-cli";
int cli_trouble = EXIT_RUNTIME;

void cli_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ks_cli_set_prog(cli_prog);
  ks_cli_verror(fmt, ap);
  va_end(ap);
}

int cli_usage(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ks_cli_set_prog(cli_prog);
  int rc = ks_cli_vusage(fmt, ap);
  va_end(ap);
  return rc;
}

int cli_bad_option(int c, char **argv) {
  ks_cli_set_prog(cli_prog);
  if (c == '?' || c == ':') return ks_cli_getopt_error(c, argv);
  return cli_usage("an option that this command does not take");
}

static const char *flag_name(const char *opt, char *buf, size_t cap) {
  snprintf(buf, cap, "--%s", opt);
  return buf;
}

bool cli_parse_double(const char *opt, const char *s, double lo, double hi, double *out) {
  char flag[64];
  ks_cli_set_prog(cli_prog);
  return ks_cli_parse_double(flag_name(opt, flag, sizeof flag), s, lo, hi, out);
}

bool cli_parse_u64(const char *opt, const char *s, uint64_t *out) {
  char flag[64];
  ks_cli_set_prog(cli_prog);
  return ks_cli_parse_uint(flag_name(opt, flag, sizeof flag), s, 0, UINT64_MAX, out);
}

bool cli_parse_int(const char *opt, const char *s, long lo, long hi, long *out) {
  char flag[64];
  uint64_t v = 0;
  ks_cli_set_prog(cli_prog);
  if (!ks_cli_parse_uint(flag_name(opt, flag, sizeof flag), s, lo < 0 ? 0 : (uint64_t)lo, (uint64_t)hi, &v))
    return false;
  *out = (long)v;
  return true;
}

int cli_parse_list(const char *opt, const char *s, double *out, int max, double lo, double hi) {
  if (!s || !*s) {
    cli_error("--%s: the list is empty", opt);
    return -1;
  }
  /* Split on every ',': an empty value ("5,,90", "1,2,") is an error, not skipped. */
  int n = 0;
  for (const char *p = s;; n++) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    char tok[128];
    if (n >= max) {
      cli_error("--%s: at most %d values in '%s'", opt, max, s);
      return -1;
    }
    if (len == 0) {
      cli_error("--%s: '%s' has an empty value", opt, s);
      return -1;
    }
    if (len >= sizeof tok) {
      cli_error("--%s: a value in '%s' is too long", opt, s);
      return -1;
    }
    memcpy(tok, p, len);
    tok[len] = '\0';
    if (!cli_parse_double(opt, tok, lo, hi, &out[n])) return -1;
    if (!comma) return n + 1;
    p = comma + 1;
  }
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

void cli_json_add_text(cJSON *obj, const char *key, const char *text) {
  if (!ks_json_add_text(obj, key, text)) cJSON_AddStringToObject(obj, key, "?");
}

void cli_hex(double x, char buf[19]) {
  snprintf(buf, 19, "0x%016llx", (unsigned long long)ks_f64_bits(x));
}

const char *cli_input_name(const char *path, char *buf, size_t cap) {
  if (strcmp(path, "-") == 0) return "standard input";
  snprintf(buf, cap, "'%s'", path);
  return buf;
}

bool cli_stderr_tty(void) { return isatty(STDERR_FILENO) != 0; }

bool cli_parse_json_flag(int argc, char **argv, const char *usage, bool *json) {
  static const struct option opts[] = {{"json", 0, 0, 'j'}, {0, 0, 0, 0}};
  (void)usage;
  *json = false;
  int c;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    if (c != 'j') {
      cli_bad_option(c, argv);
      return false;
    }
    *json = true;
  }
  return true;
}

bool cli_wants_help(int argc, char **argv, const char *usage) {
  return ks_cli_help_wanted(argc, argv, usage) || ks_cli_version_wanted(argc, argv, "kick-cli");
}
