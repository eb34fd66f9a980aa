// SPDX-License-Identifier: MIT
// Checklist step: record every input that arrives after the copy, a second
// player's taps included, or skip the replay.
//
// A person keeps goal: a tap sends the keeper diving at the tapped point. The
// tap arrives in the middle of the flight, in some frame, and is stamped with
// the step it lands on (kick_input.tap_step); the game records it. The replay
// strikes the before-strike copy and is fed the recorded, stamped tap: the
// keeper dives on the same step and the replay ends as the live kick did. A
// replay that forgets the tap is another kick.
#include <stdio.h>

#include "kickstep/kick.h"
#include "kickstep/rng.h"

static kick_launch the_kick(void) {
  kick_launch k = kick_launch_default();
  k.speed_mps = 24.0;
  k.elevation = 0.16;
  k.direction = 0.07;
  return k;
}

// Plays a struck shot to its decision in frames; `tap` is fed from frame
// `from_frame` on (NULL: no tap). Returns the frames played.
static int64_t play(kick_shot *s, const kick_input *tap, int64_t from_frame, uint64_t frame_seed) {
  ks_rng frames = ks_rng_seeded(frame_seed);
  int64_t f = 0;
  while (!kick_shot_decided(s) && f < 10000) {
    const kick_input *in = tap && f >= from_frame ? tap : NULL;
    kick_shot_advance(s, ks_rng_range(&frames, 1.0 / 144.0, 1.0 / 40.0), in, NULL);
    f++;
  }
  return f;
}

int main(void) {
  kick_setup su = kick_setup_default();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.person_in_goal = true; // no automatic read: the second player decides the dive
  su.match_seed = 7;
  kick_shot live;
  if (kick_shot_init(&live, &su) != KS_OK) return 1;
  kick_shot before = live; // the copy before the strike
  kick_launch k = the_kick();
  kick_shot_strike(&live, &k);

  // Live: the second player taps in frame 9, at the point the ball is heading for.
  int64_t tap_frame = 9;
  ks_rng frames = ks_rng_seeded(3);
  for (int64_t f = 0; f < tap_frame; f++) kick_shot_advance(&live, ks_rng_range(&frames, 1.0 / 144.0, 1.0 / 40.0), NULL, NULL);
  kick_input tap = {true, kick_shot_steps(&live), 1.75, 0.2}; // stamped with the next step
  kick_input recorded[1] = {tap};                           // the game's input log
  while (!kick_shot_decided(&live)) kick_shot_advance(&live, ks_rng_range(&frames, 1.0 / 144.0, 1.0 / 40.0), &tap, NULL);
  printf("live: the second player tapped on step %lld; the kick ended %s on step %lld\n", (long long)tap.tap_step,
         kick_outcome_name(kick_shot_outcome(&live)), (long long)kick_shot_decision_step(&live));

  // Replays of the before-strike copy, in other frames, from the first frame on.
  kick_shot with = before, without = before;
  kick_shot_strike(&with, &k);
  kick_shot_strike(&without, &k);
  play(&with, &recorded[0], 0, 11);
  play(&without, NULL, 0, 11);
  printf("replay fed the recorded tap: %s on step %lld\n", kick_outcome_name(kick_shot_outcome(&with)),
         (long long)kick_shot_decision_step(&with));
  printf("replay without it:           %s on step %lld\n", kick_outcome_name(kick_shot_outcome(&without)),
         (long long)kick_shot_decision_step(&without));
  int same = kick_shot_outcome(&with) == kick_shot_outcome(&live) &&
             kick_shot_decision_step(&with) == kick_shot_decision_step(&live) && with.keeper.dive_step == live.keeper.dive_step;
  int differs = kick_shot_outcome(&without) != kick_shot_outcome(&live) ||
                kick_shot_decision_step(&without) != kick_shot_decision_step(&live);
  printf("the recorded tap replays the live kick: %s; forgetting it changes the kick: %s\n", same ? "yes" : "NO",
         differs ? "yes" : "NO");
  return same && differs ? 0 : 1;
}
