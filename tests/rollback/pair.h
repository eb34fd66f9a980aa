// SPDX-License-Identifier: MIT
/* Two rollback peers over the simulated network (netsim.h), driven tick by
   tick: messages due are read, each peer advances one step with its agent's
   input (skipping a tick now and then when time sync says it is ahead), and
   every few ticks each writes a message. The confirmed inputs are logged as
   they become confirmed, so a test can re-simulate them offline. */
#ifndef KICKSTEP_TESTS_PAIR_H
#define KICKSTEP_TESTS_PAIR_H

#include "netsim.h"

/* Fills `input` (input_size bytes, zeroed) for player p at its frame. */
typedef void (*pair_agent_fn)(int32_t p, const void *state, int64_t frame, uint8_t *input, void *user);

typedef struct pair {
  ks_rb_session s[2];
  void *storage[2];
  ns_link link[2];           /* link[p] carries p's messages to the other peer */
  int64_t now;               /* ticks (steps of simulated time) */
  int32_t send_every;        /* ticks between two messages of a peer */
  size_t input_size;
  uint8_t *log;              /* confirmed inputs: [step][player][input_size] */
  int64_t logged, log_cap;   /* steps logged, capacity in steps */
  int64_t refused, read;     /* messages refused / read */
  int64_t skipped[2];        /* ticks skipped for time sync */
  int64_t stop;              /* peers stop stepping at this frame (INT64_MAX: never) */
  uint8_t msg[KS_RB_MAX_MESSAGE];
} pair;

/* def_a / def_b differ only in local_player (and whatever the test plants). */
static inline int pair_init(pair *pr, const ks_rb_def *def0, const ks_rb_def *def1, const void *initial,
                            const ns_params *net, uint64_t seed) {
  memset(pr, 0, sizeof *pr);
  const ks_rb_def *defs[2] = {def0, def1};
  for (int p = 0; p < 2; p++) {
    size_t n = ks_rb_storage_size(defs[p]);
    if (n == 0) return -1;
    pr->storage[p] = malloc(n);
    if (ks_rb_init(&pr->s[p], defs[p], pr->storage[p], n, initial) != KS_OK) return -1;
    ns_link_init(&pr->link[p], net, seed * 2u + (uint64_t)p + 1u);
  }
  pr->send_every = 10;
  pr->input_size = def0->input_size;
  pr->log_cap = 4096;
  pr->log = (uint8_t *)malloc((size_t)pr->log_cap * 2u * pr->input_size);
  pr->stop = INT64_MAX;
  return 0;
}

static inline void pair_free(pair *pr) {
  for (int p = 0; p < 2; p++) {
    free(pr->storage[p]);
    ns_link_free(&pr->link[p]);
  }
  free(pr->log);
}

static inline const uint8_t *pair_log_at(const pair *pr, int64_t step, int32_t p) {
  return pr->log + ((size_t)step * 2u + (size_t)p) * pr->input_size;
}

/* Logs the inputs of newly confirmed steps (both peers must agree on them). */
static inline int pair_log(pair *pr) {
  int64_t c = ks_rb_confirmed(&pr->s[0]);
  for (; pr->logged < c; pr->logged++) {
    if (pr->logged >= pr->log_cap) {
      pr->log_cap *= 2;
      pr->log = (uint8_t *)realloc(pr->log, (size_t)pr->log_cap * 2u * pr->input_size);
    }
    for (int32_t p = 0; p < 2; p++) {
      uint8_t *dst = pr->log + ((size_t)pr->logged * 2u + (size_t)p) * pr->input_size;
      if (ks_rb_input(&pr->s[0], p, pr->logged, dst) != KS_OK) return -1;
    }
  }
  return 0;
}

static inline void pair_tick(pair *pr, pair_agent_fn agent, void *user) {
  for (int p = 0; p < 2; p++) {
    uint8_t *b = NULL;
    long n;
    while ((n = ns_take(&pr->link[p], pr->now, &b)) >= 0) {
      ks_status st = ks_rb_read_message(&pr->s[1 - p], b, (size_t)n, NULL);
      if (st != KS_OK) pr->refused++;
      else pr->read++;
      free(b);
    }
  }
  for (int p = 0; p < 2; p++) {
    ks_rb_session *s = &pr->s[p];
    if (ks_rb_frame(s) >= pr->stop) {
      (void)ks_rb_settle(s);
      continue;
    }
    if (ks_rb_recommended_wait(s) > 0 && pr->now % 3 == p) {
      pr->skipped[p]++;
      (void)ks_rb_settle(s);
      continue;
    }
    uint8_t in[KS_RB_MAX_INPUT_BYTES];
    memset(in, 0, sizeof in);
    agent(p, ks_rb_state(s), ks_rb_frame(s), in, user);
    (void)ks_rb_advance(s, in, NULL);
  }
  for (int p = 0; p < 2; p++) {
    if ((pr->now + p * 5) % pr->send_every != 0) continue;
    size_t len = 0;
    if (ks_rb_write_message(&pr->s[p], pr->msg, sizeof pr->msg, &len) == KS_OK)
      ns_send(&pr->link[p], pr->now, pr->msg, len);
  }
  pr->now++;
}

#endif
