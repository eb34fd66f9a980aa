// SPDX-License-Identifier: MIT
#include "kickstep/version.h"

const char *ks_version(void) { return KICKSTEP_VERSION_STRING; }

int ks_version_number(void) { return KICKSTEP_VERSION; }
