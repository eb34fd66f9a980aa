// SPDX-License-Identifier: MIT
/* The kickstep side of the Bullet comparison: the kick engine itself.
   The scene is the open-pitch setup (the goal alone: two posts and a bar, the
   ground; no wind, keeper or wall), a ball struck 20 m out at the left post's
   inside edge, so that it flies under drag, strikes the post and bounces on.
   Each step is kick_shot_step: gravity, the engine's quadratic drag, spin
   decay, the ground, the capsule contacts with posts and bar, the net, the
   goal line and the rules. */
#include "sides.h"

#include "kickstep/kick.h"

#define AIR_DENSITY 1.225 /* kg/m^3, sea level at 15 °C */
#define KS_PI_ 3.14159265358979323846

static kick_shot struck;   /* the template: struck, not yet stepped */
static kick_shot last;     /* the shot after the last run */

scene_start ks_side_prepare(void) {
  kick_setup su = kick_setup_default();
  kick_shot shot;
  scene_start st = {{0, 0, 0}, {0, 0, 0}};
  if (kick_shot_init(&shot, &su) != KS_OK) return st;
  kick_launch k = kick_launch_default();
  k.speed_mps = 26.0;
  k.elevation = 0.12;
  /* At the inside of the post at +x: its axis is 3.72 m across, 20 m away. */
  k.direction = 0.181;
  if (kick_shot_strike(&shot, &k) != KS_OK) return st;
  struck = shot;
  st.pos[0] = shot.ball.pos.x;
  st.pos[1] = shot.ball.pos.y;
  st.pos[2] = shot.ball.pos.z;
  st.vel[0] = shot.ball.vel.x;
  st.vel[1] = shot.ball.vel.y;
  st.vel[2] = shot.ball.vel.z;
  return st;
}

uint64_t ks_side_run(int steps, int *in_play) {
  kick_shot s = struck;
  int moving = 0;
  for (int i = 0; i < steps; i++) {
    kick_shot_step(&s, NULL, NULL);
    if (kick_shot_phase(&s) != KICK_PHASE_DONE) moving = i + 1;
  }
  if (in_play) *in_play = moving;
  last = s;
  return kick_shot_hash(&s);
}

void ks_side_ball(double out[3]) {
  out[0] = last.ball.pos.x;
  out[1] = last.ball.pos.y;
  out[2] = last.ball.pos.z;
}

double ks_side_drag_factor(double speed_mps) {
  double area = KS_PI_ * KICK_BALL_RADIUS * KICK_BALL_RADIUS;
  return 0.5 * AIR_DENSITY * area * kick_drag_coefficient(speed_mps) / KICK_BALL_MASS;
}

uint64_t ks_side_state_bytes(void) { return (uint64_t)sizeof(kick_shot); }
