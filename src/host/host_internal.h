// SPDX-License-Identifier: MIT
/* Internal to kickstep_host: state shared by file.c and cli.c. */
#ifndef KICKSTEP_HOST_INTERNAL_H
#define KICKSTEP_HOST_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* A failure to write standard output was already reported (by
   ks_host_out_commit), so ks_cli_end does not report it twice. */
extern bool ks_host__stdout_reported;

/* The message fmt makes, formatted whole into a malloc'd text (free it), so
   that a long argument is never cut before the reason after it; NULL when
   memory runs out. */
char *ks_host__vformat(const char *fmt, va_list ap);

/* Copies the message in into out[cap], shortened to fit: each run of
   non-blank characters longer than 100 bytes (a 5,000-byte argument or path),
   longest first, keeps its first 60 and last 30 bytes around "...", so that
   the reason around it stays whole; a text still too long is cut, with
   "...". Cuts fall between UTF-8 characters. */
void ks_host__shorten(const char *in, char *out, size_t cap);

#endif
