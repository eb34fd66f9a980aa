// SPDX-License-Identifier: MIT
/* A simulated network for rollback tests, driven by a seed: two one-way
   links, each with a latency, jitter (which reorders), loss and duplication.
   Time is counted in simulation steps (1/600 s in the duel), so a test runs
   as fast as the CPU allows and the same seed gives the same run. */
#ifndef KICKSTEP_TESTS_NETSIM_H
#define KICKSTEP_TESTS_NETSIM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/rng.h"
#include "kickstep/rollback.h"

typedef struct ns_params {
  int64_t latency;   /* one-way, steps */
  int64_t jitter;    /* extra delay drawn uniformly in [0, jitter], steps */
  double loss;       /* probability a packet is dropped */
  double dup;        /* probability a packet is delivered twice */
  double late;       /* probability a packet is held back by another latency (reordering) */
} ns_params;

typedef struct ns_packet {
  int64_t at;        /* delivery time, steps */
  uint64_t order;    /* ties broken by sending order */
  size_t len;
  uint8_t *bytes;
} ns_packet;

typedef struct ns_link {
  ns_params p;
  ks_rng rng;
  ns_packet *q;
  size_t n, cap;
  uint64_t order;
  int64_t sent, dropped, duplicated, delivered;
} ns_link;

static inline void ns_link_init(ns_link *l, const ns_params *p, uint64_t seed) {
  memset(l, 0, sizeof *l);
  l->p = *p;
  l->rng = ks_rng_seeded(seed);
}

static inline void ns_link_free(ns_link *l) {
  for (size_t i = 0; i < l->n; i++) free(l->q[i].bytes);
  free(l->q);
  l->q = NULL;
  l->n = l->cap = 0;
}

static inline void ns_push(ns_link *l, int64_t at, const uint8_t *b, size_t len) {
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 64;
    l->q = (ns_packet *)realloc(l->q, l->cap * sizeof *l->q);
  }
  ns_packet *k = &l->q[l->n++];
  k->at = at;
  k->order = l->order++;
  k->len = len;
  k->bytes = (uint8_t *)malloc(len ? len : 1);
  memcpy(k->bytes, b, len);
}

static inline int64_t ns_delay(ns_link *l) {
  int64_t d = l->p.latency;
  if (l->p.jitter > 0) d += (int64_t)ks_rng_below(&l->rng, (uint32_t)l->p.jitter + 1u);
  double u = ks_rng_double(&l->rng);
  if (u < l->p.late) d += l->p.latency + 1;
  return d;
}

/* Sends a packet at time now: maybe lost, maybe twice, each copy delayed. */
static inline void ns_send(ns_link *l, int64_t now, const uint8_t *b, size_t len) {
  l->sent++;
  double u = ks_rng_double(&l->rng);
  if (u < l->p.loss) {
    l->dropped++;
    return;
  }
  ns_push(l, now + ns_delay(l), b, len);
  double v = ks_rng_double(&l->rng);
  if (v < l->p.dup) {
    l->duplicated++;
    ns_push(l, now + ns_delay(l), b, len);
  }
}

/* Takes the next packet due at or before now (earliest first); returns its
   length or -1 when none is due. The caller frees *bytes. */
static inline long ns_take(ns_link *l, int64_t now, uint8_t **bytes) {
  size_t best = l->n;
  for (size_t i = 0; i < l->n; i++) {
    if (l->q[i].at > now) continue;
    if (best == l->n || l->q[i].at < l->q[best].at ||
        (l->q[i].at == l->q[best].at && l->q[i].order < l->q[best].order))
      best = i;
  }
  if (best == l->n) return -1;
  ns_packet k = l->q[best];
  l->q[best] = l->q[--l->n];
  *bytes = k.bytes;
  l->delivered++;
  return (long)k.len;
}

/* Random link parameters for a test run: latency 0-300 ms (0-180 steps at
   600 steps/s), jitter up to 50 ms, 10% loss, 5% duplication, 5% held back. */
static inline ns_params ns_random_params(ks_rng *r) {
  ns_params p;
  p.latency = (int64_t)ks_rng_below(r, 181u);
  p.jitter = (int64_t)ks_rng_below(r, 31u);
  p.loss = 0.10;
  p.dup = 0.05;
  p.late = 0.05;
  return p;
}

#endif
