// SPDX-License-Identifier: MIT
/* brake-cli: runs the brake game headless with a scripted driver and prints
   the result (text or JSON). Exit codes: 0 ran, 1 could not run (or the output
   could not be written), 2 bad usage. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "kickstep/brake.h"
#include "support/cli.h"

static const char usage_text[] =
    "usage: brake-cli [--policy NAME] [--fps N] [--slowmo S] [--events] [--json] [--help] [--version]\n"
    "\n"
    "Runs the brake game (120 steps/s) to the end with a scripted driver.\n"
    "  --policy NAME  never | late | early | at-distance:D | at-time:T | stunt:S  (default late;\n"
    "                 D, T, S are decimal numbers from 0 to 1000000)\n"
    "  --fps N        drive it through the frame director at N frames/s, 1..10000 (default: plain steps)\n"
    "  --slowmo S     time scale aimed at during a leap, (0, 1] (default 0.3; with --fps)\n"
    "  --events       list every event with its step\n"
    "  --json         print one JSON object instead of text\n"
    "  --help         this text; --version the version\n"
    "Numbers are decimal (as 2.5, 60 or 1e-3); anything else is a usage error.\n"
    "Exit codes: 0 the run completed, 1 it could not run (or its output could not\n"
    "be written), 2 bad usage.\n\n"
    "examples:\n"
    "  brake-cli --policy late\n"
    "  brake-cli --policy stunt:18 --json --events\n"
    "  brake-cli --policy at-distance:30 --fps 144 --slowmo 0.3\n";

/* A policy's number (after ':') is read as strictly as any other number. */
static bool policy_ok(const char *text) {
  const char *colon = strchr(text, ':');
  double v = 0.0;
  return !colon || ks_cli_parse_double("--policy", colon + 1, 0.0, 1e6, &v);
}

static int run(int argc, char **argv) {
  if (ks_cli_help_wanted(argc, argv, usage_text) || ks_cli_version_wanted(argc, argv, "brake-cli")) return 0;
  const char *policy_text = "late";
  double fps = 0.0, slowmo = 0.3;
  int json = 0, events = 0;
  bool slowmo_given = false;
  static const struct option opts[] = {{"policy", required_argument, NULL, 'p'}, {"fps", required_argument, NULL, 'f'},
                                       {"slowmo", required_argument, NULL, 's'}, {"events", no_argument, NULL, 'e'},
                                       {"json", no_argument, NULL, 'j'},         {"help", no_argument, NULL, 'h'},
                                       {"version", no_argument, NULL, 'V'},      {NULL, 0, NULL, 0}};
  int c;
  while ((c = getopt_long(argc, argv, ":p:f:s:ejh", opts, NULL)) != -1) {
    switch (c) {
    case 'p': policy_text = optarg; break;
    case 'f':
      if (!ks_cli_parse_double("--fps", optarg, 1.0, 10000.0, &fps)) return 2;
      break;
    case 's':
      if (!ks_cli_parse_double("--slowmo", optarg, 0.0, 1.0, &slowmo)) return 2;
      slowmo_given = true;
      if (!(slowmo > 0.0)) {
        ks_cli_error("--slowmo: %s is out of range (0, 1]: a time scale of 0 never moves", optarg);
        return 2;
      }
      break;
    case 'e': events = 1; break;
    case 'j': json = 1; break;
    default: return ks_cli_getopt_error(c, argv);
    }
  }
  if (optind < argc) return ks_cli_usage("unknown argument '%s'", argv[optind]);
  if (slowmo_given && fps == 0.0) return ks_cli_usage("--slowmo goes with --fps (plain steps have no time scale)");
  if (!policy_ok(policy_text)) return 2;
  brake_policy pol;
  ks_status st = brake_policy_parse(policy_text, &pol);
  if (st != KS_OK)
    return ks_cli_usage("--policy: bad policy '%s' (never, late, early, at-distance:D, at-time:T or stunt:S)",
                        policy_text);

  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  dd.slowmo_scale = slowmo;
  brake_director d;
  st = brake_director_init(&d, &g, &dd);
  if (st == KS_OK) st = brake_director_set_policy(&d, &pol);
  if (st != KS_OK) {
    ks_cli_error("cannot start the game: %s", ks_status_name(st));
    return 1;
  }

  static ks_event log[4096];
  size_t nlog = 0;
  for (long guard = 0; d.sim.phase != BRAKE_PHASE_DONE; guard++) {
    if (guard > 10000000) {
      ks_cli_error("the run did not end");
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
    cJSON_Delete(o);
    if (!text) {
      ks_cli_error("out of memory");
      return 1;
    }
    puts(text);
    free(text);
    return 0;
  }

  printf("policy %s: %s, score %d\n", policy_text, brake_outcome_name(r.outcome), r.score);
  double gap = g.ramp_x_m - r.stop_x_m;
  printf("  stopwatch %.3f s, stopped at %.2f m (%.2f m %s the ramp), stopping distance %.2f m\n", r.stopwatch_s,
         r.stop_x_m, gap < 0.0 ? -gap : gap, gap < 0.0 ? "past" : "before", r.stopping_distance_m);
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

int main(int argc, char **argv) {
  ks_cli_begin("brake-cli");
  return ks_cli_end(run(argc, argv), 1);
}
