// SPDX-License-Identifier: MIT
/* wasm/kick_pack.c — the scene packers both free-kick views use (kick_pack.h). */
#include "kickstep/kick_aim.h"

#include "export.h"
#include "kick_pack.h"

/* Each run's own indices, from its list: a field moved in the list moves here too. */
#define KP_FIELD(name) KP_##name,
enum { KICK_PACK_BALL_FIELDS(KP_FIELD) KP_BALL_COUNT };
enum { KICK_PACK_KEEPER_FIELDS(KP_FIELD) KP_KEEPER_COUNT };
enum { KICK_PACK_WALL_FIELDS(KP_FIELD) KP_WALL_COUNT };
enum { KICK_PACK_RING_FIELDS(KP_FIELD) KP_RING_COUNT };
enum { KICK_PACK_CAMERA_FIELDS(KP_FIELD) KP_CAMERA_COUNT };
enum { KICK_PACK_AIM_FIELDS(KP_FIELD) KP_AIM_COUNT };
#undef KP_FIELD
_Static_assert(KP_WALL_COUNT == 7 * KICK_WALL_MAX, "one capsule per wall player");
_Static_assert(KP_RING_COUNT == 5 * KICK_RING_MAX, "five fields per ring");

void kick_pack_ball(double *v, ks_vec3 pos, const kick_ball *b) {
  ks_wasm_put3(v, KP_ball_x, pos);
  ks_wasm_put3(v, KP_ball_vx, b->vel);
  ks_wasm_put3(v, KP_spin_ax, b->spin_axis);
  v[KP_spin_rate] = b->spin_rate;
}

void kick_pack_keeper(double *v, const kick_shot *s) {
  kick_keeper_pose kp;
  kick_shot_keeper_pose(s, &kp);
  v[KP_keeper_present] = kp.present;
  v[KP_keeper_diving] = kp.diving;
  v[KP_keeper_dive] = kp.dive_progress;
  ks_wasm_put3(v, KP_keeper_ax, kp.body_a);
  ks_wasm_put3(v, KP_keeper_bx, kp.body_b);
  v[KP_keeper_r] = kp.body_radius;
  ks_wasm_put3(v, KP_keeper_s0x, kp.shoulder[0]);
  ks_wasm_put3(v, KP_keeper_s1x, kp.shoulder[1]);
  ks_wasm_put3(v, KP_keeper_g0x, kp.glove[0]);
  ks_wasm_put3(v, KP_keeper_g1x, kp.glove[1]);
  v[KP_keeper_arm_r] = kp.arm_radius;
}

int32_t kick_pack_wall(double *v, const kick_shot *s) {
  int32_t wc = s->setup.wall.count;
  for (int32_t i = 0; i < wc && i < KICK_WALL_MAX; i++) {
    kick_capsule c;
    if (!kick_shot_wall_player(s, i, &c)) continue;
    int base = KP_wall0_ax + i * (KP_wall1_ax - KP_wall0_ax);
    ks_wasm_put3(v, base, c.a);
    ks_wasm_put3(v, base + 3, c.b);
    v[base + 6] = c.radius;
  }
  return wc;
}

int32_t kick_pack_rings(double *v, const kick_shot *s) {
  int32_t rc = s->setup.ring_count;
  for (int32_t i = 0; i < rc && i < KICK_RING_MAX; i++) {
    ks_vec3 c;
    if (!kick_shot_ring_center(s, i, &c)) continue;
    int base = KP_ring0_x + i * (KP_ring1_x - KP_ring0_x);
    ks_wasm_put3(v, base, c);
    v[base + 3] = s->setup.rings[i].radius;
    v[base + 4] = (s->ring_hits >> i) & 1u;
  }
  return rc;
}

void kick_pack_camera(double *v, const kick_camera *c) {
  ks_wasm_put3(v, KP_cam_x, c->pos);
  ks_wasm_put3(v, KP_cam_tx, c->target);
  v[KP_cam_fov] = c->fov;
}

void kick_pack_aim(double *v, const kick_setup *su, double width, double height) {
  kick_camera ac;
  if (kick_aim_camera(su, width, height, &ac) != KS_OK) return;
  ks_wasm_put3(v, KP_aim_cam_x, ac.pos);
  ks_wasm_put3(v, KP_aim_cam_tx, ac.target);
  v[KP_aim_cam_fov] = ac.fov;
  double px, py;
  if (kick_camera_project(&ac, width, height, ks_v3(su->spot_x, KICK_BALL_RADIUS, su->spot_z), &px, &py)) {
    v[KP_aim_ball_px] = px;
    v[KP_aim_ball_py] = py;
  }
  if (kick_camera_project(&ac, width, height, ks_v3(0.0, 0.5 * KICK_GOAL_HEIGHT, KICK_CROSS_Z), &px, &py)) {
    v[KP_aim_goal_px] = px;
    v[KP_aim_goal_py] = py;
  }
}

double kick_pack_keeper_dive_time(const kick_shot *s) {
  return s->keeper.dive_step >= 0 && kick_shot_steps(s) >= s->keeper.dive_step
             ? (double)(kick_shot_steps(s) - s->keeper.dive_step) / KICK_STEPS_PER_SECOND
             : -1.0;
}
