// SPDX-License-Identifier: MIT
/* Private to src/kick/duel: shared by duel_peer.c (one device's side of the
   duel) and duel_resume.c (its seat taken up again from a handover). No
   other folder uses the duel but through its public headers. */
#ifndef KICKSTEP_SRC_KICK_DUEL_H
#define KICKSTEP_SRC_KICK_DUEL_H

#include "kickstep/kick_duel_peer.h"

#define PEER_COOKIE 0x6b706565u /* "kpee" */

/* The rollback definition of a peer definition (checked). */
ks_status duel_peer_rb_def(const kick_duel_peer_def *def, ks_rb_def *out);
/* The peer's clock: 600 steps a second, frames capped at 1/20 s. */
ks_status duel_peer_clock(ks_clock *out);
/* Every field but the session and the record, as at step 0 with duel state d;
   marks the peer usable. */
void duel_peer_reset(kick_duel_peer *p, const kick_duel_peer_def *def, const ks_clock *clock, const kick_duel *d);
bool duel_peer_usable(const kick_duel_peer *p);

#endif
