// SPDX-License-Identifier: MIT
/// @file support/json.h
/// Strict JSON reading into cJSON's tree, for kickstep's own programs and
/// tests (not installed: a game picks its own JSON library and checks text
/// with kickstep/host_json_check.h).
///
/// cJSON on its own is lenient: it stops after the first value and ignores
/// what follows, keeps the first of two equal keys, and reads numbers such
/// as `+5`, `01` or `1.` that JSON does not allow, bytes that are not UTF-8
/// and raw control characters inside strings. The tools read files that
/// decide results (timelines, simulate results), so they read them with
/// ks_json_parse_strict: one value and nothing but white space after it, no
/// key twice in one object, every number in JSON's grammar, and every string
/// in UTF-8 (RFC 3629: no overlong form, surrogate or code point past
/// U+10FFFF) with its control characters escaped. It runs in time linear in
/// the text.
#ifndef KICKSTEP_SUPPORT_JSON_H
#define KICKSTEP_SUPPORT_JSON_H

#include "kickstep/host_json_check.h"

#ifdef __cplusplus
extern "C" {
#endif

/// cJSON's tree node (include <cjson/cJSON.h> to use it).
struct cJSON;

/// Parses text[0..len) (NUL-terminated or not) as exactly one JSON value.
/// Returns the tree (free it with cJSON_Delete) or NULL with the reason in
/// why (one phrase, e.g. "junk after the JSON value at byte 12"); why may be
/// NULL. A string holding U+0000, raw or escaped (\\u0000), is refused: cJSON's
/// strings end at the first NUL, which would silently drop what follows.
struct cJSON *ks_json_parse_strict(const char *text, size_t len, char *why, size_t why_cap);

/// ks_json_parse_strict with flags (KS_JSON_NO_CONTROL): the readers of
/// files whose strings are names and keys (simulate results, for merge and
/// report) refuse control characters in any form.
struct cJSON *ks_json_parse_strict_flags(const char *text, size_t len, uint32_t flags, char *why, size_t why_cap);

/// Adds text to obj as the string key, in UTF-8 whatever bytes text holds
/// (a file name, a label from the command line): each byte that is not part
/// of a UTF-8 character (as ks_json_parse_strict reads them) becomes U+FFFD,
/// so that the JSON printed stays valid. Returns the new item, or NULL (a
/// NULL argument, or out of memory).
struct cJSON *ks_json_add_text(struct cJSON *obj, const char *key, const char *text);

/// True when item is a number that is a whole number in [0, max] (max at
/// most 2^53, beyond which a double does not hold every whole number);
/// stores it in *out.
bool ks_json_get_uint(const struct cJSON *item, uint64_t max, uint64_t *out);

#ifdef __cplusplus
}
#endif
#endif
