// SPDX-License-Identifier: MIT
#include "kickstep/base.h"

const char *ks_status_name(ks_status s) {
  switch (s) {
  case KS_OK: return "ok";
  case KS_ERR_NULL: return "null";
  case KS_ERR_NOT_FINITE: return "not_finite";
  case KS_ERR_RANGE: return "range";
  case KS_ERR_UNINITIALISED: return "uninitialised";
  case KS_ERR_CAPACITY: return "capacity";
  case KS_ERR_STATE: return "state";
  case KS_ERR_FORMAT: return "format";
  case KS_ERR_VERSION: return "version";
  case KS_ERR_CHECKSUM: return "checksum";
  case KS_ERR_TRUNCATED: return "truncated";
  case KS_ERR_NOT_FOUND: return "not_found";
  case ks_status_count: break;
  }
  return "unknown";
}
