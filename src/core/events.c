// SPDX-License-Identifier: MIT
#include "kickstep/events.h"

void ks_events_clear(ks_events *e) {
  if (!e) return;
  e->count = 0;
  e->dropped = 0;
}

ks_status ks_events_push(ks_events *e, int64_t step, uint32_t type, uint32_t subject,
                         double v0, double v1, double v2) {
  if (!e) return KS_ERR_NULL;
  if (e->count >= KS_EVENTS_CAPACITY) {
    e->dropped++;
    return KS_ERR_CAPACITY;
  }
  ks_event *ev = &e->items[e->count++];
  ev->step = step;
  ev->type = type;
  ev->subject = subject;
  ev->value[0] = v0;
  ev->value[1] = v1;
  ev->value[2] = v2;
  return KS_OK;
}

ks_status ks_events_append(ks_events *dst, const ks_events *src) {
  if (!dst || !src) return KS_ERR_NULL;
  ks_status s = KS_OK;
  for (uint32_t i = 0; i < src->count && i < KS_EVENTS_CAPACITY; i++) {
    const ks_event *ev = &src->items[i];
    ks_status r = ks_events_push(dst, ev->step, ev->type, ev->subject, ev->value[0], ev->value[1], ev->value[2]);
    if (r != KS_OK) s = r;
  }
  dst->dropped += src->dropped;
  return s;
}

int32_t ks_events_find(const ks_events *e, uint32_t type) {
  if (!e) return -1;
  for (uint32_t i = 0; i < e->count && i < KS_EVENTS_CAPACITY; i++)
    if (e->items[i].type == type) return (int32_t)i;
  return -1;
}
