// SPDX-License-Identifier: MIT
/* kick-cli's shared declarations. Hosted code: libc, cJSON, pthreads. */
#ifndef KICK_CLI_H
#define KICK_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "kickstep/kick.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_levels.h"

/* Exit codes. */
enum { EXIT_OK = 0, EXIT_RUNTIME = 1, EXIT_USAGE = 2 };

#define CLI_MAX_FRAMES 64

/* ---------------------------------------------------------------- util.c */
extern const char *cli_prog;      /* "kick-cli shoot" etc., for messages */
/* The exit code of trouble (output that cannot be written): EXIT_RUNTIME, but
   EXIT_USAGE for compare, whose 1 means "different" (as diff and cmp). */
extern int cli_trouble;
/* One line on stderr: "kick-cli shoot: message". */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A one-line usage error with the hint "(try 'kick-cli shoot --help')";
   returns EXIT_USAGE. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* After getopt_long returned something the command does not take ('?' for an
   unknown option, ':' for a missing value): the usage error; EXIT_USAGE. */
int cli_bad_option(int c, char **argv);
/* Strict number parsing (support/cli.h): decimal, the whole string,
   finite, inside [lo, hi]; whole numbers are digits only. Prints a message
   naming the option and returns false on failure. */
bool cli_parse_double(const char *opt, const char *s, double lo, double hi, double *out);
bool cli_parse_u64(const char *opt, const char *s, uint64_t *out);
bool cli_parse_int(const char *opt, const char *s, long lo, long hi, long *out);
/* "a,b" or "a,b,c" lists of doubles; returns the count parsed or -1. */
int cli_parse_list(const char *opt, const char *s, double *out, int max, double lo, double hi);
/* A frame length: a decimal ("0.0167") or a fraction ("1/60", "0.3/60"). */
bool cli_parse_frame(const char *opt, const char *s, double *out);
/* Prints a cJSON tree to stdout followed by a newline and frees it. */
void cli_print_json(cJSON *root);
/* Adds text (a file name, as given) to obj as the string key, in UTF-8: each
   byte that is not part of a UTF-8 character becomes U+FFFD, so that the JSON
   stays valid whatever bytes a path holds. */
void cli_json_add_text(cJSON *obj, const char *key, const char *text);
/* "0x%016llx" of a double's bits into a static-free caller buffer. */
void cli_hex(double x, char buf[19]);
/* An input for a message: "standard input" for "-", else the path in quotes (into buf). */
const char *cli_input_name(const char *path, char *buf, size_t cap);
/* Is stderr a terminal (progress bars)? */
bool cli_stderr_tty(void);
/* Does the user ask for --help (usage printed to stdout) or --version
   ("kick-cli VERSION")? */
bool cli_wants_help(int argc, char **argv, const char *usage);
/* Options of a command whose only option is --json (getopt_long): sets *json,
   leaves optind at the first operand. False (usage printed) on another option. */
bool cli_parse_json_flag(int argc, char **argv, const char *usage, bool *json);

/* Reads a whole timeline ("-": stdin) and checks it strictly (ks_tl_check_text).
   False after a message that starts with `what` ("--trace: "). */
bool cli_read_timeline(const char *what, const char *path, char **text, size_t *len);

/* ---------------------------------------------------------------- kickopts.c */
/* Everything that describes one kick: where, which setup, which launch, and
   how frames are handed to the shot. Filled from the shared options. */
typedef struct cli_kick {
  kick_setup setup;
  char where[96];           /* "level 5-2 Set Piece", "open pitch", "daily 2026-11-29" */
  int32_t level_index;      /* -1 when not a level */
  bool is_daily;            /* a Daily Kick: `daily` is the day (kick_daily_kick) */
  kick_daily daily;
  double wait_s;            /* seconds on the spot before the strike */
  kick_launch launch;
  char launch_from[16];     /* "explicit", "solver", "swipe" */
  int32_t solver_tries;     /* when from the solver */
  double solver_miss_m;
  double frames[CLI_MAX_FRAMES];
  int frame_count;
  double scale;
  bool has_screen;          /* --screen WxH: --swipe is in pixels of that screen, read in its picture */
  double screen_w, screen_h;
  kick_aim_reading aim;     /* with --screen and --swipe: what the reader made of it */
} cli_kick;

/* getopt_long option ids shared by the kick subcommands (>= 1000). */
enum {
  OPT_LEVEL = 1000, OPT_DAILY, OPT_OPEN, OPT_DISTANCE, OPT_ANGLE, OPT_MATCH_SEED, OPT_KICK,
  OPT_WAIT, OPT_SPEED, OPT_ELEVATION, OPT_DIRECTION, OPT_SPIN_AXIS, OPT_SPIN_RATE, OPT_AIM,
  OPT_BEND, OPT_SWIPE, OPT_SWIPE_FILE, OPT_FRAMES, OPT_SCALE, OPT_JSON, OPT_OUT, OPT_EVERY,
  OPT_HELP, OPT_WET, OPT_WIND, OPT_KEEPER, OPT_WALL, OPT_SCREEN,
  OPT_KICK_LAST
};
#define CLI_KICK_OPTIONS                                                                    \
  {"level", 1, 0, OPT_LEVEL}, {"daily", 1, 0, OPT_DAILY}, {"open", 0, 0, OPT_OPEN},          \
  {"distance", 1, 0, OPT_DISTANCE}, {"angle", 1, 0, OPT_ANGLE},                              \
  {"match-seed", 1, 0, OPT_MATCH_SEED}, {"kick", 1, 0, OPT_KICK}, {"wait", 1, 0, OPT_WAIT},  \
  {"speed", 1, 0, OPT_SPEED}, {"elevation", 1, 0, OPT_ELEVATION},                            \
  {"direction", 1, 0, OPT_DIRECTION}, {"spin-axis", 1, 0, OPT_SPIN_AXIS},                    \
  {"spin-rate", 1, 0, OPT_SPIN_RATE}, {"aim", 1, 0, OPT_AIM}, {"bend", 1, 0, OPT_BEND},      \
  {"swipe", 1, 0, OPT_SWIPE}, {"swipe-file", 1, 0, OPT_SWIPE_FILE},                          \
  {"frames", 1, 0, OPT_FRAMES}, {"scale", 1, 0, OPT_SCALE}, {"wet", 0, 0, OPT_WET},          \
  {"wind", 1, 0, OPT_WIND}, {"keeper", 1, 0, OPT_KEEPER}, {"wall", 1, 0, OPT_WALL},        \
  {"screen", 1, 0, OPT_SCREEN}

#define CLI_KICK_HELP                                                                        \
  "Where (one of; default --open):\n"                                                        \
  "  --level ID           a World Tour level by id (5-2) or name (\"Set Piece\")\n"            \
  "  --daily YYYY-MM-DD   the Daily Kick of that date (\"today\" for today, UTC)\n"            \
  "  --open               the open pitch: the goal alone, no wall, keeper or wind\n"          \
  "  --distance M         open pitch: the spot's distance from the goal line, m (default 20)\n" \
  "  --angle DEG          open pitch: the spot's angle off the middle, degrees (default 0)\n"   \
  "  --wet  --wind MPS[,BEARING_DEG[,GUSTINESS]]  --keeper KIND[,RATING]  --wall N\n"         \
  "                       open pitch extras (keepers: none plain showman specialist learner)\n" \
  "  --match-seed N --kick N   the dice: match seed and kick number (default 0); a level's\n" \
  "                       seed is the World Tour's by default, as the page plays it\n"      \
  "                       (20261029), the open pitch's 1; a Daily Kick's match seed is the\n" \
  "                       day's seed (its rule), --kick the try\n"                            \
  "  --wait S             seconds on the spot before the strike (default 0.5)\n"             \
  "The kick (one of):\n"                                                                     \
  "  --speed MPS --elevation DEG --direction DEG [--spin-axis X,Y,Z --spin-rate RAD_S]\n"     \
  "  --aim X,Y --speed MPS [--bend -1..1]     solved by the kick solver (still air)\n"        \
  "  --swipe \"x,y,t x,y,t ...\" | --swipe-file F   touch samples, t in s; separated by\n"   \
  "                       spaces, ';' or lines ('-': stdin); with --screen WxH, x, y are\n"   \
  "                       pixels of that screen (y down), read as the page at that size\n"  \
  "                       reads them (kick-cli view shows its picture); without it, screen\n" \
  "                       heights, read by the plain swipe reader (no camera)\n"            \
  "Frames:\n"                                                                                \
  "  --frames LIST        frame lengths that repeat, e.g. 1/60,1/120,1/37 (default 1/60)\n"   \
  "  --scale X            time scale, e.g. 0.3 for slow motion (default 1)\n"

/* Starts a cli_kick with defaults. */
void cli_kick_defaults(cli_kick *k);
/* Handles one shared option. Returns 1 when handled, 0 when not a kick
   option, -1 on a bad value (message printed). */
int cli_kick_option(cli_kick *k, int opt, const char *arg);
/* The Daily Kick of `date` ("today" or YYYY-MM-DD), named `flag` in messages
   ("--daily", "--date"). Returns as cli_kick_option. */
int cli_kick_set_daily(cli_kick *k, const char *flag, const char *date);
/* The --swipe-file given (NULL when none): an input, for ks_host_check_files. */
const char *cli_kick_swipe_file(void);
/* A command that plays no frames (solve, replay save) or no kick (solve)
   refuses the options it would ignore: returns EXIT_USAGE after a message
   naming the option and the command when one of --frames and --scale (frames)
   or --wait (wait) was given, else EXIT_OK. */
int cli_kick_refuse_unused(const char *command, bool frames, bool wait);
/* The largest --swipe-file read (a swipe has at most KICK_SWIPE_MAX_SAMPLES
   samples; 1 MiB holds them with room for any spacing). Larger is refused. */
#define CLI_SWIPE_MAX_BYTES ((size_t)64 << 20) /* 10^6 samples of up to 64 bytes */
/* After all options: builds the setup and resolves the launch. Returns an
   exit code (EXIT_OK on success). need_launch=false skips the launch. */
int cli_kick_finish(cli_kick *k, bool need_launch);
/* Describes the kick as JSON (setup summary and launch). */
cJSON *cli_kick_json(const cli_kick *k);
/* "WxH" (pixels, each within KICK_SCREEN_MIN_PX..KICK_SCREEN_MAX_PX) for option `opt`. */
bool cli_parse_screen(const char *opt, const char *s, double *w, double *h);

/* ---------------------------------------------------------------- run.c */
typedef struct cli_result {
  kick_outcome outcome;
  uint32_t moments;
  bool decided;
  int64_t strike_step;
  int64_t decision_step;
  bool crossed;
  ks_vec3 crossing;
  int64_t crossing_step;
  uint64_t decision_hash;   /* kick_shot_hash right after the deciding step */
  int64_t frames_run;
  int64_t steps_run;
  double dropped_s;         /* scaled frame time the shot's 0.1 s call cap dropped */
  int32_t stars;            /* on a level, else -1 */
} cli_result;

/* Called after each step with the shot (for timelines and plots). */
typedef void (*cli_step_fn)(const kick_shot *shot, void *ctx);

/* Builds the shot, waits, strikes and plays it in the frame pattern until it
   is decided (and `until_rest`: until the ball is at rest) or 10 s pass.
   Returns KS_OK or the failing status (message printed). */
ks_status cli_run_kick(const cli_kick *k, bool until_rest, cli_step_fn fn, void *ctx, cli_result *out,
                       kick_shot *final_shot);
cJSON *cli_result_json(const cli_result *r);
void cli_result_print(const cli_kick *k, const cli_result *r);
cJSON *cli_moments_json(uint32_t mask);

/* ---------------------------------------------------------------- commands */
int cmd_levels(int argc, char **argv);
int cmd_daily(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_view(int argc, char **argv);
int cmd_flick(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_shoot(int argc, char **argv);
int cmd_timeline(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_play(int argc, char **argv);
/* replay verify of a shoot-out record (cmd_shootout.c), the n bytes read from
   path ("-": standard input): an exit code, or -1 when they are not a
   shoot-out record (the single-kick path takes them). */
int cli_shootout_verify(const char *path, const uint8_t *bytes, size_t n, bool json, const char *trace);

#endif
