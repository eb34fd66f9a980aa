// SPDX-License-Identifier: MIT
/* shoot and timeline: one kick, its outcome or its per-step timeline. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "support/cli.h"
#include "kickstep/host_file.h"
#include "kickstep/timeline.h"

/* Parses the shared kick options plus --json/--out/--every. Returns -1 to go
   on, or an exit code. */
typedef struct extra_opts {
  bool json;
  const char *out;
  long every;
} extra_opts;

static int parse_kick_command(int argc, char **argv, cli_kick *k, extra_opts *x, bool allow_out) {
  static const struct option shoot_opts[] = {CLI_KICK_OPTIONS, {"json", 0, 0, OPT_JSON}, {0, 0, 0, 0}};
  static const struct option timeline_opts[] = {CLI_KICK_OPTIONS, {"json", 0, 0, OPT_JSON}, {"out", 1, 0, OPT_OUT},
                                                {"every", 1, 0, OPT_EVERY}, {0, 0, 0, 0}};
  cli_kick_defaults(k);
  x->json = false;
  x->out = NULL;
  x->every = 1;
  int c;
  while ((c = getopt_long(argc, argv, ":", allow_out ? timeline_opts : shoot_opts, NULL)) != -1) {
    if (c == OPT_JSON) x->json = true;
    else if (c == OPT_OUT) x->out = optarg;
    else if (c == OPT_EVERY) {
      if (!cli_parse_int("every", optarg, 1, 6000, &x->every)) return EXIT_USAGE;
    } else {
      int r = c == '?' || c == ':' ? 0 : cli_kick_option(k, c, optarg);
      if (r < 0) return EXIT_USAGE;
      if (r == 0) return cli_bad_option(c, argv);
    }
  }
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  return -1;
}

static const char shoot_usage[] =
    "usage: kick-cli shoot [where] (launch | --aim X,Y --speed V [--bend B] | --swipe S) [frames] [--json]\n"
    "Play one kick and print the outcome, the decision time and step, the crossing\n"
    "point (with its exact bits), the moments, and when the ball crossed the goal line.\n\n" CLI_KICK_HELP
    "  --json               everything as JSON\n"
    "\nexamples:\n"
    "  kick-cli shoot --open --distance 11 --speed 31.8 --elevation 6 --direction 8\n"
    "  kick-cli shoot --level 4-4 --aim 2.5,1.8 --speed 27 --bend 0.4 --frames 1/60,1/120,1/37\n"
    "  kick-cli shoot --level \"The Final\" --speed 30 --elevation 5 --direction -6 --json\n"
    "  kick-cli shoot --swipe \"0.5,0.9,0 0.5,0.7,0.05 0.52,0.4,0.1\"\n";

int cmd_shoot(int argc, char **argv) {
  if (cli_wants_help(argc, argv, shoot_usage)) return EXIT_OK;
  cli_kick k;
  extra_opts x;
  int rc = parse_kick_command(argc, argv, &k, &x, false);
  if (rc >= 0) return rc;
  rc = cli_kick_finish(&k, true);
  if (rc) return rc;
  cli_result r;
  if (cli_run_kick(&k, false, NULL, NULL, &r, NULL) != KS_OK) return EXIT_RUNTIME;
  if (x.json) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddItemToObject(j, "kick", cli_kick_json(&k));
    cJSON_AddItemToObject(j, "result", cli_result_json(&r));
    cli_print_json(j);
  } else {
    cli_result_print(&k, &r);
  }
  return EXIT_OK;
}

/* ---------------------------------------------------------------- timeline */

typedef struct tl_ctx {
  ks_host_out *out;
  long every;
  int64_t lines;
  bool failed;
} tl_ctx;

static void timeline_step(const kick_shot *s, void *vctx) {
  tl_ctx *ctx = (tl_ctx *)vctx;
  int64_t step = kick_shot_steps(s);
  bool last = kick_shot_phase(s) == KICK_PHASE_DONE;
  if (ctx->failed) return; /* the first failed write ends the writing */
  if (step % ctx->every != 0 && !last && !(kick_shot_decided(s) && kick_shot_decision_step(s) == step)) return;
  ks_tl_field f[] = {
      {"t", kick_shot_time(s)},          {"x", s->ball.pos.x},          {"y", s->ball.pos.y},
      {"z", s->ball.pos.z},              {"vx", s->ball.vel.x},         {"vy", s->ball.vel.y},
      {"vz", s->ball.vel.z},             {"spin", s->ball.spin_rate},   {"phase", (double)s->phase},
      {"outcome", (double)s->outcome},
  };
  char buf[2048];
  ks_tl_writer w;
  ks_tl_writer_init(&w, buf, sizeof buf);
  ks_tl_line(&w, step, kick_shot_hash(s), f, sizeof f / sizeof f[0]);
  if (w.overflow || ks_host_out_write(ctx->out, buf, w.len) != KS_OK) ctx->failed = true;
  ctx->lines++;
}

static const char timeline_usage[] =
    "usage: kick-cli timeline [where] (launch | --aim ... | --swipe ...) --out FILE [--every N]\n"
    "Write a kick's timeline: one JSON line per step (or every N steps, plus the\n"
    "deciding and last steps) with the step, the state hash, and the ball's\n"
    "position, velocity and spin as decimals and exact hex bits. The kick runs\n"
    "from the shot's creation until the ball is at rest (at most 10 s of flight).\n"
    "Frames only group steps, so the timeline does not depend on them.\n\n" CLI_KICK_HELP
    "  --out FILE           where to write (required; '-' for stdout). A regular file is\n"
    "                       replaced atomically; a device or FIFO is written in place\n"
    "  --every N            one line every N steps (default 1)\n"
    "\nexamples:\n  kick-cli timeline --level 6-5 --speed 31.8 --elevation 8 --direction 7 --out final.jsonl\n"
    "  kick-cli compare final.jsonl other.jsonl\n";

int cmd_timeline(int argc, char **argv) {
  if (cli_wants_help(argc, argv, timeline_usage)) return EXIT_OK;
  cli_kick k;
  extra_opts x;
  int rc = parse_kick_command(argc, argv, &k, &x, true);
  if (rc >= 0) return rc;
  if (!x.out) return cli_usage("timeline needs --out FILE");
  bool to_stdout = strcmp(x.out, "-") == 0;
  if (to_stdout && x.json) return cli_usage("--json and --out - would both write to standard output");
  const ks_host_file files[] = {{x.out, "--out", true}, {cli_kick_swipe_file(), "--swipe-file", false}};
  ks_host_error e;
  if (ks_host_check_files(files, 2, &e) != KS_OK) return cli_usage("%s", e.message);
  rc = cli_kick_finish(&k, true);
  if (rc) return rc;
  ks_host_out out;
  if (ks_host_out_open(&out, x.out, &e) != KS_OK) {
    cli_error("%s", e.message);
    return EXIT_RUNTIME;
  }
  tl_ctx ctx = {&out, x.every, 0, false};
  cli_result r;
  if (cli_run_kick(&k, true, timeline_step, &ctx, &r, NULL) != KS_OK) {
    ks_host_out_abort(&out);
    return EXIT_RUNTIME;
  }
  if (ks_host_out_commit(&out, &e) != KS_OK) {
    cli_error("%s", e.message);
    return EXIT_RUNTIME;
  }
  if (!to_stdout) {
    if (x.json) {
      cJSON *j = cJSON_CreateObject();
      cli_json_add_text(j, "file", x.out);
      cJSON_AddNumberToObject(j, "lines", (double)ctx.lines);
      cJSON_AddItemToObject(j, "result", cli_result_json(&r));
      cli_print_json(j);
    } else {
      char shown[KS_HOST_PATH_MAX];
      printf("wrote %lld lines to %s (outcome %s)\n", (long long)ctx.lines, ks_cli_printable(x.out, shown, sizeof shown),
             r.decided ? kick_outcome_name(r.outcome) : "undecided");
    }
  }
  return EXIT_OK;
}
