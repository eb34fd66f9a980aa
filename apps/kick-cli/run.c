// SPDX-License-Identifier: MIT
/* Plays one kick as the options describe, and reports it. */
#include <string.h>

#include "cli.h"
#include "kickstep/dmath.h"

#define MAX_FLIGHT_STEPS (10 * KICK_STEPS_PER_SECOND)

static bool finished(const kick_shot *s, bool until_rest) {
  return until_rest ? kick_shot_phase(s) == KICK_PHASE_DONE : kick_shot_decided(s);
}

ks_status cli_run_kick(const cli_kick *k, bool until_rest, cli_step_fn fn, void *ctx, cli_result *out,
                       kick_shot *final_shot) {
  kick_shot shot;
  memset(out, 0, sizeof *out);
  out->strike_step = out->decision_step = out->crossing_step = -1;
  out->stars = -1;
  ks_status s = kick_shot_init(&shot, &k->setup);
  if (s != KS_OK) {
    cli_error("cannot build the shot: %s", ks_status_name(s));
    return s;
  }
  int64_t wait_steps = (int64_t)ks_round(k->wait_s * KICK_STEPS_PER_SECOND);
  for (int64_t i = 0; i < wait_steps; i++) {
    kick_shot_step(&shot, NULL, NULL);
    if (fn) fn(&shot, ctx);
  }
  kick_shot before = shot;
  s = kick_shot_strike(&shot, &k->launch);
  if (s != KS_OK) {
    cli_error("cannot strike: %s", ks_status_name(s));
    return s;
  }
  out->strike_step = kick_shot_strike_step(&shot);
  int64_t limit = out->strike_step + MAX_FLIGHT_STEPS;
  if (fn) {
    /* Step by step so that every step is seen. Frames group steps and never
       change them, so the frame pattern does not matter here. */
    while (!finished(&shot, until_rest) && kick_shot_steps(&shot) < limit) {
      kick_shot_step(&shot, NULL, NULL);
      fn(&shot, ctx);
      out->steps_run++;
    }
  } else {
    for (int64_t f = 0; !finished(&shot, until_rest) && kick_shot_steps(&shot) < limit; f++) {
      double frame = k->frames[f % k->frame_count] * k->scale;
      out->steps_run += kick_shot_advance(&shot, frame, NULL, NULL);
      out->frames_run++;
    }
  }
  out->outcome = kick_shot_outcome(&shot);
  out->decided = kick_shot_decided(&shot);
  out->moments = kick_shot_moments(&shot);
  out->decision_step = kick_shot_decision_step(&shot);
  out->crossed = kick_shot_crossing(&shot, &out->crossing);
  out->crossing_step = shot.crossed ? shot.crossing_step : -1;
  out->dropped_s = ks_clock_dropped_seconds(&shot.clock);
  if (k->level_index >= 0) out->stars = kick_level_stars(kick_level_at(k->level_index), &shot);
  /* The state hash right after the deciding step, from a probe copy struck
     with the same kick: frames group steps differently, so the live shot may
     have run on past the decision within its last frame. */
  if (out->decided) {
    kick_shot probe = before;
    kick_shot_strike(&probe, &k->launch);
    while (kick_shot_steps(&probe) < out->decision_step) kick_shot_step(&probe, NULL, NULL);
    out->decision_hash = kick_shot_hash(&probe);
  }
  if (final_shot) *final_shot = shot;
  return KS_OK;
}

cJSON *cli_moments_json(uint32_t mask) {
  cJSON *a = cJSON_CreateArray();
  for (uint32_t b = 1; b <= KICK_MOMENT_ALL; b <<= 1)
    if (mask & b) cJSON_AddItemToArray(a, cJSON_CreateString(kick_moment_name(b)));
  return a;
}

static double since_strike(const cli_result *r, int64_t step) {
  return (double)(step - r->strike_step) / KICK_STEPS_PER_SECOND;
}

cJSON *cli_result_json(const cli_result *r) {
  cJSON *j = cJSON_CreateObject();
  char hex[19];
  cJSON_AddStringToObject(j, "outcome", r->decided ? kick_outcome_name(r->outcome) : "undecided");
  cJSON_AddNumberToObject(j, "strike_step", (double)r->strike_step);
  if (r->decided) {
    cJSON_AddNumberToObject(j, "decision_step", (double)r->decision_step);
    cJSON_AddNumberToObject(j, "decision_time_s", since_strike(r, r->decision_step));
  } else {
    cJSON_AddNullToObject(j, "decision_step");
    cJSON_AddNullToObject(j, "decision_time_s");
  }
  if (r->crossed) {
    cJSON *c = cJSON_AddObjectToObject(j, "crossing");
    cJSON_AddNumberToObject(c, "x", r->crossing.x);
    cJSON_AddNumberToObject(c, "y", r->crossing.y);
    cJSON_AddNumberToObject(c, "z", r->crossing.z);
    cli_hex(r->crossing.x, hex);
    cJSON_AddStringToObject(c, "x_hex", hex);
    cli_hex(r->crossing.y, hex);
    cJSON_AddStringToObject(c, "y_hex", hex);
    cli_hex(r->crossing.z, hex);
    cJSON_AddStringToObject(c, "z_hex", hex);
    cJSON_AddNumberToObject(j, "goal_line_step", (double)r->crossing_step);
    cJSON_AddNumberToObject(j, "goal_line_time_s", since_strike(r, r->crossing_step));
  } else {
    cJSON_AddNullToObject(j, "crossing");
    cJSON_AddNullToObject(j, "goal_line_time_s");
  }
  cJSON_AddItemToObject(j, "moments", cli_moments_json(r->moments));
  cJSON_AddBoolToObject(j, "slow_motion", kick_moments_slow_motion(r->moments));
  cJSON_AddBoolToObject(j, "replay", r->outcome == KICK_OUTCOME_GOAL && kick_moments_replay(r->moments));
  if (r->stars >= 0) cJSON_AddNumberToObject(j, "stars", r->stars);
  snprintf(hex, sizeof hex, "%016llx", (unsigned long long)r->decision_hash);
  cJSON_AddStringToObject(j, "state_hash", hex);
  cJSON_AddNumberToObject(j, "frames", (double)r->frames_run);
  cJSON_AddNumberToObject(j, "steps", (double)r->steps_run);
  cJSON_AddNumberToObject(j, "dropped_s", r->dropped_s);
  return j;
}

void cli_result_print(const cli_kick *k, const cli_result *r) {
  char hx[19], hy[19];
  printf("%s, launch %s: %.2f m/s, elevation %.2f deg, direction %.2f deg, spin %.1f rad/s\n", k->where,
         k->launch_from, k->launch.speed_mps, k->launch.elevation * 180.0 / KS_PI,
         k->launch.direction * 180.0 / KS_PI, k->launch.spin_rate);
  if (k->has_screen && strcmp(k->launch_from, "swipe") == 0)
    printf("aim:        x %.3f m, y %.3f m on the goal line%s (swipe on %gx%g: ball at %.1f,%.1f px, laid to %.1f,%.1f px)\n",
           k->aim.aim[0], k->aim.aim[1], k->aim.extended ? ", carried on from a short swipe" : "", k->screen_w,
           k->screen_h, k->aim.ball_px[0], k->aim.ball_px[1], k->aim.end_px[0], k->aim.end_px[1]);
  if (!r->decided) {
    printf("outcome:    undecided after 10 s\n");
    return;
  }
  printf("outcome:    %s\n", kick_outcome_name(r->outcome));
  printf("decided:    %.4f s after the strike (step %lld)\n", since_strike(r, r->decision_step),
         (long long)r->decision_step);
  if (r->crossed) {
    cli_hex(r->crossing.x, hx);
    cli_hex(r->crossing.y, hy);
    printf("crossing:   x %.4f m, y %.4f m  (bits %s %s)\n", r->crossing.x, r->crossing.y, hx, hy);
    printf("goal line:  crossed %.4f s after the strike (step %lld)\n", since_strike(r, r->crossing_step),
           (long long)r->crossing_step);
  } else {
    printf("goal line:  not reached\n");
  }
  printf("moments:   ");
  if (!r->moments) printf(" none");
  for (uint32_t b = 1; b <= KICK_MOMENT_ALL; b <<= 1)
    if (r->moments & b) printf(" %s", kick_moment_name(b));
  printf("\n");
  if (r->stars >= 0) printf("stars:      %d\n", r->stars);
  printf("state hash: %016llx\n", (unsigned long long)r->decision_hash);
}
