// SPDX-License-Identifier: MIT
/* Strict JSON read into cJSON's tree for kickstep's programs (support/json.h):
   the text is checked by ks_host_json_check (kickstep/host_json_check.h),
   then parsed. */
#include "support/json.h"

#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/host_json_check.h"

cJSON *ks_json_parse_strict(const char *text, size_t len, char *why, size_t why_cap) {
  return ks_json_parse_strict_flags(text, len, 0u, why, why_cap);
}

cJSON *ks_json_parse_strict_flags(const char *text, size_t len, uint32_t flags, char *why, size_t why_cap) {
  if (!ks_host_json_check(text, len, flags, why, why_cap)) return NULL;
  cJSON *root = cJSON_ParseWithLength(text, len);
  if (!root && why && why_cap > 0) {
    strncpy(why, "out of memory", why_cap - 1);
    why[why_cap - 1] = '\0';
  }
  return root;
}

cJSON *ks_json_add_text(cJSON *obj, const char *key, const char *text) {
  if (!obj || !key || !text) return NULL;
  size_t len = strlen(text);
  char *fixed = malloc(3 * len + 1); /* a bad byte becomes the 3 bytes of U+FFFD */
  if (!fixed) return NULL;
  size_t o = 0;
  for (size_t i = 0; i < len;) {
    size_t n = ks_host_utf8_length((const unsigned char *)text + i, len - i);
    if (n == 0) {
      memcpy(fixed + o, "\xef\xbf\xbd", 3);
      o += 3;
      i++;
    } else {
      memcpy(fixed + o, text + i, n);
      o += n;
      i += n;
    }
  }
  fixed[o] = '\0';
  cJSON *item = cJSON_AddStringToObject(obj, key, fixed);
  free(fixed);
  return item;
}

bool ks_json_get_uint(const cJSON *item, uint64_t max, uint64_t *out) {
  if (!cJSON_IsNumber(item) || !out) return false;
  double v = item->valuedouble;
  double lim = max > 9007199254740992ull ? 9007199254740992.0 : (double)max;
  if (!(v >= 0.0) || v > lim || v != (double)(uint64_t)v) return false;
  *out = (uint64_t)v;
  return true;
}
