// SPDX-License-Identifier: MIT
/// @file kickstep/host_timeline.h
/// Reading and comparing timeline files (hosted).
///
/// The hosted side of kickstep/timeline.h: it reads JSON-lines timelines from
/// disk and compares two of them, naming the first line, step and field where
/// they part, with the expected and actual values. Byte-identical texts are
/// identical; otherwise each line is parsed (cJSON) and compared field by
/// field. For a field `x` that has an `x_hex` twin the hex bits decide, so the
/// report names `x` and shows both values as decimal and bits.
///
/// This layer uses libc and cJSON; simulations never include it.
#ifndef KICKSTEP_HOST_TIMELINE_H
#define KICKSTEP_HOST_TIMELINE_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The first difference between two timelines.
typedef struct ks_tl_diff {
  bool identical;      ///< the two texts are byte for byte the same
  int64_t line;        ///< 1-based line of the first difference; 0 when identical
  bool has_step;       ///< `step` below is known (the expected line had one)
  int64_t step;        ///< the "step" of the expected line at that point
  char field[64];      ///< the differing field: a key, or "(line)" for a missing/extra/unparsable line, "(text)" for formatting
  char expected[160];  ///< the expected value as text ("(missing)" when absent)
  char actual[160];    ///< the actual value as text
  char message[512];   ///< one readable sentence saying all of the above
} ks_tl_diff;

/// Compares two timeline texts (need not be NUL-terminated). Always fills
/// out. Errors: KS_ERR_NULL (out NULL, or a text NULL with non-zero length).
KS_API ks_status ks_tl_compare_text(const char *expected, size_t expected_len, const char *actual, size_t actual_len,
                                    ks_tl_diff *out);

/// Reads a whole file into a malloc'd NUL-terminated buffer (free() it).
/// Errors: KS_ERR_NULL, KS_ERR_NOT_FOUND (cannot open or read; errno kept).
KS_API ks_status ks_tl_read_file(const char *path, char **text, size_t *len);

/// Reads and compares two timeline files. Errors as ks_tl_read_file; on an
/// error out->message says which file could not be read.
KS_API ks_status ks_tl_compare_files(const char *expected_path, const char *actual_path, ks_tl_diff *out);

/// Counts lines and checks that each is a JSON object with an integer "step"
/// and a 16-hex-digit "hash". Returns KS_ERR_FORMAT and the 1-based line of
/// the first bad line in *bad_line (0 when all are good).
KS_API ks_status ks_tl_validate_text(const char *text, size_t len, size_t *lines, size_t *bad_line);

#ifdef __cplusplus
}
#endif
#endif
