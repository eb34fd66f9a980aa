// SPDX-License-Identifier: MIT
// The consumer game in C: prints its run's line (game.h); --trace adds a hash per step.
#include <stdio.h>
#include <string.h>

#include "collide.h"
#include "game.h"

int main(int argc, char **argv) {
  char line[256];
  // The game's own kick_emit & co. must be the ones called (collide.c).
  if (kick_emit(1) != 2 || kick_flight_step(1.5) != 3.0 || kick_wind_step(5) != 4) {
    fputs("consumer: the game's own functions were replaced by kickstep's\n", stderr);
    return 1;
  }
  int trace = argc > 1 && strcmp(argv[1], "--trace") == 0;
  if (game_run(trace, line, sizeof line) != 0) {
    fprintf(stderr, "consumer: a kickstep call failed\n");
    return 1;
  }
  puts(line);
  return 0;
}
