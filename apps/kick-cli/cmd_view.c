// SPDX-License-Identifier: MIT
/* view and flick: the picture a swipe is read in, and hand-like flicks drawn
   on it (kickstep/kick_aim.h, kickstep/kick_hand.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kickstep/dmath.h"
#include "support/cli.h"
#include "kickstep/kick_hand.h"

#define DEG (KS_PI / 180.0)
#define MAX_POINTS 64

enum { OPT_POINT = OPT_KICK_LAST + 1, OPT_TO, OPT_AT, OPT_FROM, OPT_RATE, OPT_DURATION, OPT_SEED };

/* The shared "where" options and --screen; anything else is the caller's. */
static int where_option(cli_kick *k, int c, char **argv) {
  switch (c) {
  case OPT_LEVEL: case OPT_DAILY: case OPT_OPEN: case OPT_DISTANCE: case OPT_ANGLE: case OPT_MATCH_SEED:
  case OPT_KICK: case OPT_WET: case OPT_WIND: case OPT_KEEPER: case OPT_WALL: {
    int r = cli_kick_option(k, c, optarg);
    return r < 0 ? EXIT_USAGE : -1;
  }
  case OPT_SCREEN: return cli_parse_screen("screen", optarg, &k->screen_w, &k->screen_h) ? (k->has_screen = true, -1) : EXIT_USAGE;
  default: return cli_bad_option(c, argv);
  }
}

#define WHERE_OPTIONS                                                                       \
  {"level", 1, 0, OPT_LEVEL}, {"daily", 1, 0, OPT_DAILY}, {"open", 0, 0, OPT_OPEN},          \
  {"distance", 1, 0, OPT_DISTANCE}, {"angle", 1, 0, OPT_ANGLE},                              \
  {"match-seed", 1, 0, OPT_MATCH_SEED}, {"kick", 1, 0, OPT_KICK}, {"wet", 0, 0, OPT_WET},    \
  {"wind", 1, 0, OPT_WIND}, {"keeper", 1, 0, OPT_KEEPER}, {"wall", 1, 0, OPT_WALL},          \
  {"screen", 1, 0, OPT_SCREEN}, {"json", 0, 0, OPT_JSON}

#define WHERE_HELP                                                                          \
  "  --level ID | --daily YYYY-MM-DD | --open [--distance M --angle DEG ...]\n"             \
  "                       where the kick is (as kick-cli shoot; default --open)\n"           \
  "  --screen WxH         the screen, CSS pixels (required), e.g. 1280x800, 390x844\n"      \
  "  --json               JSON output\n"

/* Exactly n numbers within +-lim for --opt (optarg): -1 when read, else the exit code. */
static int numbers(const char *opt, double *out, int n, double lim, const char *what) {
  int got = cli_parse_list(opt, optarg, out, n, -lim, lim);
  if (got < 0) return EXIT_USAGE;
  if (got != n) return cli_usage("--%s needs %s", opt, what);
  return -1;
}

static void add_point(cJSON *arr, const char *name, ks_vec3 p, const kick_camera *c, double w, double h) {
  cJSON *o = cJSON_CreateObject();
  if (name) cJSON_AddStringToObject(o, "name", name);
  cJSON *wp = cJSON_AddArrayToObject(o, "world");
  cJSON_AddItemToArray(wp, cJSON_CreateNumber(p.x));
  cJSON_AddItemToArray(wp, cJSON_CreateNumber(p.y));
  cJSON_AddItemToArray(wp, cJSON_CreateNumber(p.z));
  double sx, sy;
  bool on = kick_camera_project(c, w, h, p, &sx, &sy);
  cJSON_AddBoolToObject(o, "in_front", on);
  if (on) {
    cJSON_AddNumberToObject(o, "px", sx);
    cJSON_AddNumberToObject(o, "py", sy);
  }
  cJSON_AddItemToArray(arr, o);
}

static void print_point(const char *name, ks_vec3 p, const kick_camera *c, double w, double h) {
  double sx, sy;
  if (kick_camera_project(c, w, h, p, &sx, &sy))
    printf("  %-16s (%7.3f, %6.3f, %7.3f) m  ->  %8.2f, %8.2f px\n", name, p.x, p.y, p.z, sx, sy);
  else
    printf("  %-16s (%7.3f, %6.3f, %7.3f) m  ->  behind the camera\n", name, p.x, p.y, p.z);
}

static const char view_usage[] =
    "usage: kick-cli view [where] --screen WxH [--point X,Y,Z]... [--json]\n"
    "The aiming camera the page draws the kick through at that screen size, before the\n"
    "kick (position, target, vertical field of view, aspect), and where the ball, the\n"
    "goal's four inner corners (posts and bar) and any --point are on that screen, in\n"
    "pixels (x right, y down). A swipe in those pixels is read against this picture\n"
    "(kick-cli shoot --screen WxH --swipe ...).\n\n" WHERE_HELP
    "  --point X,Y,Z        also project this point of the pitch (m; repeatable, up to 64)\n"
    "\nexamples:\n"
    "  kick-cli view --level 1-1 --screen 390x844\n"
    "  kick-cli view --level 4-2 --screen 1280x800 --point -3.2,2.1,0.11 --json\n";

int cmd_view(int argc, char **argv) {
  if (cli_wants_help(argc, argv, view_usage)) return EXIT_OK;
  static const struct option opts[] = {WHERE_OPTIONS, {"point", 1, 0, OPT_POINT}, {0, 0, 0, 0}};
  cli_kick k;
  cli_kick_defaults(&k);
  bool json = false;
  ks_vec3 pts[MAX_POINTS];
  int np = 0;
  int c;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    if (c == OPT_JSON) json = true;
    else if (c == OPT_POINT) {
      double v[3];
      if (np >= MAX_POINTS) return cli_usage("--point: at most %d points", MAX_POINTS);
      int got = numbers("point", v, 3, 1000.0, "three numbers X,Y,Z (m)");
      if (got >= 0) return got;
      pts[np++] = ks_v3(v[0], v[1], v[2]);
    } else {
      int r = c == '?' || c == ':' ? cli_bad_option(c, argv) : where_option(&k, c, argv);
      if (r >= 0) return r;
    }
  }
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  if (!k.has_screen) return cli_usage("--screen WxH is required (the screen the picture is drawn on)");
  int rc = cli_kick_finish(&k, false);
  if (rc) return rc;
  kick_camera cam;
  ks_status st = kick_aim_camera(&k.setup, k.screen_w, k.screen_h, &cam);
  if (st != KS_OK) {
    cli_error("no aiming camera for this setup and screen: %s", ks_status_name(st));
    return EXIT_RUNTIME;
  }
  const double w = k.screen_w, h = k.screen_h, px = 0.5 * KICK_GOAL_WIDTH, top = KICK_GOAL_HEIGHT;
  const ks_vec3 ball = ks_v3(k.setup.spot_x, KICK_BALL_RADIUS, k.setup.spot_z);
  /* The goal's inner corners: where the posts' and the bar's inner edges meet the ground and each other.
     The screen's left is the shooter's left, +x. */
  const struct { const char *name; ks_vec3 p; } corners[4] = {
      {"bottom_left", {px, 0.0, KICK_POST_Z}}, {"bottom_right", {-px, 0.0, KICK_POST_Z}},
      {"top_left", {px, top, KICK_POST_Z}}, {"top_right", {-px, top, KICK_POST_Z}}};
  double br = 0.0, bx, by, ex, ey;
  if (kick_camera_project(&cam, w, h, ball, &bx, &by) &&
      kick_camera_project(&cam, w, h, ks_v3_add(ball, ks_v3(0.0, KICK_BALL_RADIUS, 0.0)), &ex, &ey))
    br = ks_fabs(by - ey);
  if (json) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "where", k.where);
    if (k.level_index >= 0) cJSON_AddStringToObject(j, "level", kick_level_at(k.level_index)->id);
    cJSON_AddNumberToObject(j, "screen_w", w);
    cJSON_AddNumberToObject(j, "screen_h", h);
    cJSON *cj = cJSON_AddObjectToObject(j, "camera");
    cJSON *a = cJSON_AddArrayToObject(cj, "position");
    cJSON_AddItemToArray(a, cJSON_CreateNumber(cam.pos.x));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(cam.pos.y));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(cam.pos.z));
    a = cJSON_AddArrayToObject(cj, "target");
    cJSON_AddItemToArray(a, cJSON_CreateNumber(cam.target.x));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(cam.target.y));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(cam.target.z));
    cJSON_AddNumberToObject(cj, "fov_y_deg", cam.fov / DEG);
    cJSON_AddNumberToObject(cj, "fov_y", cam.fov);
    cJSON_AddNumberToObject(cj, "aspect", w / h);
    cJSON_AddStringToObject(cj, "up", "+y");
    cJSON *b = cJSON_CreateArray();
    add_point(b, "ball", ball, &cam, w, h);
    cJSON *bo = cJSON_GetArrayItem(b, 0);
    cJSON_AddNumberToObject(bo, "radius_px", br);
    cJSON_AddItemToObject(j, "ball", cJSON_DetachItemFromArray(b, 0));
    cJSON_Delete(b);
    cJSON *g = cJSON_AddArrayToObject(j, "goal");
    for (int i = 0; i < 4; i++) add_point(g, corners[i].name, corners[i].p, &cam, w, h);
    cJSON *pa = cJSON_AddArrayToObject(j, "points");
    for (int i = 0; i < np; i++) add_point(pa, NULL, pts[i], &cam, w, h);
    cli_print_json(j);
    return EXIT_OK;
  }
  printf("%s on %gx%g px\n", k.where, w, h);
  printf("camera: at (%.3f, %.3f, %.3f) m looking at (%.3f, %.3f, %.3f) m, vertical fov %.2f deg, aspect %.4f\n",
         cam.pos.x, cam.pos.y, cam.pos.z, cam.target.x, cam.target.y, cam.target.z, cam.fov / DEG, w / h);
  print_point("ball", ball, &cam, w, h);
  printf("  %-16s %.2f px\n", "ball radius", br);
  for (int i = 0; i < 4; i++) print_point(corners[i].name, corners[i].p, &cam, w, h);
  for (int i = 0; i < np; i++) print_point("point", pts[i], &cam, w, h);
  return EXIT_OK;
}

static const char flick_usage[] =
    "usage: kick-cli flick [where] --screen WxH (--to X,Y | --at X,Y,Z) [--from X,Y] [--rate HZ]\n"
    "                      [--duration S] [--seed N] [--json]\n"
    "A hand-like flick (kickstep/kick_hand.h: a smooth stroke lifted moving or after a short\n"
    "dwell, a slight bow, tremor, sampled from a random phase) from the ball on that screen\n"
    "towards a pixel (--to) or a point of the pitch as drawn there (--at), printed as\n"
    "\"x,y,t x,y,t ...\" for kick-cli shoot --screen WxH --swipe (or as JSON). The same seed\n"
    "gives the same samples everywhere.\n\n" WHERE_HELP
    "  --to X,Y             where the flick ends, px\n"
    "  --at X,Y,Z           where it ends: this point of the pitch as drawn (m)\n"
    "  --from X,Y           where it starts, px (default: the ball)\n"
    "  --rate HZ            sampling rate, 30..1000 (default 60)\n"
    "  --duration S         the stroke, 0.02..1 s (default 0.18)\n"
    "  --seed N             the free parts: release, dwell, bow, tremor, phase (default 1)\n"
    "\nexample:\n"
    "  kick-cli shoot --level 1-1 --screen 390x844 \\\n"
    "    --swipe \"$(kick-cli flick --level 1-1 --screen 390x844 --at -3,2,0.11)\"\n";

int cmd_flick(int argc, char **argv) {
  if (cli_wants_help(argc, argv, flick_usage)) return EXIT_OK;
  static const struct option opts[] = {WHERE_OPTIONS,         {"to", 1, 0, OPT_TO},       {"at", 1, 0, OPT_AT},
                                       {"from", 1, 0, OPT_FROM}, {"rate", 1, 0, OPT_RATE},   {"duration", 1, 0, OPT_DURATION},
                                       {"seed", 1, 0, OPT_SEED}, {0, 0, 0, 0}};
  cli_kick k;
  cli_kick_defaults(&k);
  bool json = false, has_to = false, has_at = false, has_from = false;
  double to[2] = {0}, at[3] = {0}, from[2] = {0}, rate = 60.0, duration = 0.18;
  uint64_t seed = 1;
  int c;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    int got;
    switch (c) {
    case OPT_JSON: json = true; break;
    case OPT_TO:
      if ((got = numbers("to", to, 2, 1e6, "two numbers X,Y (px)")) >= 0) return got;
      has_to = true;
      break;
    case OPT_AT:
      if ((got = numbers("at", at, 3, 1000.0, "three numbers X,Y,Z (m)")) >= 0) return got;
      has_at = true;
      break;
    case OPT_FROM:
      if ((got = numbers("from", from, 2, 1e6, "two numbers X,Y (px)")) >= 0) return got;
      has_from = true;
      break;
    case OPT_RATE:
      if (!cli_parse_double("rate", optarg, 30.0, 1000.0, &rate)) return EXIT_USAGE;
      break;
    case OPT_DURATION:
      if (!cli_parse_double("duration", optarg, 0.02, 1.0, &duration)) return EXIT_USAGE;
      break;
    case OPT_SEED:
      if (!cli_parse_u64("seed", optarg, &seed)) return EXIT_USAGE;
      break;
    default: {
      int r = c == '?' || c == ':' ? cli_bad_option(c, argv) : where_option(&k, c, argv);
      if (r >= 0) return r;
    }
    }
  }
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  if (!k.has_screen) return cli_usage("--screen WxH is required (the screen the flick is drawn on)");
  if (has_to == has_at) return cli_usage(has_to ? "--to and --at: give one end" : "give where the flick ends: --to X,Y or --at X,Y,Z");
  int rc = cli_kick_finish(&k, false);
  if (rc) return rc;
  kick_camera cam;
  ks_status st = kick_aim_camera(&k.setup, k.screen_w, k.screen_h, &cam);
  if (st != KS_OK) {
    cli_error("no aiming camera for this setup and screen: %s", ks_status_name(st));
    return EXIT_RUNTIME;
  }
  if (!has_from &&
      !kick_camera_project(&cam, k.screen_w, k.screen_h, ks_v3(k.setup.spot_x, KICK_BALL_RADIUS, k.setup.spot_z),
                           &from[0], &from[1])) {
    cli_error("the ball is not in the picture");
    return EXIT_RUNTIME;
  }
  if (has_at && !kick_camera_project(&cam, k.screen_w, k.screen_h, ks_v3(at[0], at[1], at[2]), &to[0], &to[1]))
    return cli_usage("--at %g,%g,%g is behind the camera", at[0], at[1], at[2]);
  kick_hand_def hd = kick_hand_default(from, to, duration, rate, seed);
  static kick_touch samples[KICK_HAND_MAX_SAMPLES];
  int32_t n = kick_hand_flick(&hd, samples, KICK_HAND_MAX_SAMPLES);
  if (n < 0) {
    cli_error("cannot draw that flick: %s", ks_status_name((ks_status)n));
    return EXIT_RUNTIME;
  }
  if (json) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "where", k.where);
    cJSON_AddNumberToObject(j, "screen_w", k.screen_w);
    cJSON_AddNumberToObject(j, "screen_h", k.screen_h);
    cJSON *a = cJSON_AddArrayToObject(j, "from");
    cJSON_AddItemToArray(a, cJSON_CreateNumber(from[0]));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(from[1]));
    a = cJSON_AddArrayToObject(j, "to");
    cJSON_AddItemToArray(a, cJSON_CreateNumber(to[0]));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(to[1]));
    cJSON_AddNumberToObject(j, "rate_hz", rate);
    cJSON_AddNumberToObject(j, "duration_s", duration);
    cJSON_AddNumberToObject(j, "release", hd.release);
    cJSON_AddNumberToObject(j, "dwell_s", hd.dwell_s);
    cJSON_AddNumberToObject(j, "bow", hd.bow);
    cJSON *s = cJSON_AddArrayToObject(j, "samples");
    for (int32_t i = 0; i < n; i++) {
      cJSON *p = cJSON_CreateArray();
      cJSON_AddItemToArray(p, cJSON_CreateNumber(samples[i].x));
      cJSON_AddItemToArray(p, cJSON_CreateNumber(samples[i].y));
      cJSON_AddItemToArray(p, cJSON_CreateNumber(samples[i].t));
      cJSON_AddItemToArray(s, p);
    }
    cli_print_json(j);
    return EXIT_OK;
  }
  for (int32_t i = 0; i < n; i++) printf("%s%.17g,%.17g,%.17g", i ? " " : "", samples[i].x, samples[i].y, samples[i].t);
  printf("\n");
  return EXIT_OK;
}
