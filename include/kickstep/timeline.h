// SPDX-License-Identifier: MIT
/// @file kickstep/timeline.h
/// Recording a simulation as JSON lines, byte for byte.
///
/// A timeline is text: one JSON object per line, written by a step loop every
/// N steps. Each line carries the step number, a 64-bit state hash and chosen
/// fields, every field twice — once as a decimal for people, once as its exact
/// IEEE 754 bits in hex, which is what comparisons trust:
///
/// @code
///   {"step":100,"hash":"0123456789abcdef","x":0.5,"x_hex":"3fe0000000000000"}
/// @endcode
///
/// The writer is freestanding (no libc, no allocation): it appends into a
/// caller-owned buffer. The decimal comes from ks_fmt_f64, kickstep's own
/// formatter, so the whole text is identical on every compiler and target.
/// When the buffer is full the writer sets `overflow`, writes nothing more and
/// never writes past `cap`; the text written so far always ends at a whole line.
///
/// @code
///   char buf[4096];
///   ks_tl_writer w;
///   ks_tl_writer_init(&w, buf, sizeof buf);
///   ks_tl_field f[2] = {{"x", ball.x}, {"y", ball.y}};
///   ks_tl_line(&w, step, state_hash, f, 2);
///   // w.len bytes of buf are the text; w.overflow says whether lines were lost.
/// @endcode
///
/// Field names are written as given: use [A-Za-z0-9_] names (JSON-safe; the
/// writer rejects any other name by setting overflow and writing nothing).
#ifndef KICKSTEP_TIMELINE_H
#define KICKSTEP_TIMELINE_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One named value of a timeline line.
typedef struct ks_tl_field {
  const char *name; ///< JSON key, [A-Za-z0-9_]+, not ending in "_hex"
  double value;     ///< any double, NaN and infinities included
} ks_tl_field;

/// A writer appending to a caller-owned buffer. Not simulation state.
typedef struct ks_tl_writer {
  char *buf;     ///< the caller's buffer
  size_t cap;    ///< its size in bytes
  size_t len;    ///< bytes written so far (always whole lines)
  bool overflow; ///< a line or text did not fit (or was malformed) and was left out
} ks_tl_writer;

/// Starts an empty timeline in buf[0..cap). buf may be NULL only with cap 0.
KS_API void ks_tl_writer_init(ks_tl_writer *w, char *buf, size_t cap);

/// Appends one line:
/// `{"step":N,"hash":"<16 hex>","<name>":<decimal>,"<name>_hex":"<16 hex>",...}\n`
/// Decimals are ks_fmt_f64's; NaN and infinities, which JSON numbers cannot
/// hold, are written as the strings "nan", "inf" and "-inf". If the line does
/// not fit, nothing of it is written and overflow is set.
KS_API void ks_tl_line(ks_tl_writer *w, int64_t step, uint64_t hash, const ks_tl_field *fields, size_t n);

/// Appends raw text (for example a summary line that is itself one JSON
/// object followed by '\n'). All or nothing, like ks_tl_line.
KS_API void ks_tl_text(ks_tl_writer *w, const char *s);

/// Longest text ks_fmt_f64 writes, without the terminating NUL.
#define KS_FMT_F64_MAX 32

/// Formats x as the shortest decimal that reads back as exactly x (round to
/// nearest), in JavaScript's Number-to-string layout: "0.1", "123", "1e+21",
/// "5e-324", "-0". NaN is "nan", infinities "inf" and "-inf". Writes at most
/// KS_FMT_F64_MAX bytes plus a NUL into out (which needs cap >= 1; the text
/// is cut short if cap is smaller than KS_FMT_F64_MAX + 1). Returns the length.
/// Integer arithmetic only: the same text on every platform.
KS_API size_t ks_fmt_f64(char *out, size_t cap, double x);

/// Formats a signed integer in decimal. Same contract as ks_fmt_f64 (at most 20 bytes).
KS_API size_t ks_fmt_i64(char *out, size_t cap, int64_t v);

/// Formats 16 lower-case hex digits of v. Same contract (16 bytes).
KS_API size_t ks_fmt_hex64(char *out, size_t cap, uint64_t v);

#ifdef __cplusplus
}
#endif
#endif
