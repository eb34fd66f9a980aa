// SPDX-License-Identifier: MIT
/* The core's reference scene (core_ref.c): its timeline, and its state and
   step as a value for the sync test of tests/parity/test_core_ref_native.c. */
#ifndef KICKSTEP_SCENE_CORE_REF_H
#define KICKSTEP_SCENE_CORE_REF_H

#include <stddef.h>
#include <stdint.h>

/* Writes the scene's timeline into out[cap]; returns its length (0: too small). */
size_t ks_scene_core_ref(char *out, size_t cap);

/* The scene's state is one value of this many bytes. */
size_t ks_scene_core_ref_state_size(void);
/* Sets state up as the sync test starts it (seeded dice, the ball on its spot). */
void ks_scene_core_ref_start(void *state);
/* One step (user unused), and the state's hash: ks_sync_run's callbacks. */
void ks_scene_core_ref_step(void *state, void *user);
uint64_t ks_scene_core_ref_hash(const void *state, void *user);
/* The steps taken and the kicks made so far. */
void ks_scene_core_ref_counts(const void *state, int64_t *steps, int64_t *kicks);

#endif
