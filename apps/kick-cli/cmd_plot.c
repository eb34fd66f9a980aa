/* plot: SVG drawings of a kick and of the step-size table. */
#include "cli.h"

int cmd_plot(int argc, char **argv) {
  (void)argc;
  (void)argv;
  cli_error("not built yet");
  return EXIT_RUNTIME;
}
