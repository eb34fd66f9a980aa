// SPDX-License-Identifier: MIT
/* kick_content — the game's content and kick inputs across toolchains.
 *
 * Lines (the "step" field is a running line number):
 *   - per World Tour level: the solver's launch for the level's reference
 *     aim (elevation, direction, miss, tries), then that kick struck after
 *     0.5 s on the spot (match seed 1, kick 0) and played to its decision
 *     (outcome, decision step, crossing, stars);
 *   - 12 Daily Kick setups across the years, as played (kick_daily_kick):
 *     spot, wind, keeper, wall, venue;
 *   - 8 synthetic swipes read into launches.
 * Everything here must come out bit for bit the same on every compiler,
 * optimisation level and architecture, wasm32 included: the web page builds
 * the Daily Kick and reads swipes in wasm. Freestanding: kickstep headers only. */
#include "kickstep/dmath.h"
#include "kickstep/hash.h"
#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"
#include "kickstep/kick_swipe.h"
#include "kickstep/timeline.h"

size_t ks_scene_kick_content(char *out, size_t cap);

static uint64_t hash_fields(const ks_tl_field *f, size_t n) {
  ks_hash h = ks_hash_begin();
  for (size_t i = 0; i < n; i++) ks_hash_f64(&h, f[i].value);
  return ks_hash_end(&h);
}

static void line(ks_tl_writer *w, int64_t *no, const ks_tl_field *f, size_t n) {
  ks_tl_line(w, *no, hash_fields(f, n), f, n);
  *no += 1;
}

static void levels(ks_tl_writer *w, int64_t *no) {
  for (int32_t i = 0; i < kick_level_count(); i++) {
    const kick_level *lv = kick_level_at(i);
    kick_setup su;
    if (kick_level_setup(lv, 1, 0, &su) != KS_OK) continue;
    kick_solver_def d = kick_solver_def_for_setup(&su);
    d.aim_x = lv->aim.aim_x;
    d.aim_y = lv->aim.aim_y;
    d.speed_mps = lv->aim.speed_mps;
    d.bend = lv->aim.bend;
    kick_solution sol;
    ks_status st = kick_solve(&d, &sol);
    ks_tl_field a[] = {{"level", (double)i},          {"status", (double)st},
                       {"elevation", sol.launch.elevation}, {"direction", sol.launch.direction},
                       {"miss", sol.miss_m},           {"tries", (double)sol.tries},
                       {"flight_s", sol.flight_s}};
    line(w, no, a, sizeof a / sizeof a[0]);
    kick_shot s;
    if (kick_shot_init(&s, &su) != KS_OK) continue;
    for (int k = 0; k < 30; k++) kick_shot_advance(&s, 1.0 / 60.0, NULL, NULL);
    if (kick_shot_strike(&s, &sol.launch) != KS_OK) continue;
    for (int k = 0; k < 1200 && !kick_shot_decided(&s); k++) kick_shot_advance(&s, 1.0 / 60.0, NULL, NULL);
    ks_vec3 c = {0.0, 0.0, 0.0};
    (void)kick_shot_crossing(&s, &c);
    ks_tl_field b[] = {{"level", (double)i},
                       {"outcome", (double)kick_shot_outcome(&s)},
                       {"decision_step", (double)kick_shot_decision_step(&s)},
                       {"cross_x", c.x},
                       {"cross_y", c.y},
                       {"moments", (double)kick_shot_moments(&s)},
                       {"stars", (double)kick_level_stars(lv, &s)}};
    line(w, no, b, sizeof b / sizeof b[0]);
  }
}

static void dailies(ks_tl_writer *w, int64_t *no) {
  static const int32_t dates[12][3] = {
      {2000, 1, 1},  {2024, 2, 29}, {2026, 11, 29}, {2026, 11, 30}, {2026, 12, 31}, {2027, 6, 15},
      {2031, 3, 1},  {2048, 7, 4},  {2100, 2, 28},  {2400, 2, 29},  {2999, 12, 31}, {2500, 10, 10},
  };
  for (int i = 0; i < 12; i++) {
    kick_daily k;
    if (kick_daily_kick(dates[i][0], dates[i][1], dates[i][2], 0, &k) != KS_OK) continue;
    ks_tl_field f[] = {{"day", (double)k.day_number},
                       {"venue", (double)k.venue_index},
                       {"spot_x", k.setup.spot_x},
                       {"spot_z", k.setup.spot_z},
                       {"wet", k.setup.pitch.wet ? 1.0 : 0.0},
                       {"wind", k.setup.wind.mean_speed_mps},
                       {"bearing", k.setup.wind.bearing},
                       {"gust", k.setup.wind.gustiness},
                       {"swirl", k.setup.wind.swirl},
                       {"keeper", (double)k.setup.keeper.kind},
                       {"rating", k.setup.keeper.rating},
                       {"wall", (double)k.setup.wall.count},
                       {"jump_mask", (double)k.setup.wall.jump_mask},
                       {"rings", (double)k.setup.ring_count}};
    line(w, no, f, sizeof f / sizeof f[0]);
  }
}

static void swipes(ks_tl_writer *w, int64_t *no) {
  kick_swipe_def d = kick_swipe_default_def();
  d.screen_height = 2000.0;
  for (int g = 0; g < 8; g++) {
    double rise = 0.25 + 0.07 * (double)g, drift = 0.03 * (double)(g - 4), bow = 0.015 * (double)(g % 5 - 2);
    double dur = 0.1 + 0.03 * (double)g, hz = (g % 2) ? 120.0 : 60.0;
    kick_touch s[64];
    int n = (int)(dur * hz) + 1;
    if (n > 64) n = 64;
    for (int i = 0; i < n; i++) {
      double t = (double)i / hz;
      double u = t / dur;
      if (u > 1.0) u = 1.0;
      u = u * ks_sqrt(u);
      s[i].x = 1000.0 + 2000.0 * (drift * u + bow * ks_sin(KS_PI * u));
      s[i].y = 1700.0 - 2000.0 * rise * u;
      s[i].t = 5.0 + t;
    }
    kick_swipe_reading r;
    ks_status st = kick_swipe_read(&d, s, (size_t)n, &r);
    ks_tl_field f[] = {{"swipe", (double)g},           {"status", (double)st},
                       {"speed", r.launch.speed_mps},   {"elevation", r.launch.elevation},
                       {"direction", r.launch.direction}, {"bend", r.bend},
                       {"release", r.release_speed}};
    line(w, no, f, sizeof f / sizeof f[0]);
  }
}

size_t ks_scene_kick_content(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  int64_t no = 0;
  levels(&w, &no);
  dailies(&w, &no);
  swipes(&w, &no);
  return w.overflow ? 0 : w.len;
}
