// SPDX-License-Identifier: MIT
/* The command-line conventions of kickstep's programs (kickstep/host_cli.h):
   messages, usage errors, --help/--version, strict numbers and dates, and
   standard output that is checked to the end. Hosted: POSIX. */
#define _XOPEN_SOURCE 700
#include "support/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kickstep/host_file.h"
#include "kickstep/version.h"

static const char *g_prog = "kickstep";

/* ---------------------------------------------------------------- start and end */

static void on_signal(int sig) {
  ks_host_remove_temporaries();
  signal(sig, SIG_DFL);
  raise(sig);
}

/* A closed descriptor 0-2 is given /dev/null opened the wrong way round, so
   a file opened later cannot take its number and a write to a closed
   standard output still fails (EBADF). */
static void reserve_fd(int fd) {
  if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) return;
  int n = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
  if (n >= 0 && n != fd) {
    dup2(n, fd);
    close(n);
  }
}

void ks_cli_begin(const char *prog) {
  if (prog) g_prog = prog;
  for (int fd = 0; fd <= 2; fd++) reserve_fd(fd);
  signal(SIGPIPE, SIG_IGN);
  signal(SIGXFSZ, SIG_IGN);
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction old;
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sigs[i], &sa, NULL);
  }
  opterr = 0;
}

void ks_cli_set_prog(const char *prog) {
  if (prog) g_prog = prog;
}

const char *ks_cli_prog(void) { return g_prog; }

int ks_cli_end(int rc, int trouble) {
  bool bad = false;
  int e = 0;
  /* stdio keeps the error flag of a failed write but not its errno; the last
     errno still names it when it is a write error. */
  int last = errno;
  bool write_errno = last == EPIPE || last == ENOSPC || last == EBADF || last == EFBIG || last == EDQUOT;
  errno = 0;
  if (fflush(stdout) != 0) {
    bad = true;
    e = errno;
  }
  if (ferror(stdout)) {
    bad = true;
    if (!e) e = write_errno ? last : EIO;
  }
  errno = 0;
  if (fclose(stdout) != 0 && !bad) {
    bad = true;
    e = errno ? errno : EIO;
  }
  if (bad && !ks_host_stdout_failed()) ks_cli_error("cannot write to standard output: %s", strerror(e));
  if (bad || ks_host_stdout_failed()) rc = rc > trouble ? rc : trouble;
  if (fflush(stderr) != 0 || ferror(stderr)) rc = rc > trouble ? rc : trouble;
  return rc;
}

/* ---------------------------------------------------------------- messages */

void ks_cli_verror(const char *fmt, va_list ap) {
  char msg[1024];
  ks_host_vmessage(msg, sizeof msg, fmt, ap);
  /* One line, whatever the arguments held. */
  for (char *p = msg; *p; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = '?';
  fprintf(stderr, "%s: %s\n", g_prog, msg);
}

const char *ks_cli_printable(const char *text, char *buf, size_t cap) {
  if (!buf || cap == 0) return "";
  snprintf(buf, cap, "%s", text ? text : "");
  for (char *p = buf; *p; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = '?';
  return buf;
}

void ks_cli_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ks_cli_verror(fmt, ap);
  va_end(ap);
}

int ks_cli_vusage(const char *fmt, va_list ap) {
  char msg[1024];
  ks_host_vmessage(msg, sizeof msg, fmt, ap);
  ks_cli_error("%s (try '%s --help' for the usage)", msg, g_prog);
  return KS_CLI_USAGE;
}

int ks_cli_usage(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int rc = ks_cli_vusage(fmt, ap);
  va_end(ap);
  return rc;
}

int ks_cli_getopt_error(int c, char **argv) {
  const char *arg = optind > 0 ? argv[optind - 1] : "?";
  if (c == ':') return ks_cli_usage("option '%s' needs a value", arg);
  if (optopt != 0 && arg[0] == '-' && arg[1] != '-') return ks_cli_usage("unknown option '-%c'", optopt);
  if (strchr(arg, '=') && strncmp(arg, "--", 2) == 0) return ks_cli_usage("option '%s' is not valid here", arg);
  return ks_cli_usage("unrecognized option '%s'", arg);
}

static bool wanted(int argc, char **argv, const char *a, const char *b) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) break;
    if (strcmp(argv[i], a) == 0 || (b && strcmp(argv[i], b) == 0)) return true;
  }
  return false;
}

bool ks_cli_help_wanted(int argc, char **argv, const char *usage) {
  if (!wanted(argc, argv, "--help", "-h")) return false;
  fputs(usage, stdout);
  return true;
}

bool ks_cli_version_wanted(int argc, char **argv, const char *name) {
  if (!wanted(argc, argv, "--version", NULL)) return false;
  printf("%s %s\n", name, ks_version());
  return true;
}

/* ---------------------------------------------------------------- numbers */

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool ks_cli_parse_uint(const char *flag, const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  if (!s || !*s) {
    ks_cli_error("%s needs a whole number", flag);
    return false;
  }
  for (const char *p = s; *p; p++)
    if (!is_digit(*p)) {
      ks_cli_error("%s: '%s' is not a whole number (decimal digits only: no sign, spaces, point or exponent)", flag,
                   s);
      return false;
    }
  if (s[0] == '0' && s[1]) {
    const char *t = s;
    while (t[0] == '0' && t[1]) t++;
    ks_cli_error("%s: '%s' has a leading zero (numbers are decimal: write %s)", flag, s, t);
    return false;
  }
  uint64_t v = 0;
  bool over = false;
  for (const char *p = s; *p; p++) {
    uint64_t d = (uint64_t)(*p - '0');
    if (v > (UINT64_MAX - d) / 10) over = true;
    else v = v * 10 + d;
  }
  if (over || v < lo || v > hi) {
    ks_cli_error("%s: %s is out of range [%llu, %llu]", flag, s, (unsigned long long)lo, (unsigned long long)hi);
    return false;
  }
  *out = v;
  return true;
}

/* The JSON number grammar; true when s is one number and nothing else. */
static bool json_number(const char *s) {
  const char *p = s;
  if (*p == '-') p++;
  if (*p == '0') p++;
  else if (*p >= '1' && *p <= '9')
    while (is_digit(*p)) p++;
  else return false;
  if (*p == '.') {
    p++;
    if (!is_digit(*p)) return false;
    while (is_digit(*p)) p++;
  }
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    if (!is_digit(*p)) return false;
    while (is_digit(*p)) p++;
  }
  return *p == '\0';
}

static bool names_infinity_or_nan(const char *s) {
  if (*s == '+' || *s == '-') s++;
  static const char *const words[] = {"nan", "inf", "infinity"};
  for (size_t i = 0; i < 3; i++) {
    size_t n = strlen(words[i]);
    bool same = strlen(s) >= n;
    for (size_t k = 0; same && k < n; k++)
      if ((s[k] | 0x20) != words[i][k]) same = false;
    if (same && (s[n] == '\0' || (i == 0 && s[n] == '('))) return true;
  }
  return false;
}

bool ks_cli_parse_double(const char *flag, const char *s, double lo, double hi, double *out) {
  if (!s || !*s) {
    ks_cli_error("%s needs a number", flag);
    return false;
  }
  if (!json_number(s)) {
    const char *t = s[0] == '-' ? s + 1 : s;
    if (names_infinity_or_nan(s)) ks_cli_error("%s: '%s' is not a finite number", flag, s);
    else if (t[0] == '0' && is_digit(t[1]))
      ks_cli_error("%s: '%s' has a leading zero (numbers are decimal, as 2.5, -3 or 1e-3)", flag, s);
    else ks_cli_error("%s: '%s' is not a number (decimal, as 2.5, -3 or 1e-3)", flag, s);
    return false;
  }
  errno = 0;
  double v = strtod(s, NULL);
  if (errno == ERANGE || v < lo || v > hi) {
    ks_cli_error("%s: %s is out of range [%g, %g]", flag, s, lo, hi);
    return false;
  }
  *out = v;
  return true;
}

static int days_in_month(int y, int m) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : days[m - 1];
}

bool ks_cli_parse_date(const char *flag, const char *s, int *year, int *month, int *day) {
  bool shape = s && strlen(s) == 10 && s[4] == '-' && s[7] == '-';
  for (int i = 0; shape && i < 10; i++)
    if (i != 4 && i != 7 && !is_digit(s[i])) shape = false;
  if (!shape) {
    ks_cli_error("%s: '%s' is not a date like 2026-11-29 (YYYY-MM-DD)", flag, s ? s : "");
    return false;
  }
  int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
  int m = (s[5] - '0') * 10 + (s[6] - '0');
  int d = (s[8] - '0') * 10 + (s[9] - '0');
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > days_in_month(y, m)) {
    ks_cli_error("%s: %s is not a valid date", flag, s);
    return false;
  }
  *year = y;
  *month = m;
  *day = d;
  return true;
}
