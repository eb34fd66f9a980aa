// SPDX-License-Identifier: MIT
/* Internal to kickstep_host: what its files share. */
#ifndef KICKSTEP_HOST_INTERNAL_H
#define KICKSTEP_HOST_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A failure to write standard output was already reported (by
   ks_host_out_commit); ks_host_stdout_failed answers it. */
extern bool ks_host__stdout_reported;

/* Strict JSON (kickstep/host_json_check.h): the tree (cJSON_Delete it), or
   NULL with the reason in why. */
struct cJSON;
struct cJSON *ks_host__json_parse(const char *text, size_t len, uint32_t flags, char *why, size_t why_cap);

#endif
