// SPDX-License-Identifier: MIT
/// @file kickstep/host_json_check.h
/// Strict JSON text checking for hosted programs (no parser type exposed).
///
/// Common JSON readers are lenient: they stop after the first value and
/// ignore what follows, keep the first of two equal keys, and read numbers
/// such as `+5`, `01` or `1.` that JSON does not allow, bytes that are not
/// UTF-8 and raw control characters inside strings. Files that decide
/// results (timelines, simulate results) are checked with ks_host_json_check
/// before any reader of the program's choice reads them: one value and
/// nothing but white space after it, no key twice in one object, every
/// number in JSON's grammar, and every string in UTF-8 (RFC 3629: no
/// overlong form, surrogate or code point past U+10FFFF) with its control
/// characters escaped and no U+0000 in any form. It runs in time linear in
/// the text. The timeline readers of kickstep/host_timeline.h use the same
/// rules.
#ifndef KICKSTEP_HOST_JSON_CHECK_H
#define KICKSTEP_HOST_JSON_CHECK_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Flag of ks_host_json_check: refuse every control character (U+0000 to
/// U+001F) in a string, escaped too (\\n, \\u0001), for files whose strings
/// are names and keys.
#define KS_JSON_NO_CONTROL 1u

/// True when text[0..len) (NUL-terminated or not) is exactly one JSON value
/// by the rules above (and flags); else false with the reason in why (one
/// phrase, e.g. "junk after the JSON value at byte 12"); why may be NULL.
KS_API bool ks_host_json_check(const char *text, size_t len, uint32_t flags, char *why, size_t why_cap);

/// The length (1 to 4) of the UTF-8 character that starts t[0..len), or 0
/// when none does: a stray continuation byte, a sequence cut short, an
/// overlong form, a surrogate or a code point past U+10FFFF (RFC 3629).
KS_API size_t ks_host_utf8_length(const unsigned char *t, size_t len);

#ifdef __cplusplus
}
#endif
#endif
