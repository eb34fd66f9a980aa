// SPDX-License-Identifier: MIT
/* The files of simulate, merge and report, under the conventions every
   kickstep program keeps (kickstep/host_file.h, docs/cli.md).

   Outputs go through the shared writer (ks_host_out_*): a regular file is
   written to a unique temporary beside it and renamed into place when whole,
   a device or FIFO is written in place, a directory, block device or socket
   is refused, "-" is standard output.

   Inputs are read as ks_host_read_all reads ("-" is standard input, a
   directory is refused, nothing is read past a named limit), but streamed:
   a records file of a large sweep, or a file of many shards' results one
   after the other, may be longer than any whole-file limit, so the limit is
   on what has to be held at once: one result (SIM_RESULT_MAX_BYTES, with
   the white space before it) or one records line (SIM_RECORD_MAX_BYTES). */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim.h"

#define SIM_INPUT_CHUNK ((size_t)16 << 10)

/* ---------------------------------------------------------------- outputs */

bool sim_out_open(ks_host_out *o, const char *path) {
  ks_host_error e;
  if (ks_host_out_open(o, path, &e) == KS_OK) return true;
  cli_error("%s", e.message);
  return false;
}

bool sim_out_end(ks_host_out *o, bool ok) {
  if (!o->f) return false;
  /* A write that failed is reported by the commit, which then refuses. */
  if (!ok && !o->failed) {
    ks_host_out_abort(o);
    return false;
  }
  ks_host_error e;
  if (ks_host_out_commit(o, &e) != KS_OK) {
    cli_error("%s", e.message);
    return false;
  }
  return ok;
}

bool sim_out_json(ks_host_out *o, const cJSON *root) {
  char *text = cJSON_Print(root);
  if (!text) {
    cli_error("out of memory");
    return false;
  }
  ks_host_out_write(o, text, strlen(text));
  ks_host_out_write(o, "\n", 1);
  cJSON_free(text);
  return !o->failed;
}

/* ---------------------------------------------------------------- inputs */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void sim_size_text(size_t n, char *buf, size_t cap) {
  if (n >= ((size_t)1 << 20) && n % ((size_t)1 << 20) == 0) snprintf(buf, cap, "%zu MiB", n >> 20);
  else if (n >= 1024 && n % 1024 == 0) snprintf(buf, cap, "%zu KiB", n >> 10);
  else snprintf(buf, cap, "%zu bytes", n);
}

bool sim_input_open(sim_input *in, const char *path) {
  memset(in, 0, sizeof *in);
  in->fd = -1;
  in->is_stdin = strcmp(path, "-") == 0;
  size_t n = strlen(path);
  in->name = malloc(n + sizeof "standard input");
  in->buf = malloc(SIM_INPUT_CHUNK + 1);
  if (!in->name || !in->buf) {
    cli_error("out of memory");
    sim_input_close(in);
    return false;
  }
  if (in->is_stdin) strcpy(in->name, "standard input");
  else snprintf(in->name, n + 3, "'%s'", path);
  in->cap = SIM_INPUT_CHUNK;
  in->fd = in->is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (in->fd < 0) {
    cli_error("cannot open %s: %s", in->name, strerror(errno));
    sim_input_close(in);
    return false;
  }
  struct stat st;
  if (fstat(in->fd, &st) != 0) {
    cli_error("cannot read %s: %s", in->name, strerror(errno));
    sim_input_close(in);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    cli_error("cannot read %s: it is a directory", in->name);
    sim_input_close(in);
    return false;
  }
  return true;
}

void sim_input_close(sim_input *in) {
  if (in->fd >= 0 && !in->is_stdin) close(in->fd);
  in->fd = -1;
  free(in->buf);
  free(in->name);
  in->buf = NULL;
  in->name = NULL;
}

/* Reads more bytes after the unread ones (moved to the front of the buffer),
   growing the buffer up to `hold` unread bytes. 1: read some; 0: the end;
   -1: a read error (in->err). */
static int more(sim_input *in, size_t hold) {
  if (in->start > 0) {
    memmove(in->buf, in->buf + in->start, in->end - in->start);
    in->base += in->start;
    in->end -= in->start;
    in->start = 0;
  }
  if (in->end == in->cap && in->cap < hold) {
    size_t cap = in->cap * 2 < hold ? in->cap * 2 : hold;
    char *bigger = realloc(in->buf, cap + 1);
    if (!bigger) {
      in->err = ENOMEM;
      return -1;
    }
    in->buf = bigger;
    in->cap = cap;
  }
  if (in->end == in->cap) { /* the callers stop at their limit before this */
    in->err = EFBIG;
    return -1;
  }
  for (;;) {
    ssize_t r = read(in->fd, in->buf + in->end, in->cap - in->end);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      in->err = errno;
      return -1;
    }
    if (r == 0) {
      in->eof = true;
      return 0;
    }
    in->end += (size_t)r;
    return 1;
  }
}

int sim_input_line(sim_input *in, size_t max, const char *what, char **line, size_t *len) {
  size_t scanned = 0;
  for (;;) {
    size_t have = in->end - in->start;
    char *nl = memchr(in->buf + in->start + scanned, '\n', have - scanned);
    if (nl) {
      size_t n = (size_t)(nl - (in->buf + in->start));
      if (n <= max) {
        *nl = '\0';
        *line = in->buf + in->start;
        *len = n;
        in->start += n + 1;
        in->lineno++;
        return 1;
      }
    }
    scanned = have;
    if (nl || have > max) {
      char limit[32];
      sim_size_text(max, limit, sizeof limit);
      cli_error("%s line %ld is longer than %s, the limit for %s", in->name, in->lineno + 1, limit, what);
      return -1;
    }
    if (in->eof) {
      if (have == 0) return 0;
      cli_error("%s line %ld: the last line has no newline (a cut file?)", in->name, in->lineno + 1);
      return -1;
    }
    if (more(in, max + 1) < 0) {
      cli_error("cannot read %s: %s", in->name, strerror(in->err));
      return -1;
    }
  }
}

sim_in_status sim_input_object(sim_input *in, size_t max, const char **text, size_t *len, uint64_t *at) {
  /* White space before a value counts towards its limit, so an endless run
     of it stops there too. */
  size_t skipped = 0;
  for (;;) {
    while (in->start < in->end && is_space(in->buf[in->start])) in->start++, skipped++;
    if (in->start < in->end) break;
    *at = in->base + in->start;
    if (skipped > max) return SIM_IN_TOO_LONG;
    if (in->eof) return SIM_IN_END;
    if (more(in, max + 1) < 0) return SIM_IN_READ_ERROR;
  }
  *at = in->base + in->start;
  *text = in->buf + in->start;
  *len = 1;
  if (in->buf[in->start] != '{') return SIM_IN_NOT_JSON;
  /* The object ends where its brackets close (outside strings); whether it
     is JSON is the strict parser's to say. */
  size_t i = 0;
  long depth = 0;
  bool in_string = false, escaped = false;
  for (;;) {
    for (; in->start + i < in->end; i++) {
      char c = in->buf[in->start + i];
      if (in_string) {
        if (escaped) escaped = false;
        else if (c == '\\') escaped = true;
        else if (c == '"') in_string = false;
      } else if (c == '"') {
        in_string = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if ((c == '}' || c == ']') && --depth == 0) {
        i++;
        if (i + skipped > max) return SIM_IN_TOO_LONG;
        *text = in->buf + in->start;
        *len = i;
        in->start += i;
        return SIM_IN_VALUE;
      }
    }
    if (i + skipped > max) return SIM_IN_TOO_LONG;
    if (in->eof) {
      *at = in->base + in->end;
      return SIM_IN_CUT;
    }
    if (more(in, max + 1) < 0) return SIM_IN_READ_ERROR;
  }
}
