// SPDX-License-Identifier: MIT
/* kick_level_sweep — a content tool, not a benchmark: how playable each World
 * Tour level is, and which reference kick to store for it.
 *
 * For every level it solves 432 aims (9 across the goal × 4 heights × 4
 * speeds × 3 bends), strikes each solved launch after 0.5 s on the spot (in
 * 1/60 s frames) for match seeds 1..8, and counts goals. It prints the goal
 * rate (a rough difficulty) and the aim that scored for the most seeds while
 * scoring for seed 1 (what test_levels checks), as AIM(...) lines ready for
 * src/kick/content/levels.c. Run it after the flight, keeper or wall physics change:
 *   build/bench/content/kick_level_sweep [level-id]
 * Takes about half a minute for all 30 levels. */
#include <stdio.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"

static kick_outcome play(const kick_setup *base, uint64_t seed, const kick_launch *k) {
  kick_setup su = *base;
  su.match_seed = seed;
  kick_shot s;
  if (kick_shot_init(&s, &su) != KS_OK) return KICK_OUTCOME_NONE;
  for (int i = 0; i < 30; i++) kick_shot_advance(&s, 1.0 / 60.0, NULL, NULL);
  if (kick_shot_strike(&s, k) != KS_OK) return KICK_OUTCOME_NONE;
  for (int i = 0; i < 1200 && !kick_shot_decided(&s); i++) kick_shot_advance(&s, 1.0 / 60.0, NULL, NULL);
  return kick_shot_outcome(&s);
}

int main(int argc, char **argv) {
  static const double xs[] = {-2.9, -2.4, -1.6, -0.8, 0.0, 0.8, 1.6, 2.4, 2.9};
  static const double ys[] = {0.3, 0.9, 1.5, 1.9};
  static const double vs[] = {22.0, 26.0, 30.0, 33.0};
  static const double bs[] = {-0.5, 0.0, 0.5};
  const char *only = argc > 1 ? argv[1] : NULL;
  printf("%-4s %-16s %7s  %-34s %s\n", "id", "name", "goals", "best reference kick", "seeds scored");
  for (int32_t li = 0; li < kick_level_count(); li++) {
    const kick_level *lv = kick_level_at(li);
    if (only && strcmp(only, lv->id) != 0) continue;
    kick_setup su;
    if (kick_level_setup(lv, 1, 0, &su) != KS_OK) continue;
    int goals = 0, total = 0, best = -1;
    double bx = 0, by = 0, bv = 0, bb = 0;
    for (size_t a = 0; a < 9; a++)
      for (size_t b = 0; b < 4; b++)
        for (size_t c = 0; c < 4; c++)
          for (size_t e = 0; e < 3; e++) {
            kick_solver_def d = kick_solver_def_for_setup(&su);
            d.aim_x = xs[a];
            d.aim_y = ys[b];
            d.speed_mps = vs[c];
            d.bend = bs[e];
            kick_solution sol;
            if (kick_solve(&d, &sol) != KS_OK) continue;
            int g = 0;
            bool first = false;
            for (uint64_t seed = 1; seed <= 8; seed++) {
              bool goal = play(&su, seed, &sol.launch) == KICK_OUTCOME_GOAL;
              g += goal;
              if (seed == 1) first = goal;
            }
            goals += g;
            total += 8;
            if (first && (g > best || (g == best && vs[c] < bv))) {
              best = g;
              bx = xs[a];
              by = ys[b];
              bv = vs[c];
              bb = bs[e];
            }
          }
    char aim[64];
    snprintf(aim, sizeof aim, "AIM(%.1f, %.1f, %.1f, %.1f)", bx, by, bv, bb);
    printf("%-4s %-16s %6.1f%%  %-34s %d/8\n", lv->id, lv->name, total ? 100.0 * goals / total : 0.0,
           best >= 0 ? aim : "none scored for seed 1", best < 0 ? 0 : best);
  }
  return 0;
}
