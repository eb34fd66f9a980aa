// SPDX-License-Identifier: MIT
/// @file kickstep/hash.h
/// A 64-bit hash over explicit fields.
///
/// State hashes feed timelines, sync tests and replay files. They cover named
/// fields one by one, never a struct's bytes, so padding (whose contents C
/// leaves unspecified) never changes a hash. Doubles are hashed by their IEEE
/// bits: +0 and -0 differ, and so do NaNs with different payloads.
///
/// @code
///   ks_hash h = ks_hash_begin();
///   ks_hash_f64(&h, ball.x); ks_hash_i64(&h, step);
///   uint64_t digest = ks_hash_end(&h);
/// @endcode
#ifndef KICKSTEP_HASH_H
#define KICKSTEP_HASH_H

#include "kickstep/base.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Bad input: absorbing into a NULL hash does nothing, ks_hash_end(NULL) is 0,
/// and a NULL data pointer hashes as an empty buffer.

/// A running hash: a plain value.
typedef struct ks_hash {
  uint64_t h; ///< the running state (not the digest: call ks_hash_end)
  uint64_t n; ///< words absorbed
} ks_hash;

/// A fresh hash (nothing absorbed).
KS_API ks_hash ks_hash_begin(void);
/// Absorbs a 64-bit word.
KS_API void ks_hash_u64(ks_hash *h, uint64_t v);
/// Absorbs a signed 64-bit integer (as its two's-complement bits).
KS_API void ks_hash_i64(ks_hash *h, int64_t v);
/// Absorbs a 32-bit word (widened: ks_hash_u32(h, 7) equals ks_hash_u64(h, 7)).
KS_API void ks_hash_u32(ks_hash *h, uint32_t v);
/// Absorbs a signed 32-bit integer (sign-extended to 64 bits).
KS_API void ks_hash_i32(ks_hash *h, int32_t v);
/// Absorbs a double by its IEEE 754 bits (+0 and -0 differ).
KS_API void ks_hash_f64(ks_hash *h, double v);
/// Absorbs a bool as 0 or 1.
KS_API void ks_hash_bool(ks_hash *h, bool v);
/// Bytes, for byte arrays that are fields (names, input logs); never a struct.
KS_API void ks_hash_bytes(ks_hash *h, const void *data, size_t len);
/// The digest of everything absorbed so far (h is not changed: absorbing may go on).
KS_API uint64_t ks_hash_end(const ks_hash *h);

/// FNV-1a 64 of a byte buffer: the checksum of replay files and share codes.
KS_API uint64_t ks_fnv1a64(const void *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
