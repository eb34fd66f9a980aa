/* simulate and merge: simulated players over the World Tour. */
#include "cli.h"

int cmd_simulate(int argc, char **argv) {
  (void)argc;
  (void)argv;
  cli_error("not built yet");
  return EXIT_RUNTIME;
}

int cmd_merge(int argc, char **argv) {
  (void)argc;
  (void)argv;
  cli_error("not built yet");
  return EXIT_RUNTIME;
}
