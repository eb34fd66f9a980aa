// SPDX-License-Identifier: MIT
/* The worst-case rollback, measured natively and as wasm32: the same C
   compiled twice. Freestanding (kickstep headers only). */
#ifndef KS_BENCH_RB_KERNELS_H
#define KS_BENCH_RB_KERNELS_H

#include <stdint.h>

/// The scenes a rollback re-simulates.
enum {
  RBK_FLIGHT = 0,   ///< a penalty just struck: every step of the window is flight, dive and contacts
  RBK_REPLAY = 1,   ///< a goal's AFTER ends inside the window: its replay is rebuilt after the longest aim
  RBK_FOUR = 2,     ///< four players: two pitches of the flight scene in one state, each player's input late
};

/// Builds the duel state of the scene and a session of player 0 over it
/// with this prediction window (steps). Returns 0 on success.
int32_t rbk_prepare(int32_t scene, int32_t window);
/// k rounds of: the session started at the scene, then a whole window of
/// steps with nothing heard from the peer (every remote input predicted).
uint64_t rbk_fill(int32_t k);
/// k rounds of the same, then the peer's keeper tap for the window's first
/// step arrives (four players: the three other players' inputs for it):
/// restore the copy of that step and re-simulate the window.
uint64_t rbk_fill_rollback(int32_t k);
/// Steps the last rollback re-simulated (the window).
int64_t rbk_last_resimulated(void);
/// Bytes of the state the scene rolls back (sizeof(kick_duel), or two of them with four players).
int32_t rbk_state_bytes(void);

#endif
