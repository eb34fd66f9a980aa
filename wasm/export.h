// SPDX-License-Identifier: MIT
/* wasm/export.h — what every game's glue (wasm/<game>_exports.c) shares: the
   export mark, the names of a view's fields, and the packing of hashes and
   events into the doubles a page reads.

   A glue file is freestanding C that also builds natively (its native test
   drivers link it), so everything here is header-only and needs no libc. */
#ifndef KICKSTEP_WASM_EXPORT_H
#define KICKSTEP_WASM_EXPORT_H

#include <stdint.h>

#include "kickstep/events.h"
#include "kickstep/vec.h"

/* KS_WASM_EXPORT(name): the function is the module's export `name` (natively:
   an ordinary function). Every symbol a module exports is marked so; nothing
   else is exported (cmake/wasm32.cmake, wasm/CMakeLists.txt). */
#if defined(__wasm__)
#define KS_WASM_EXPORT(name) __attribute__((export_name(#name)))
#else
#define KS_WASM_EXPORT(name)
#endif

/* A view is one flat array of doubles whose fields an X-macro list names:
     #define MY_VIEW(X) X(x) X(y) ...
     #define MY_FIELD(n) MY_V_##n,
     enum { MY_VIEW(MY_FIELD) MY_VIEW_COUNT };
     static const char *const my_names[MY_VIEW_COUNT] = {MY_VIEW(KS_WASM_FIELD_NAME)};
   The page looks each field up by its name, so adding one shifts nothing it reads. */
#define KS_WASM_FIELD_NAME(name) #name,

/* Name i of a view of count fields ("" out of range). */
static inline const char *ks_wasm_field_name(const char *const *names, int32_t count, int32_t i) {
  return i >= 0 && i < count ? names[i] : "";
}

/* Three doubles from v[at]. */
static inline void ks_wasm_put3(double *v, int at, ks_vec3 p) {
  v[at] = p.x;
  v[at + 1] = p.y;
  v[at + 2] = p.z;
}

/* A 64-bit hash as two exact doubles: v[hi] its high 32 bits, v[lo] its low. */
static inline void ks_wasm_put_hash(double *v, int hi, int lo, uint64_t h) {
  v[hi] = (double)(uint32_t)(h >> 32);
  v[lo] = (double)(uint32_t)h;
}

/* Appends e's events to out (six doubles each: step, type, subject, value[0],
   value[1], value[2]) after the `have` already there, up to cap events;
   returns how many out holds now. */
static inline uint32_t ks_wasm_pack_events(double *out, uint32_t have, uint32_t cap, const ks_events *e) {
  for (uint32_t i = 0; i < e->count && have < cap; i++) {
    const ks_event *ev = &e->items[i];
    double *o = &out[have++ * 6];
    o[0] = (double)ev->step;
    o[1] = (double)ev->type;
    o[2] = (double)ev->subject;
    o[3] = ev->value[0];
    o[4] = ev->value[1];
    o[5] = ev->value[2];
  }
  return have;
}

#endif
