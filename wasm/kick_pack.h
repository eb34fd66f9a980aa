// SPDX-License-Identifier: MIT
/* wasm/kick_pack.h — the parts of a free-kick scene that the kick page's view
   (wasm/kick_exports.c) and the duel page's (wasm/duel_exports.c) both carry,
   packed once: the ball, the keeper's pose, the wall, the rings, a camera and
   the aiming camera. Each part is a run of fields named by one X-macro list
   below, which each view's own list includes, so the run's order is the same
   in both views and in the packer. A packer writes the run from the pointer it
   is given (&view[<prefix>_V_<first field>]). */
#ifndef KICKSTEP_WASM_KICK_PACK_H
#define KICKSTEP_WASM_KICK_PACK_H

#include "kickstep/kick.h"
#include "kickstep/kick_director.h"

/* The ball: its position, velocity, spin axis and rate. */
#define KICK_PACK_BALL_FIELDS(X)                                                                      \
  X(ball_x) X(ball_y) X(ball_z) X(ball_vx) X(ball_vy) X(ball_vz) X(spin_ax) X(spin_ay) X(spin_az) \
  X(spin_rate)

/* The keeper's pose (kick_keeper_pose): body capsule, shoulders, gloves. */
#define KICK_PACK_KEEPER_FIELDS(X)                                                                 \
  X(keeper_present) X(keeper_diving) X(keeper_dive)                                              \
  X(keeper_ax) X(keeper_ay) X(keeper_az) X(keeper_bx) X(keeper_by) X(keeper_bz) X(keeper_r)     \
  X(keeper_s0x) X(keeper_s0y) X(keeper_s0z) X(keeper_s1x) X(keeper_s1y) X(keeper_s1z)          \
  X(keeper_g0x) X(keeper_g0y) X(keeper_g0z) X(keeper_g1x) X(keeper_g1y) X(keeper_g1z)          \
  X(keeper_arm_r)

/* The wall's KICK_WALL_MAX players, a capsule each (the count is a field of its own). */
#define KICK_PACK_WALL_PLAYER(X, i) \
  X(wall##i##_ax) X(wall##i##_ay) X(wall##i##_az) X(wall##i##_bx) X(wall##i##_by) X(wall##i##_bz) X(wall##i##_r)
#define KICK_PACK_WALL_FIELDS(X)                                                            \
  KICK_PACK_WALL_PLAYER(X, 0) KICK_PACK_WALL_PLAYER(X, 1) KICK_PACK_WALL_PLAYER(X, 2)     \
  KICK_PACK_WALL_PLAYER(X, 3) KICK_PACK_WALL_PLAYER(X, 4) KICK_PACK_WALL_PLAYER(X, 5)

/* The KICK_RING_MAX target rings: centre, radius, hit (the count is a field of its own). */
#define KICK_PACK_RING(X, i) X(ring##i##_x) X(ring##i##_y) X(ring##i##_z) X(ring##i##_r) X(ring##i##_hit)
#define KICK_PACK_RING_FIELDS(X) KICK_PACK_RING(X, 0) KICK_PACK_RING(X, 1) KICK_PACK_RING(X, 2) KICK_PACK_RING(X, 3)

/* A camera (kick_camera): position, target, vertical field of view. */
#define KICK_PACK_CAMERA_FIELDS(X) X(cam_x) X(cam_y) X(cam_z) X(cam_tx) X(cam_ty) X(cam_tz) X(cam_fov)

/* The aiming camera for the screen (kick_aim_camera), and where the ball on
   its spot and the goal's middle are in its picture, CSS px. */
#define KICK_PACK_AIM_FIELDS(X)                                                                        \
  X(aim_cam_x) X(aim_cam_y) X(aim_cam_z) X(aim_cam_tx) X(aim_cam_ty) X(aim_cam_tz) X(aim_cam_fov) \
  X(aim_ball_px) X(aim_ball_py) X(aim_goal_px) X(aim_goal_py)

/* The ball at `pos` (the drawn position: interpolated, or the state's) with
   b's velocity and spin. */
void kick_pack_ball(double *v, ks_vec3 pos, const kick_ball *b);
/* s's keeper (kick_shot_keeper_pose). */
void kick_pack_keeper(double *v, const kick_shot *s);
/* s's wall players; returns the wall's count (players past it are left as they were). */
int32_t kick_pack_wall(double *v, const kick_shot *s);
/* s's rings; returns the setup's ring count (rings past it are left as they were). */
int32_t kick_pack_rings(double *v, const kick_shot *s);
/* A camera. */
void kick_pack_camera(double *v, const kick_camera *c);
/* The aiming camera for a screen of width x height CSS px; fields it cannot
   give (a screen kick_aim_camera refuses, a point behind it) are left as they were. */
void kick_pack_aim(double *v, const kick_setup *su, double width, double height);
/* Seconds since the keeper's dive began, -1 before it (or with no dive). */
double kick_pack_keeper_dive_time(const kick_shot *s);

#endif
