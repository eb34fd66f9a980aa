// SPDX-License-Identifier: MIT
/// @file support/cli.h
/// The conventions every kickstep command-line program keeps, in one place,
/// so that kick-cli, brake-cli, walk-cli, ks-timeline and clock-demo keep
/// them the same way (docs/cli.md has the table of every flag):
///
/// - **Exit codes**: 0 ok, 1 a runtime failure, 2 a usage error. The
///   comparers (kick-cli compare, ks-timeline) follow diff and cmp: 1 means
///   "different", so their trouble (an unreadable file, output that cannot
///   be written) is 2.
/// - **Messages** go to standard error, one line each,
///   `PROGRAM: MESSAGE` (PROGRAM is the name given to ks_cli_begin or
///   ks_cli_set_prog); control characters in them (a newline inside an
///   argument) are shown as '?', and a very long argument or path is
///   shortened in its middle ("aaaa...aaaa"), so the reason stays whole. A usage error is one line that ends with a
///   hint: `(try 'PROGRAM --help' for the usage)`.
/// - **--help** prints the usage to standard output; **--version** prints
///   `PROGRAM VERSION` (VERSION: ks_version()). Both exit 0.
/// - **Numbers** are decimal and the whole argument: whole numbers are digits
///   only (no sign, spaces, leading zeros, point or exponent: `010`, `0x10`,
///   `+5`, ` 5`, `1e3` are refused); other numbers are written as in JSON
///   (`-2.5`, `1e-3`; no `+`, hex, `inf` or `nan`). Each is range-checked.
///   **Dates** are exactly `YYYY-MM-DD`. A refusal is a usage error naming
///   the flag.
/// - **Output that cannot be written is a failure.** ks_cli_end flushes and
///   closes standard output and turns any write error into exit 1 (2 for the
///   comparers) with a message. SIGPIPE is ignored, so a reader that goes
///   away early (`| head`) is a write error like any other: EPIPE, a
///   message, exit 1. SIGXFSZ is ignored too (a file-size limit is EFBIG).
/// - **Interrupted writes clean up**: SIGINT, SIGTERM and SIGHUP remove the
///   temporary files of outputs not yet committed (kickstep/host_file.h),
///   then end the program as the signal would.
///
/// Not installed: the programs' own helpers (link kickstep_support).
#ifndef KICKSTEP_SUPPORT_CLI_H
#define KICKSTEP_SUPPORT_CLI_H

#include <stdarg.h>

#include "kickstep/base.h"
#include "kickstep/host_file.h" /* KS_HOST_PRINTF */

#ifdef __cplusplus
extern "C" {
#endif

/// Exit code: the command did what was asked.
#define KS_CLI_OK 0
/// Exit code: a runtime failure (a file that cannot be read or written, a
/// corrupt replay, a difference found by a comparer).
#define KS_CLI_FAILURE 1
/// Exit code: a usage error (an unknown option, a bad number or date).
#define KS_CLI_USAGE 2

/// Starts a program: remembers its name for messages, ignores SIGPIPE and
/// SIGXFSZ, installs the temporary-file cleanup for SIGINT, SIGTERM and
/// SIGHUP (unless they are ignored), silences getopt's own messages, and
/// reserves file descriptors 0-2 when they are closed (so no file opened
/// later lands on them: writing to a closed standard output stays an error).
void ks_cli_begin(const char *prog);
/// Sets the name messages start with ("kick-cli shoot").
void ks_cli_set_prog(const char *prog);
/// The name messages start with.
const char *ks_cli_prog(void);

/// text as it may be printed inside one line of a report (a file name, a
/// label): copied into buf (cap bytes, cut to fit) with each control
/// character shown as '?', as in messages. Returns buf.
const char *ks_cli_printable(const char *text, char *buf, size_t cap);

/// Prints "PROGRAM: MESSAGE" as one line on standard error (PROGRAM: ks_cli_prog()).
void ks_cli_error(const char *fmt, ...) KS_HOST_PRINTF(1, 2);
/// ks_cli_error with a va_list.
void ks_cli_verror(const char *fmt, va_list ap);
/// Prints a one-line usage error with the hint "(try 'PROGRAM --help' for the usage)"
/// and returns KS_CLI_USAGE.
int ks_cli_usage(const char *fmt, ...) KS_HOST_PRINTF(1, 2);
/// ks_cli_usage with a va_list.
int ks_cli_vusage(const char *fmt, va_list ap);
/// After getopt_long returned '?' or ':' (an optstring starting with ':'):
/// prints the one-line usage error for the option argv names and returns
/// KS_CLI_USAGE.
int ks_cli_getopt_error(int c, char **argv);

/// True (after printing the usage to standard output) when argv holds
/// --help or -h before a "--".
bool ks_cli_help_wanted(int argc, char **argv, const char *usage);
/// True (after printing "NAME VERSION", VERSION being ks_version(), to standard output) when
/// argv holds --version before a "--".
bool ks_cli_version_wanted(int argc, char **argv, const char *name);

/// Ends a program: flushes and closes standard output and standard error.
/// Returns rc, or `trouble` when a write failed (after a message), whichever
/// is larger. Call it as `return ks_cli_end(rc, KS_CLI_FAILURE);`.
int ks_cli_end(int rc, int trouble);

/// Parses a whole number in decimal (digits only, no leading zero) in
/// [lo, hi]. On a refusal prints a message naming flag and returns false.
bool ks_cli_parse_uint(const char *flag, const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
/// Parses a finite number written as in JSON (an optional minus, then `0` or
/// digits that do not start with `0`, then optionally a point and digits,
/// then optionally `e` or `E`, an optional sign and digits) in [lo, hi]. A value too large or too small for a double is out of range.
/// On a refusal prints a message naming flag and returns false.
bool ks_cli_parse_double(const char *flag, const char *s, double lo, double hi, double *out);
/// Parses a date written exactly YYYY-MM-DD that exists in the Gregorian
/// calendar (year 0001-9999). On a refusal prints a message naming flag and
/// returns false.
bool ks_cli_parse_date(const char *flag, const char *s, int *year, int *month, int *day);

#ifdef __cplusplus
}
#endif
#endif
