// SPDX-License-Identifier: MIT
#include "kickstep/hash.h"
#include "kickstep/rng.h"

ks_hash ks_hash_begin(void) {
  ks_hash h = {0x6b69636b73746570ull, 0};
  return h;
}

void ks_hash_u64(ks_hash *h, uint64_t v) {
  if (!h) return;
  /* Absorb: mix the word with its position, fold into the state. */
  h->h = ks_mix64(h->h ^ ks_mix64(v + (h->n + 1) * KS_RNG_GAMMA));
  h->n++;
}

void ks_hash_i64(ks_hash *h, int64_t v) { ks_hash_u64(h, (uint64_t)v); }
void ks_hash_u32(ks_hash *h, uint32_t v) { ks_hash_u64(h, (uint64_t)v); }
void ks_hash_i32(ks_hash *h, int32_t v) { ks_hash_u64(h, (uint64_t)(int64_t)v); }
void ks_hash_f64(ks_hash *h, double v) { ks_hash_u64(h, ks_f64_bits(v)); }
void ks_hash_bool(ks_hash *h, bool v) { ks_hash_u64(h, v ? 1u : 0u); }

void ks_hash_bytes(ks_hash *h, const void *data, size_t len) {
  if (!h) return;
  if (!data) len = 0; /* a missing buffer hashes as an empty field */
  const uint8_t *p = (const uint8_t *)data;
  ks_hash_u64(h, (uint64_t)len);
  uint64_t w = 0;
  size_t k = 0;
  for (size_t i = 0; i < len; i++) {
    w |= (uint64_t)p[i] << (8 * k);
    if (++k == 8) {
      ks_hash_u64(h, w);
      w = 0;
      k = 0;
    }
  }
  if (k) ks_hash_u64(h, w);
}

uint64_t ks_hash_end(const ks_hash *h) { return h ? ks_mix64(h->h ^ h->n) : 0; }

uint64_t ks_fnv1a64(const void *data, size_t len) {
  const uint8_t *p = (const uint8_t *)data;
  uint64_t x = 0xcbf29ce484222325ull;
  if (!p) return x; /* as for an empty buffer */
  for (size_t i = 0; i < len; i++) {
    x ^= p[i];
    x *= 0x100000001b3ull;
  }
  return x;
}
