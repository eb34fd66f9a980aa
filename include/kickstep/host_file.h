// SPDX-License-Identifier: MIT
/// @file kickstep/host_file.h
/// Files for kickstep's hosted programs: whole reads with a named size
/// limit, and writes that never destroy what they should not.
///
/// **Reading** (ks_host_read_all) takes the whole file or refuses it: a file
/// longer than the caller's limit is an error that names the limit, never
/// silently cut. The path "-" is standard input. A directory is refused.
///
/// **Writing** (ks_host_out_open, ks_host_out_write, ks_host_out_commit)
/// depends on what the destination is:
/// - a regular file, or nothing yet: the bytes go to a temporary file created
///   exclusively beside it (`<name>.tmp.<pid>.<n>`, so two writers never
///   share one), which is flushed, fsync'd and renamed over the destination,
///   and the directory is fsync'd. A crash leaves the old file or the new
///   one, never half of one; a failure removes the temporary file and leaves
///   the old file as it was. A replaced file keeps its permission bits and,
///   where allowed, its owner. A writer killed outright (SIGKILL, a power
///   cut) leaves its temporary file: the next write to the same destination
///   removes every `<name>.tmp.<pid>.<n>` beside it whose pid is no live
///   process on this machine (a live writer's is kept).
/// - a character device (/dev/null, a terminal) or a FIFO: written in place,
///   never replaced. A FIFO waits for its reader, as a shell redirection does.
/// - a symbolic link: followed. Its final target is written by the rules
///   above and the link itself stays. A link to nothing is refused.
/// - a directory, a block device or a socket: refused with a message.
/// - "-": standard output (flushed on commit, never closed).
/// A command with several outputs writes them all and only then commits
/// each, so a failure in one leaves every destination as it was.
///
/// **Checking a command line** (ks_host_check_files): one file named for two
/// outputs, or for an input and an output, is refused before anything is
/// written. Files are compared by device and inode (for a file that does not
/// exist yet: its directory's device and inode and its name), so `./a` and
/// `a`, or a link and its target, are the same file.
///
/// Errors come back as a ks_status and a one-line message naming the file
/// (ks_host_error). Statuses: KS_ERR_NULL (a NULL argument), KS_ERR_NOT_FOUND
/// (cannot open or read), KS_ERR_CAPACITY (longer than the limit),
/// KS_ERR_STATE (cannot write, or a destination that is refused),
/// KS_ERR_RANGE (a path longer than KS_HOST_PATH_MAX), KS_ERR_FORMAT (two
/// arguments name the same file). This layer uses POSIX; simulations never
/// include it. Link kickstep_host.
#ifndef KICKSTEP_HOST_FILE_H
#define KICKSTEP_HOST_FILE_H

#include <stdarg.h>
#include <stdio.h>

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Marks a printf-like function for the compiler's format checks (GCC and
/// Clang; nothing elsewhere). Argument `f` is the format, `a` the first value.
#ifndef KS_HOST_PRINTF
#if defined(__GNUC__) || defined(__clang__)
#define KS_HOST_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define KS_HOST_PRINTF(f, a)
#endif
#endif

/// The longest path the writer handles, bytes including the NUL.
#define KS_HOST_PATH_MAX 4096

/// What went wrong, for a person.
typedef struct ks_host_error {
  int errnum;        ///< errno of the failing call; 0 when none applies
  char message[640]; ///< one line naming the file and the reason (no newline)
} ks_host_error;

/// Reads the whole of path ("-": standard input) into a malloc'd buffer
/// with a NUL after the last byte (free() it). A file longer than
/// max_bytes is refused (KS_ERR_CAPACITY); the message names the limit and
/// `what` the file should be ("a timeline"). *text and *len are set only on
/// success. err may be NULL.
KS_API ks_status ks_host_read_all(const char *path, size_t max_bytes, const char *what, char **text, size_t *len,
                                  ks_host_error *err);

/// Formats fmt into out[cap] as one message for a person: formatted whole
/// first, then each run of non-blank characters longer than 100 bytes (a
/// 5,000-byte argument or path), longest first, keeps its first 60 and last
/// 30 bytes around "...", so that the reason around it stays whole; a text
/// still too long is cut, with "...". Cuts fall between UTF-8 characters.
/// The messages of ks_host_error are made this way.
KS_API void ks_host_vmessage(char *out, size_t cap, const char *fmt, va_list ap);

/// True once a write to standard output failed and ks_host_out_commit
/// reported it (so a program's exit path does not report it twice).
KS_API bool ks_host_stdout_failed(void);

/// One open output. Fill it with ks_host_out_open; end it with
/// ks_host_out_commit or ks_host_out_abort. The fields are for the
/// implementation; write through the functions below.
typedef struct ks_host_out {
  FILE *f;                        ///< the stream written to; NULL once ended
  int kind;                       ///< how the destination is written (internal)
  int errnum;                     ///< errno of the first failed write, 0 when none
  bool failed;                    ///< a write failed: commit will refuse
  int slot;                       ///< temporary-file registry slot, -1 when none (internal)
  char path[KS_HOST_PATH_MAX];    ///< the destination as given
  char target[KS_HOST_PATH_MAX];  ///< the file actually replaced (a link's final target)
  char tmp[KS_HOST_PATH_MAX];     ///< the temporary file; "" when written in place
} ks_host_out;

/// Opens path for writing by the rules in the file overview. Nothing at
/// path changes until ks_host_out_commit. err may be NULL.
KS_API ks_status ks_host_out_open(ks_host_out *o, const char *path, ks_host_error *err);
/// Writes len bytes. A failure is remembered (commit then fails with it).
KS_API ks_status ks_host_out_write(ks_host_out *o, const void *buf, size_t len);
/// printf into the output; a failure is remembered as for ks_host_out_write.
KS_API ks_status ks_host_out_printf(ks_host_out *o, const char *fmt, ...) KS_HOST_PRINTF(2, 3);
/// Flushes, fsyncs and closes the output and puts it in place (renames the
/// temporary file over the destination and fsyncs the directory). On any
/// failure the temporary file is removed and the destination is untouched.
/// The output is ended either way. err may be NULL.
KS_API ks_status ks_host_out_commit(ks_host_out *o, ks_host_error *err);
/// Ends an output without putting it in place: the temporary file is
/// removed, the destination untouched. Safe on an ended output.
KS_API void ks_host_out_abort(ks_host_out *o);

/// Writes a whole buffer to path: open, write, commit. err may be NULL.
KS_API ks_status ks_host_write_file(const char *path, const void *buf, size_t len, ks_host_error *err);

/// One file argument of a command line, for ks_host_check_files.
typedef struct ks_host_file {
  const char *path;   ///< the file as given ("-": standard input or output); NULL to skip
  const char *option; ///< how the command line names it, for messages ("--out", "the input")
  bool output;        ///< written (true) or read (false)
} ks_host_file;

/// Refuses a file named twice where that would lose data: for two outputs
/// (any kind of file, standard output included), for an input and an
/// output (unless it is a character device such as a terminal or /dev/null),
/// or standard input named twice; and an empty file name. KS_ERR_FORMAT and
/// a message naming the options. err may be NULL.
KS_API ks_status ks_host_check_files(const ks_host_file *files, size_t count, ks_host_error *err);

/// Removes the temporary files of every output not yet ended. Safe inside a
/// signal handler (it only calls unlink); ks_cli_begin installs one for
/// SIGINT, SIGTERM and SIGHUP.
KS_API void ks_host_remove_temporaries(void);

#ifdef __cplusplus
}
#endif
#endif
