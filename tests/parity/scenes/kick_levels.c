// SPDX-License-Identifier: MIT
/* kick_levels — full timelines of one kick on every World Tour level.
 *
 * For each of the 30 levels: the level's setup (match seed 1, kick number =
 * the level's position), 0.5 s on the spot in uneven frames (gusts, the
 * showman's shuffle and the rings move), then the level's reference kick
 * (the solver's launch for its reference aim) struck and stepped to 0.1 s
 * after the decision. A state line every 10 steps (ball, spin, a glove, the
 * wind, the whole shot's hash), a line per event, and a summary line per
 * level. Unlike kick_goldens (made-up setups), these are the game's own
 * levels: keepers of every kind, walls that jump, rings that slide and bob,
 * wet pitches and gusting wind, as a player meets them.
 * Freestanding: kickstep headers only. */
#include "kickstep/hash.h"
#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"
#include "kickstep/timeline.h"
#include "kick_scene_lines.h"

size_t ks_scene_kick_levels(char *out, size_t cap);

static void state_line(ks_tl_writer *w, const kick_shot *s) {
  kick_keeper_pose p;
  kick_shot_keeper_pose(s, &p);
  ks_vec3 wind = kick_wind_at(s, kick_shot_time(s));
  ks_tl_field f[] = {{"x", s->ball.pos.x},       {"y", s->ball.pos.y},         {"z", s->ball.pos.z},
                     {"vx", s->ball.vel.x},      {"vy", s->ball.vel.y},        {"vz", s->ball.vel.z},
                     {"spin", s->ball.spin_rate}, {"glove_x", p.glove[0].x},   {"glove_y", p.glove[0].y},
                     {"wind_x", wind.x},         {"wind_z", wind.z}};
  ks_tl_line(w, kick_shot_steps(s), kick_shot_hash(s), f, sizeof f / sizeof f[0]);
}

size_t ks_scene_kick_levels(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  /* Uneven frames on the spot: 1/144 s to 1/20 s, from fixed dice. */
  ks_rng frames = ks_rng_seeded(3030);
  for (int32_t i = 0; i < kick_level_count(); i++) {
    const kick_level *lv = kick_level_at(i);
    kick_setup su;
    kick_shot s;
    if (kick_level_setup(lv, 1, (uint64_t)i, &su) != KS_OK || kick_shot_init(&s, &su) != KS_OK) {
      ks_tl_text(&w, "{\"error\":\"setup\"}\n");
      continue;
    }
    kick_solver_def d = kick_solver_def_for_setup(&su);
    d.aim_x = lv->aim.aim_x;
    d.aim_y = lv->aim.aim_y;
    d.speed_mps = lv->aim.speed_mps;
    d.bend = lv->aim.bend;
    kick_solution sol;
    if (kick_solve(&d, &sol) != KS_OK) {
      ks_tl_text(&w, "{\"error\":\"solve\"}\n");
      continue;
    }
    double waited = 0.0;
    while (waited < 0.5) {
      double f = ks_rng_range(&frames, 1.0 / 144.0, 1.0 / 20.0);
      kick_shot_advance(&s, f, NULL, NULL);
      waited += f;
    }
    if (kick_shot_strike(&s, &sol.launch) != KS_OK) {
      ks_tl_text(&w, "{\"error\":\"strike\"}\n");
      continue;
    }
    state_line(&w, &s);
    for (int n = 0; n < 6000 && kick_shot_phase(&s) != KICK_PHASE_DONE; n++) {
      if (kick_shot_decided(&s) && kick_shot_steps(&s) - kick_shot_decision_step(&s) >= 60) break;
      ks_events e;
      ks_events_clear(&e);
      kick_shot_step(&s, NULL, &e);
      kick_scene_event_lines(&w, &s, &e);
      if (kick_shot_steps(&s) % 10 == 0) state_line(&w, &s);
    }
    ks_vec3 c = {0.0, 0.0, 0.0};
    bool crossed = kick_shot_crossing(&s, &c);
    ks_tl_field f[] = {{"level", (double)i},
                       {"outcome", (double)kick_shot_outcome(&s)},
                       {"decision_step", (double)kick_shot_decision_step(&s)},
                       {"strike_step", (double)kick_shot_strike_step(&s)},
                       {"crossed", crossed ? 1.0 : 0.0},
                       {"cross_x", c.x},
                       {"cross_y", c.y},
                       {"moments", (double)kick_shot_moments(&s)},
                       {"stars", (double)kick_level_stars(lv, &s)},
                       {"contacts", (double)s.contact_flags},
                       {"keeper_touches", (double)s.keeper.touches},
                       {"ring_hits", (double)s.ring_hits}};
    ks_tl_line(&w, kick_shot_steps(&s), kick_shot_hash(&s), f, sizeof f / sizeof f[0]);
  }
  return w.overflow ? 0 : w.len;
}
