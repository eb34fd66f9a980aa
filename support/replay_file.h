// SPDX-License-Identifier: MIT
/// @file support/replay_file.h
/// Replay files on disk, for kick-cli, the tests and the parity tools (not
/// installed: a game saves a replay with kick_replay_encode and
/// ks_host_write_file, and loads one with ks_host_read_all and
/// kick_replay_decode, as these two do; docs/replays.md).
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
/// err.field "write: <reason>").
#ifndef KICKSTEP_SUPPORT_REPLAY_FILE_H
#define KICKSTEP_SUPPORT_REPLAY_FILE_H

#include "kickstep/kick_replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Encodes r and writes it to path atomically. err may be NULL.
ks_status kick_replay_file_save(const char *path, const kick_replay *r, kick_replay_error *err);
/// Reads and decodes path. *out is untouched unless KS_OK. err may be NULL.
ks_status kick_replay_file_load(const char *path, kick_replay *out, kick_replay_error *err);

#ifdef __cplusplus
}
#endif
#endif
