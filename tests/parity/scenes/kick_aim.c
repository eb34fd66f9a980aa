// SPDX-License-Identifier: MIT
/* kick_aim — swipes at the goal as drawn, across toolchains.
 *
 * Lines (the "step" field is a running line number), for six World Tour
 * levels at four screens (1280x800, 390x844, 844x390, 1024x1366):
 *   - the aiming camera (position, target, field of view) and the ball's
 *     pixel;
 *   - three hand-like flicks (kick_hand, 60/120/1000 Hz) from the ball
 *     towards a top corner, a low corner and half-way to the middle, read
 *     in that picture (kick_aim_read): the aim, the launch and the solver's
 *     tries; then the kick struck on the level as it is (wind, wall, keeper)
 *     and played to its decision.
 * The page reads swipes in wasm with these functions: every build must read
 * the same samples to the same bits. Freestanding: kickstep headers only. */
#include "kickstep/hash.h"
#include "kickstep/kick.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_hand.h"
#include "kickstep/kick_levels.h"
#include "kickstep/timeline.h"

size_t ks_scene_kick_aim(char *out, size_t cap);

static uint64_t hash_fields(const ks_tl_field *f, size_t n) {
  ks_hash h = ks_hash_begin();
  for (size_t i = 0; i < n; i++) ks_hash_f64(&h, f[i].value);
  return ks_hash_end(&h);
}

static void line(ks_tl_writer *w, int64_t *no, const ks_tl_field *f, size_t n) {
  ks_tl_line(w, *no, hash_fields(f, n), f, n);
  *no += 1;
}

static kick_touch g_pts[KICK_HAND_MAX_SAMPLES];

size_t ks_scene_kick_aim(char *out, size_t cap) {
  static const int32_t levels[6] = {0, 4, 9, 13, 21, 29};
  static const double screens[4][2] = {{1280, 800}, {390, 844}, {844, 390}, {1024, 1366}};
  static const double rates[3] = {60.0, 120.0, 1000.0};
  static const double targets[3][3] = {{-3.1, 2.1, KICK_CROSS_Z}, {3.0, 0.3, KICK_CROSS_Z}, {0.0, 1.2, KICK_CROSS_Z}};
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  int64_t no = 0;
  for (int li = 0; li < 6; li++) {
    kick_setup su;
    if (kick_level_setup(kick_level_at(levels[li]), 1, 0, &su) != KS_OK) continue;
    for (int s = 0; s < 4; s++) {
      const double W = screens[s][0], H = screens[s][1];
      kick_camera c;
      ks_status st = kick_aim_camera(&su, W, H, &c);
      double bx = 0.0, by = 0.0;
      (void)kick_camera_project(&c, W, H, ks_v3(su.spot_x, KICK_BALL_RADIUS, su.spot_z), &bx, &by);
      ks_tl_field a[] = {{"level", (double)levels[li]}, {"screen_w", W}, {"status", (double)st},
                         {"cam_x", c.pos.x},           {"cam_y", c.pos.y}, {"cam_z", c.pos.z},
                         {"tgt_x", c.target.x},        {"tgt_y", c.target.y}, {"tgt_z", c.target.z},
                         {"fov", c.fov},               {"ball_px", bx},   {"ball_py", by}};
      line(&w, &no, a, sizeof a / sizeof a[0]);
      for (int k = 0; k < 3; k++) {
        double to[2] = {0.0, 0.0};
        (void)kick_camera_project(&c, W, H, ks_v3(targets[k][0], targets[k][1], targets[k][2]), &to[0], &to[1]);
        if (k == 2) {
          to[0] = bx + 0.5 * (to[0] - bx);
          to[1] = by + 0.5 * (to[1] - by);
        }
        const double from[2] = {bx, by};
        kick_hand_def hd = kick_hand_default(from, to, 0.12 + 0.05 * k, rates[(li + s + k) % 3],
                                             (uint64_t)(100 * li + 10 * s + k));
        int32_t n = kick_hand_flick(&hd, g_pts, KICK_HAND_MAX_SAMPLES);
        kick_aim_reading r;
        st = n > 0 ? kick_aim_read_samples(NULL, &su, W, H, g_pts, (size_t)n, &r) : KS_ERR_RANGE;
        ks_tl_field b[] = {{"samples", (double)n},          {"status", (double)st},
                           {"aim_x", r.aim[0]},             {"aim_y", r.aim[1]},
                           {"extended", (double)r.extended}, {"flick", r.swipe.release_speed},
                           {"bend", r.swipe.bend},          {"speed", r.launch.speed_mps},
                           {"elevation", r.launch.elevation}, {"direction", r.launch.direction},
                           {"tries", (double)r.solution.tries}, {"miss", r.solution.miss_m}};
        line(&w, &no, b, sizeof b / sizeof b[0]);
        kick_shot shot;
        if (st != KS_OK || kick_shot_init(&shot, &su) != KS_OK) continue;
        for (int f = 0; f < 30; f++) kick_shot_advance(&shot, 1.0 / 60.0, NULL, NULL);
        if (kick_shot_strike(&shot, &r.launch) != KS_OK) continue;
        for (int f = 0; f < 1200 && !kick_shot_decided(&shot); f++) kick_shot_advance(&shot, 1.0 / 60.0, NULL, NULL);
        ks_vec3 cr = {0.0, 0.0, 0.0};
        (void)kick_shot_crossing(&shot, &cr);
        ks_tl_field d[] = {{"outcome", (double)kick_shot_outcome(&shot)},
                           {"decision_step", (double)kick_shot_decision_step(&shot)},
                           {"cross_x", cr.x},
                           {"cross_y", cr.y},
                           {"hash_hi", (double)(uint32_t)(kick_shot_hash(&shot) >> 32)},
                           {"hash_lo", (double)(uint32_t)kick_shot_hash(&shot)}};
        line(&w, &no, d, sizeof d / sizeof d[0]);
      }
    }
  }
  return w.overflow ? 0 : w.len;
}
