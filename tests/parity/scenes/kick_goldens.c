// SPDX-License-Identifier: MIT
/* kick_goldens — the free-kick simulation's parity scene.
 *
 * 24 kicks across varied setups (open pitch, a wall of four that jumps, a
 * 25 m shot into gusts on a wet pitch, a penalty against a specialist rated
 * 0.9, a showman, a learner with a history, moving rings, a person in goal
 * with a stamped tap). Each waits on the spot for a while fed uneven frames,
 * then is struck and stepped: a line every 10 steps from the strike until the
 * ball rests or 0.1 s after the decision (at most 900 steps of lines), a
 * line per event, and a summary line per kick. Freestanding: kickstep headers only. */
#include "kickstep/kick.h"
#include "kickstep/rng.h"
#include "kickstep/timeline.h"
#include "kick_scene_lines.h"

size_t ks_scene_kick_goldens(char *out, size_t cap);

#define KICKS 24

static kick_setup scene_setup(int i) {
  kick_setup su = kick_setup_default();
  su.match_seed = 9000u + (uint64_t)i;
  su.kick_number = (uint64_t)i;
  switch (i % 8) {
  case 0: /* open pitch */
    su.spot_x = -2.0 + 0.5 * (double)i;
    su.spot_z = -18.0;
    break;
  case 1: /* a wall of four that jumps, a plain keeper */
    su.spot_x = -3.0;
    su.spot_z = -22.0;
    kick_setup_wall_at(&su, 4);
    su.wall.jump_mask = 0xfu;
    su.keeper.kind = KICK_KEEPER_PLAIN;
    su.keeper.rating = 0.75;
    break;
  case 2: /* a 25 m shot into gusts on a wet pitch */
    su.spot_x = 2.0;
    su.spot_z = -25.0;
    su.pitch = kick_pitch_default(true);
    su.wind.mean_speed_mps = 9.0;
    su.wind.bearing = 2.6;
    su.wind.gustiness = 1.0;
    su.wind.swirl = 0.6;
    su.wind.gust_seed = 44;
    su.keeper.kind = KICK_KEEPER_SHOWMAN;
    break;
  case 3: /* a penalty against a specialist rated 0.9 */
    su.spot_z = -11.0;
    su.keeper.kind = KICK_KEEPER_SPECIALIST;
    su.keeper.rating = 0.9;
    su.keeper.reaction_s = 0.12;
    break;
  case 4: /* a learner who has seen eight shots to his left */
    su.spot_z = -16.0;
    su.keeper.kind = KICK_KEEPER_LEARNER;
    su.history_count = 8;
    for (int k = 0; k < 8; k++) {
      su.history[k].x = 2.5 + 0.1 * (double)k;
      su.history[k].y = 1.2;
      su.history[k].outcome = KICK_OUTCOME_GOAL;
    }
    break;
  case 5: /* rings that slide and bob, a crosswind */
    su.spot_x = 4.0;
    su.spot_z = -20.0;
    su.wind.mean_speed_mps = 5.0;
    su.wind.bearing = 1.4;
    su.wind.gustiness = 0.5;
    su.ring_count = 3;
    su.rings[0] = kick_ring_default(-2.5, 1.8);
    su.rings[0].motion = KICK_RING_SLIDE;
    su.rings[0].amplitude = 0.6;
    su.rings[0].period_s = 3.0;
    su.rings[1] = kick_ring_default(2.5, 0.8);
    su.rings[1].motion = KICK_RING_BOB;
    su.rings[1].amplitude = 0.4;
    su.rings[1].period_s = 1.7;
    su.rings[2] = kick_ring_default(0.0, 1.2);
    su.rings[2].z = -6.0;
    su.rings[2].radius = 0.8;
    break;
  case 6: /* a six-man wall, half of them jumping at chance, a showman */
    su.spot_x = 6.0;
    su.spot_z = -24.0;
    kick_setup_wall_at(&su, 6);
    su.wall.jump_mask = 0x2du;
    su.wall.jump_chance = 0.6;
    su.keeper.kind = KICK_KEEPER_SHOWMAN;
    su.keeper.rating = 0.6;
    break;
  default: /* a person in goal */
    su.spot_z = -11.0;
    su.keeper.kind = KICK_KEEPER_PLAIN;
    su.keeper.rating = 0.8;
    su.person_in_goal = true;
    break;
  }
  return su;
}

static kick_launch scene_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = ks_rng_range(r, 14.0, 33.5);
  k.elevation = ks_rng_range(r, 0.05, 0.35);
  k.direction = ks_rng_range(r, -0.22, 0.22);
  /* One draw per statement: the order of a call's arguments is unspecified in C. */
  double ax = ks_rng_range(r, -0.3, 0.3);
  double ay = ks_rng_chance(r, 0.5) ? 1.0 : -1.0;
  double az = ks_rng_range(r, -0.3, 0.3);
  k.spin_axis = ks_v3(ax, ay, az);
  k.spin_rate = ks_rng_range(r, 0.0, 70.0);
  return k;
}

static void state_line(ks_tl_writer *w, const kick_shot *s) {
  kick_keeper_pose p;
  kick_shot_keeper_pose(s, &p);
  ks_vec3 wind = kick_wind_at(s, kick_shot_time(s));
  ks_tl_field f[] = {{"x", s->ball.pos.x},   {"y", s->ball.pos.y},     {"z", s->ball.pos.z},
                     {"vx", s->ball.vel.x},  {"vy", s->ball.vel.y},    {"vz", s->ball.vel.z},
                     {"spin", s->ball.spin_rate}, {"glove_x", p.glove[1].x}, {"wind_x", wind.x}};
  ks_tl_line(w, kick_shot_steps(s), kick_shot_hash(s), f, sizeof f / sizeof f[0]);
}

size_t ks_scene_kick_goldens(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  ks_rng r = ks_rng_seeded(600);
  for (int i = 0; i < KICKS; i++) {
    kick_setup su = scene_setup(i);
    kick_shot s;
    if (kick_shot_init(&s, &su) != KS_OK) {
      ks_tl_text(&w, "{\"error\":\"init\"}\n");
      continue;
    }
    /* Wait on the spot in uneven frames (gusts, sway and rings move). */
    int waits = 3 + (int)ks_rng_below(&r, 20);
    for (int f = 0; f < waits; f++) kick_shot_advance(&s, ks_rng_range(&r, 1.0 / 144.0, 1.0 / 20.0), NULL, NULL);
    kick_launch k = scene_launch(&r);
    if (kick_shot_strike(&s, &k) != KS_OK) {
      ks_tl_text(&w, "{\"error\":\"strike\"}\n");
      continue;
    }
    kick_input in = {0};
    if (su.person_in_goal) {
      in.has_tap = true;
      in.tap_step = kick_shot_strike_step(&s) + (int64_t)ks_rng_below(&r, 150);
      in.tap_x = ks_rng_range(&r, -3.5, 3.5);
      in.tap_y = ks_rng_range(&r, 0.2, 2.3);
    }
    state_line(&w, &s);
    for (int n = 0; n < 6000 && kick_shot_phase(&s) != KICK_PHASE_DONE; n++) {
      if (kick_shot_decided(&s) && kick_shot_steps(&s) - kick_shot_decision_step(&s) >= 60) break;
      ks_events e;
      ks_events_clear(&e);
      kick_shot_step(&s, &in, &e);
      kick_scene_event_lines(&w, &s, &e);
      if (kick_shot_steps(&s) % 10 == 0 && n < 900) state_line(&w, &s);
    }
    ks_vec3 c = {0.0, 0.0, 0.0};
    bool crossed = kick_shot_crossing(&s, &c);
    ks_tl_field f[] = {{"kick", (double)i},
                       {"outcome", (double)kick_shot_outcome(&s)},
                       {"decision_step", (double)kick_shot_decision_step(&s)},
                       {"strike_step", (double)kick_shot_strike_step(&s)},
                       {"crossed", crossed ? 1.0 : 0.0},
                       {"cross_x", c.x},
                       {"cross_y", c.y},
                       {"moments", (double)kick_shot_moments(&s)},
                       {"contacts", (double)s.contact_flags},
                       {"keeper_touches", (double)s.keeper.touches},
                       {"launch_speed", k.speed_mps}};
    ks_tl_line(&w, kick_shot_steps(&s), kick_shot_hash(&s), f, sizeof f / sizeof f[0]);
  }
  return w.overflow ? 0 : w.len;
}
