// SPDX-License-Identifier: MIT
/* Replay files: written by the atomic writer of kickstep/host_file.h, read whole. */
#define _POSIX_C_SOURCE 200809L
#include "support/replay_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/host_file.h"

static void set_field(kick_replay_error *e, const char *prefix, const char *reason) {
  if (!e) return;
  snprintf(e->field, sizeof e->field, "%s%s", prefix, reason);
}

ks_status kick_replay_file_save(const char *path, const kick_replay *r, kick_replay_error *err) {
  uint8_t bytes[KICK_REPLAY_MAX_BYTES];
  size_t n = 0;
  ks_status st = kick_replay_encode(r, bytes, sizeof bytes, &n, err);
  if (st != KS_OK) return st;
  if (!path) return KS_ERR_NULL;
  ks_host_error he;
  st = ks_host_write_file(path, bytes, n, &he);
  if (st == KS_OK) return KS_OK;
  st = st == KS_ERR_RANGE ? KS_ERR_RANGE : KS_ERR_STATE;
  if (err) {
    err->status = st;
    set_field(err, "write: ", he.errnum ? strerror(he.errnum) : ks_status_name(st));
  }
  return st;
}

ks_status kick_replay_file_load(const char *path, kick_replay *out, kick_replay_error *err) {
  kick_replay_error tmp;
  kick_replay_error *e = err ? err : &tmp;
  memset(e, 0, sizeof *e);
  if (!path) {
    e->status = KS_ERR_NULL;
    return KS_ERR_NULL;
  }
  char *bytes = NULL;
  size_t n = 0;
  ks_host_error he;
  ks_status st = ks_host_read_all(path, KICK_REPLAY_MAX_BYTES, "a replay", &bytes, &n, &he);
  if (st == KS_ERR_CAPACITY && he.errnum == EFBIG) {
    e->status = KS_ERR_FORMAT;
    e->have = KICK_REPLAY_MAX_BYTES + 1;
    e->need = KICK_REPLAY_MAX_BYTES;
    e->offset = KICK_REPLAY_MAX_BYTES;
    set_field(e, "length", "");
    return KS_ERR_FORMAT;
  }
  if (st != KS_OK) {
    st = st == KS_ERR_NULL ? st : KS_ERR_NOT_FOUND;
    e->status = st;
    set_field(e, "file: ", he.errnum ? strerror(he.errnum) : ks_status_name(st));
    return st;
  }
  st = kick_replay_decode((const uint8_t *)bytes, n, out, e);
  free(bytes);
  return st;
}
