// SPDX-License-Identifier: MIT
/* How many CPUs this process may use, for --threads 0.

   The machine's count is the wrong answer under `taskset`, a container's
   cpuset or a batch scheduler that binds tasks to cores: the process would
   start more threads than it may run. The affinity mask (sched_getaffinity)
   says which CPUs the process may run on; a cgroup CPU quota (a container
   limited to 1.5 CPUs) caps how much time it gets on them, so the quota,
   rounded up, lowers the count further. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim.h"

long sim_affinity_cpus(void) {
  /* Start with a mask of 1024 CPUs and grow it while the kernel says it is too small. */
  for (size_t n = 1024; n <= (1u << 20); n *= 2) {
    cpu_set_t *set = CPU_ALLOC(n);
    if (!set) return 0;
    size_t size = CPU_ALLOC_SIZE(n);
    CPU_ZERO_S(size, set);
    if (sched_getaffinity(0, size, set) == 0) {
      long count = CPU_COUNT_S(size, set);
      CPU_FREE(set);
      return count;
    }
    int e = errno;
    CPU_FREE(set);
    if (e != EINVAL) return 0;
  }
  return 0;
}

/* Reads up to two whitespace-separated words of a small file. */
static int read_words(const char *path, char *a, char *b, size_t size) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char line[256];
  int n = 0;
  if (fgets(line, sizeof line, f)) {
    char *save = NULL, *w;
    if ((w = strtok_r(line, " \t\n", &save)) && strlen(w) < size) {
      strcpy(a, w);
      n = 1;
      if ((w = strtok_r(NULL, " \t\n", &save)) && strlen(w) < size) {
        strcpy(b, w);
        n = 2;
      }
    }
  }
  fclose(f);
  return n;
}

static bool parse_positive(const char *s, long long *out) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (end == s || *end != '\0' || errno == ERANGE || v <= 0) return false;
  *out = v;
  return true;
}

/* CPUs a quota allows, rounded up (a 1.5-CPU quota keeps two threads busy). */
static long quota_cpus(long long quota, long long period) {
  long long n = (quota + period - 1) / period;
  return n < 1 ? 1 : n > 1000000 ? 1000000 : (long)n;
}

/* cgroup v2: "max 100000" or "150000 100000". */
static long v2_limit(const char *dir) {
  char path[4096], a[64], b[64];
  long long q, p = 100000;
  if (snprintf(path, sizeof path, "%s/cpu.max", dir) >= (int)sizeof path) return 0;
  int n = read_words(path, a, b, sizeof a);
  if (n < 1 || strcmp(a, "max") == 0 || !parse_positive(a, &q)) return 0;
  if (n == 2 && !parse_positive(b, &p)) return 0;
  return quota_cpus(q, p);
}

/* cgroup v1: cpu.cfs_quota_us (-1: none) over cpu.cfs_period_us. */
static long v1_limit(const char *dir) {
  char path[4096], a[64], b[64];
  long long q, p;
  if (snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dir) >= (int)sizeof path) return 0;
  if (read_words(path, a, b, sizeof a) < 1 || !parse_positive(a, &q)) return 0;
  if (snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dir) >= (int)sizeof path) return 0;
  if (read_words(path, a, b, sizeof a) < 1 || !parse_positive(a, &p)) return 0;
  return quota_cpus(q, p);
}

/* The smallest limit from `mount`+`path` up to `mount` itself. Inside a
   container the mount's root is often the process's own cgroup while
   /proc/self/cgroup names the host's path: directories that do not exist
   are skipped, so the mount root is read then. */
static long walk_up(const char *mount, const char *path, long (*limit)(const char *)) {
  char rel[4096];
  if (strlen(path) >= sizeof rel) return 0;
  strcpy(rel, path);
  long best = 0;
  for (;;) {
    char dir[8192];
    size_t len = strlen(rel);
    while (len > 0 && rel[len - 1] == '/') rel[--len] = '\0';
    snprintf(dir, sizeof dir, "%s%s", mount, rel);
    long l = limit(dir);
    if (l > 0 && (best == 0 || l < best)) best = l;
    if (len == 0) break;
    char *slash = strrchr(rel, '/');
    if (!slash) break;
    *slash = '\0';
  }
  return best;
}

long sim_cgroup_cpu_limit(const char *root, const char *proc_self_cgroup) {
  if (!root || !proc_self_cgroup) return 0;
  long best = 0;
  const char *line = proc_self_cgroup;
  while (*line) {
    const char *eol = strchr(line, '\n');
    size_t len = eol ? (size_t)(eol - line) : strlen(line);
    char buf[4096];
    if (len < sizeof buf) {
      memcpy(buf, line, len);
      buf[len] = '\0';
      /* "ID:CONTROLLERS:PATH"; the path may itself hold ':' */
      char *c1 = strchr(buf, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
      if (c1 && c2) {
        *c1 = '\0';
        *c2 = '\0';
        const char *controllers = c1 + 1, *path = c2 + 1;
        long l = 0;
        char mount[4096];
        if (strcmp(buf, "0") == 0 && *controllers == '\0') {
          l = walk_up(root, path, v2_limit);
        } else {
          /* v1: the cpu controller, mounted alone or with cpuacct */
          char list[256];
          snprintf(list, sizeof list, ",%s,", controllers);
          if (strstr(list, ",cpu,")) {
            static const char *names[] = {"cpu", "cpu,cpuacct", "cpuacct,cpu"};
            for (size_t i = 0; i < sizeof names / sizeof names[0] && l == 0; i++) {
              snprintf(mount, sizeof mount, "%s/%s", root, names[i]);
              l = walk_up(mount, path, v1_limit);
            }
          }
        }
        if (l > 0 && (best == 0 || l < best)) best = l;
      }
    }
    if (!eol) break;
    line = eol + 1;
  }
  return best;
}

long sim_usable_cpus(void) {
  long n = sim_affinity_cpus();
  if (n < 1) n = sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) n = 1;
  size_t len = 0;
  FILE *f = fopen("/proc/self/cgroup", "r");
  if (f) {
    char text[16384];
    len = fread(text, 1, sizeof text - 1, f);
    text[len] = '\0';
    fclose(f);
    long l = sim_cgroup_cpu_limit("/sys/fs/cgroup", text);
    if (l > 0 && l < n) n = l;
  }
  return n;
}
