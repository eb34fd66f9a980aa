// SPDX-License-Identifier: MIT
/* plot: SVG drawings of a kick (top, side and front views) and of the
   step-size table. The SVG is written by hand: it is an output format, and
   nothing here parses it. Files are written by kickstep/host_file.h (a regular
   file atomically, a device or FIFO in place). */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kickstep/dmath.h"
#include "support/cli.h"
#include "kickstep/host_file.h"

#define DEG (KS_PI / 180.0)

/* ---------------------------------------------------------------- SVG output */

typedef struct svg {
  ks_host_out o;
  const char *path;
} svg;

static bool svg_open(svg *s, const char *path) {
  s->path = path;
  ks_host_error e;
  if (ks_host_out_open(&s->o, path, &e) != KS_OK) {
    cli_error("%s", e.message);
    return false;
  }
  return true;
}

static bool svg_close(svg *s) {
  ks_host_error e;
  if (ks_host_out_commit(&s->o, &e) != KS_OK) {
    cli_error("%s", e.message);
    return false;
  }
  return true;
}

static void out(svg *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(svg *s, const char *fmt, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n > 0) ks_host_out_write(&s->o, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Text with XML escaping. anchor: "start", "middle" or "end". */
static void text(svg *s, double x, double y, const char *anchor, double size, const char *fill, const char *str) {
  out(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%.1f\" fill=\"%s\">", x, y, anchor, size, fill);
  for (const char *p = str; *p; p++) {
    if (*p == '<') out(s, "&lt;");
    else if (*p == '>') out(s, "&gt;");
    else if (*p == '&') out(s, "&amp;");
    else if (*p == '"') out(s, "&quot;");
    else ks_host_out_write(&s->o, p, 1);
  }
  out(s, "</text>\n");
}

static void line(svg *s, double x1, double y1, double x2, double y2, const char *style) {
  out(s, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" %s/>\n", x1, y1, x2, y2, style);
}

/* ---------------------------------------------------------------- views */

/* A panel maps two pitch coordinates (u across, v up the page) to pixels. */
typedef struct view {
  double left, top, width, height; /* pixels */
  double u0, u1, v0, v1;           /* metres at left/right, bottom/top */
} view;

static double px(const view *v, double u) { return v->left + (u - v->u0) / (v->u1 - v->u0) * v->width; }
static double py(const view *v, double w) { return v->top + (v->v1 - w) / (v->v1 - v->v0) * v->height; }
static double pscale(const view *v) { return ks_fabs(v->width / (v->u1 - v->u0)); }

/* Axes with ticks every `step` metres on both; labels in metres. */
static void axes(svg *s, const view *v, double ustep, double vstep, const char *ulabel, const char *vlabel, int id) {
  out(s, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#555\"/>\n", v->left, v->top,
      v->width, v->height);
  double lo = v->u0 < v->u1 ? v->u0 : v->u1, hi = v->u0 < v->u1 ? v->u1 : v->u0;
  char buf[32];
  for (double u = ks_ceil(lo / ustep) * ustep; u <= hi + 1e-9; u += ustep) {
    double x = px(v, u);
    line(s, x, v->top + v->height, x, v->top + v->height + 5, "stroke=\"#555\"");
    snprintf(buf, sizeof buf, "%g", ks_fabs(u) < 1e-9 ? 0.0 : u);
    text(s, x, v->top + v->height + 17, "middle", 11, "#333", buf);
  }
  for (double w = ks_ceil(v->v0 / vstep) * vstep; w <= v->v1 + 1e-9; w += vstep) {
    double y = py(v, w);
    line(s, v->left - 5, y, v->left, y, "stroke=\"#555\"");
    snprintf(buf, sizeof buf, "%g", ks_fabs(w) < 1e-9 ? 0.0 : w);
    text(s, v->left - 8, y + 4, "end", 11, "#333", buf);
  }
  text(s, v->left + v->width / 2, v->top + v->height + 34, "middle", 12, "#222", ulabel);
  out(s, "<text transform=\"translate(%.1f %.1f) rotate(-90)\" text-anchor=\"middle\" font-size=\"12\" fill=\"#222\">%s</text>\n",
      v->left - 38, v->top + v->height / 2, vlabel);
  out(s, "<clipPath id=\"clip%d\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath>\n", id, v->left,
      v->top, v->width, v->height);
}

/* ---------------------------------------------------------------- the kick's record */

enum { MK_STRIKE, MK_POST, MK_BAR, MK_WALL, MK_KEEPER, MK_RING, MK_LINE, MK_DECISION, MK_COUNT };
static const char *const mk_name[MK_COUNT] = {"strike",  "post", "bar", "wall contact", "keeper contact",
                                             "ring",    "goal line crossing", "decision"};
static const char *const mk_colour[MK_COUNT] = {"#1b7f2a", "#d62728", "#d62728", "#7b3fa0",
                                               "#ff7f0e", "#c9a100", "#1f5fbf", "#111111"};

typedef struct mark {
  int kind;
  ks_vec3 p;
  int64_t step;
} mark;

typedef struct pt {
  ks_vec3 p;
  bool after_decision;
} pt;

typedef struct plot_ctx {
  long every;
  pt *path;
  size_t npath, cap;
  ks_vec3 keeper_path[4096];
  size_t nkeeper;
  mark marks[64];
  size_t nmarks;
  bool struck, decided, oom;
  kick_shot at_decision, last;
  uint32_t ww_prev, keeper_prev, wall_prev, rings_prev;
  double max_height;
} plot_ctx;

static void add_mark(plot_ctx *c, int kind, ks_vec3 p, int64_t step) {
  if (c->nmarks < sizeof c->marks / sizeof c->marks[0]) c->marks[c->nmarks++] = (mark){kind, p, step};
}

static void add_point(plot_ctx *c, ks_vec3 p) {
  if (c->npath == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 1024;
    pt *bigger = realloc(c->path, cap * sizeof *bigger);
    if (!bigger) {
      c->oom = true;
      return;
    }
    c->path = bigger;
    c->cap = cap;
  }
  c->path[c->npath++] = (pt){p, c->decided};
  if (p.y > c->max_height) c->max_height = p.y;
}

static ks_vec3 mid(ks_vec3 a, ks_vec3 b) { return ks_v3((a.x + b.x) * 0.5, (a.y + b.y) * 0.5, (a.z + b.z) * 0.5); }

/* Called after every step: samples the ball and the keeper, and turns changes
   of the shot's contact state into markers. */
static void plot_step(const kick_shot *s, void *vctx) {
  plot_ctx *c = (plot_ctx *)vctx;
  c->last = *s;
  if (!kick_shot_struck(s)) return;
  int64_t step = kick_shot_steps(s);
  if (!c->struck) {
    c->struck = true;
    ks_vec3 spot = ks_v3(s->setup.spot_x, KICK_BALL_RADIUS, s->setup.spot_z);
    add_mark(c, MK_STRIKE, spot, kick_shot_strike_step(s));
    add_point(c, spot);
  }
  uint32_t ww = s->woodwork_prev & ~c->ww_prev;
  if (ww & (KICK_TOUCH_POST_NEG | KICK_TOUCH_POST_POS)) add_mark(c, MK_POST, s->ball.pos, step);
  if (ww & KICK_TOUCH_BAR) add_mark(c, MK_BAR, s->ball.pos, step);
  if (s->keeper.contact_prev && !c->keeper_prev) add_mark(c, MK_KEEPER, s->ball.pos, step);
  if (s->wall.contact_prev & ~c->wall_prev) add_mark(c, MK_WALL, s->ball.pos, step);
  if (s->ring_hits & ~c->rings_prev) add_mark(c, MK_RING, s->ball.pos, step);
  c->ww_prev = s->woodwork_prev;
  c->keeper_prev = s->keeper.contact_prev;
  c->wall_prev = s->wall.contact_prev;
  c->rings_prev = s->ring_hits;
  bool crossing_now = s->crossed && s->crossing_step == step;
  if (crossing_now) add_mark(c, MK_LINE, s->crossing, step);
  bool deciding_now = kick_shot_decided(s) && !c->decided;
  if (deciding_now) {
    add_point(c, s->ball.pos);
    c->decided = true;
    c->at_decision = *s;
    add_mark(c, MK_DECISION, s->ball.pos, step);
  }
  bool done = kick_shot_phase(s) == KICK_PHASE_DONE;
  if ((step - kick_shot_strike_step(s)) % c->every == 0 || done || crossing_now) add_point(c, s->ball.pos);
  if (!c->decided && s->setup.keeper.kind != KICK_KEEPER_NONE && c->nkeeper < 4096 &&
      (step - kick_shot_strike_step(s)) % c->every == 0) {
    kick_keeper_pose kp;
    kick_shot_keeper_pose(s, &kp);
    if (kp.present) c->keeper_path[c->nkeeper++] = mid(kp.body_a, kp.body_b);
  }
}

/* ---------------------------------------------------------------- drawing a kick */

/* Which two coordinates a view shows: 0 top (x, z), 1 side (z, y), 2 front (x, y). */
static double cu(int which, ks_vec3 p) { return which == 1 ? p.z : p.x; }
static double cv(int which, ks_vec3 p) { return which == 0 ? p.z : p.y; }

static void polyline(svg *s, const view *v, int which, const ks_vec3 *p, size_t n, const char *style) {
  if (n < 2) return;
  out(s, "<polyline fill=\"none\" %s points=\"", style);
  for (size_t i = 0; i < n; i++) out(s, "%.2f,%.2f ", px(v, cu(which, p[i])), py(v, cv(which, p[i])));
  out(s, "\"/>\n");
}

static void capsule(svg *s, const view *v, int which, ks_vec3 a, ks_vec3 b, double r, const char *colour,
                    double opacity) {
  double w = 2.0 * r * pscale(v);
  if (w < 2.0) w = 2.0;
  out(s, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-opacity=\"%.2f\" "
         "stroke-width=\"%.2f\" stroke-linecap=\"round\"/>\n",
      px(v, cu(which, a)), py(v, cv(which, a)), px(v, cu(which, b)), py(v, cv(which, b)), colour, opacity, w);
}

static void marker_shape(svg *s, int kind, double x, double y) {
  const char *c = mk_colour[kind];
  switch (kind) {
  case MK_STRIKE: out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"5\" fill=\"%s\" stroke=\"#fff\"/>\n", x, y, c); break;
  case MK_POST:
  case MK_BAR:
    out(s, "<path d=\"M%.2f %.2f l6 6 l-6 6 l-6 -6 z\" fill=\"%s\" stroke=\"#fff\"/>\n", x, y - 6, c);
    break;
  case MK_WALL:
    out(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"10\" height=\"10\" fill=\"%s\" stroke=\"#fff\"/>\n", x - 5, y - 5, c);
    break;
  case MK_KEEPER:
    out(s, "<path d=\"M%.2f %.2f l6 11 l-12 0 z\" fill=\"%s\" stroke=\"#fff\"/>\n", x, y - 7, c);
    break;
  case MK_RING:
    out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"5\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", x, y, c);
    break;
  case MK_LINE:
    out(s, "<path d=\"M%.2f %.2f l10 10 m0 -10 l-10 10\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", x - 5, y - 5, c);
    break;
  default:
    out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"6\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>"
           "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2\" fill=\"%s\"/>\n",
        x, y, c, x, y, c);
  }
}

/* The goal, wall, keeper, rings, paths and markers in one view. */
static void draw_scene(svg *s, const view *v, int which, int id, const plot_ctx *c) {
  const kick_shot *at = c->decided ? &c->at_decision : &c->last;
  const kick_setup *su = &at->setup;
  out(s, "<g clip-path=\"url(#clip%d)\">\n", id);
  out(s, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", v->left, v->top, v->width,
      v->height, which == 2 ? "#eef3f8" : "#e4f1df");
  const double pr = KICK_POST_RADIUS, hw = KICK_GOAL_WIDTH / 2, postx = hw + pr, depth = KICK_GOAL_DEPTH;
  const double barh = KICK_GOAL_HEIGHT + pr;
  const char *chalk = "stroke=\"#ffffff\" stroke-width=\"2\" fill=\"none\"";
  if (which == 0) {
    /* Pitch lines near the goal: goal line, goal area, penalty area, spot and arc. */
    line(s, px(v, -60), py(v, 0), px(v, 60), py(v, 0), chalk);
    out(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" %s/>\n", px(v, 9.16), py(v, 0),
        px(v, -9.16) - px(v, 9.16), py(v, -5.5) - py(v, 0), chalk);
    out(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" %s/>\n", px(v, 20.16), py(v, 0),
        px(v, -20.16) - px(v, 20.16), py(v, -16.5) - py(v, 0), chalk);
    out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\" fill=\"#fff\"/>\n", px(v, 0), py(v, -11));
    out(s, "<polyline %s points=\"", chalk);
    for (int i = 0; i <= 60; i++) {
      double a = -0.9273 + 1.8546 * i / 60.0; /* the arc outside the area: |angle| <= acos(5.5/9.15) */
      out(s, "%.2f,%.2f ", px(v, 9.15 * ks_sin(a)), py(v, -11.0 - 9.15 * ks_cos(a)));
    }
    out(s, "\"/>\n");
    /* Net, bar and posts. */
    out(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#cfd8dc\" fill-opacity=\"0.5\" "
           "stroke=\"#78909c\" stroke-dasharray=\"4 3\"/>\n",
        px(v, hw), py(v, depth), px(v, -hw) - px(v, hw), py(v, 0) - py(v, depth));
    line(s, px(v, postx), py(v, KICK_POST_Z), px(v, -postx), py(v, KICK_POST_Z),
         "stroke=\"#444\" stroke-width=\"3\"");
  } else if (which == 1) {
    line(s, px(v, -70), py(v, 0), px(v, 10), py(v, 0), "stroke=\"#6a9a5b\" stroke-width=\"2\"");
    out(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#cfd8dc\" fill-opacity=\"0.5\" "
           "stroke=\"#78909c\" stroke-dasharray=\"4 3\"/>\n",
        px(v, 0), py(v, KICK_GOAL_HEIGHT), px(v, depth) - px(v, 0), py(v, 0) - py(v, KICK_GOAL_HEIGHT));
    line(s, px(v, KICK_POST_Z), py(v, 0), px(v, KICK_POST_Z), py(v, barh), "stroke=\"#444\" stroke-width=\"3\"");
    out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#444\"/>\n", px(v, KICK_POST_Z), py(v, barh),
        pr * pscale(v) > 2.5 ? pr * pscale(v) : 2.5);
    line(s, px(v, 0), py(v, 0), px(v, 0), py(v, 0) + 1, chalk);
  } else {
    line(s, px(v, -60), py(v, 0), px(v, 60), py(v, 0), "stroke=\"#6a9a5b\" stroke-width=\"2\"");
    out(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#cfd8dc\" fill-opacity=\"0.6\"/>\n",
        px(v, hw), py(v, KICK_GOAL_HEIGHT), px(v, -hw) - px(v, hw), py(v, 0) - py(v, KICK_GOAL_HEIGHT));
    double w = 2 * pr * pscale(v);
    out(s, "<path d=\"M%.2f %.2f L%.2f %.2f L%.2f %.2f L%.2f %.2f\" fill=\"none\" stroke=\"#444\" stroke-width=\"%.2f\"/>\n",
        px(v, postx), py(v, 0), px(v, postx), py(v, barh), px(v, -postx), py(v, barh), px(v, -postx), py(v, 0),
        w < 3 ? 3 : w);
  }
  /* Posts seen from above. */
  if (which == 0)
    for (int side = -1; side <= 1; side += 2)
      out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#444\"/>\n", px(v, side * postx), py(v, KICK_POST_Z),
          pr * pscale(v) > 3 ? pr * pscale(v) : 3);
  /* Rings at the decision time. */
  for (int32_t i = 0; i < su->ring_count; i++) {
    ks_vec3 rc;
    if (!kick_shot_ring_center(at, i, &rc)) continue;
    double r = su->rings[i].radius;
    const char *st = "stroke=\"#c9a100\" stroke-width=\"4\" stroke-linecap=\"round\"";
    if (which == 0) line(s, px(v, rc.x - r), py(v, rc.z), px(v, rc.x + r), py(v, rc.z), st);
    else if (which == 1) line(s, px(v, rc.z), py(v, rc.y - r), px(v, rc.z), py(v, rc.y + r), st);
    else
      out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"none\" stroke=\"#c9a100\" stroke-width=\"4\"/>\n",
          px(v, rc.x), py(v, rc.y), r * pscale(v));
  }
  /* The wall at the decision time (jumpers in the air). */
  for (int32_t i = 0; i < su->wall.count; i++) {
    kick_capsule cap;
    if (!kick_shot_wall_player(at, i, &cap)) continue;
    if (which == 0)
      out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#7b3fa0\" fill-opacity=\"0.75\"/>\n", px(v, cap.a.x),
          py(v, cap.a.z), cap.radius * pscale(v));
    else capsule(s, v, which, cap.a, cap.b, cap.radius, "#7b3fa0", which == 1 ? 0.35 : 0.6);
  }
  /* The keeper: his path until the decision, and his pose at it. */
  if (su->keeper.kind != KICK_KEEPER_NONE) {
    polyline(s, v, which, c->keeper_path, c->nkeeper,
             "stroke=\"#ff7f0e\" stroke-width=\"2\" stroke-dasharray=\"5 3\"");
    kick_keeper_pose kp;
    kick_shot_keeper_pose(at, &kp);
    if (kp.present) {
      capsule(s, v, which, kp.body_a, kp.body_b, kp.body_radius, "#ff7f0e", 0.85);
      for (int a = 0; a < 2; a++) {
        capsule(s, v, which, kp.shoulder[a], kp.glove[a], kp.arm_radius, "#e06000", 0.9);
        out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"#7a3000\"/>\n", px(v, cu(which, kp.glove[a])),
            py(v, cv(which, kp.glove[a])));
      }
    }
  }
  /* The ball's path: solid in flight, dashed after the decision. */
  size_t split = 0;
  while (split < c->npath && !c->path[split].after_decision) split++;
  ks_vec3 *tmp = malloc((c->npath + 1) * sizeof *tmp);
  if (tmp) {
    for (size_t i = 0; i < c->npath; i++) tmp[i] = c->path[i].p;
    polyline(s, v, which, tmp, split, "stroke=\"#1f5fbf\" stroke-width=\"2.5\" stroke-linejoin=\"round\"");
    if (split > 0 && split < c->npath)
      polyline(s, v, which, tmp + split - 1, c->npath - split + 1,
               "stroke=\"#1f5fbf\" stroke-width=\"1.5\" stroke-dasharray=\"3 3\" stroke-opacity=\"0.7\"");
    free(tmp);
  }
  for (size_t i = 0; i < c->nmarks; i++)
    marker_shape(s, c->marks[i].kind, px(v, cu(which, c->marks[i].p)), py(v, cv(which, c->marks[i].p)));
  out(s, "</g>\n");
}

static void legend(svg *s, double x, double y, const plot_ctx *c) {
  text(s, x, y, "start", 13, "#222", "Legend");
  y += 8;
  struct { const char *what; const char *style; } lines[] = {
      {"ball in flight", "stroke=\"#1f5fbf\" stroke-width=\"2.5\""},
      {"ball after the decision", "stroke=\"#1f5fbf\" stroke-width=\"1.5\" stroke-dasharray=\"3 3\""},
      {"keeper's path to the decision", "stroke=\"#ff7f0e\" stroke-width=\"2\" stroke-dasharray=\"5 3\""},
      {"keeper at the decision", "stroke=\"#ff7f0e\" stroke-width=\"8\" stroke-linecap=\"round\""},
      {"wall at the decision", "stroke=\"#7b3fa0\" stroke-width=\"8\" stroke-linecap=\"round\""},
      {"target ring", "stroke=\"#c9a100\" stroke-width=\"4\""},
      {"posts, bar; net (dashed)", "stroke=\"#444\" stroke-width=\"3\""},
  };
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
    y += 18;
    line(s, x + 4, y - 4, x + 28, y - 4, lines[i].style);
    text(s, x + 36, y, "start", 11, "#222", lines[i].what);
  }
  bool seen[MK_COUNT] = {false};
  for (size_t i = 0; i < c->nmarks; i++) seen[c->marks[i].kind] = true;
  for (int k = 0; k < MK_COUNT; k++) {
    if (k == MK_BAR) continue; /* the post's symbol */
    y += 18;
    marker_shape(s, k, x + 16, y - 4);
    char buf[64];
    snprintf(buf, sizeof buf, "%s%s", k == MK_POST ? "post or bar contact" : mk_name[k],
             seen[k] || (k == MK_POST && seen[MK_BAR]) ? "" : " (none)");
    text(s, x + 36, y, "start", 11, seen[k] || (k == MK_POST && seen[MK_BAR]) ? "#222" : "#999", buf);
  }
}

static int draw_kick(svg *s, const cli_kick *k, const cli_result *r, const plot_ctx *c) {
  const kick_setup *su = &k->setup;
  double zmin = su->spot_z - 2.0, zmax = KICK_GOAL_DEPTH + 1.5;
  double xr = 10.0;
  for (size_t i = 0; i < c->npath; i++) {
    double ax = ks_fabs(c->path[i].p.x) + 1.5, z = c->path[i].p.z - 1.0;
    if (ax > xr) xr = ax;
    if (z < zmin) zmin = z;
  }
  if (ks_fabs(su->spot_x) + 3.0 > xr) xr = ks_fabs(su->spot_x) + 3.0;
  if (xr > 45.0) xr = 45.0;
  if (zmin < -65.0) zmin = -65.0;
  double s1 = 620.0 / (2.0 * xr);
  if (520.0 / (zmax - zmin) < s1) s1 = 520.0 / (zmax - zmin);
  const double W = 1120.0;
  view top = {70, 96, 2.0 * xr * s1, (zmax - zmin) * s1, xr, -xr, zmin, zmax};
  double ymax = c->max_height + 0.6 > 3.4 ? c->max_height + 0.6 : 3.4;
  double side_top = top.top + top.height + 62;
  view side = {70, side_top, W - 110, 230, zmin, zmax, 0, ymax};
  /* From behind the ball: the goal mouth, wide enough for the ball near the line. */
  double fx = 6.0, fy = 3.6;
  for (size_t i = 0; i < c->npath; i++) {
    ks_vec3 p = c->path[i].p;
    if (p.z < -3.0 || p.z > KICK_GOAL_DEPTH + 0.5) continue;
    if (ks_fabs(p.x) + 1.0 > fx) fx = ks_fabs(p.x) + 1.0;
    if (p.y + 0.5 > fy) fy = p.y + 0.5;
  }
  if (fx > 20.0) fx = 20.0;
  if (fy > 8.0) fy = 8.0;
  view front = {top.left + top.width + 80, top.top + 330, 0, 0, fx, -fx, 0, fy};
  front.width = W - 30 - front.left;
  front.height = front.width * fy / (2.0 * fx);
  if (front.height > 210) {
    front.height = 210;
    front.width = front.height * 2.0 * fx / fy;
  }
  double H = side.top + side.height + 60;

  out(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
          "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
      W, H, W, H);
  out(s, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
  char buf[512];
  snprintf(buf, sizeof buf, "A kick: %s", k->where);
  text(s, 20, 28, "start", 18, "#111", buf);
  snprintf(buf, sizeof buf, "launch (%s): %.2f m/s, elevation %.2f deg, direction %.2f deg, spin %.1f rad/s; match seed %llu, kick %llu",
           k->launch_from, k->launch.speed_mps, k->launch.elevation / DEG, k->launch.direction / DEG,
           k->launch.spin_rate, (unsigned long long)su->match_seed, (unsigned long long)su->kick_number);
  text(s, 20, 50, "start", 12, "#333", buf);
  int n = 0;
  if (r->decided)
    n = snprintf(buf, sizeof buf, "outcome: %s, decided %.4f s after the strike (step %lld)", kick_outcome_name(r->outcome),
                 (double)(r->decision_step - r->strike_step) / KICK_STEPS_PER_SECOND, (long long)r->decision_step);
  else n = snprintf(buf, sizeof buf, "outcome: undecided after 10 s");
  if (r->moments) {
    n += snprintf(buf + n, sizeof buf - (size_t)n, "; moments:");
    for (uint32_t b = 1; b <= KICK_MOMENT_ALL && n < (int)sizeof buf - 32; b <<= 1)
      if (r->moments & b) n += snprintf(buf + n, sizeof buf - (size_t)n, " %s", kick_moment_name(b));
  }
  if (r->stars >= 0 && n < (int)sizeof buf - 16) snprintf(buf + n, sizeof buf - (size_t)n, "; stars %d", r->stars);
  text(s, 20, 70, "start", 12, "#333", buf);

  text(s, top.left, top.top - 8, "start", 13, "#111", "Top view (the goal at the top, as the shooter sees it)");
  axes(s, &top, xr > 25 ? 10 : 5, (zmax - zmin) > 30 ? 10 : 5, "x, m (+x: the shooter's left)", "z, m (to the goal line)", 0);
  draw_scene(s, &top, 0, 0, c);
  text(s, side.left, side.top - 8, "start", 13, "#111", "Side view (the ball from the spot to the goal; heights exaggerated)");
  axes(s, &side, (zmax - zmin) > 30 ? 5 : 2, 1, "z, m (towards the goal; the goal line at 0)", "y, m (height)", 1);
  draw_scene(s, &side, 1, 1, c);
  text(s, front.left, front.top - 8, "start", 13, "#111", "From behind the ball (at the decision)");
  axes(s, &front, fx > 10 ? 4 : 2, fy > 5 ? 2 : 1, "x, m", "y, m", 2);
  draw_scene(s, &front, 2, 2, c);
  legend(s, front.left, top.top + 6, c);
  out(s, "</svg>\n");
  return svg_close(s) ? EXIT_OK : EXIT_RUNTIME;
}

/* ---------------------------------------------------------------- the step table */

static int draw_steps(svg *s) {
  const double W = 980, H = 540;
  view v = {90, 70, 620, 400, 0.0, 18.0, 0.0, 18.0}; /* step length ms; clip cm */
  out(s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
          "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
      W, H, W, H);
  out(s, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
  text(s, 20, 28, "start", 18, "#111", "Post clips two contact checks can miss, against the step length");
  char buf[160];
  kick_step_row any = kick_step_table_row(1);
  snprintf(buf, sizeof buf,
           "ball at %.1f m/s; a touch is the ball's centre within %.0f cm of the post's axis (ball %.0f cm + post %.0f cm)",
           KICK_MAX_LAUNCH_SPEED, any.missable_clip_m * 100, KICK_BALL_RADIUS * 100, KICK_POST_RADIUS * 100);
  text(s, 20, 48, "start", 12, "#333", buf);
  /* Grid. */
  for (int g = 0; g <= 18; g += 2) {
    line(s, px(&v, g), v.top, px(&v, g), v.top + v.height, "stroke=\"#eee\"");
    line(s, v.left, py(&v, g), v.left + v.width, py(&v, g), "stroke=\"#eee\"");
  }
  /* Where every clip can be missed. */
  double first_any = -1.0;
  for (int sps = 600; sps >= 1; sps--)
    if (kick_step_table_row(sps).any_depth) {
      first_any = 1000.0 / sps;
      break;
    }
  if (first_any > 0 && first_any < 18.0) {
    out(s, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"#f8d7d7\"/>\n", px(&v, first_any),
        v.top, px(&v, 18.0) - px(&v, first_any), v.height);
    text(s, (px(&v, first_any) + px(&v, 18.0)) / 2, v.top + 190, "middle", 13, "#a02020", "any depth:");
    text(s, (px(&v, first_any) + px(&v, 18.0)) / 2, v.top + 208, "middle", 13, "#a02020", "even a dead-centre");
    text(s, (px(&v, first_any) + px(&v, 18.0)) / 2, v.top + 226, "middle", 13, "#a02020", "hit can be missed");
  }
  double reach = any.missable_clip_m * 100.0;
  line(s, v.left, py(&v, reach), v.left + v.width, py(&v, reach), "stroke=\"#a02020\" stroke-dasharray=\"6 4\"");
  snprintf(buf, sizeof buf, "dead centre (%.0f cm)", reach);
  text(s, v.left + 6, py(&v, reach) - 5, "start", 11, "#a02020", buf);
  axes(s, &v, 2, 2, "step length, ms", "deepest missable clip, cm", 0);
  /* The dense curve: every whole steps-per-second rate from 1/600 s to 1/56 s. */
  out(s, "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2.5\" stroke-linejoin=\"round\" points=\"");
  for (int sps = 600; sps >= 56; sps--) {
    kick_step_row r = kick_step_table_row(sps);
    double cm = r.any_depth ? reach : r.missable_clip_m * 100.0;
    out(s, "%.2f,%.2f ", px(&v, 1000.0 / sps), py(&v, cm));
  }
  out(s, "\"/>\n");
  /* Sampled rates as dots; the seed's four rows labelled. */
  static const int rates[] = {60, 72, 75, 90, 100, 120, 144, 150, 180, 200, 240, 300, 360, 400, 480, 600};
  for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
    kick_step_row r = kick_step_table_row(rates[i]);
    double cm = r.any_depth ? reach : r.missable_clip_m * 100.0;
    out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\"/>\n", px(&v, 1000.0 / rates[i]), py(&v, cm),
        r.any_depth ? "#a02020" : "#1f5fbf");
  }
  static const struct { int sps; const char *use; double dx, dy; const char *anchor; } seed[] = {
      {600, "every deciding step", -40, -135, "start"}, {240, "solver and keeper estimates", 40, 22, "start"},
      {120, "one step per 120 Hz frame", -14, -44, "end"}, {60, "one step per 60 Hz frame", -10, 46, "end"}};
  for (size_t i = 0; i < 4; i++) {
    kick_step_row r = kick_step_table_row(seed[i].sps);
    double cm = r.any_depth ? reach : r.missable_clip_m * 100.0;
    double x = px(&v, 1000.0 / seed[i].sps), y = py(&v, cm);
    out(s, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"6\" fill=\"none\" stroke=\"#111\" stroke-width=\"2\"/>\n", x, y);
    double lx = x + seed[i].dx, ly = y + seed[i].dy;
    line(s, x, y, lx, ly + (seed[i].dy < 0 ? 4 : -12), "stroke=\"#111\"");
    const char *anchor = seed[i].anchor;
    if (r.any_depth) snprintf(buf, sizeof buf, "1/%d s: any depth", seed[i].sps);
    else if (r.missable_clip_m < 0.01) snprintf(buf, sizeof buf, "1/%d s: %.1f mm", seed[i].sps, r.missable_clip_m * 1000);
    else snprintf(buf, sizeof buf, "1/%d s: %.1f cm", seed[i].sps, r.missable_clip_m * 100);
    text(s, lx, ly - 8, anchor, 12, "#111", buf);
    snprintf(buf, sizeof buf, "travel %.1f cm/step; %s", r.travel_m * 100, seed[i].use);
    text(s, lx, ly + 6, anchor, 10.5, "#444", buf);
  }
  /* Steps per second along the top. */
  static const int top_rates[] = {600, 300, 200, 150, 120, 100, 90, 80, 70, 60};
  for (size_t i = 0; i < sizeof top_rates / sizeof top_rates[0]; i++) {
    double x = px(&v, 1000.0 / top_rates[i]);
    line(s, x, v.top, x, v.top - 5, "stroke=\"#555\"");
    snprintf(buf, sizeof buf, "%d", top_rates[i]);
    text(s, x, v.top - 8, "middle", 10, "#555", buf);
  }
  text(s, v.left + v.width + 8, v.top - 8, "start", 10, "#555", "steps/s");
  /* The seed's table as text. */
  double ty = v.top + 10;
  out(s, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-family=\"DejaVu Sans Mono, monospace\" "
          "xml:space=\"preserve\" fill=\"#111\">step    travel     missable clip</text>\n",
      v.left + v.width + 24, ty);
  for (size_t i = 0; i < 4; i++) {
    static const int order[] = {60, 120, 240, 600};
    kick_step_row r = kick_step_table_row(order[i]);
    ty += 18;
    if (r.any_depth) snprintf(buf, sizeof buf, "1/%-4d  %5.1f cm   any depth", order[i], r.travel_m * 100);
    else snprintf(buf, sizeof buf, "1/%-4d  %5.1f cm   %.1f %s", order[i], r.travel_m * 100,
                  r.missable_clip_m < 0.01 ? r.missable_clip_m * 1000 : r.missable_clip_m * 100,
                  r.missable_clip_m < 0.01 ? "mm" : "cm");
    out(s, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-family=\"DejaVu Sans Mono, monospace\" "
            "xml:space=\"preserve\" fill=\"#222\">%s</text>\n",
        v.left + v.width + 24, ty, buf);
  }
  text(s, v.left + v.width + 24, ty + 30, "start", 10.5, "#555", "Two checks one step apart");
  text(s, v.left + v.width + 24, ty + 44, "start", 10.5, "#555", "straddle a chord of the contact");
  text(s, v.left + v.width + 24, ty + 58, "start", 10.5, "#555", "circle no longer than the step:");
  text(s, v.left + v.width + 24, ty + 72, "start", 10.5, "#555", "depth = R - sqrt(R^2 - (d/2)^2).");
  out(s, "</svg>\n");
  return svg_close(s) ? EXIT_OK : EXIT_RUNTIME;
}

/* ---------------------------------------------------------------- the command */

static const char plot_usage[] =
    "usage: kick-cli plot kick [where] (launch | --aim X,Y --speed V [--bend B] | --swipe S) --out FILE.svg\n"
    "                         [--every N]\n"
    "       kick-cli plot steps --out FILE.svg\n"
    "kick   an SVG of one kick: a top view with the pitch lines near the goal, a side\n"
    "       view and a view from behind the ball, with the posts, bar and net, the wall\n"
    "       and the keeper at the decision time, the keeper's path, the target rings,\n"
    "       the ball's path (to rest; dashed after the decision) and markers at the\n"
    "       strike, wall, post, bar and keeper contacts, the goal-line crossing and the\n"
    "       decision. Axes in metres.\n"
    "steps  an SVG of the step-size table: the deepest post clip two contact checks\n"
    "       can miss against the step length, from 1/600 s to 1/60 s, with the four\n"
    "       rows of the table (1/60, 1/120, 1/240, 1/600 s) labelled.\n"
    "A regular file is replaced atomically; a device or FIFO is written in place; an\n"
    "unwritable path is an error (exit 1).\n\n" CLI_KICK_HELP
    "  --out FILE.svg       where to write the SVG (required; '-' for stdout)\n"
    "  --every N            plot kick: sample the ball every N steps (default 3)\n"
    "\nexamples:\n"
    "  kick-cli plot kick --level 5-2 --aim -2.9,2.1 --speed 26 --bend 0.6 --out setpiece.svg\n"
    "  kick-cli plot kick --open --distance 11 --speed 31.8 --elevation 6 --direction 8 --out penalty.svg\n"
    "  kick-cli plot steps --out steps.svg\n";

int cmd_plot(int argc, char **argv) {
  if (cli_wants_help(argc, argv, plot_usage)) return EXIT_OK;
  if (argc < 2) return cli_usage("plot what? 'kick' or 'steps'");
  const char *what = argv[1];
  bool is_kick = strcmp(what, "kick") == 0, is_steps = strcmp(what, "steps") == 0;
  if (!is_kick && !is_steps) return cli_usage("unknown plot '%s' (kick or steps)", what);
  static const struct option kick_opts[] = {CLI_KICK_OPTIONS, {"out", 1, 0, OPT_OUT}, {"every", 1, 0, OPT_EVERY},
                                            {0, 0, 0, 0}};
  static const struct option step_opts[] = {{"out", 1, 0, OPT_OUT}, {0, 0, 0, 0}};
  cli_kick k;
  cli_kick_defaults(&k);
  const char *path = NULL;
  long every = 3;
  int c;
  static char prog[64];
  snprintf(prog, sizeof prog, "kick-cli plot %s", what);
  cli_prog = prog; /* messages name the command */
  optind = 1;
  while ((c = getopt_long(argc - 1, argv + 1, ":", is_kick ? kick_opts : step_opts, NULL)) != -1) {
    if (c == OPT_OUT) path = optarg;
    else if (c == OPT_EVERY) {
      if (!cli_parse_int("every", optarg, 1, 600, &every)) return EXIT_USAGE;
    } else {
      int r = c == '?' || c == ':' ? 0 : cli_kick_option(&k, c, optarg);
      if (r < 0) return EXIT_USAGE;
      if (r == 0) return cli_bad_option(c, argv + 1);
    }
  }
  if (optind < argc - 1) return cli_usage("unknown argument '%s'", argv[optind + 1]);
  if (!path) return cli_usage("plot %s needs --out FILE.svg", what);
  const ks_host_file files[] = {{path, "--out", true}, {cli_kick_swipe_file(), "--swipe-file", false}};
  ks_host_error fe;
  if (ks_host_check_files(files, 2, &fe) != KS_OK) return cli_usage("%s", fe.message);
  bool to_stdout = strcmp(path, "-") == 0;
  svg s;
  if (is_steps) {
    if (!svg_open(&s, path)) return EXIT_RUNTIME;
    int rc = draw_steps(&s);
    char shown[KS_HOST_PATH_MAX];
    if (rc == EXIT_OK && !to_stdout) printf("wrote %s\n", ks_cli_printable(path, shown, sizeof shown));
    return rc;
  }
  int rc = cli_kick_finish(&k, true);
  if (rc) return rc;
  /* The output is opened before the kick runs: an unwritable path fails at once. */
  if (!svg_open(&s, path)) return EXIT_RUNTIME;
  plot_ctx *ctx = calloc(1, sizeof *ctx);
  if (!ctx) {
    ks_host_out_abort(&s.o);
    cli_error("out of memory");
    return EXIT_RUNTIME;
  }
  ctx->every = every;
  cli_result r;
  if (cli_run_kick(&k, true, plot_step, ctx, &r, NULL) != KS_OK) {
    ks_host_out_abort(&s.o);
    rc = EXIT_RUNTIME;
  } else if (ctx->oom) {
    ks_host_out_abort(&s.o);
    cli_error("out of memory");
    rc = EXIT_RUNTIME;
  } else {
    rc = draw_kick(&s, &k, &r, ctx);
    char shown[KS_HOST_PATH_MAX];
    if (rc == EXIT_OK && !to_stdout)
      printf("wrote %s (%s%s)\n", ks_cli_printable(path, shown, sizeof shown),
             r.decided ? kick_outcome_name(r.outcome) : "undecided", r.decided ? "" : " after 10 s");
  }
  free(ctx->path);
  free(ctx);
  return rc;
}
