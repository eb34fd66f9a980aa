// SPDX-License-Identifier: MIT
/* The wasm exports of the rollback benchmark module. */
#include "rb_kernels.h"

#define RB_EXPORT(name) __attribute__((export_name(#name)))

RB_EXPORT(prepare) int32_t wr_prepare(int32_t scene, int32_t window);
RB_EXPORT(fill) uint64_t wr_fill(int32_t k);
RB_EXPORT(fill_rollback) uint64_t wr_fill_rollback(int32_t k);
RB_EXPORT(last_resimulated) int64_t wr_last_resimulated(void);
RB_EXPORT(state_bytes) int32_t wr_state_bytes(void);

int32_t wr_prepare(int32_t scene, int32_t window) { return rbk_prepare(scene, window); }
uint64_t wr_fill(int32_t k) { return rbk_fill(k); }
uint64_t wr_fill_rollback(int32_t k) { return rbk_fill_rollback(k); }
int64_t wr_last_resimulated(void) { return rbk_last_resimulated(); }
int32_t wr_state_bytes(void) { return rbk_state_bytes(); }
