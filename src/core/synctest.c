// SPDX-License-Identifier: MIT
/* GGPO-style sync test: run forward, rewind to a snapshot, run again, compare. */
#include "kickstep/synctest.h"

ks_sync_def ks_sync_default_def(void) {
  ks_sync_def d;
  d.steps = 1000;
  d.check_every = 16;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

/* A byte copy of our own: src/core calls no libc. */
static void copy_bytes(void *dst, const void *src, size_t n) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  for (size_t i = 0; i < n; i++) d[i] = s[i];
}

static bool overlaps(const void *a, const void *b, size_t n) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  return x < y ? y - x < n : x - y < n;
}

ks_status ks_sync_run(void *state, size_t size, void *scratch, size_t scratch_size, ks_sync_step_fn step,
                      ks_sync_hash_fn hash, void *user, const ks_sync_def *def, ks_sync_result *out) {
  if (!state || !scratch || !step || !hash || !def || !out || size == 0) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (def->steps < 1 || def->check_every < 1 || def->check_every > KS_SYNC_MAX_CHECK_EVERY) return KS_ERR_RANGE;
  if (scratch_size < size) return KS_ERR_CAPACITY;
  if (overlaps(state, scratch, size)) return KS_ERR_STATE;

  ks_sync_result r = {true, 0, 0, -1, 0, 0};
  uint64_t forward[KS_SYNC_MAX_CHECK_EVERY];
  while (r.steps_run < def->steps) {
    int64_t left = def->steps - r.steps_run;
    int32_t n = left < def->check_every ? (int32_t)left : def->check_every;

    copy_bytes(scratch, state, size); /* the snapshot */
    uint64_t before = hash(state, user);
    for (int32_t i = 0; i < n; i++) {
      step(state, user);
      forward[i] = hash(state, user);
    }

    /* Rewind: the snapshot must hash as the state did, then replay the stretch. */
    uint64_t again = hash(scratch, user);
    r.checks++;
    if (again != before) {
      r.ok = false;
      r.first_bad_step = r.steps_run; /* the snapshot itself, before step steps_run + 1 */
      r.expected_hash = before;
      r.actual_hash = again;
      break;
    }
    for (int32_t i = 0; i < n; i++) {
      step(scratch, user);
      uint64_t h = hash(scratch, user);
      r.checks++;
      if (h != forward[i]) {
        r.ok = false;
        r.first_bad_step = r.steps_run + i + 1;
        r.expected_hash = forward[i];
        r.actual_hash = h;
        break;
      }
    }
    if (!r.ok) {
      r.steps_run += n;
      break;
    }
    r.steps_run += n;
  }
  *out = r;
  return KS_OK;
}
