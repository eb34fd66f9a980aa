// SPDX-License-Identifier: MIT
/* The wasm exports of the benchmark module: the kernels, under their own
   names. 64-bit results cross to JavaScript as BigInt. */
#include "kernels.h"

#define KB_EXPORT(name) __attribute__((export_name(#name)))

KB_EXPORT(prepare) int32_t wb_prepare(void);
KB_EXPORT(lookahead) uint64_t wb_lookahead(int32_t n);
KB_EXPORT(kick) uint64_t wb_kick(int32_t n);
KB_EXPORT(solve) uint64_t wb_solve(int32_t n);
KB_EXPORT(copy) uint64_t wb_copy(int32_t n);
KB_EXPORT(last_steps) int64_t wb_last_steps(void);
KB_EXPORT(state_bytes) int32_t wb_state_bytes(void);

int32_t wb_prepare(void) { return kb_prepare(); }
uint64_t wb_lookahead(int32_t n) { return kb_lookahead(n); }
uint64_t wb_kick(int32_t n) { return kb_kick(n); }
uint64_t wb_solve(int32_t n) { return kb_solve(n); }
uint64_t wb_copy(int32_t n) { return kb_copy(n); }
int64_t wb_last_steps(void) { return kb_last_steps(); }
int32_t wb_state_bytes(void) { return kb_state_bytes(); }
