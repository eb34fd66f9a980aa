// SPDX-License-Identifier: MIT
/* The two sides of the Bullet comparison, behind a plain C interface so the
   C++ driver never includes kickstep's C headers. */
#ifndef KS_BENCH_BULLET_SIDES_H
#define KS_BENCH_BULLET_SIDES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The scene both engines run: where the ball starts and how it is launched.
typedef struct scene_start {
  double pos[3];     ///< ball centre, m
  double vel[3];     ///< launch velocity, m/s
} scene_start;

/// kickstep side: builds the struck shot once (open pitch, no wind, no keeper,
/// no wall) and returns where the ball starts and how it flies.
scene_start ks_side_prepare(void);
/// Runs `steps` 1/600 s steps from a copy of the struck shot; returns the
/// state hash (so the work cannot be optimised away). *in_play: steps run
/// before the ball came to rest.
uint64_t ks_side_run(int steps, int *in_play);
/// Where the ball ended after the last ks_side_run, m.
void ks_side_ball(double out[3]);
/// The quadratic drag of the kick engine as an acceleration factor k(v):
/// a = -k(|v|) |v| v, 1/m.
double ks_side_drag_factor(double speed_mps);
/// sizeof(kick_shot), bytes.
uint64_t ks_side_state_bytes(void);

#ifdef __cplusplus
}
#endif
#endif
