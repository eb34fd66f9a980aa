// SPDX-License-Identifier: MIT
/* kick_batch — the batch stepper (kickstep/kick_batch.h) in the parity matrix.
 *
 * 54 kicks through one 16-lane batch, a new kick taking a lane as soon as
 * one leaves: the reference kick of each of the 30 World Tour levels and 24
 * made-up kicks (keepers of every kind, a person in goal with a stamped tap,
 * walls that jump, gusts and swirl on a wet pitch, sliding and bobbing
 * rings), each after a wait on the spot in uneven frames. Every lane is
 * stepped with kick_batch_step, events and inputs per lane. Beside the
 * batch, each kick is also stepped by itself with kick_shot_step, and after
 * every step the two must have the same state hash and events; a difference
 * writes an error line, which no golden has. The timeline is the batch's: a
 * line every 60 steps of each lane (its ball and hash), a line per event,
 * and a summary line per kick as it leaves (0.1 s after its decision, when
 * it rests, or after 10 s). Lanes are written in lane order within a step,
 * so the file is the same on every build: the flight's vector width (2 or
 * 4 lanes where the CPU has AVX2) never changes a bit.
 * Freestanding: kickstep headers only. */
#include "kickstep/hash.h"
#include "kickstep/kick.h"
#include "kickstep/kick_batch.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"
#include "kickstep/timeline.h"

size_t ks_scene_kick_batch(char *out, size_t cap);

#define LEVEL_KICKS 30
#define MADE_UP_KICKS 24
#define KICKS (LEVEL_KICKS + MADE_UP_KICKS)
#define LIFE_STEPS 6000

static kick_setup made_up_setup(int i) {
  kick_setup su = kick_setup_default();
  su.match_seed = 4400u + (uint64_t)i;
  su.kick_number = (uint64_t)i;
  switch (i % 6) {
  case 0: /* a wall of five that jumps, a learner who has seen shots to his right */
    su.spot_x = -4.0;
    su.spot_z = -21.0;
    kick_setup_wall_at(&su, 5);
    su.wall.jump_mask = 0x1fu;
    su.wall.jump_chance = 0.7;
    su.keeper.kind = KICK_KEEPER_LEARNER;
    su.history_count = 5;
    for (int k = 0; k < 5; k++) {
      su.history[k].x = -2.0 - 0.2 * (double)k;
      su.history[k].y = 0.8;
      su.history[k].outcome = KICK_OUTCOME_SAVED;
    }
    break;
  case 1: /* gusts and swirl on a wet pitch, a showman */
    su.spot_x = 3.0;
    su.spot_z = -26.0;
    su.pitch = kick_pitch_default(true);
    su.wind.mean_speed_mps = 11.0;
    su.wind.bearing = -2.2;
    su.wind.gustiness = 1.0;
    su.wind.swirl = 0.8;
    su.wind.gust_seed = 5;
    su.keeper.kind = KICK_KEEPER_SHOWMAN;
    break;
  case 2: /* a person in goal */
    su.spot_z = -12.0;
    su.keeper.kind = KICK_KEEPER_PLAIN;
    su.person_in_goal = true;
    break;
  case 3: /* rings that slide and bob, a specialist */
    su.spot_x = -1.0;
    su.spot_z = -18.0;
    su.keeper.kind = KICK_KEEPER_SPECIALIST;
    su.keeper.rating = 0.85;
    su.ring_count = 3;
    su.rings[0] = kick_ring_default(-2.0, 1.6);
    su.rings[0].motion = KICK_RING_SLIDE;
    su.rings[0].amplitude = 0.5;
    su.rings[1] = kick_ring_default(2.2, 0.9);
    su.rings[1].motion = KICK_RING_BOB;
    su.rings[1].amplitude = 0.3;
    su.rings[1].period_s = 1.5;
    su.rings[2] = kick_ring_default(0.0, 1.0);
    su.rings[2].z = -7.0;
    su.rings[2].radius = 0.9;
    break;
  case 4: /* an open pitch, a steady crosswind */
    su.spot_x = 6.0;
    su.spot_z = -17.0;
    su.wind.mean_speed_mps = 6.0;
    su.wind.bearing = 1.5;
    break;
  default: /* a wall of six, a plain keeper rated low */
    su.spot_x = 1.5;
    su.spot_z = -23.0;
    kick_setup_wall_at(&su, 6);
    su.wall.jump_mask = 0x2au;
    su.keeper.kind = KICK_KEEPER_PLAIN;
    su.keeper.rating = 0.3;
    break;
  }
  return su;
}

static kick_launch made_up_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = ks_rng_range(r, 12.0, 33.0);
  k.elevation = ks_rng_range(r, 0.02, 0.4);
  k.direction = ks_rng_range(r, -0.25, 0.25);
  /* One draw per statement: the order of a call's arguments is unspecified in C. */
  double ax = ks_rng_range(r, -0.3, 0.3);
  double ay = ks_rng_chance(r, 0.5) ? 1.0 : -1.0;
  double az = ks_rng_range(r, -0.3, 0.3);
  k.spin_axis = ks_v3(ax, ay, az);
  k.spin_rate = ks_rng_range(r, 0.0, 80.0);
  return k;
}

/* Kick i made ready to strike and struck; false (and an error line) if not. */
static bool make_kick(ks_tl_writer *w, ks_rng *r, ks_rng *frames, int i, kick_shot *s, kick_input *in) {
  kick_setup su;
  kick_launch k;
  if (i < LEVEL_KICKS) {
    const kick_level *lv = kick_level_at(i);
    kick_solution sol;
    kick_solver_def d;
    if (kick_level_setup(lv, 5, (uint64_t)i, &su) != KS_OK) goto fail;
    d = kick_solver_def_for_setup(&su);
    d.aim_x = lv->aim.aim_x;
    d.aim_y = lv->aim.aim_y;
    d.speed_mps = lv->aim.speed_mps;
    d.bend = lv->aim.bend;
    if (kick_solve(&d, &sol) != KS_OK) goto fail;
    k = sol.launch;
  } else {
    su = made_up_setup(i - LEVEL_KICKS);
    k = made_up_launch(r);
  }
  if (kick_shot_init(s, &su) != KS_OK) goto fail;
  int waits = 2 + (int)ks_rng_below(frames, 12);
  for (int f = 0; f < waits; f++) kick_shot_advance(s, ks_rng_range(frames, 1.0 / 144.0, 1.0 / 20.0), NULL, NULL);
  if (kick_shot_strike(s, &k) != KS_OK) goto fail;
  in->has_tap = false;
  in->tap_step = 0;
  in->tap_x = 0.0;
  in->tap_y = 0.0;
  if (su.person_in_goal) {
    in->has_tap = true;
    in->tap_step = kick_shot_strike_step(s) + (int64_t)ks_rng_below(r, 120);
    in->tap_x = ks_rng_range(r, -3.0, 3.0);
    in->tap_y = ks_rng_range(r, 0.3, 2.2);
  }
  return true;
fail:
  ks_tl_text(w, "{\"error\":\"kick\"}\n");
  return false;
}

static bool same_events(const ks_events *a, const ks_events *b) {
  if (a->count != b->count || a->dropped != b->dropped) return false;
  for (uint32_t i = 0; i < a->count; i++) {
    const ks_event *x = &a->items[i], *y = &b->items[i];
    if (x->step != y->step || x->type != y->type || x->subject != y->subject) return false;
    for (int k = 0; k < 3; k++)
      if (ks_f64_bits(x->value[k]) != ks_f64_bits(y->value[k])) return false;
  }
  return true;
}

static void state_line(ks_tl_writer *w, const kick_shot *s, int kick) {
  ks_tl_field f[] = {{"kick", (double)kick}, {"x", s->ball.pos.x},  {"y", s->ball.pos.y}, {"z", s->ball.pos.z},
                     {"vx", s->ball.vel.x},  {"vy", s->ball.vel.y}, {"vz", s->ball.vel.z}};
  ks_tl_line(w, kick_shot_steps(s), kick_shot_hash(s), f, sizeof f / sizeof f[0]);
}

static void event_lines(ks_tl_writer *w, const kick_shot *s, int kick, const ks_events *e) {
  for (uint32_t i = 0; i < e->count; i++) {
    const ks_event *ev = &e->items[i];
    ks_tl_field f[] = {{"kick", (double)kick}, {"event", (double)ev->type}, {"subject", (double)ev->subject},
                       {"v0", ev->value[0]},   {"v1", ev->value[1]},        {"v2", ev->value[2]}};
    ks_tl_line(w, ev->step, kick_shot_hash(s), f, sizeof f / sizeof f[0]);
  }
}

static void summary_line(ks_tl_writer *w, const kick_shot *s, int kick) {
  ks_vec3 c = {0.0, 0.0, 0.0};
  bool crossed = kick_shot_crossing(s, &c);
  ks_tl_field f[] = {{"kick", (double)kick},
                     {"outcome", (double)kick_shot_outcome(s)},
                     {"decision_step", (double)kick_shot_decision_step(s)},
                     {"strike_step", (double)kick_shot_strike_step(s)},
                     {"crossed", crossed ? 1.0 : 0.0},
                     {"cross_x", c.x},
                     {"cross_y", c.y},
                     {"moments", (double)kick_shot_moments(s)},
                     {"contacts", (double)s->contact_flags},
                     {"keeper_touches", (double)s->keeper.touches}};
  ks_tl_line(w, kick_shot_steps(s), kick_shot_hash(s), f, sizeof f / sizeof f[0]);
}

size_t ks_scene_kick_batch(char *out, size_t cap) {
  static kick_batch b;
  static kick_shot ref[KICK_BATCH_LANES];
  static kick_input in[KICK_BATCH_LANES];
  static ks_events eb[KICK_BATCH_LANES], es[KICK_BATCH_LANES];
  int kick_of[KICK_BATCH_LANES];
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  kick_batch_def d = kick_batch_default_def();
  if (kick_batch_init(&b, &d) != KS_OK) {
    ks_tl_text(&w, "{\"error\":\"batch\"}\n");
    return w.overflow ? 0 : w.len;
  }
  ks_rng r = ks_rng_seeded(1515), frames = ks_rng_seeded(1516);
  int next = 0, left = KICKS;
  bool differs = false;
  while (left > 0 && !differs) {
    /* Fill the free lanes in lane order. */
    for (int32_t i = 0; i < KICK_BATCH_LANES && next < KICKS; i++) {
      if ((kick_batch_active(&b) & (1u << i)) != 0u) continue;
      kick_shot s;
      kick_input tap;
      int kick = next++;
      if (!make_kick(&w, &r, &frames, kick, &s, &tap)) {
        left--;
        continue;
      }
      int32_t lane;
      if (kick_batch_add(&b, &s, &lane) != KS_OK || lane != i) {
        ks_tl_text(&w, "{\"error\":\"add\"}\n");
        return w.overflow ? 0 : w.len;
      }
      ref[i] = s;
      in[i] = tap;
      kick_of[i] = kick;
      state_line(&w, &s, kick);
    }
    if (kick_batch_active(&b) == 0u) break;
    for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
      ks_events_clear(&eb[i]);
      ks_events_clear(&es[i]);
    }
    uint32_t act = kick_batch_active(&b);
    kick_batch_step(&b, in, eb);
    for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
      if ((act & (1u << i)) == 0u) continue;
      const kick_shot *s = kick_batch_lane(&b, i);
      kick_shot_step(&ref[i], &in[i], &es[i]);
      if (kick_shot_hash(s) != kick_shot_hash(&ref[i]) || !same_events(&eb[i], &es[i])) {
        ks_tl_field f[] = {{"kick", (double)kick_of[i]}, {"lane", (double)i}};
        ks_tl_text(&w, "{\"error\":\"the batch differs from kick_shot_step\"}\n");
        ks_tl_line(&w, kick_shot_steps(s), kick_shot_hash(s), f, 2);
        differs = true;
        break;
      }
      event_lines(&w, s, kick_of[i], &eb[i]);
      int64_t life = kick_shot_steps(s) - kick_shot_strike_step(s);
      if (life % 60 == 0) state_line(&w, s, kick_of[i]);
      bool leave = kick_shot_phase(s) == KICK_PHASE_DONE || life >= LIFE_STEPS ||
                   (kick_shot_decided(s) && kick_shot_steps(s) - kick_shot_decision_step(s) >= 60);
      if (leave) {
        summary_line(&w, s, kick_of[i]);
        kick_batch_remove(&b, i, NULL);
        left--;
      }
    }
  }
  return w.overflow ? 0 : w.len;
}
