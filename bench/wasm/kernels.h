// SPDX-License-Identifier: MIT
/* The workloads measured both natively and as wasm32 in Node: the same C,
   compiled twice. Freestanding (kickstep headers only). */
#ifndef KS_BENCH_WASM_KERNELS_H
#define KS_BENCH_WASM_KERNELS_H

#include <stdint.h>

/// Builds the template shots. Returns 0 on success.
int32_t kb_prepare(void);
/// n look-aheads: a copy of the just-struck shot run step by step until the
/// kick is decided (what a director does to know an outcome before it shows
/// it). Returns a hash of the results.
uint64_t kb_lookahead(int32_t n);
/// n whole kicks: init from the setup, strike, run until the ball rests (or 6 s).
uint64_t kb_kick(int32_t n);
/// n solver runs: the launch that crosses the goal line at an aim point
/// (kick_solve, 22 m out, bend 0.5), each with a slightly different aim.
uint64_t kb_solve(int32_t n);
/// n snapshot copies of a shot (`=`), each one read back.
uint64_t kb_copy(int32_t n);
/// Steps the last kb_lookahead / kb_kick call ran in total.
int64_t kb_last_steps(void);
/// sizeof(kick_shot), bytes.
int32_t kb_state_bytes(void);

#endif
