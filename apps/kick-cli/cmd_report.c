// SPDX-License-Identifier: MIT
#include "sim.h"
int cmd_report(int argc, char **argv) { (void)argc; (void)argv; return EXIT_USAGE; }
