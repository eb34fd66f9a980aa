// SPDX-License-Identifier: MIT
/* Internal to kickstep_host: state shared by file.c and cli.c. */
#ifndef KICKSTEP_HOST_INTERNAL_H
#define KICKSTEP_HOST_INTERNAL_H

#include <stdbool.h>

/* A failure to write standard output was already reported (by
   ks_host_out_commit), so ks_cli_end does not report it twice. */
extern bool ks_host__stdout_reported;

#endif
