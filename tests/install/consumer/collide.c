// SPDX-License-Identifier: MIT
// Functions of the game's own whose names happen to be names kickstep's kick
// library uses inside itself. Installed (and subproject) archives keep only
// kickstep's public symbols global, so these link; against an archive whose
// internal symbols were left global the link fails with "multiple definition".
#include "collide.h"

int kick_emit(int x) { return x + 1; }
double kick_flight_step(double x) { return x * 2.0; }
int kick_wind_step(int x) { return x - 1; }
