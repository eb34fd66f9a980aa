// SPDX-License-Identifier: MIT
// The game's own functions in collide.c (names kickstep uses internally too).
#ifndef CONSUMER_COLLIDE_H
#define CONSUMER_COLLIDE_H
#ifdef __cplusplus
extern "C" {
#endif
int kick_emit(int x);
double kick_flight_step(double x);
int kick_wind_step(int x);
#ifdef __cplusplus
}
#endif
#endif
