// SPDX-License-Identifier: MIT
/// @file kickstep/host_replay.h
/// Replay files on disk (hosted).
///
/// Saving goes through the writer of kickstep/host_file.h: a regular file is
/// replaced atomically (a temporary file beside it, created exclusively,
/// fsync'd and renamed over it), so a crash leaves either the old file or the
/// new one, never half of one; a character device or FIFO is written in
/// place; a symbolic link is followed; a directory, block device or socket is
/// refused. Loading reads the whole file (at most KICK_REPLAY_MAX_BYTES plus
/// one byte, so an oversized file is reported, not truncated silently) and
/// decodes it with kick_replay_decode: *out is written only on success. The
/// path "-" is standard input or output.
///
/// File-system errors come back as KS_ERR_NOT_FOUND (cannot open or read:
/// err.field "file: <reason>") or KS_ERR_STATE (cannot write or rename:
/// err.field "write: <reason>"). Link kickstep_host (it links kickstep_kick).
#ifndef KICKSTEP_HOST_REPLAY_H
#define KICKSTEP_HOST_REPLAY_H

#include "kickstep/kick_replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Encodes r and writes it to path atomically. err may be NULL.
KS_API ks_status ks_host_replay_save(const char *path, const kick_replay *r, kick_replay_error *err);
/// Reads and decodes path. *out is untouched unless KS_OK. err may be NULL.
KS_API ks_status ks_host_replay_load(const char *path, kick_replay *out, kick_replay_error *err);
/// Reads a whole file ("-": standard input) of at most cap bytes into buf
/// (*len). KS_ERR_CAPACITY (with *len = cap) when the file is longer;
/// KS_ERR_NOT_FOUND when unreadable or a directory (errno kept).
KS_API ks_status ks_host_read_file(const char *path, uint8_t *buf, size_t cap, size_t *len);
/// Writes bytes to path by the rules of kickstep/host_file.h (ks_host_write_file).
/// KS_ERR_STATE when it cannot (errno kept), KS_ERR_RANGE for a path too long.
KS_API ks_status ks_host_write_file_atomic(const char *path, const uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
