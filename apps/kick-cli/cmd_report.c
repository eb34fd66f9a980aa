// SPDX-License-Identifier: MIT
/* kick-cli report: a simulate result (and optionally its records) as one
   self-contained HTML page for the designer balancing the levels.

   The page is plain HTML with inline CSS and SVG: no script, no font, no
   image, nothing fetched, so it opens from a file or a mail attachment and
   prints. Every figure carries its numbers in data-* attributes (exact
   doubles, %.17g) beside what it shows, so a test can compare the page
   with the JSON it came from.

   Sections: a summary; the goal rate per level with its spread across
   players (from the records: each player's own goal rate on the level, as
   minimum, quartiles and maximum); the difficulty curve along the tour;
   the outcome mix and the moment mix per level; the candidates the players
   chose. */
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

/* ---------------------------------------------------------------- text */

typedef struct buf {
  char *p;
  size_t len, cap;
  bool oom;
} buf;

__attribute__((format(printf, 2, 3))) static void put(buf *b, const char *fmt, ...) {
  if (b->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->cap - b->len;
    int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? room : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
      b->oom = true;
      return;
    }
    if (b->p && (size_t)n < room) {
      b->len += (size_t)n;
      return;
    }
    size_t cap = b->cap ? b->cap : 1 << 16;
    while (cap - b->len <= (size_t)n) cap *= 2;
    char *bigger = realloc(b->p, cap);
    if (!bigger) {
      b->oom = true;
      return;
    }
    b->p = bigger;
    b->cap = cap;
  }
}

/* Text for HTML content and attribute values. */
static void esc(buf *b, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '&': put(b, "&amp;"); break;
    case '<': put(b, "&lt;"); break;
    case '>': put(b, "&gt;"); break;
    case '"': put(b, "&quot;"); break;
    case '\'': put(b, "&#39;"); break;
    default: put(b, "%c", *s);
    }
  }
}

static double ratio(int64_t a, int64_t b) { return b > 0 ? (double)a / (double)b : 0.0; }

/* ---------------------------------------------------------------- records */

typedef struct spread {
  long players;                   /* players with kicks on the level */
  double min, q1, median, q3, max;
} spread;

/* Linear interpolation between order statistics (numpy's default). */
static double quantile(const double *x, long n, double p) {
  double h = (double)(n - 1) * p;
  long lo = (long)h;
  if (lo >= n - 1) return x[n - 1];
  return x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Reads the records of the result's kicks: exactly those, in item order,
   adding up to its counts. Fills each level's spread across players. */
static bool load_records(const char *path, const sim_result *r, spread *sp) {
  sim_input in;
  if (!sim_input_open(&in, path)) return false;
  const char *name = in.name;
  size_t cells = (size_t)r->nlevels * (size_t)r->players;
  int32_t *goals = calloc(cells, sizeof *goals), *kicks = calloc(cells, sizeof *kicks);
  sim_counts *counts = calloc((size_t)r->nlevels, sizeof *counts);
  double *rates = calloc((size_t)r->players, sizeof *rates);
  bool ok = goals && kicks && counts && rates;
  if (!ok) cli_error("out of memory");
  uint64_t run = sim_run_id(r), per = (uint64_t)r->players * (uint64_t)r->kicks, prev = 0, n = 0;
  char *line = NULL;
  size_t len = 0;
  int got = 0;
  while (ok && (got = sim_input_line(&in, SIM_RECORD_MAX_BYTES, "a records file", &line, &len)) > 0) {
    long lineno = in.lineno;
    uint64_t rr;
    sim_kick k;
    const char *what = sim_record_parse(line, len, &rr, &k);
    if (what) {
      cli_error("%s line %ld: %s", name, lineno, what);
      ok = false;
    } else if (rr != run) {
      cli_error("%s line %ld: the record is of another run than the result (another build or other parameters)",
                name, lineno);
      ok = false;
    } else if ((n > 0 && k.item <= prev) || k.item >= sim_items(r) ||
               !r->shard_done[k.item % (uint64_t)r->shard_count]) {
      cli_error("%s line %ld: item %llu is out of order, repeated, or not in the result's shards", name, lineno,
                (unsigned long long)k.item);
      ok = false;
    } else {
      uint64_t pos = k.item / per, rest = k.item % per;
      if (r->levels[pos] != k.level || (uint64_t)k.player != rest / (uint64_t)r->kicks ||
          (uint64_t)k.kick != rest % (uint64_t)r->kicks) {
        cli_error("%s line %ld: the record is not the kick its item is", name, lineno);
        ok = false;
      } else {
        sim_counts_add_kick(&counts[pos], &k);
        size_t cell = (size_t)pos * (size_t)r->players + (size_t)k.player;
        kicks[cell]++;
        goals[cell] += k.decided && k.outcome == KICK_OUTCOME_GOAL;
        prev = k.item;
        n++;
      }
    }
  }
  if (got < 0) ok = false;
  for (int i = 0; ok && i < r->nlevels; i++)
    if (memcmp(&counts[i], &r->per_level[i], sizeof counts[i]) != 0) {
      cli_error("%s: the records of level %s do not add up to the result's counts (records of only some shards?)",
                name, kick_level_at(r->levels[i])->id);
      ok = false;
    }
  for (int i = 0; ok && i < r->nlevels; i++) {
    long m = 0;
    for (long p = 0; p < r->players; p++) {
      size_t cell = (size_t)i * (size_t)r->players + (size_t)p;
      if (kicks[cell] > 0) rates[m++] = (double)goals[cell] / (double)kicks[cell];
    }
    sp[i].players = m;
    if (m == 0) continue;
    qsort(rates, (size_t)m, sizeof *rates, cmp_double);
    sp[i].min = rates[0];
    sp[i].q1 = quantile(rates, m, 0.25);
    sp[i].median = quantile(rates, m, 0.5);
    sp[i].q3 = quantile(rates, m, 0.75);
    sp[i].max = rates[m - 1];
  }
  free(goals), free(kicks), free(counts), free(rates);
  sim_input_close(&in);
  return ok;
}

/* ---------------------------------------------------------------- the page */

static const char *const outcome_colour[] = {"#9aa0a6", "#2e9e4f", "#2f6fd6", "#c98a1a", "#8e5bd0",
                                             "#e0603b", "#d9435f", "#6b7a8a"};

static const char css[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d2329;background:#f4f6f8;margin:0}"
    "main{max-width:1120px;margin:0 auto;padding:24px}"
    "h1{font-size:26px;margin:0 0 4px}h2{font-size:19px;margin:0 0 8px}"
    "section{background:#fff;border-radius:10px;padding:18px 20px;margin:16px 0;box-shadow:0 1px 3px #0002}"
    "p.note{color:#5b6670;margin:4px 0 10px}"
    ".summary{display:flex;flex-wrap:wrap;gap:10px}"
    ".fig{background:#f4f6f8;border-radius:8px;padding:8px 14px;min-width:120px}"
    ".fig b{display:block;font-size:22px}.fig span{color:#5b6670;font-size:12px}"
    ".warn{background:#fff3cd;border:1px solid #e0c46c;border-radius:8px;padding:8px 12px}"
    "table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}"
    "th,td{padding:4px 8px;border-bottom:1px solid #e3e7eb;text-align:right;white-space:nowrap}"
    "th{font-weight:600;color:#3b4650;background:#f4f6f8}"
    "td.l,th.l{text-align:left}"
    "svg{display:block;width:100%;height:auto}svg text{font:11px system-ui,sans-serif;fill:#3b4650}"
    ".legend{display:flex;flex-wrap:wrap;gap:12px;margin:6px 0;font-size:12px}"
    ".legend i{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:4px;vertical-align:-1px}"
    ".scroll{overflow-x:auto}"
    "dl.build{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0;font-size:12px}"
    "dl.build dt{color:#5b6670}dl.build dd{margin:0;font-family:ui-monospace,monospace;word-break:break-all}"
    "ol.cands{columns:2;font-size:12px;margin:6px 0;padding-left:28px}";

static void summary(buf *b, const sim_result *r, const sim_counts *t, bool records) {
  char run[17];
  sim_run_hex(sim_run_id(r), run);
  put(b, "<header><h1>Balance report</h1><p class=\"note\">%d level%s, %ld simulated player%s, %ld kick%s each per "
         "level, seed %llu. Run <code>%s</code>.</p></header>\n",
      r->nlevels, r->nlevels == 1 ? "" : "s", r->players, r->players == 1 ? "" : "s", r->kicks,
      r->kicks == 1 ? "" : "s", (unsigned long long)r->seed, run);
  long have = sim_shards_have(r);
  if (have < r->shard_count)
    put(b, "<p class=\"warn\" id=\"partial\">Partial result: %ld of %ld shards. The figures cover only the kicks "
           "of those shards.</p>\n",
        have, r->shard_count);
  double mean_stars = 0;
  for (int s = 1; s <= KICK_STAR_COUNT; s++) mean_stars += (double)s * (double)t->stars[s];
  mean_stars = t->decided ? mean_stars / (double)t->decided : 0.0;
  put(b, "<section id=\"summary\"><h2>Summary</h2><div class=\"summary\">"
         "<div class=\"fig\" data-key=\"kicks\" data-value=\"%lld\"><b>%lld</b><span>real kicks (each after %d "
         "trial kicks)</span></div>"
         "<div class=\"fig\" data-key=\"goal_rate\" data-value=\"%.17g\"><b>%.1f%%</b><span>goal rate, all "
         "levels</span></div>"
         "<div class=\"fig\" data-key=\"goals\" data-value=\"%lld\"><b>%lld</b><span>goals</span></div>"
         "<div class=\"fig\" data-key=\"mean_stars\" data-value=\"%.17g\"><b>%.2f</b><span>mean stars of a decided "
         "kick</span></div></div>",
      (long long)t->kicks, (long long)t->kicks, SIM_CANDIDATES * SIM_TRIALS, ratio(t->outcomes[KICK_OUTCOME_GOAL], t->kicks),
      100.0 * ratio(t->outcomes[KICK_OUTCOME_GOAL], t->kicks), (long long)t->outcomes[KICK_OUTCOME_GOAL],
      (long long)t->outcomes[KICK_OUTCOME_GOAL], mean_stars, mean_stars);
  if (!records)
    put(b, "<p class=\"note\" id=\"no-records\">The spread across players needs the records: "
           "<code>kick-cli report RESULT --records FILE</code> with the records of <code>simulate --records</code>."
           "</p>");
  put(b, "</section>\n");
}

/* The goal rate of each level: a bar, the players' spread, and a table. */
static void levels_section(buf *b, const sim_result *r, const spread *sp, bool records) {
  const double x0 = 230, w = 560, row = 24;
  double h = (double)r->nlevels * row + 30;
  put(b, "<section id=\"levels\"><h2>Goal rate per level</h2><p class=\"note\">The bar is the level's goal rate "
         "over all its kicks.%s</p>\n",
      records ? " The whisker spans the players' own goal rates on the level, lowest to highest; the box is "
                "their middle half and the line in it their median." : "");
  put(b, "<svg data-chart=\"levels\" data-full=\"%g\" viewBox=\"0 0 900 %g\" role=\"img\" aria-label=\"goal rate "
         "per level\">\n",
      w, h);
  for (int g = 0; g <= 4; g++) {
    double x = x0 + w * g / 4.0;
    put(b, "<line x1=\"%g\" y1=\"4\" x2=\"%g\" y2=\"%g\" stroke=\"#e3e7eb\"/><text x=\"%g\" y=\"%g\" "
           "text-anchor=\"middle\">%d%%</text>\n",
        x, x, h - 22, x, h - 8, g * 25);
  }
  for (int i = 0; i < r->nlevels; i++) {
    const kick_level *l = kick_level_at(r->levels[i]);
    const sim_counts *c = &r->per_level[i];
    double rate = ratio(c->outcomes[KICK_OUTCOME_GOAL], c->kicks), y = 6 + row * i;
    put(b, "<text x=\"8\" y=\"%g\">", y + 14);
    esc(b, l->id);
    put(b, " ");
    esc(b, l->name);
    put(b, "</text><rect class=\"bar\" data-level=\"%s\" data-value=\"%.17g\" x=\"%g\" y=\"%g\" width=\"%.17g\" "
           "height=\"16\" rx=\"2\" fill=\"#7fb7e6\"/>",
        l->id, rate, x0, y + 2, rate * w);
    if (records && sp[i].players > 0) {
      double cy = y + 10;
      put(b, "<g class=\"spread\" data-level=\"%s\" data-players=\"%ld\" data-min=\"%.17g\" data-q1=\"%.17g\" "
             "data-median=\"%.17g\" data-q3=\"%.17g\" data-max=\"%.17g\" stroke=\"#1d3f66\">"
             "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\"/>"
             "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"8\" fill=\"#fff\" fill-opacity=\"0.6\"/>"
             "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke-width=\"2\"/></g>",
          l->id, sp[i].players, sp[i].min, sp[i].q1, sp[i].median, sp[i].q3, sp[i].max, x0 + sp[i].min * w, cy,
          x0 + sp[i].max * w, cy, x0 + sp[i].q1 * w, cy - 4, (sp[i].q3 - sp[i].q1) * w, x0 + sp[i].median * w, cy - 6,
          x0 + sp[i].median * w, cy + 6);
    }
    put(b, "<text x=\"%g\" y=\"%g\">%.1f%%</text>\n", x0 + w + 8, y + 14, 100.0 * rate);
  }
  put(b, "</svg>\n<div class=\"scroll\"><table id=\"level-table\"><thead><tr><th class=\"l\">level</th>"
         "<th class=\"l\">name</th><th>kicks</th><th>goals</th><th>goal rate</th>%s<th>mean stars</th>"
         "<th>mean flight</th><th class=\"l\">most chosen candidate</th></tr></thead><tbody>\n",
      records ? "<th>players: lowest</th><th>median</th><th>highest</th>" : "");
  for (int i = 0; i < r->nlevels; i++) {
    const kick_level *l = kick_level_at(r->levels[i]);
    const sim_counts *c = &r->per_level[i];
    double stars = 0;
    for (int s = 1; s <= KICK_STAR_COUNT; s++) stars += (double)s * (double)c->stars[s];
    stars = c->decided ? stars / (double)c->decided : 0.0;
    int best = 0;
    for (int k = 1; k < SIM_CANDIDATES; k++)
      if (c->candidates[k] > c->candidates[best]) best = k;
    char label[64];
    sim_candidate_label(best, label, sizeof label);
    put(b, "<tr data-level=\"%s\"><td class=\"l\">%s</td><td class=\"l\">", l->id, l->id);
    esc(b, l->name);
    put(b, "</td><td data-key=\"kicks\">%lld</td><td data-key=\"goals\">%lld</td>"
           "<td data-key=\"goal_rate\" data-value=\"%.17g\">%.1f%%</td>",
        (long long)c->kicks, (long long)c->outcomes[KICK_OUTCOME_GOAL], ratio(c->outcomes[KICK_OUTCOME_GOAL], c->kicks),
        100.0 * ratio(c->outcomes[KICK_OUTCOME_GOAL], c->kicks));
    if (records)
      put(b, "<td data-key=\"spread_min\">%.1f%%</td><td data-key=\"spread_median\">%.1f%%</td>"
             "<td data-key=\"spread_max\">%.1f%%</td>",
          100.0 * sp[i].min, 100.0 * sp[i].median, 100.0 * sp[i].max);
    put(b, "<td data-key=\"mean_stars\" data-value=\"%.17g\">%.2f</td>", stars, stars);
    if (c->decided)
      put(b, "<td data-key=\"mean_flight_s\" data-value=\"%.17g\">%.3f s</td>",
          (double)c->flight_steps / ((double)c->decided * (double)KICK_STEPS_PER_SECOND),
          (double)c->flight_steps / ((double)c->decided * (double)KICK_STEPS_PER_SECOND));
    else put(b, "<td data-key=\"mean_flight_s\">–</td>");
    put(b, "<td class=\"l\" data-key=\"top_candidate\" data-value=\"%d\">%d: %s (%.0f%%)</td></tr>\n", best, best, label,
        100.0 * ratio(c->candidates[best], c->kicks));
  }
  put(b, "</tbody></table></div></section>\n");
}

/* Goal rate along the tour: the levels in tour order, a point each. */
static void curve_section(buf *b, const sim_result *r, const spread *sp, bool records) {
  int order[SIM_MAX_LEVELS];
  int n = 0;
  for (int32_t t = 0; t < kick_level_count(); t++)
    for (int i = 0; i < r->nlevels; i++)
      if (r->levels[i] == t) order[n++] = i;
  const double x0 = 50, x1 = 880, y0 = 16, y1 = 216;
  double step = n > 1 ? (x1 - x0) / (n - 1) : 0;
  put(b, "<section id=\"curve\"><h2>Difficulty along the tour</h2><p class=\"note\">The goal rate of each level in "
         "tour order: a tour should get harder, with a breather now and then.%s</p>\n",
      records ? " The band is the players' middle half." : "");
  put(b, "<svg data-chart=\"curve\" data-y0=\"%g\" data-y1=\"%g\" viewBox=\"0 0 900 262\" role=\"img\" "
         "aria-label=\"goal rate along the tour\">\n",
      y0, y1);
  for (int g = 0; g <= 4; g++) {
    double y = y1 - (y1 - y0) * g / 4.0;
    put(b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#e3e7eb\"/><text x=\"%g\" y=\"%g\" "
           "text-anchor=\"end\">%d%%</text>\n",
        x0, y, x1, y, x0 - 6, y + 4, g * 25);
  }
  for (int k = 1; k < n; k++)
    if (kick_level_at(r->levels[order[k]])->world != kick_level_at(r->levels[order[k - 1]])->world) {
      double x = x0 + step * (k - 0.5);
      put(b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#c3cad1\" stroke-dasharray=\"4 3\"/>\n", x, y0, x,
          y1);
    }
  if (records && n > 1) {
    put(b, "<polygon class=\"band\" fill=\"#7fb7e6\" fill-opacity=\"0.3\" points=\"");
    for (int k = 0; k < n; k++) put(b, "%g,%g ", x0 + step * k, y1 - (y1 - y0) * sp[order[k]].q3);
    for (int k = n - 1; k >= 0; k--) put(b, "%g,%g ", x0 + step * k, y1 - (y1 - y0) * sp[order[k]].q1);
    put(b, "\"/>\n");
  }
  put(b, "<polyline fill=\"none\" stroke=\"#1d6fb8\" stroke-width=\"2\" points=\"");
  for (int k = 0; k < n; k++) {
    const sim_counts *c = &r->per_level[order[k]];
    put(b, "%g,%.17g ", x0 + step * k, y1 - (y1 - y0) * ratio(c->outcomes[KICK_OUTCOME_GOAL], c->kicks));
  }
  put(b, "\"/>\n");
  for (int k = 0; k < n; k++) {
    const kick_level *l = kick_level_at(r->levels[order[k]]);
    const sim_counts *c = &r->per_level[order[k]];
    double rate = ratio(c->outcomes[KICK_OUTCOME_GOAL], c->kicks), x = x0 + step * k;
    put(b, "<circle class=\"pt\" data-level=\"%s\" data-value=\"%.17g\" cx=\"%g\" cy=\"%.17g\" r=\"4\" "
           "fill=\"#1d6fb8\"><title>%s ",
        l->id, rate, x, y1 - (y1 - y0) * rate, l->id);
    esc(b, l->name);
    put(b, ": %.1f%%</title></circle><text x=\"%g\" y=\"%g\" text-anchor=\"end\" transform=\"rotate(-45 %g %g)\">"
           "%s</text>\n",
        100.0 * rate, x + 3, y1 + 16, x + 3, y1 + 16, l->id);
  }
  put(b, "</svg></section>\n");
}

/* How the kicks ended: a 100 % bar per level. */
static void outcomes_section(buf *b, const sim_result *r, const sim_counts *t) {
  const double x0 = 230, w = 600, row = 22;
  put(b, "<section id=\"outcomes\"><h2>How the kicks ended</h2><div class=\"legend\">");
  for (int o = 1; o <= SIM_OUTCOMES; o++) {
    int k = o % SIM_OUTCOMES; /* undecided last */
    put(b, "<span><i style=\"background:%s\"></i>%s</span>", outcome_colour[k], sim_outcome_key(k));
  }
  put(b, "</div>\n<svg data-chart=\"outcomes\" data-full=\"%g\" viewBox=\"0 0 900 %g\" role=\"img\" "
         "aria-label=\"outcomes per level\">\n",
      w, (double)(r->nlevels + 1) * row + 8);
  for (int i = 0; i <= r->nlevels; i++) {
    const sim_counts *c = i < r->nlevels ? &r->per_level[i] : t;
    const char *id = i < r->nlevels ? kick_level_at(r->levels[i])->id : "all";
    double y = 4 + row * i + (i == r->nlevels ? 4 : 0), x = x0;
    put(b, "<text x=\"8\" y=\"%g\">", y + 13);
    if (i < r->nlevels) {
      esc(b, id);
      put(b, " ");
      esc(b, kick_level_at(r->levels[i])->name);
    } else {
      put(b, "all levels");
    }
    put(b, "</text>");
    for (int o = 1; o <= SIM_OUTCOMES; o++) {
      int k = o % SIM_OUTCOMES;
      double share = ratio(c->outcomes[k], c->kicks);
      put(b, "<rect class=\"seg\" data-level=\"%s\" data-outcome=\"%s\" data-count=\"%lld\" data-share=\"%.17g\" "
             "x=\"%.17g\" y=\"%g\" width=\"%.17g\" height=\"16\" fill=\"%s\"><title>%s: %lld (%.1f%%)</title></rect>",
          id, sim_outcome_key(k), (long long)c->outcomes[k], share, x, y, share * w, outcome_colour[k],
          sim_outcome_key(k), (long long)c->outcomes[k], 100.0 * share);
      x += share * w;
    }
    put(b, "\n");
  }
  put(b, "</svg>\n<div class=\"scroll\"><table id=\"outcome-table\"><thead><tr><th class=\"l\">level</th>");
  for (int o = 1; o <= SIM_OUTCOMES; o++) put(b, "<th>%s</th>", sim_outcome_key(o % SIM_OUTCOMES));
  put(b, "</tr></thead><tbody>\n");
  for (int i = 0; i <= r->nlevels; i++) {
    const sim_counts *c = i < r->nlevels ? &r->per_level[i] : t;
    const char *id = i < r->nlevels ? kick_level_at(r->levels[i])->id : "all";
    put(b, "<tr data-level=\"%s\"><td class=\"l\">%s</td>", id, id);
    for (int o = 1; o <= SIM_OUTCOMES; o++) {
      int k = o % SIM_OUTCOMES;
      put(b, "<td data-outcome=\"%s\" data-count=\"%lld\">%lld</td>", sim_outcome_key(k), (long long)c->outcomes[k],
          (long long)c->outcomes[k]);
    }
    put(b, "</tr>\n");
  }
  put(b, "</tbody></table></div></section>\n");
}

/* Which moments happened: counts, shaded by their share of decided kicks. */
static void moments_section(buf *b, const sim_result *r, const sim_counts *t) {
  put(b, "<section id=\"moments\"><h2>Moments</h2><p class=\"note\">How many kicks of each level earned each "
         "moment; the shade is the share of the level's decided kicks.</p><div class=\"scroll\">"
         "<table id=\"moment-table\"><thead><tr><th class=\"l\">level</th>");
  for (int m = 0; m < KICK_MOMENT_COUNT; m++) put(b, "<th>%s</th>", kick_moment_name(1u << m));
  put(b, "</tr></thead><tbody>\n");
  for (int i = 0; i <= r->nlevels; i++) {
    const sim_counts *c = i < r->nlevels ? &r->per_level[i] : t;
    const char *id = i < r->nlevels ? kick_level_at(r->levels[i])->id : "all";
    put(b, "<tr data-level=\"%s\"><td class=\"l\">%s</td>", id, id);
    for (int m = 0; m < KICK_MOMENT_COUNT; m++) {
      double share = ratio(c->moments[m], c->decided);
      put(b, "<td data-moment=\"%s\" data-count=\"%lld\" style=\"background:rgba(46,158,79,%.3f)\">%lld</td>",
          kick_moment_name(1u << m), (long long)c->moments[m], 0.08 + 0.6 * share, (long long)c->moments[m]);
    }
    put(b, "</tr>\n");
  }
  put(b, "</tbody></table></div></section>\n");
}

/* Which of the 26 candidate launches the players chose, per level. */
static void candidates_section(buf *b, const sim_result *r, const sim_counts *t) {
  const double x0 = 90, cell = 30, row = 20;
  double h = 26 + row * (r->nlevels + 1) + 6;
  put(b, "<section id=\"candidates\"><h2>Candidates the players chose</h2><p class=\"note\">Before each kick a "
         "player tries the %d candidates %d times each on rerolled copies of the shot and takes the best. A cell "
         "is how often a candidate was chosen on a level; the darker, the more of the level's kicks.</p>\n",
      SIM_CANDIDATES, SIM_TRIALS);
  put(b, "<div class=\"scroll\"><svg data-chart=\"candidates\" viewBox=\"0 0 %g %g\" style=\"min-width:760px\" "
         "role=\"img\" aria-label=\"candidates chosen per level\">\n",
      x0 + cell * SIM_CANDIDATES + 10, h);
  for (int k = 0; k < SIM_CANDIDATES; k++)
    put(b, "<text x=\"%g\" y=\"16\" text-anchor=\"middle\">%d</text>", x0 + cell * k + cell / 2, k);
  put(b, "\n");
  for (int i = 0; i <= r->nlevels; i++) {
    const sim_counts *c = i < r->nlevels ? &r->per_level[i] : t;
    const char *id = i < r->nlevels ? kick_level_at(r->levels[i])->id : "all";
    double y = 24 + row * i + (i == r->nlevels ? 6 : 0);
    put(b, "<text x=\"8\" y=\"%g\">%s</text>", y + 13, i < r->nlevels ? id : "all levels");
    for (int k = 0; k < SIM_CANDIDATES; k++) {
      double share = ratio(c->candidates[k], c->kicks);
      char label[64];
      sim_candidate_label(k, label, sizeof label);
      put(b, "<rect class=\"cell\" data-level=\"%s\" data-candidate=\"%d\" data-count=\"%lld\" x=\"%g\" y=\"%g\" "
             "width=\"%g\" height=\"%g\" fill=\"#8e5bd0\" fill-opacity=\"%.3f\" stroke=\"#fff\"><title>%s, %d (%s): "
             "%lld of %lld kicks</title></rect>",
          id, k, (long long)c->candidates[k], x0 + cell * k, y, cell, row, share > 0 ? 0.12 + 0.88 * share : 0.03, id,
          k, label, (long long)c->candidates[k], (long long)c->kicks);
    }
    put(b, "\n");
  }
  put(b, "</svg></div><ol class=\"cands\" start=\"0\">");
  for (int k = 0; k < SIM_CANDIDATES; k++) {
    char label[64];
    sim_candidate_label(k, label, sizeof label);
    put(b, "<li>%s%s</li>", label, k == 0 ? " (the level's own reference kick)" : "");
  }
  put(b, "</ol></section>\n");
}

static void build_section(buf *b, const sim_result *r) {
  put(b, "<section id=\"build\"><h2>Made by</h2><dl class=\"build\">");
  const char *keys[] = {"version", "commit", "compiler", "flags", "target"};
  const char *vals[] = {r->build.version, r->build.commit, r->build.compiler, r->build.flags, r->build.target};
  for (int i = 0; i < 5; i++) {
    put(b, "<dt>%s</dt><dd data-key=\"%s\">", keys[i], keys[i]);
    esc(b, vals[i]);
    put(b, "</dd>");
  }
  put(b, "</dl><p class=\"note\">Written by <code>kick-cli report</code>: every number on the page comes from "
         "the result and its records.</p></section>\n");
}

static char *render(const sim_result *r, const spread *sp, bool records) {
  sim_counts t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < r->nlevels; i++) sim_counts_add(&t, &r->per_level[i]);
  char run[17];
  sim_run_hex(sim_run_id(r), run);
  buf b = {0};
  put(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
          "<title>Balance report, run %s</title><style>%s</style></head>\n<body><main data-run=\"%s\" "
          "data-records=\"%s\">\n",
      run, css, run, records ? "yes" : "no");
  summary(&b, r, &t, records);
  levels_section(&b, r, sp, records);
  curve_section(&b, r, sp, records);
  outcomes_section(&b, r, &t);
  moments_section(&b, r, &t);
  candidates_section(&b, r, &t);
  build_section(&b, r);
  put(&b, "</main></body></html>");
  if (b.oom) {
    free(b.p);
    return NULL;
  }
  return b.p;
}

/* ---------------------------------------------------------------- command */

static const char report_usage[] =
    "usage: kick-cli report RESULT [--records FILE] [--out FILE]\n"
    "A simulate result (one run, or the merge of its shards) as one self-contained\n"
    "HTML page for balancing the levels: the goal rate per level, the difficulty\n"
    "curve along the tour, the outcome and moment mix, the candidates the players\n"
    "chose. With the run's records it also shows each level's spread across players\n"
    "(their own goal rates: lowest, quartiles, highest). The page has no script and\n"
    "fetches nothing: it opens from a file and prints. RESULT or FILE may be '-'.\n\n"
    "  --records FILE   the records of the same run (simulate --records, or merge\n"
    "                   --records): exactly the result's kicks, checked against its counts\n"
    "  --out FILE       write the page to FILE (default '-': stdout). A regular file is\n"
    "                   replaced atomically, when the page is whole; a device or FIFO\n"
    "                   is written in place. It may not be RESULT or the records\n"
    "\nexamples:\n"
    "  kick-cli simulate --players 20 --out sweep.json --records kicks.jsonl\n"
    "  kick-cli report sweep.json --records kicks.jsonl --out balance.html\n"
    "  kick-cli merge part*.json --json | kick-cli report - > balance.html\n";

int cmd_report(int argc, char **argv) {
  if (cli_wants_help(argc, argv, report_usage)) return EXIT_OK;
  enum { O_RECORDS = 1, O_OUT };
  static const struct option opts[] = {{"records", 1, 0, O_RECORDS}, {"out", 1, 0, O_OUT}, {0, 0, 0, 0}};
  const char *records = NULL, *out_path = "-";
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    if (c == O_RECORDS) records = optarg;
    else if (c == O_OUT) out_path = optarg;
    else return cli_bad_option(c, argv);
  }
  if (optind >= argc) return cli_usage("report needs one result file");
  if (optind < argc - 1) return cli_usage("report takes one result file, not '%s' too (merge shards first)", argv[optind + 1]);
  const char *path = argv[optind];
  const ks_host_file files[] = {{out_path, "--out", true}, {path, "the result", false}, {records, "--records", false}};
  ks_host_error fe;
  if (ks_host_check_files(files, 3, &fe) != KS_OK) return cli_usage("%s", fe.message);
  /* The page is opened before the reading (an unwritable destination fails
     at once) and put in place only when whole. */
  ks_host_out out;
  if (!sim_out_open(&out, out_path)) return EXIT_RUNTIME;
  sim_result *rs = NULL;
  int n = sim_results_load(path, &rs);
  int rc = n < 0 ? EXIT_RUNTIME : EXIT_OK;
  if (n > 1) {
    if (strcmp(path, "-") == 0) cli_error("standard input holds %d results: merge them first (kick-cli merge)", n);
    else cli_error("'%s' holds %d results: merge them first (kick-cli merge)", path, n);
    rc = EXIT_RUNTIME;
  }
  spread *sp = rc == EXIT_OK ? calloc((size_t)rs[0].nlevels, sizeof *sp) : NULL;
  if (rc == EXIT_OK && !sp) {
    cli_error("out of memory");
    rc = EXIT_RUNTIME;
  }
  if (rc == EXIT_OK && records && !load_records(records, &rs[0], sp)) rc = EXIT_RUNTIME;
  if (rc == EXIT_OK) {
    char *html = render(&rs[0], sp, records != NULL);
    if (!html) {
      cli_error("out of memory");
      rc = EXIT_RUNTIME;
    } else {
      ks_host_out_write(&out, html, strlen(html));
      ks_host_out_write(&out, "\n", 1);
    }
    free(html);
  }
  if (!sim_out_end(&out, rc == EXIT_OK)) rc = EXIT_RUNTIME;
  free(sp);
  for (int i = 0; i < n; i++) sim_result_free(&rs[i]);
  free(rs);
  return rc;
}
