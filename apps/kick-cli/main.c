// SPDX-License-Identifier: MIT
/* kick-cli: the free-kick simulation from the command line.
   Subcommands are dispatched here; each lives in a cmd_*.c file. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "support/cli.h"
#include "kickstep/version.h"

static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *what;
} commands[] = {
    {"levels", cmd_levels, "list the World Tour levels with their setups"},
    {"shoot", cmd_shoot, "play one kick and print its outcome, decision, crossing and moments"},
    {"timeline", cmd_timeline, "write a kick's per-step timeline (JSON lines, exact hex bits)"},
    {"compare", cmd_compare, "compare two timelines and name the first divergence"},
    {"replay", cmd_replay, "replay files and share codes: save, verify, share, open"},
    {"solve", cmd_solve, "the launch that crosses the goal line at an aim point"},
    {"view", cmd_view, "the aiming camera at a screen size, and where the ball and goal are on it"},
    {"flick", cmd_flick, "a hand-like flick on a screen, as samples for shoot --screen --swipe"},
    {"simulate", cmd_simulate, "simulated players over the levels: goal rates and moments"},
    {"merge", cmd_merge, "join the JSON results of simulate --shard runs exactly"},
    {"report", cmd_report, "a simulate result (and records) as one HTML page for designers"},
    {"daily", cmd_daily, "the Daily Kick for today or a given date"},
    {"play", cmd_play, "play a game session from a script of inputs, as the page plays it"},
    {"plot", cmd_plot, "SVG plots: a kick (top and side views) or the step-size table"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *to) {
  fprintf(to, "usage: kick-cli COMMAND [OPTIONS]\n\n"
              "The free-kick simulation of kickstep: every kick is 1/600 s steps, deterministic\n"
              "to the bit, whatever the frames.\n\ncommands:\n");
  for (size_t i = 0; i < NCOMMANDS; i++) fprintf(to, "  %-9s %s\n", commands[i].name, commands[i].what);
  fprintf(to, "\n'kick-cli COMMAND --help' shows a command's options and examples;\n"
              "'kick-cli --version' (or 'kick-cli COMMAND --version') prints the version.\n"
              "'-' names standard input or output wherever a file is read or written.\n\n"
              "exit codes: 0 ok, 1 runtime failure (or a difference found), 2 usage error\n"
              "(compare: 0 identical, 1 different, 2 trouble, as diff and cmp)\n\n"
              "example:\n  kick-cli shoot --level 5-2 --aim -2.9,2.1 --speed 26 --bend 0.6\n");
}

static int run(int argc, char **argv) {
  if (argc < 2) return cli_usage("no command given; usage: kick-cli COMMAND [OPTIONS]");
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
    usage(stdout);
    return EXIT_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("kick-cli %s\n", ks_version());
    return EXIT_OK;
  }
  static char prog[64];
  for (size_t i = 0; i < NCOMMANDS; i++) {
    if (strcmp(argv[1], commands[i].name) == 0) {
      snprintf(prog, sizeof prog, "kick-cli %s", commands[i].name);
      cli_prog = prog;
      ks_cli_set_prog(prog);
      return commands[i].run(argc - 1, argv + 1);
    }
  }
  if (argv[1][0] == '-') return cli_usage("unrecognized option '%s' (a command comes first)", argv[1]);
  return cli_usage("unknown command '%s'", argv[1]);
}

int main(int argc, char **argv) {
  ks_cli_begin("kick-cli");
  int rc = run(argc, argv);
  return ks_cli_end(rc, cli_trouble);
}
