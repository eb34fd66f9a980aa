// SPDX-License-Identifier: MIT
/// kickstep/hash.h — a 64-bit hash over explicit fields.
///
/// State hashes feed timelines, sync tests and replay files. They cover named
/// fields one by one, never a struct's bytes, so padding (whose contents C
/// leaves unspecified) never changes a hash. Doubles are hashed by their IEEE
/// bits: +0 and -0 differ, and so do NaNs with different payloads.
///
///   ks_hash h = ks_hash_begin();
///   ks_hash_f64(&h, ball.x); ks_hash_i64(&h, step);
///   uint64_t digest = ks_hash_end(&h);
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
  uint64_t h;
  uint64_t n; ///< words absorbed
} ks_hash;

KS_API ks_hash ks_hash_begin(void);
KS_API void ks_hash_u64(ks_hash *h, uint64_t v);
KS_API void ks_hash_i64(ks_hash *h, int64_t v);
KS_API void ks_hash_u32(ks_hash *h, uint32_t v);
KS_API void ks_hash_i32(ks_hash *h, int32_t v);
KS_API void ks_hash_f64(ks_hash *h, double v);
KS_API void ks_hash_bool(ks_hash *h, bool v);
/// Bytes, for byte arrays that are fields (names, input logs); never a struct.
KS_API void ks_hash_bytes(ks_hash *h, const void *data, size_t len);
KS_API uint64_t ks_hash_end(const ks_hash *h);

/// FNV-1a 64 of a byte buffer: the checksum of replay files and share codes.
KS_API uint64_t ks_fnv1a64(const void *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
