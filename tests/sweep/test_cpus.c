// SPDX-License-Identifier: MIT
/* --threads 0's CPU count (apps/kick-cli/cpus.c): cgroup CPU quotas read from
   a fake cgroup tree, v2 and v1, nested and inside a container. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "sim.h"

static char root[256];

/* Writes `text` to root/path, making its directories. */
static void put(const char *path, const char *text) {
  char full[1024];
  snprintf(full, sizeof full, "%s/%s", root, path);
  for (char *p = full + strlen(root) + 1; *p; p++)
    if (*p == '/') {
      *p = '\0';
      mkdir(full, 0755);
      *p = '/';
    }
  FILE *f = fopen(full, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static int fresh(void **state) {
  (void)state;
  snprintf(root, sizeof root, "/tmp/ks-cgroup.XXXXXX");
  assert_non_null(mkdtemp(root));
  return 0;
}

static int gone(void **state) {
  (void)state;
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  return system(cmd) == 0 ? 0 : -1;
}

static void test_v2_no_limit(void **state) {
  (void)state;
  put("app/cpu.max", "max 100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/app\n"), 0);
}

static void test_v2_quota_rounds_up(void **state) {
  (void)state;
  put("app/cpu.max", "150000 100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/app\n"), 2);
  put("app/cpu.max", "100000 100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/app\n"), 1);
  put("app/cpu.max", "20000 100000\n"); /* a fifth of a CPU still runs one thread */
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/app\n"), 1);
}

static void test_v2_the_tightest_ancestor_counts(void **state) {
  (void)state;
  put("a/cpu.max", "300000 100000\n");
  put("a/b/cpu.max", "max 100000\n");
  put("a/b/c/cpu.max", "500000 100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/a/b/c\n"), 3);
}

static void test_v2_in_a_container_reads_the_mount_root(void **state) {
  (void)state;
  /* The host's path is not under the container's mount: its root is ours. */
  put("cpu.max", "200000 100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/system.slice/docker-1234.scope\n"), 2);
}

static void test_v1_quota_and_period(void **state) {
  (void)state;
  put("cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "250000\n");
  put("cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000\n");
  const char *proc = "12:pids:/docker/abc\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n";
  assert_int_equal(sim_cgroup_cpu_limit(root, proc), 3);
  put("cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "-1\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, proc), 0);
}

static void test_v1_cpu_mounted_alone(void **state) {
  (void)state;
  put("cpu/cpu.cfs_quota_us", "50000\n");
  put("cpu/cpu.cfs_period_us", "100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "3:cpu:/\n2:cpuacct:/\n"), 1);
  /* "cpuacct" alone is not the cpu controller */
  assert_int_equal(sim_cgroup_cpu_limit(root, "2:cpuacct:/\n"), 0);
}

static void test_v1_and_v2_the_smaller_wins(void **state) {
  (void)state;
  put("cpu/cpu.cfs_quota_us", "400000\n");
  put("cpu/cpu.cfs_period_us", "100000\n");
  put("cpu.max", "200000 100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "3:cpu:/\n0::/\n"), 2);
}

static void test_nothing_readable_is_no_limit(void **state) {
  (void)state;
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/nowhere\n"), 0);
  assert_int_equal(sim_cgroup_cpu_limit(root, "garbage"), 0);
  assert_int_equal(sim_cgroup_cpu_limit(root, ""), 0);
  assert_int_equal(sim_cgroup_cpu_limit(NULL, "0::/\n"), 0);
  put("cpu.max", "lots 100000\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/\n"), 0);
  put("cpu.max", "100000 0\n");
  assert_int_equal(sim_cgroup_cpu_limit(root, "0::/\n"), 0);
}

static void test_affinity_is_the_mask(void **state) {
  (void)state;
  cpu_set_t set;
  CPU_ZERO(&set);
  assert_int_equal(sched_getaffinity(0, sizeof set, &set), 0);
  assert_int_equal(sim_affinity_cpus(), CPU_COUNT(&set));
  /* Only CPU 0: the count follows the mask, not the machine. */
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(0, &one);
  if (CPU_ISSET(0, &set) && sched_setaffinity(0, sizeof one, &one) == 0) {
    assert_int_equal(sim_affinity_cpus(), 1);
    assert_true(sim_usable_cpus() == 1);
    assert_int_equal(sched_setaffinity(0, sizeof set, &set), 0);
  }
  assert_true(sim_usable_cpus() >= 1 && sim_usable_cpus() <= CPU_COUNT(&set));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_v2_no_limit, fresh, gone),
      cmocka_unit_test_setup_teardown(test_v2_quota_rounds_up, fresh, gone),
      cmocka_unit_test_setup_teardown(test_v2_the_tightest_ancestor_counts, fresh, gone),
      cmocka_unit_test_setup_teardown(test_v2_in_a_container_reads_the_mount_root, fresh, gone),
      cmocka_unit_test_setup_teardown(test_v1_quota_and_period, fresh, gone),
      cmocka_unit_test_setup_teardown(test_v1_cpu_mounted_alone, fresh, gone),
      cmocka_unit_test_setup_teardown(test_v1_and_v2_the_smaller_wins, fresh, gone),
      cmocka_unit_test_setup_teardown(test_nothing_readable_is_no_limit, fresh, gone),
      cmocka_unit_test(test_affinity_is_the_mask),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
