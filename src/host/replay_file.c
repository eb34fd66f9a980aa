// SPDX-License-Identifier: MIT
/* Replay files: written by the atomic writer of kickstep/host_file.h, read whole. */
#define _POSIX_C_SOURCE 200809L
#include "kickstep/host_replay.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/host_file.h"

static void set_field(kick_replay_error *e, const char *prefix, const char *reason) {
  if (!e) return;
  snprintf(e->field, sizeof e->field, "%s%s", prefix, reason);
}

ks_status ks_host_write_file_atomic(const char *path, const uint8_t *buf, size_t len) {
  if (!path || (!buf && len > 0)) return KS_ERR_NULL;
  ks_host_error e;
  ks_status s = ks_host_write_file(path, buf, len, &e);
  if (s != KS_OK) errno = e.errnum;
  return s == KS_ERR_RANGE ? KS_ERR_RANGE : s == KS_OK ? KS_OK : KS_ERR_STATE;
}

ks_status ks_host_read_file(const char *path, uint8_t *buf, size_t cap, size_t *len) {
  if (!path || !buf || !len) return KS_ERR_NULL;
  char *text = NULL;
  size_t n = 0;
  ks_host_error e;
  ks_status s = ks_host_read_all(path, cap, "this file", &text, &n, &e);
  if (s == KS_ERR_CAPACITY && e.errnum == EFBIG) {
    /* Longer than cap: the first cap bytes are not needed, only the verdict. */
    *len = cap;
    return KS_ERR_CAPACITY;
  }
  if (s != KS_OK) {
    errno = e.errnum;
    return KS_ERR_NOT_FOUND;
  }
  memcpy(buf, text, n);
  free(text);
  *len = n;
  return KS_OK;
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
