// SPDX-License-Identifier: MIT
/* The wasm exports of bench/release's module: the look-ahead at release and
   the rollback kernels of the same tree. */
#include "rb_kernels.h"
#include "release_kernels.h"

#define RK_EXPORT(name) __attribute__((export_name(#name)))

RK_EXPORT(release_prepare) int32_t wk_release_prepare(int32_t cold);
RK_EXPORT(release) uint64_t wk_release(int32_t n);
RK_EXPORT(step_alone) uint64_t wk_step_alone(int32_t n);
RK_EXPORT(step_new) uint64_t wk_step_new(int32_t n);
RK_EXPORT(release_decision_step) int64_t wk_release_decision_step(void);
RK_EXPORT(runup_prepare) int32_t wk_runup_prepare(void);
RK_EXPORT(strike_frame) uint64_t wk_strike_frame(int32_t n);
RK_EXPORT(runup_total) uint64_t wk_runup_total(int32_t n);
RK_EXPORT(rollback_prepare) int32_t wk_rollback_prepare(int32_t scene, int32_t window);
RK_EXPORT(fill) uint64_t wk_fill(int32_t k);
RK_EXPORT(fill_rollback) uint64_t wk_fill_rollback(int32_t k);
RK_EXPORT(has_cache) int32_t wk_has_cache(void);

int32_t wk_release_prepare(int32_t cold) { return rk_prepare(cold); }
uint64_t wk_release(int32_t n) { return rk_release(n); }
uint64_t wk_step_alone(int32_t n) { return rk_step(n); }
uint64_t wk_step_new(int32_t n) { return rk_step_new(n); }
int64_t wk_release_decision_step(void) { return rk_decision_step(); }
int32_t wk_runup_prepare(void) { return rk_runup_prepare(); }
uint64_t wk_strike_frame(int32_t n) { return rk_strike_frame(n); }
uint64_t wk_runup_total(int32_t n) { return rk_runup_total(n); }
int32_t wk_rollback_prepare(int32_t scene, int32_t window) { return rbk_prepare(scene, window); }
uint64_t wk_fill(int32_t k) { return rbk_fill(k); }
uint64_t wk_fill_rollback(int32_t k) { return rbk_fill_rollback(k); }
#ifdef RK_BEFORE
int32_t wk_has_cache(void) { return 0; }
#else
int32_t wk_has_cache(void) { return 1; }
#endif
