// SPDX-License-Identifier: MIT
/* The options shared by every subcommand that plays one kick. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "kickstep/kick_session.h"
#include "kickstep/dmath.h"
#include "support/cli.h"
#include "kickstep/host_file.h"
#include "kickstep/kick_solver.h"
#include "kickstep/kick_swipe.h"

#define DEG (KS_PI / 180.0)

/* What the options asked for, before the setup is built. */
static struct {
  enum { WHERE_OPEN, WHERE_LEVEL, WHERE_DAILY } where;
  char level[64];
  int year, month, day;
  double distance, angle_deg;
  bool wet, has_wind, has_keeper;
  double wind[3];
  int wind_n;
  kick_keeper_kind keeper_kind;
  double keeper_rating;
  long wall;
  bool extras;
  const char *extra_flag; /* the first of --distance, --angle, --wet, --wind, --keeper, --wall given */
  uint64_t match_seed, kick_number;
  bool has_match_seed;
  bool has_speed, has_elevation, has_direction, has_axis, has_rate, has_aim, has_bend;
  double speed, elevation_deg, direction_deg, axis[3], rate, aim[2], bend;
  const char *frames_flag; /* --frames or --scale, the first given */
  bool has_wait;
  char *swipe_text; /* owned copy */
  char *swipe_file;
} o;

/* Where the kick is: one of --open, --level, --daily (the same one again
   replaces its value, as any option does). */
static const char *g_where_flag;
static bool set_where(int where, const char *flag) {
  if (g_where_flag && (int)o.where != where) {
    cli_usage("%s and %s: give one place, --open, --level or --daily", g_where_flag, flag);
    return false;
  }
  o.where = where;
  g_where_flag = flag;
  return true;
}

/* A list of exactly n numbers, in one message when it is not. */
static bool list_of(const char *opt, const char *s, double *out, int n, double lo, double hi, const char *what) {
  int got = cli_parse_list(opt, s, out, n, lo, hi);
  if (got == n) return true;
  if (got >= 0) cli_error("--%s needs %s", opt, what);
  return false;
}

void cli_kick_defaults(cli_kick *k) {
  memset(k, 0, sizeof *k);
  k->setup = kick_setup_default();
  k->level_index = -1;
  k->wait_s = 0.5;
  k->launch = kick_launch_default();
  k->frames[0] = 1.0 / 60.0;
  k->frame_count = 1;
  k->scale = 1.0;
  free(o.swipe_text);
  free(o.swipe_file);
  memset(&o, 0, sizeof o);
  g_where_flag = NULL;
  o.where = WHERE_OPEN;
  o.distance = 20.0;
  o.keeper_rating = 0.7;
  o.match_seed = 1;
}

/* "today" (UTC) or exactly YYYY-MM-DD, a real date inside the Daily Kick's years. */
static bool parse_date(const char *flag, const char *s, int *y, int *m, int *d) {
  if (strcmp(s, "today") == 0) {
    time_t now = time(NULL);
    struct tm tmv;
    gmtime_r(&now, &tmv);
    *y = tmv.tm_year + 1900;
    *m = tmv.tm_mon + 1;
    *d = tmv.tm_mday;
    return true;
  }
  ks_cli_set_prog(cli_prog);
  if (!ks_cli_parse_date(flag, s, y, m, d)) return false;
  if (!kick_daily_date_valid(*y, *m, *d)) {
    cli_error("%s: %s is not a valid date between %d-01-01 and %d-12-31", flag, s, KICK_DAILY_MIN_YEAR,
              KICK_DAILY_MAX_YEAR);
    return false;
  }
  return true;
}

int cli_kick_set_daily(cli_kick *k, const char *flag, const char *date) {
  (void)k;
  if (!parse_date(flag, date, &o.year, &o.month, &o.day)) return -1;
  return set_where(WHERE_DAILY, flag) ? 1 : -1;
}

const char *cli_kick_swipe_file(void) { return o.swipe_file; }

int cli_kick_refuse_unused(const char *command, bool frames, bool wait) {
  if (frames && o.frames_flag)
    return cli_usage("%s and %s: %s plays no frames, and frames never change a kick's steps (kick-cli shoot and "
                     "timeline take %s)",
                     o.frames_flag, command, command, o.frames_flag);
  if (wait && o.has_wait)
    return cli_usage("--wait and %s: %s plays no kick, so there is no wait before the strike", command, command);
  return EXIT_OK;
}

static bool parse_keeper(const char *s) {
  char kind[32];
  const char *comma = strchr(s, ',');
  size_t len = comma ? (size_t)(comma - s) : strlen(s);
  if (len >= sizeof kind) len = sizeof kind - 1;
  memcpy(kind, s, len);
  kind[len] = '\0';
  static const struct { const char *name; kick_keeper_kind kind; } kinds[] = {
      {"none", KICK_KEEPER_NONE}, {"plain", KICK_KEEPER_PLAIN}, {"showman", KICK_KEEPER_SHOWMAN},
      {"specialist", KICK_KEEPER_SPECIALIST}, {"learner", KICK_KEEPER_LEARNER}};
  bool found = false;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strcasecmp(kind, kinds[i].name) == 0) {
      o.keeper_kind = kinds[i].kind;
      found = true;
    }
  if (!found) {
    cli_error("--keeper: unknown keeper '%s' (none, plain, showman, specialist, learner)", kind);
    return false;
  }
  if (comma && !cli_parse_double("keeper", comma + 1, 0.0, 1.0, &o.keeper_rating)) return false;
  o.has_keeper = true;
  return true;
}

/* An option of the open pitch: remembered by name for the message when a
   --level or --daily makes it meaningless. */
static void note_extra(const char *flag) {
  o.extras = true;
  if (!o.extra_flag) o.extra_flag = flag;
}

int cli_kick_option(cli_kick *k, int opt, const char *arg) {
  switch (opt) {
  case OPT_LEVEL:
    if (strlen(arg) >= sizeof o.level) {
      cli_error("--level: '%s' is too long (kick-cli levels lists the levels)", arg);
      return -1;
    }
    if (!set_where(WHERE_LEVEL, "--level")) return -1;
    strcpy(o.level, arg);
    return 1;
  case OPT_DAILY: return cli_kick_set_daily(k, "--daily", arg);
  case OPT_OPEN: return set_where(WHERE_OPEN, "--open") ? 1 : -1;
  case OPT_DISTANCE: note_extra("--distance"); return cli_parse_double("distance", arg, 5.5, 60.0, &o.distance) ? 1 : -1;
  case OPT_ANGLE: note_extra("--angle"); return cli_parse_double("angle", arg, -80.0, 80.0, &o.angle_deg) ? 1 : -1;
  case OPT_WET: o.wet = true; note_extra("--wet"); return 1;
  case OPT_WIND:
    o.wind_n = cli_parse_list("wind", arg, o.wind, 3, -360.0, 360.0);
    if (o.wind_n < 0) return -1;
    if (o.wind[0] < 0 || o.wind[0] > KICK_MAX_WIND_SPEED) {
      cli_error("--wind: speed %g m/s is out of range [0, %g]", o.wind[0], KICK_MAX_WIND_SPEED);
      return -1;
    }
    if (o.wind_n > 2 && (o.wind[2] < 0 || o.wind[2] > 1)) {
      cli_error("--wind: gustiness %g is out of range [0, 1]", o.wind[2]);
      return -1;
    }
    o.has_wind = true;
    note_extra("--wind");
    return 1;
  case OPT_KEEPER: note_extra("--keeper"); return parse_keeper(arg) ? 1 : -1;
  case OPT_WALL: note_extra("--wall"); return cli_parse_int("wall", arg, 0, KICK_WALL_MAX, &o.wall) ? 1 : -1;
  case OPT_MATCH_SEED:
    o.has_match_seed = true;
    return cli_parse_u64("match-seed", arg, &o.match_seed) ? 1 : -1;
  case OPT_KICK: return cli_parse_u64("kick", arg, &o.kick_number) ? 1 : -1;
  case OPT_WAIT: o.has_wait = true; return cli_parse_double("wait", arg, 0.0, 60.0, &k->wait_s) ? 1 : -1;
  case OPT_SPEED:
    o.has_speed = true;
    return cli_parse_double("speed", arg, 0.1, KICK_MAX_LAUNCH_SPEED, &o.speed) ? 1 : -1;
  case OPT_ELEVATION:
    o.has_elevation = true;
    return cli_parse_double("elevation", arg, -5.0, 68.0, &o.elevation_deg) ? 1 : -1;
  case OPT_DIRECTION:
    o.has_direction = true;
    return cli_parse_double("direction", arg, -85.0, 85.0, &o.direction_deg) ? 1 : -1;
  case OPT_SPIN_AXIS:
    o.has_axis = true;
    return list_of("spin-axis", arg, o.axis, 3, -1e6, 1e6, "three numbers X,Y,Z") ? 1 : -1;
  case OPT_SPIN_RATE:
    o.has_rate = true;
    return cli_parse_double("spin-rate", arg, 0.0, KICK_MAX_SPIN_RATE, &o.rate) ? 1 : -1;
  case OPT_AIM:
    o.has_aim = true;
    return list_of("aim", arg, o.aim, 2, -20.0, 10.0, "two numbers X,Y (m across the goal from the middle, m up)") ? 1 : -1;
  case OPT_BEND:
    o.has_bend = true;
    return cli_parse_double("bend", arg, -1.0, 1.0, &o.bend) ? 1 : -1;
  case OPT_SWIPE:
    free(o.swipe_text);
    o.swipe_text = strdup(arg);
    return 1;
  case OPT_SWIPE_FILE:
    free(o.swipe_file);
    o.swipe_file = strdup(arg);
    return 1;
  case OPT_FRAMES: {
    /* Split on every ',': an empty frame ("1/60,,1/30") is an error, not skipped. */
    int n = 0;
    for (const char *p = arg;; n++) {
      const char *comma = strchr(p, ',');
      size_t len = comma ? (size_t)(comma - p) : strlen(p);
      char tok[128];
      if (n >= CLI_MAX_FRAMES) {
        cli_error("--frames: at most %d frame lengths", CLI_MAX_FRAMES);
        return -1;
      }
      if (len == 0 || len >= sizeof tok) {
        cli_error("--frames: '%s' has an empty or overlong frame length", arg);
        return -1;
      }
      memcpy(tok, p, len);
      tok[len] = '\0';
      if (!cli_parse_frame("frames", tok, &k->frames[n])) return -1;
      if (!comma) break;
      p = comma + 1;
    }
    k->frame_count = n + 1;
    if (!o.frames_flag) o.frames_flag = "--frames";
    return 1;
  }
  case OPT_SCALE:
    if (!o.frames_flag) o.frames_flag = "--scale";
    return cli_parse_double("scale", arg, 0.001, 100.0, &k->scale) ? 1 : -1;
  case OPT_SCREEN:
    k->has_screen = true;
    return cli_parse_screen("screen", arg, &k->screen_w, &k->screen_h) ? 1 : -1;
  default: return 0;
  }
}

bool cli_parse_screen(const char *opt, const char *s, double *w, double *h) {
  const char *x = strchr(s, 'x');
  char a[32], b[32];
  size_t la = x ? (size_t)(x - s) : 0;
  if (!x || la == 0 || la >= sizeof a || strlen(x + 1) == 0 || strlen(x + 1) >= sizeof b) {
    cli_error("--%s: '%s' is not WIDTHxHEIGHT in pixels (e.g. 1280x800)", opt, s);
    return false;
  }
  memcpy(a, s, la);
  a[la] = '\0';
  strcpy(b, x + 1);
  if (!cli_parse_double(opt, a, KICK_SCREEN_MIN_PX, KICK_SCREEN_MAX_PX, w) ||
      !cli_parse_double(opt, b, KICK_SCREEN_MIN_PX, KICK_SCREEN_MAX_PX, h))
    return false;
  double r = *w / *h;
  if (!(r >= 0.25 && r <= 4.0)) {
    cli_error("--%s: %s is narrower or wider than 1:4 .. 4:1", opt, s);
    return false;
  }
  return true;
}

/* Most samples one --swipe takes: a finger resting for minutes at 1000 Hz. */
#define CLI_SWIPE_MAX 1000000

/* Parses "x,y,t;x,y,t;..." or a file ("-": standard input) of "x,y,t" lines
   (samples separated by ';' or white space) into a new array (*out, freed by
   the caller). Returns the sample count, -1 for bad text in --swipe (a usage
   error), -2 for a file that cannot be read or holds bad samples (a runtime
   failure, as for any file). */
static int read_swipe(kick_touch **out) {
  char *text = NULL;
  int bad = o.swipe_file ? -2 : -1;
  *out = NULL;
  if (o.swipe_file) {
    size_t len = 0;
    ks_host_error e;
    if (ks_host_read_all(o.swipe_file, CLI_SWIPE_MAX_BYTES, "a swipe file", &text, &len, &e) != KS_OK) {
      cli_error("--swipe-file: %s", e.message);
      return -2;
    }
    if (strlen(text) != len) {
      cli_error("--swipe-file: '%s' holds a NUL byte: not a text of samples", o.swipe_file);
      free(text);
      return -2;
    }
  } else {
    text = strdup(o.swipe_text);
  }
  if (!text) return bad;
  size_t tokens = 1;
  for (char *p = text; *p; p++) {
    if (*p == '\n' || *p == '\r' || *p == ' ' || *p == '\t') *p = ';';
    if (*p == ';') tokens++;
  }
  if (tokens > CLI_SWIPE_MAX) tokens = CLI_SWIPE_MAX + 1;
  kick_touch *t = malloc(tokens * sizeof *t);
  if (!t) {
    free(text);
    return -1;
  }
  int n = 0;
  char *save = NULL;
  for (char *tok = strtok_r(text, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
    double v[3];
    if (n >= CLI_SWIPE_MAX) {
      cli_error("swipe: more than %d samples", CLI_SWIPE_MAX);
      free(text);
      free(t);
      return bad;
    }
    int got = cli_parse_list(o.swipe_file ? "swipe-file" : "swipe", tok, v, 3, -1e9, 1e9);
    if (got != 3) {
      if (got >= 0) cli_error("%s: sample %d is not 'x,y,t'", o.swipe_file ? "--swipe-file" : "--swipe", n + 1);
      free(text);
      free(t);
      return bad;
    }
    t[n].x = v[0];
    t[n].y = v[1];
    t[n].t = v[2];
    n++;
  }
  free(text);
  *out = t;
  return n;
}

static int build_setup(cli_kick *k) {
  if (o.where != WHERE_OPEN && o.extras)
    return cli_usage("%s and %s: --distance, --angle, --wet, --wind, --keeper and --wall go with --open, not with "
                     "--level or --daily",
                     o.extra_flag, o.where == WHERE_LEVEL ? "--level" : "--daily");
  if (o.where == WHERE_LEVEL) {
    int32_t idx = kick_level_find(o.level);
    if (idx < 0) {
      cli_error("unknown level '%s' (kick-cli levels lists them)", o.level);
      return EXIT_USAGE;
    }
    const kick_level *lv = kick_level_at(idx);
    /* The page's rule: a World Tour level is played on the tour's seed (kick_session.h). */
    uint64_t seed = o.has_match_seed ? o.match_seed : kick_session_default_def().tour_seed;
    ks_status s = kick_level_setup(lv, seed, o.kick_number, &k->setup);
    if (s != KS_OK) {
      cli_error("level %s: %s", lv->id, ks_status_name(s));
      return EXIT_RUNTIME;
    }
    k->level_index = idx;
    snprintf(k->where, sizeof k->where, "level %s %s", lv->id, lv->name);
    return EXIT_OK;
  }
  if (o.where == WHERE_DAILY) {
    /* The page's rule: the day's kicks are seeded from the day. */
    if (o.has_match_seed)
      return cli_usage("--match-seed does not go with --daily: the Daily Kick's dice come from the day "
                       "(its match seed is the day's seed); --kick N picks the day's n+1-th kick");
    kick_daily day;
    ks_status s = kick_daily_kick(o.year, o.month, o.day, o.kick_number, &day);
    if (s != KS_OK) {
      cli_error("daily %04d-%02d-%02d: %s", o.year, o.month, o.day, ks_status_name(s));
      return EXIT_USAGE;
    }
    k->setup = day.setup;
    k->is_daily = true;
    k->daily = day;
    snprintf(k->where, sizeof k->where, "daily %04d-%02d-%02d at %s", o.year, o.month, o.day, day.venue);
    return EXIT_OK;
  }
  kick_setup su = kick_setup_default();
  double a = o.angle_deg * DEG;
  su.spot_x = o.distance * ks_sin(a);
  su.spot_z = -o.distance * ks_cos(a);
  su.match_seed = o.match_seed;
  su.kick_number = o.kick_number;
  su.pitch = kick_pitch_default(o.wet);
  if (o.has_wind) {
    su.wind.mean_speed_mps = o.wind[0];
    if (o.wind_n > 1) su.wind.bearing = o.wind[1] * DEG;
    if (o.wind_n > 2) su.wind.gustiness = o.wind[2];
  }
  if (o.has_keeper) {
    su.keeper.kind = o.keeper_kind;
    su.keeper.rating = o.keeper_rating;
  }
  /* The spot and the wall, named by the options that placed them (the setup's own check says only "range"). */
  if (!(su.spot_x >= -40.0 && su.spot_x <= 40.0 && su.spot_z >= -60.0 && su.spot_z <= -5.5))
    return cli_usage("--distance %g at --angle %g puts the spot %.2f m across and %.2f m out: it must be at most 40 m "
                     "across and 5.5 to 60 m out",
                     o.distance, o.angle_deg, ks_fabs(su.spot_x), -su.spot_z);
  if (o.wall > 0) {
    kick_setup_wall_at(&su, (int32_t)o.wall);
    if (!(su.wall.z > su.spot_z + 1.0 && su.wall.z < -1.0))
      return cli_usage("--wall stands 9.15 m from the ball, so it needs the spot more than 10.15 m out; at --distance %g "
                       "and --angle %g it is %.2f m out",
                       o.distance, o.angle_deg, -su.spot_z);
  }
  ks_status s = kick_setup_validate(&su);
  if (s != KS_OK)
    return cli_usage("the open pitch of these --distance, --angle, --wind, --keeper and --wall is not a valid setup (%s)",
                     ks_status_name(s));
  k->setup = su;
  snprintf(k->where, sizeof k->where, "open pitch, %.1f m at %.1f deg", o.distance, o.angle_deg);
  return EXIT_OK;
}

static int resolve_launch(cli_kick *k) {
  /* Options that cannot go together are a usage error naming both: none is
     ever ignored (a swipe sets its own speed, so --speed beside it would be). */
  const char *swipe = o.swipe_text ? "--swipe" : o.swipe_file ? "--swipe-file" : NULL;
  const char *explicit = o.has_elevation ? "--elevation"
                         : o.has_direction ? "--direction"
                         : o.has_axis      ? "--spin-axis"
                         : o.has_rate      ? "--spin-rate"
                                           : NULL;
  static const char one_kick[] = "give one kick: explicit launch values, --aim (solver) or --swipe";
  if (o.swipe_text && o.swipe_file)
    return cli_usage("--swipe and --swipe-file: give one swipe, its samples as an argument or in a file");
  if (swipe && o.has_aim) return cli_usage("%s and --aim: %s", swipe, one_kick);
  if (swipe && explicit) return cli_usage("%s and %s: %s", swipe, explicit, one_kick);
  if (o.has_aim && explicit) return cli_usage("--aim and %s: %s", explicit, one_kick);
  if (swipe && o.has_speed)
    return cli_usage("%s and --speed: the swipe gives the launch its speed; %s", swipe, one_kick);
  if (swipe && o.has_bend) return cli_usage("%s and --bend: --bend goes with --aim", swipe);
  if (o.swipe_text || o.swipe_file) {
    kick_touch *samples = NULL;
    int n = read_swipe(&samples);
    if (n < 0) return n == -2 ? EXIT_RUNTIME : EXIT_USAGE;
    int rejected = o.swipe_file ? EXIT_RUNTIME : EXIT_USAGE; /* a file's content, or an argument */
    if (k->has_screen) { /* pixels of that screen, read in its picture, as the page reads them */
      ks_status s = kick_aim_read_samples(NULL, &k->setup, k->screen_w, k->screen_h, samples, (size_t)n, &k->aim);
      free(samples);
      if (s != KS_OK) {
        cli_error("swipe rejected: %s (%s): %s", kick_swipe_error_name(k->aim.error), ks_status_name(s),
                  kick_swipe_error_text(k->aim.error));
        return rejected;
      }
      k->launch = k->aim.launch;
      strcpy(k->launch_from, "swipe");
      return EXIT_OK;
    }
    kick_swipe_reading rd;
    kick_swipe_def def = kick_swipe_default_def();
    ks_status s = kick_swipe_read(&def, samples, (size_t)n, &rd);
    free(samples);
    if (s != KS_OK) {
      cli_error("swipe rejected: %s (%s): %s", kick_swipe_error_name(rd.error), ks_status_name(s),
                kick_swipe_error_text(rd.error));
      return rejected;
    }
    k->launch = rd.launch;
    strcpy(k->launch_from, "swipe");
    return EXIT_OK;
  }
  if (o.has_aim) {
    if (k->has_screen) return cli_usage("--screen goes with --swipe or --swipe-file (the picture a swipe is read in)");
    if (!o.has_speed) return cli_usage("--aim needs --speed");
    kick_solver_def d = kick_solver_def_for_setup(&k->setup);
    d.aim_x = o.aim[0];
    d.aim_y = o.aim[1];
    d.speed_mps = o.speed;
    d.bend = o.has_bend ? o.bend : 0.0;
    kick_solution sol;
    ks_status s = kick_solve(&d, &sol);
    if (s == KS_ERR_NOT_FOUND) {
      cli_error("the solver found no launch reaching (%g, %g) at %g m/s (best miss %.3f m after %d tries)", o.aim[0],
                o.aim[1], o.speed, sol.miss_m, sol.tries);
      return EXIT_RUNTIME;
    }
    if (s != KS_OK) {
      cli_error("cannot solve for that aim: %s", ks_status_name(s));
      return EXIT_USAGE;
    }
    k->launch = sol.launch;
    k->solver_tries = sol.tries;
    k->solver_miss_m = sol.miss_m;
    strcpy(k->launch_from, "solver");
    return EXIT_OK;
  }
  if (k->has_screen) return cli_usage("--screen goes with --swipe or --swipe-file (the picture a swipe is read in)");
  if (o.has_bend && explicit) return cli_usage("--bend and %s: --bend goes with --aim", explicit);
  if (o.has_bend) return cli_usage("--bend goes with --aim");
  if (!o.has_speed) return cli_usage("no kick given: use --speed with --elevation/--direction, --aim, or --swipe");
  kick_launch l = kick_launch_default();
  l.speed_mps = o.speed;
  if (o.has_elevation) l.elevation = o.elevation_deg * DEG;
  if (o.has_direction) l.direction = o.direction_deg * DEG;
  if (o.has_rate) {
    l.spin_rate = o.rate;
    l.spin_axis = o.has_axis ? ks_v3(o.axis[0], o.axis[1], o.axis[2]) : ks_v3(0, 1, 0);
  } else if (o.has_axis) {
    return cli_usage("--spin-axis needs --spin-rate");
  }
  if (o.has_rate && o.has_axis && o.rate > 0.0) {
    /* kick_launch_validate's rule for the axis, said in the option's words */
    double len2 = o.axis[0] * o.axis[0] + o.axis[1] * o.axis[1] + o.axis[2] * o.axis[2];
    if (!(len2 > 1e-12 && len2 < 1e12))
      return cli_usage("--spin-axis %g,%g,%g: a direction, of length between 1e-6 and 1e6 (this one: %g)", o.axis[0],
                       o.axis[1], o.axis[2], ks_sqrt(len2));
  }
  ks_status s = kick_launch_validate(&l);
  if (s != KS_OK) return cli_usage("the launch is invalid (%s)", ks_status_name(s));
  k->launch = l;
  strcpy(k->launch_from, "explicit");
  return EXIT_OK;
}

int cli_kick_finish(cli_kick *k, bool need_launch) {
  int rc = build_setup(k);
  if (rc != EXIT_OK) return rc;
  if (!need_launch) return EXIT_OK;
  return resolve_launch(k);
}

cJSON *cli_kick_json(const cli_kick *k) {
  cJSON *j = cJSON_CreateObject();
  cJSON_AddStringToObject(j, "where", k->where);
  if (k->level_index >= 0) cJSON_AddStringToObject(j, "level", kick_level_at(k->level_index)->id);
  cJSON_AddNumberToObject(j, "spot_x", k->setup.spot_x);
  cJSON_AddNumberToObject(j, "spot_z", k->setup.spot_z);
  cJSON_AddNumberToObject(j, "match_seed", (double)k->setup.match_seed);
  char seed[24];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)k->setup.match_seed);
  cJSON_AddStringToObject(j, "match_seed_exact", seed); /* a day's seed does not fit a double */
  cJSON_AddNumberToObject(j, "kick_number", (double)k->setup.kick_number);
  cJSON_AddNumberToObject(j, "wait_s", k->wait_s);
  cJSON *l = cJSON_AddObjectToObject(j, "launch");
  cJSON_AddStringToObject(l, "from", k->launch_from);
  cJSON_AddNumberToObject(l, "speed_mps", k->launch.speed_mps);
  cJSON_AddNumberToObject(l, "elevation_deg", k->launch.elevation / DEG);
  cJSON_AddNumberToObject(l, "direction_deg", k->launch.direction / DEG);
  cJSON_AddNumberToObject(l, "spin_rate", k->launch.spin_rate);
  cJSON *ax = cJSON_AddArrayToObject(l, "spin_axis");
  cJSON_AddItemToArray(ax, cJSON_CreateNumber(k->launch.spin_axis.x));
  cJSON_AddItemToArray(ax, cJSON_CreateNumber(k->launch.spin_axis.y));
  cJSON_AddItemToArray(ax, cJSON_CreateNumber(k->launch.spin_axis.z));
  if (k->has_screen && strcmp(k->launch_from, "swipe") == 0) {
    const kick_aim_reading *a = &k->aim;
    cJSON *sj = cJSON_AddObjectToObject(j, "swipe");
    cJSON_AddNumberToObject(sj, "screen_w", k->screen_w);
    cJSON_AddNumberToObject(sj, "screen_h", k->screen_h);
    cJSON_AddNumberToObject(sj, "aim_x", a->aim[0]);
    cJSON_AddNumberToObject(sj, "aim_y", a->aim[1]);
    char hx[19], hy[19];
    cli_hex(a->aim[0], hx);
    cli_hex(a->aim[1], hy);
    cJSON_AddStringToObject(sj, "aim_x_bits", hx);
    cJSON_AddStringToObject(sj, "aim_y_bits", hy);
    cJSON_AddBoolToObject(sj, "extended", a->extended);
    cJSON_AddNumberToObject(sj, "ball_px", a->ball_px[0]);
    cJSON_AddNumberToObject(sj, "ball_py", a->ball_px[1]);
    cJSON_AddNumberToObject(sj, "end_px", a->end_px[0]);
    cJSON_AddNumberToObject(sj, "end_py", a->end_px[1]);
    cJSON_AddNumberToObject(sj, "off_angle_deg", a->off_angle / DEG);
    cJSON_AddNumberToObject(sj, "flick_speed", a->swipe.release_speed);
    cJSON_AddNumberToObject(sj, "length", a->swipe.length);
    cJSON_AddNumberToObject(sj, "duration_s", a->swipe.duration_s);
    cJSON_AddNumberToObject(sj, "bend", a->swipe.bend);
    cJSON_AddNumberToObject(sj, "samples", a->swipe.samples);
    cJSON_AddNumberToObject(sj, "solver_tries", a->solution.tries);
    cJSON_AddNumberToObject(sj, "solver_miss_m", a->solution.miss_m);
  }
  if (strcmp(k->launch_from, "solver") == 0) {
    cJSON_AddNumberToObject(l, "solver_tries", k->solver_tries);
    cJSON_AddNumberToObject(l, "solver_miss_m", k->solver_miss_m);
  }
  cJSON *fr = cJSON_AddArrayToObject(j, "frames");
  for (int i = 0; i < k->frame_count; i++) cJSON_AddItemToArray(fr, cJSON_CreateNumber(k->frames[i]));
  cJSON_AddNumberToObject(j, "scale", k->scale);
  return j;
}
