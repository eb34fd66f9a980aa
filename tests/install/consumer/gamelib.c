// SPDX-License-Identifier: MIT
// A game's own shared library that links the static kickstep: it exports its
// own function and must not re-export any of kickstep's.
#include "kickstep/kick.h"

__attribute__((visibility("default"))) unsigned long long gamelib_kick_hash(void);
__attribute__((visibility("default"))) unsigned long long gamelib_kick_hash(void) {
  kick_setup su = kick_setup_default();
  kick_shot s;
  if (kick_shot_init(&s, &su) != KS_OK) return 0;
  kick_launch k = kick_launch_default();
  kick_shot_strike(&s, &k);
  while (!kick_shot_decided(&s) && kick_shot_steps(&s) < 6000) kick_shot_advance(&s, 0.1, NULL, NULL);
  return (unsigned long long)kick_shot_hash(&s);
}
