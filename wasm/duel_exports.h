// SPDX-License-Identifier: MIT
/* What native tests read of the duel page's glue (wasm/duel_exports.c, which
   is compiled natively as a source of its tests, never included). */
#ifndef KICKSTEP_WASM_DUEL_EXPORTS_H
#define KICKSTEP_WASM_DUEL_EXPORTS_H

#include <stdint.h>

/* How many results the view carries (r0..r19, from r_base). */
#define DX_RESULTS_SHOWN 20

/* The first kick of the view's DX_RESULTS_SHOWN results when kick is being
   taken: even (r0 stays the first player's), holding kick, inside the
   match's results. */
int32_t dx_results_base(int32_t kick);
int32_t dx_view_count(void);
const char *dx_view_name(int32_t i);

#endif
