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
/// Reading is strict and bounded: a file is read whole or refused (at most
/// KS_TL_MAX_BYTES), a line is one flat JSON object in JSON's own grammar
/// (nothing after it, no key twice, no array or object values) of at most
/// KS_TL_MAX_LINE_BYTES, and an empty text is not a timeline
/// (ks_tl_check_text). Comparing two lines takes time linear in their keys.
/// kick-cli compare, kick-cli replay verify --trace and ks-timeline all read
/// timelines this way.
///
/// This layer uses libc and cJSON; simulations never include it.
#ifndef KICKSTEP_HOST_TIMELINE_H
#define KICKSTEP_HOST_TIMELINE_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The largest timeline the readers take, bytes (64 MiB; a kick's longest
/// per-step trace is about 12 MiB).
#define KS_TL_MAX_BYTES (64u << 20)
/// The longest line of a timeline, bytes (1 MiB; the writers' lines are
/// under 2 KiB).
#define KS_TL_MAX_LINE_BYTES (1u << 20)

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

/// Reads and compares two timeline files. Errors as ks_host_read_all (kickstep/host_file.h) with KS_TL_MAX_BYTES; on an
/// error out->message says which file could not be read.
KS_API ks_status ks_tl_compare_files(const char *expected_path, const char *actual_path, ks_tl_diff *out);

/// Counts lines and checks that each is a timeline line: one flat JSON object
/// (strict JSON, nothing after it, no key twice, no array or object value) of
/// at most KS_TL_MAX_LINE_BYTES, with a whole-number "step" and a
/// 16-hex-digit "hash". Returns KS_ERR_FORMAT and the 1-based line of the
/// first bad line in *bad_line (0 when all are good). An empty text has no
/// lines and is KS_OK here; ks_tl_check_text refuses it.
KS_API ks_status ks_tl_validate_text(const char *text, size_t len, size_t *lines, size_t *bad_line);

/// What ks_tl_check_text found.
typedef struct ks_tl_check {
  size_t lines;     ///< lines read (every line when the text is a timeline)
  size_t bad_line;  ///< 1-based line of the first bad line; 0 when none (or when the text is empty)
  char reason[160]; ///< what is wrong, one phrase ("junk after the JSON value at byte 40", "it is empty"); "" when ok
} ks_tl_check;

/// Checks that a text is a timeline: at least one line, and every line as
/// ks_tl_validate_text requires. KS_OK, or KS_ERR_FORMAT (KS_ERR_CAPACITY for
/// a text longer than KS_TL_MAX_BYTES) with the line and reason in *out.
/// The one check every timeline reader of kickstep applies.
KS_API ks_status ks_tl_check_text(const char *text, size_t len, ks_tl_check *out);

#ifdef __cplusplus
}
#endif
#endif
