// SPDX-License-Identifier: MIT
/* The parity harness's view of the scenes: a generated registry
   (registry.c, written by tools/parity/parity.sh) lists every
   tests/parity/scenes/<name>.c as {name, ks_scene_<name>}. Freestanding. */
#ifndef KS_PARITY_H
#define KS_PARITY_H

#include <stddef.h>

typedef size_t (*ks_parity_scene_fn)(char *out, size_t cap);

typedef struct ks_parity_scene {
  const char *name;
  ks_parity_scene_fn run;
} ks_parity_scene;

extern const ks_parity_scene ks_parity_scenes[];
extern const size_t ks_parity_scene_count;

/* Room for one scene's timeline. A scene that needs more returns 0 (overflow). */
#ifndef KS_PARITY_OUT_CAP
#define KS_PARITY_OUT_CAP (16u << 20)
#endif

#endif
