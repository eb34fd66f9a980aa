// SPDX-License-Identifier: MIT
/* Replay files: atomic write (temporary file, then rename) and read. */
#define _POSIX_C_SOURCE 200809L
#include "kickstep/host_replay.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void set_field(kick_replay_error *e, const char *prefix, const char *reason) {
  if (!e) return;
  snprintf(e->field, sizeof e->field, "%s%s", prefix, reason);
}

ks_status ks_host_write_file_atomic(const char *path, const uint8_t *buf, size_t len) {
  if (!path || (!buf && len > 0)) return KS_ERR_NULL;
  char tmp[4096];
  int n = snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  if (n < 0 || (size_t)n >= sizeof tmp) return KS_ERR_RANGE;
  FILE *f = fopen(tmp, "wb");
  if (!f) return KS_ERR_STATE;
  bool ok = fwrite(buf, 1, len, f) == len;
  ok = fflush(f) == 0 && ok;
  ok = fsync(fileno(f)) == 0 && ok;
  ok = fclose(f) == 0 && ok;
  if (!ok || rename(tmp, path) != 0) {
    int saved = errno;
    (void)remove(tmp);
    errno = saved;
    return KS_ERR_STATE;
  }
  return KS_OK;
}

ks_status ks_host_read_file(const char *path, uint8_t *buf, size_t cap, size_t *len) {
  if (!path || !buf || !len) return KS_ERR_NULL;
  FILE *f = fopen(path, "rb");
  if (!f) return KS_ERR_NOT_FOUND;
  size_t n = fread(buf, 1, cap, f);
  bool err = ferror(f) != 0;
  int extra = n == cap ? fgetc(f) : EOF;
  fclose(f);
  if (err) return KS_ERR_NOT_FOUND;
  *len = n;
  return extra != EOF ? KS_ERR_CAPACITY : KS_OK;
}

ks_status ks_host_replay_save(const char *path, const kick_replay *r, kick_replay_error *err) {
  uint8_t bytes[KICK_REPLAY_MAX_BYTES];
  size_t n = 0;
  ks_status st = kick_replay_encode(r, bytes, sizeof bytes, &n, err);
  if (st != KS_OK) return st;
  errno = 0;
  st = ks_host_write_file_atomic(path, bytes, n);
  if (st != KS_OK && err) {
    err->status = st;
    set_field(err, "write: ", errno ? strerror(errno) : ks_status_name(st));
  }
  return st;
}

ks_status ks_host_replay_load(const char *path, kick_replay *out, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  memset(e, 0, sizeof *e);
  uint8_t bytes[KICK_REPLAY_MAX_BYTES + 1];
  size_t n = 0;
  errno = 0;
  ks_status st = ks_host_read_file(path, bytes, sizeof bytes, &n);
  if (st == KS_ERR_CAPACITY) {
    e->status = KS_ERR_FORMAT;
    e->have = n;
    e->need = KICK_REPLAY_MAX_BYTES;
    e->offset = KICK_REPLAY_MAX_BYTES;
    set_field(e, "length", "");
    return KS_ERR_FORMAT;
  }
  if (st != KS_OK) {
    e->status = st;
    set_field(e, "file: ", errno ? strerror(errno) : ks_status_name(st));
    return st;
  }
  return kick_replay_decode(bytes, n, out, e);
}
