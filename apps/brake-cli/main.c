// SPDX-License-Identifier: MIT
/* brake-cli: runs the brake game headless with a scripted driver and prints
   the result (text or JSON). Exit codes: 0 ran, 1 could not run, 2 bad usage. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "kickstep/brake.h"

static void usage(FILE *f) {
  fprintf(f,
          "usage: brake-cli [--policy NAME] [--fps N] [--slowmo S] [--events] [--json] [--help]\n"
          "\n"
          "Runs the brake game (120 steps/s) to the end with a scripted driver.\n"
          "  --policy NAME  never | late | early | at-distance:D | at-time:T | stunt:S  (default late)\n"
          "  --fps N        drive it through the frame director at N frames/s (default: plain steps)\n"
          "  --slowmo S     time scale aimed at during a leap, (0, 1] (default 0.3; with --fps)\n"
          "  --events       list every event with its step\n"
          "  --json         print one JSON object instead of text\n"
          "  --help         this text\n"
          "Exit codes: 0 the run completed, 1 it could not run, 2 bad usage.\n");
}

static int parse_double(const char *s, double *out) {
  char *end = NULL;
  double v = strtod(s, &end);
  if (!end || end == s || *end != '\0') return 0;
  *out = v;
  return 1;
}

int main(int argc, char **argv) {
  const char *policy_text = "late";
  double fps = 0.0, slowmo = 0.3;
  int json = 0, events = 0;
  static const struct option opts[] = {{"policy", required_argument, NULL, 'p'}, {"fps", required_argument, NULL, 'f'},
                                       {"slowmo", required_argument, NULL, 's'}, {"events", no_argument, NULL, 'e'},
                                       {"json", no_argument, NULL, 'j'},         {"help", no_argument, NULL, 'h'},
                                       {NULL, 0, NULL, 0}};
  int c;
  while ((c = getopt_long(argc, argv, "p:f:s:ejh", opts, NULL)) != -1) {
    switch (c) {
    case 'p': policy_text = optarg; break;
    case 'f':
      if (!parse_double(optarg, &fps) || !(fps >= 1.0 && fps <= 10000.0)) {
        fprintf(stderr, "brake-cli: --fps wants a number in 1..10000, got '%s'\n", optarg);
        return 2;
      }
      break;
    case 's':
      if (!parse_double(optarg, &slowmo)) {
        fprintf(stderr, "brake-cli: --slowmo wants a number, got '%s'\n", optarg);
        return 2;
      }
      break;
    case 'e': events = 1; break;
    case 'j': json = 1; break;
    case 'h': usage(stdout); return 0;
    default: usage(stderr); return 2;
    }
  }
  if (optind < argc) {
    fprintf(stderr, "brake-cli: unexpected argument '%s'\n", argv[optind]);
    usage(stderr);
    return 2;
  }
  brake_policy pol;
  ks_status st = brake_policy_parse(policy_text, &pol);
  if (st != KS_OK) {
    fprintf(stderr, "brake-cli: bad policy '%s' (%s); try never, late, early, at-distance:30, at-time:2.5, stunt:20\n",
            policy_text, ks_status_name(st));
    return 2;
  }

  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  dd.slowmo_scale = slowmo;
  brake_director d;
  st = brake_director_init(&d, &g, &dd);
  if (st == KS_OK) st = brake_director_set_policy(&d, &pol);
  if (st != KS_OK) {
    fprintf(stderr, "brake-cli: cannot start the game: %s\n", ks_status_name(st));
    return fps > 0.0 ? 2 : 1;
  }

  static ks_event log[4096];
  size_t nlog = 0;
  for (long guard = 0; d.sim.phase != BRAKE_PHASE_DONE; guard++) {
    if (guard > 10000000) {
      fprintf(stderr, "brake-cli: the run did not end\n");
      return 1;
    }
    ks_events e;
    ks_events_clear(&e);
    if (fps > 0.0)
      brake_director_frame(&d, 1.0 / fps, false, &e);
    else
      brake_sim_step(&d.sim, brake_policy_pedal(&d.policy, &d.sim, false), &e);
    for (uint32_t i = 0; i < e.count && nlog < sizeof log / sizeof log[0]; i++) log[nlog++] = e.items[i];
  }
  brake_result r = brake_sim_result(&d.sim);

  if (json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "policy", policy_text);
    cJSON_AddStringToObject(o, "outcome", brake_outcome_name(r.outcome));
    cJSON_AddNumberToObject(o, "score", r.score);
    cJSON_AddNumberToObject(o, "stopwatch_s", r.stopwatch_s);
    cJSON_AddNumberToObject(o, "stop_x_m", r.stop_x_m);
    cJSON_AddNumberToObject(o, "gap_m", g.ramp_x_m - r.stop_x_m);
    cJSON_AddNumberToObject(o, "stopping_distance_m", r.stopping_distance_m);
    cJSON_AddNumberToObject(o, "leap_distance_m", r.leap_distance_m);
    cJSON_AddNumberToObject(o, "flips", r.flips);
    cJSON_AddBoolToObject(o, "clean_landing", r.clean_landing != 0);
    cJSON_AddNumberToObject(o, "steps", (double)r.steps);
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)brake_sim_hash(&d.sim));
    cJSON_AddStringToObject(o, "hash", hex);
    if (fps > 0.0) cJSON_AddNumberToObject(o, "frames", (double)d.frames);
    if (events) {
      cJSON *arr = cJSON_AddArrayToObject(o, "events");
      for (size_t i = 0; i < nlog; i++) {
        cJSON *ev = cJSON_CreateObject();
        cJSON_AddNumberToObject(ev, "step", (double)log[i].step);
        cJSON_AddStringToObject(ev, "type", brake_event_name(log[i].type));
        cJSON_AddNumberToObject(ev, "subject", log[i].subject);
        cJSON *v = cJSON_AddArrayToObject(ev, "value");
        for (int k = 0; k < 3; k++) cJSON_AddItemToArray(v, cJSON_CreateNumber(log[i].value[k]));
        cJSON_AddItemToArray(arr, ev);
      }
    }
    char *text = cJSON_Print(o);
    if (!text) return 1;
    puts(text);
    free(text);
    cJSON_Delete(o);
    return 0;
  }

  printf("policy %s: %s, score %d\n", policy_text, brake_outcome_name(r.outcome), r.score);
  printf("  stopwatch %.3f s, stopped at %.2f m (%.2f m before the ramp), stopping distance %.2f m\n", r.stopwatch_s,
         r.stop_x_m, g.ramp_x_m - r.stop_x_m, r.stopping_distance_m);
  if (r.leap_distance_m > 0.0)
    printf("  leap %.2f m, %d flip%s, %s landing\n", r.leap_distance_m, r.flips, r.flips == 1 ? "" : "s",
           r.clean_landing ? "clean" : "rough");
  printf("  %lld steps, state hash %016llx\n", (long long)r.steps, (unsigned long long)brake_sim_hash(&d.sim));
  if (events)
    for (size_t i = 0; i < nlog; i++)
      printf("  step %6lld  %-15s %u  %.4f %.4f %.4f\n", (long long)log[i].step, brake_event_name(log[i].type),
             log[i].subject, log[i].value[0], log[i].value[1], log[i].value[2]);
  return 0;
}
