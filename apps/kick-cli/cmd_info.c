// SPDX-License-Identifier: MIT
/* levels, daily, solve, compare. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kickstep/host_file.h"
#include "kickstep/host_timeline.h"
#include "support/json.h"
#include "kickstep/kick_solver.h"

static const char *keeper_text(kick_keeper_kind k) { return kick_keeper_kind_name(k); }

static const char levels_usage[] =
    "usage: kick-cli levels [--json]\n"
    "List the World Tour levels with their setups.\n\n"
    "  --json   the list as JSON\n\n"
    "examples:\n  kick-cli levels\n  kick-cli levels --json | jq '.[0]'\n";

int cmd_levels(int argc, char **argv) {
  if (cli_wants_help(argc, argv, levels_usage)) return EXIT_OK;
  bool json = false;
  if (!cli_parse_json_flag(argc, argv, levels_usage, &json)) return EXIT_USAGE;
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  int32_t n = kick_level_count();
  if (json) {
    cJSON *a = cJSON_CreateArray();
    for (int32_t i = 0; i < n; i++) {
      const kick_level *lv = kick_level_at(i);
      cJSON *j = cJSON_CreateObject();
      cJSON_AddStringToObject(j, "id", lv->id);
      cJSON_AddStringToObject(j, "name", lv->name);
      cJSON_AddStringToObject(j, "world", lv->world_name);
      cJSON_AddStringToObject(j, "blurb", lv->blurb);
      cJSON_AddNumberToObject(j, "spot_x", lv->spot_x);
      cJSON_AddNumberToObject(j, "spot_z", lv->spot_z);
      cJSON_AddBoolToObject(j, "wet", lv->wet);
      cJSON_AddNumberToObject(j, "wind_mps", lv->wind.mean_speed_mps);
      cJSON_AddNumberToObject(j, "wind_bearing_deg", lv->wind.bearing * 180.0 / 3.141592653589793);
      cJSON_AddNumberToObject(j, "gustiness", lv->wind.gustiness);
      cJSON_AddStringToObject(j, "keeper", keeper_text(lv->keeper_kind));
      cJSON_AddStringToObject(j, "keeper_name", lv->keeper_name);
      cJSON_AddNumberToObject(j, "keeper_rating", lv->keeper_rating);
      cJSON_AddNumberToObject(j, "wall", lv->wall_count);
      cJSON_AddNumberToObject(j, "rings", lv->ring_count);
      cJSON *st = cJSON_AddArrayToObject(j, "stars");
      for (int s = 0; s < KICK_STAR_COUNT; s++) cJSON_AddItemToArray(st, cJSON_CreateString(lv->stars[s].text));
      cJSON_AddItemToArray(a, j);
    }
    cli_print_json(a);
    return EXIT_OK;
  }
  printf("%-5s %-22s %-18s %7s %5s %-20s %4s %5s  %s\n", "id", "name", "world", "dist m", "wind", "keeper", "wall",
         "rings", "wet");
  for (int32_t i = 0; i < n; i++) {
    const kick_level *lv = kick_level_at(i);
    double dx = lv->spot_x, dz = lv->spot_z;
    char keeper[64];
    if (lv->keeper_kind == KICK_KEEPER_NONE) snprintf(keeper, sizeof keeper, "none");
    else snprintf(keeper, sizeof keeper, "%s %.2f", keeper_text(lv->keeper_kind), lv->keeper_rating);
    printf("%-5s %-22s %-18s %7.1f %5.1f %-20s %4d %5d  %s\n", lv->id, lv->name, lv->world_name,
           __builtin_sqrt(dx * dx + dz * dz), lv->wind.mean_speed_mps, keeper, lv->wall_count, lv->ring_count,
           lv->wet ? "wet" : "");
  }
  return EXIT_OK;
}

static const char daily_usage[] =
    "usage: kick-cli daily [--date YYYY-MM-DD|today] [--kick N] [--json]\n"
    "The Daily Kick: its setup comes from the date alone, and so do its dice:\n"
    "the day's kicks are seeded from the day (match seed = the day's seed), the\n"
    "same rule as the web page's (kick_daily_kick). Prints every input of the\n"
    "day's setup.\n\n"
    "  --date D   the day (default today, UTC)\n"
    "  --kick N   which of the day's kicks: 0 the first (default), n the n+1-th try\n"
    "  --json     as JSON (64-bit seeds as decimal strings, exact)\n\n"
    "examples:\n  kick-cli daily\n  kick-cli daily --date 2026-12-25 --json\n";

static void add_u64(cJSON *j, const char *name, uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
  cJSON_AddStringToObject(j, name, buf);
}

static const char *ring_motion_text(kick_ring_motion m) {
  return m == KICK_RING_SLIDE ? "slide" : m == KICK_RING_BOB ? "bob" : "static";
}

/* Every field of a setup (kick.h's kick_setup), nothing left out. */
static cJSON *setup_json(const kick_setup *su) {
  cJSON *j = cJSON_CreateObject();
  cJSON_AddNumberToObject(j, "spot_x", su->spot_x);
  cJSON_AddNumberToObject(j, "spot_z", su->spot_z);
  cJSON *p = cJSON_AddObjectToObject(j, "pitch");
  cJSON_AddBoolToObject(p, "wet", su->pitch.wet);
  cJSON_AddNumberToObject(p, "restitution", su->pitch.restitution);
  cJSON_AddNumberToObject(p, "slide_friction", su->pitch.slide_friction);
  cJSON_AddNumberToObject(p, "roll_resistance", su->pitch.roll_resistance);
  cJSON *w = cJSON_AddObjectToObject(j, "wind");
  cJSON_AddNumberToObject(w, "mean_speed_mps", su->wind.mean_speed_mps);
  cJSON_AddNumberToObject(w, "bearing", su->wind.bearing);
  cJSON_AddNumberToObject(w, "bearing_deg", su->wind.bearing * 180.0 / 3.141592653589793);
  cJSON_AddNumberToObject(w, "gustiness", su->wind.gustiness);
  cJSON_AddNumberToObject(w, "swirl", su->wind.swirl);
  add_u64(w, "gust_seed", su->wind.gust_seed);
  cJSON *k = cJSON_AddObjectToObject(j, "keeper");
  cJSON_AddStringToObject(k, "kind", keeper_text(su->keeper.kind));
  cJSON_AddNumberToObject(k, "rating", su->keeper.rating);
  cJSON_AddNumberToObject(k, "reaction_s", su->keeper.reaction_s);
  cJSON_AddNumberToObject(k, "line_z", su->keeper.line_z);
  cJSON *wl = cJSON_AddObjectToObject(j, "wall");
  cJSON_AddNumberToObject(wl, "count", su->wall.count);
  cJSON_AddNumberToObject(wl, "x", su->wall.x);
  cJSON_AddNumberToObject(wl, "z", su->wall.z);
  cJSON_AddNumberToObject(wl, "jump_mask", su->wall.jump_mask);
  cJSON_AddNumberToObject(wl, "jump_chance", su->wall.jump_chance);
  cJSON_AddNumberToObject(wl, "jump_delay_s", su->wall.jump_delay_s);
  cJSON_AddNumberToObject(wl, "jump_spread_s", su->wall.jump_spread_s);
  cJSON_AddNumberToObject(wl, "jump_height", su->wall.jump_height);
  cJSON_AddNumberToObject(wl, "jump_duration_s", su->wall.jump_duration_s);
  cJSON *rs = cJSON_AddArrayToObject(j, "rings");
  for (int32_t i = 0; i < su->ring_count && i < KICK_RING_MAX; i++) {
    const kick_ring_def *r = &su->rings[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "x", r->x);
    cJSON_AddNumberToObject(o, "y", r->y);
    cJSON_AddNumberToObject(o, "z", r->z);
    cJSON_AddNumberToObject(o, "radius", r->radius);
    cJSON_AddStringToObject(o, "motion", ring_motion_text(r->motion));
    cJSON_AddNumberToObject(o, "amplitude", r->amplitude);
    cJSON_AddNumberToObject(o, "period_s", r->period_s);
    cJSON_AddNumberToObject(o, "phase", r->phase);
    cJSON_AddItemToArray(rs, o);
  }
  cJSON_AddNumberToObject(j, "history_count", su->history_count);
  add_u64(j, "match_seed", su->match_seed);
  add_u64(j, "kick_number", su->kick_number);
  cJSON_AddBoolToObject(j, "person_in_goal", su->person_in_goal);
  return j;
}

int cmd_daily(int argc, char **argv) {
  if (cli_wants_help(argc, argv, daily_usage)) return EXIT_OK;
  static const struct option opts[] = {{"date", 1, 0, 'd'}, {"kick", 1, 0, 'k'}, {"json", 0, 0, 'j'}, {0, 0, 0, 0}};
  cli_kick k;
  cli_kick_defaults(&k);
  bool json = false;
  const char *date = "today";
  int c;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    if (c == 'd') date = optarg;
    else if (c == 'j') json = true;
    else if (c == 'k') {
      if (cli_kick_option(&k, OPT_KICK, optarg) != 1) return EXIT_USAGE;
    } else return cli_bad_option(c, argv);
  }
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  if (cli_kick_set_daily(&k, "--date", date) != 1) return EXIT_USAGE;
  int rc = cli_kick_finish(&k, false);
  if (rc) return rc;
  const kick_setup *su = &k.setup;
  const kick_daily day = k.daily; /* built by kick_daily_kick, the page's rule */
  if (json) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "where", k.where);
    char d[16];
    snprintf(d, sizeof d, "%04d-%02d-%02d", day.year, day.month, day.day);
    cJSON_AddStringToObject(j, "date", d);
    cJSON_AddNumberToObject(j, "day_number", (double)day.day_number);
    add_u64(j, "day_seed", day.day_seed);
    cJSON_AddStringToObject(j, "venue", day.venue);
    cJSON_AddNumberToObject(j, "venue_index", day.venue_index);
    cJSON_AddStringToObject(j, "keeper_name", day.keeper_name ? day.keeper_name : "");
    /* The summary of earlier versions, kept as it was. */
    cJSON_AddNumberToObject(j, "spot_x", su->spot_x);
    cJSON_AddNumberToObject(j, "spot_z", su->spot_z);
    cJSON_AddBoolToObject(j, "wet", su->pitch.wet);
    cJSON_AddNumberToObject(j, "wind_mps", su->wind.mean_speed_mps);
    cJSON_AddNumberToObject(j, "wind_bearing_deg", su->wind.bearing * 180.0 / 3.141592653589793);
    cJSON_AddNumberToObject(j, "gustiness", su->wind.gustiness);
    cJSON_AddNumberToObject(j, "swirl", su->wind.swirl);
    cJSON_AddStringToObject(j, "keeper", keeper_text(su->keeper.kind));
    cJSON_AddNumberToObject(j, "keeper_rating", su->keeper.rating);
    cJSON_AddNumberToObject(j, "wall", su->wall.count);
    cJSON_AddNumberToObject(j, "rings", su->ring_count);
    /* Everything that makes up the setup. */
    cJSON_AddItemToObject(j, "setup", setup_json(su));
    cli_print_json(j);
  } else {
    printf("%s\n", k.where);
    printf("dice:   day seed %llu = match seed, kick %llu\n", (unsigned long long)day.day_seed,
           (unsigned long long)su->kick_number);
    printf("spot:   x %.2f m, %.2f m from the goal line\n", su->spot_x, -su->spot_z);
    printf("pitch:  %s (dry-pitch restitution %.3f, slide %.3f, roll %.3f)\n", su->pitch.wet ? "wet" : "dry",
           su->pitch.restitution, su->pitch.slide_friction, su->pitch.roll_resistance);
    printf("wind:   %.1f m/s towards %.0f deg, gustiness %.2f, swirl %.2f, gust seed %llu\n",
           su->wind.mean_speed_mps, su->wind.bearing * 180.0 / 3.141592653589793, su->wind.gustiness,
           su->wind.swirl, (unsigned long long)su->wind.gust_seed);
    if (su->keeper.kind == KICK_KEEPER_NONE) printf("keeper: none\n");
    else
      printf("keeper: %s, %s (rating %.2f, reads at %.2f s, line z %.2f m)\n", day.keeper_name,
             keeper_text(su->keeper.kind), su->keeper.rating, su->keeper.reaction_s, su->keeper.line_z);
    if (su->wall.count == 0) printf("wall:   none\n");
    else
      printf("wall:   %d at x %.2f, z %.2f m; may jump 0x%02x, chance %.2f, after %.2f +/- %.2f s, %.2f m for %.2f s\n",
             su->wall.count, su->wall.x, su->wall.z, su->wall.jump_mask, su->wall.jump_chance,
             su->wall.jump_delay_s, su->wall.jump_spread_s, su->wall.jump_height, su->wall.jump_duration_s);
    if (su->ring_count == 0) printf("rings:  none\n");
    for (int32_t i = 0; i < su->ring_count && i < KICK_RING_MAX; i++) {
      const kick_ring_def *r = &su->rings[i];
      printf("ring %d: (%.2f, %.2f) at z %.2f, radius %.2f, %s", i, r->x, r->y, r->z, r->radius, ring_motion_text(r->motion));
      if (r->motion != KICK_RING_STATIC) printf(" +/-%.2f m every %.2f s", r->amplitude, r->period_s);
      printf("\n");
    }
  }
  return EXIT_OK;
}

static const char solve_usage[] =
    "usage: kick-cli solve --aim X,Y --speed MPS [--bend -1..1] [where] [--json]\n"
    "The launch whose flight crosses the goal line at the aim point in still air,\n"
    "and how many launches the solver tried (at most 26).\n\n" CLI_KICK_HELP
    "\nexamples:\n  kick-cli solve --aim 2.8,2.0 --speed 26 --bend 0.5 --open --distance 22\n"
    "  kick-cli solve --level 5-2 --aim -3,2.2 --speed 25 --json\n";

int cmd_solve(int argc, char **argv) {
  if (cli_wants_help(argc, argv, solve_usage)) return EXIT_OK;
  static const struct option opts[] = {CLI_KICK_OPTIONS, {"json", 0, 0, OPT_JSON}, {0, 0, 0, 0}};
  cli_kick k;
  cli_kick_defaults(&k);
  bool json = false, aim = false;
  int c;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    if (c == OPT_JSON) {
      json = true;
      continue;
    }
    if (c == OPT_AIM) aim = true;
    int r = c == '?' || c == ':' ? 0 : cli_kick_option(&k, c, optarg);
    if (r < 0) return EXIT_USAGE;
    if (r == 0) return cli_bad_option(c, argv);
  }
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  if (!aim) return cli_usage("solve needs --aim X,Y and --speed");
  int rc = cli_kick_refuse_unused("solve", true, true);
  if (rc) return rc;
  rc = cli_kick_finish(&k, true);
  if (rc) return rc;
  if (json) {
    cli_print_json(cli_kick_json(&k));
  } else {
    printf("%s\n", k.where);
    printf("launch: %.2f m/s, elevation %.4f deg, direction %.4f deg, spin %.1f rad/s\n", k.launch.speed_mps,
           k.launch.elevation * 180.0 / 3.141592653589793, k.launch.direction * 180.0 / 3.141592653589793,
           k.launch.spin_rate);
    printf("tries:  %d (miss %.4f m)\n", k.solver_tries, k.solver_miss_m);
  }
  return EXIT_OK;
}

static const char compare_usage[] =
    "usage: kick-cli compare EXPECTED.jsonl ACTUAL.jsonl [--json]\n"
    "Compare two timelines and name the first divergence ('-' reads one of them\n"
    "from standard input). Both must be timelines: every line one flat JSON object\n"
    "with \"step\" and \"hash\", nothing after it (at most 64 MiB, lines of at most 1 MiB).\n"
    "Exit 0 when identical, 1 when they differ, 2 on a usage error, a file that\n"
    "cannot be read or is not a timeline, or output that cannot be written (as diff\n"
    "and cmp do).\n\n"
    "example:\n  kick-cli compare golden.jsonl mine.jsonl\n";

/* Reads a timeline (strictly: ks_tl_check_text); false after a message. */
bool cli_read_timeline(const char *what, const char *path, char **text, size_t *len) {
  ks_host_error e;
  if (ks_host_read_all(path, KS_TL_MAX_BYTES, "a timeline", text, len, &e) != KS_OK) {
    cli_error("%s%s", what, e.message);
    return false;
  }
  ks_tl_check chk;
  if (ks_tl_check_text(*text, *len, &chk) != KS_OK) {
    const char *name = strcmp(path, "-") == 0 ? "standard input" : path;
    if (chk.bad_line) cli_error("%s'%s' line %zu is not a timeline line: %s", what, name, chk.bad_line, chk.reason);
    else cli_error("%s'%s' is not a timeline: %s", what, name, chk.reason);
    free(*text);
    *text = NULL;
    return false;
  }
  return true;
}

int cmd_compare(int argc, char **argv) {
  cli_trouble = EXIT_USAGE; /* diff and cmp: 1 means different, so trouble is 2 */
  if (cli_wants_help(argc, argv, compare_usage)) return EXIT_OK;
  bool json = false;
  if (!cli_parse_json_flag(argc, argv, compare_usage, &json)) return EXIT_USAGE;
  const char *files[2] = {0, 0};
  int nf = 0;
  for (int i = optind; i < argc; i++) {
    if (nf == 2) return cli_usage("compare takes two files, not '%s' too", argv[i]);
    files[nf++] = argv[i];
  }
  if (nf != 2) return cli_usage("compare takes two files");
  const ks_host_file args[] = {{files[0], "EXPECTED", false}, {files[1], "ACTUAL", false}};
  ks_host_error fe;
  if (ks_host_check_files(args, 2, &fe) != KS_OK) return cli_usage("%s", fe.message);
  /* Both must be timelines. Two equal files of anything else are not "identical timelines". */
  char *text[2] = {NULL, NULL};
  size_t len[2] = {0, 0};
  for (int i = 0; i < 2; i++) {
    if (!cli_read_timeline("", files[i], &text[i], &len[i])) {
      free(text[0]);
      return EXIT_USAGE;
    }
  }
  ks_tl_diff d;
  ks_status s = ks_tl_compare_text(text[0], len[0], text[1], len[1], &d);
  free(text[0]);
  free(text[1]);
  if (s != KS_OK) {
    cli_error("%s", d.message[0] ? d.message : ks_status_name(s));
    return EXIT_USAGE;
  }
  if (json) {
    cJSON *j = cJSON_CreateObject();
    ks_json_add_tl_diff(j, &d);
    cli_print_json(j);
  } else {
    printf("%s\n", d.identical ? "identical" : d.message);
  }
  return d.identical ? EXIT_OK : EXIT_RUNTIME;
}
