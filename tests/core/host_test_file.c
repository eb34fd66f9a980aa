// SPDX-License-Identifier: MIT
/* The hosted writer and reader (kickstep/host_file.h): what each kind of
   destination becomes, that nothing is replaced that should not be, that no
   temporary file outlives a failure, and that reads are whole or refused. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kickstep/host_file.h"

static char dir[64];

static int setup(void **st) {
  (void)st;
  snprintf(dir, sizeof dir, "/tmp/ks_host_file_XXXXXX");
  return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **st) {
  (void)st;
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

static const char *at(const char *name) {
  static char buf[4][256];
  static int i;
  i = (i + 1) % 4;
  snprintf(buf[i], sizeof buf[i], "%s/%s", dir, name);
  return buf[i];
}

static void put(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static char *get(const char *path) {
  static char buf[4096];
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  return buf;
}

/* No "*.tmp.*" file in the directory. */
static int temporaries(void) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  int n = 0;
  for (struct dirent *e; (e = readdir(d));)
    if (strstr(e->d_name, ".tmp.")) n++;
  closedir(d);
  return n;
}

static void a_regular_file_is_replaced_whole_and_keeps_its_mode(void **st) {
  (void)st;
  const char *p = at("a.txt");
  put(p, "old");
  chmod(p, 0640);
  ks_host_out o;
  ks_host_error e;
  assert_int_equal(ks_host_out_open(&o, p, &e), KS_OK);
  assert_string_equal(get(p), "old"); /* untouched until the commit */
  assert_int_equal(temporaries(), 1);
  ks_host_out_printf(&o, "new %d", 1);
  assert_int_equal(ks_host_out_commit(&o, &e), KS_OK);
  assert_string_equal(get(p), "new 1");
  struct stat s;
  assert_int_equal(stat(p, &s), 0);
  assert_int_equal(s.st_mode & 07777, 0640);
  assert_int_equal(temporaries(), 0);
  /* aborted: the old file stays, no temporary */
  assert_int_equal(ks_host_out_open(&o, p, &e), KS_OK);
  ks_host_out_write(&o, "x", 1);
  ks_host_out_abort(&o);
  assert_string_equal(get(p), "new 1");
  assert_int_equal(temporaries(), 0);
}

static void two_writers_never_share_a_temporary(void **st) {
  (void)st;
  const char *p = at("b.txt");
  ks_host_out a, b;
  assert_int_equal(ks_host_out_open(&a, p, NULL), KS_OK);
  assert_int_equal(ks_host_out_open(&b, p, NULL), KS_OK);
  assert_string_not_equal(a.tmp, b.tmp);
  ks_host_out_write(&a, "AAAA", 4);
  ks_host_out_write(&b, "BB", 2);
  assert_int_equal(ks_host_out_commit(&a, NULL), KS_OK);
  assert_string_equal(get(p), "AAAA");
  assert_int_equal(ks_host_out_commit(&b, NULL), KS_OK);
  assert_string_equal(get(p), "BB");
  assert_int_equal(temporaries(), 0);
}

static bool exists(const char *path) {
  struct stat sb;
  return lstat(path, &sb) == 0;
}

/* A pid no process has: a child that exited and was reaped. */
static pid_t dead_pid(void) {
  pid_t c = fork();
  assert_true(c >= 0);
  if (c == 0) _exit(0);
  assert_int_equal(waitpid(c, NULL, 0), c);
  return c;
}

/* A writer killed outright (kill -9) leaves "<name>.tmp.<pid>.<n>": the next
   write to the same destination removes those whose pid is dead, and keeps a
   live writer's, its own, other names, and anything that is not a regular file. */
static void stale_temporaries_of_dead_writers_are_removed(void **st) {
  (void)st;
  pid_t dead = dead_pid(), dead2 = dead_pid();
  pid_t live = fork(); /* a writer still at work */
  assert_true(live >= 0);
  if (live == 0) {
    /* Holds no pipe of the test's, and ends by itself should the test fail before its kill. */
    close(STDOUT_FILENO);
    close(STDERR_FILENO);
    alarm(30);
    pause();
    _exit(0);
  }
  char stale[256], stale2[256], alive[256], mine[256], other[256], odd[256], sub[256], link[256];
  snprintf(stale, sizeof stale, "%s/out.json.tmp.%ld.0", dir, (long)dead);
  snprintf(stale2, sizeof stale2, "%s/out.json.tmp.%ld.17", dir, (long)dead2);
  snprintf(alive, sizeof alive, "%s/out.json.tmp.%ld.3", dir, (long)live);
  snprintf(mine, sizeof mine, "%s/out.json.tmp.%ld.999", dir, (long)getpid());
  snprintf(other, sizeof other, "%s/other.json.tmp.%ld.0", dir, (long)dead);   /* another destination */
  snprintf(odd, sizeof odd, "%s/out.json.tmp.%ld.x", dir, (long)dead);         /* not our pattern */
  snprintf(sub, sizeof sub, "%s/out.json.tmp.%ld.5", dir, (long)dead);         /* a directory */
  snprintf(link, sizeof link, "%s/out.json.tmp.%ld.6", dir, (long)dead);       /* a symlink */
  put(at("out.json"), "old");
  put(stale, "half a result");
  put(stale2, "another half");
  put(alive, "being written");
  put(mine, "ours");
  put(other, "half of another");
  put(odd, "?");
  assert_int_equal(mkdir(sub, 0700), 0);
  assert_int_equal(symlink(at("out.json"), link), 0);
  assert_int_equal(ks_host_write_file(at("out.json"), "new", 3, NULL), KS_OK);
  assert_string_equal(get(at("out.json")), "new");
  assert_false(exists(stale));
  assert_false(exists(stale2));
  assert_true(exists(alive));
  assert_true(exists(mine));
  assert_true(exists(other));
  assert_true(exists(odd));
  assert_true(exists(sub));
  assert_true(exists(link));
  /* Once the live writer is gone, the next write takes its temporary too. */
  kill(live, SIGKILL);
  assert_int_equal(waitpid(live, NULL, 0), live);
  assert_int_equal(ks_host_write_file(at("out.json"), "newer", 5, NULL), KS_OK);
  assert_false(exists(alive));
  assert_true(exists(other));
  assert_true(exists(mine));
  rmdir(sub);
}

static void a_symlink_is_followed_and_kept(void **st) {
  (void)st;
  const char *t = at("target.txt"), *l = at("link.txt");
  put(t, "old");
  assert_int_equal(symlink("target.txt", l), 0);
  assert_int_equal(ks_host_write_file(l, "new", 3, NULL), KS_OK);
  struct stat s;
  assert_int_equal(lstat(l, &s), 0);
  assert_true(S_ISLNK(s.st_mode));
  assert_string_equal(get(t), "new");
  /* a link to nothing is refused and left alone */
  const char *d = at("dangling");
  assert_int_equal(symlink("no/such/file", d), 0);
  ks_host_error e;
  assert_int_equal(ks_host_write_file(d, "x", 1, &e), KS_ERR_STATE);
  assert_non_null(strstr(e.message, "symbolic link"));
  assert_int_equal(lstat(d, &s), 0);
  assert_true(S_ISLNK(s.st_mode));
  assert_int_equal(temporaries(), 0);
}

static void a_fifo_is_written_in_place(void **st) {
  (void)st;
  const char *f = at("fifo");
  assert_int_equal(mkfifo(f, 0600), 0);
  int pfd[2];
  assert_int_equal(pipe(pfd), 0);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) { /* the reader: copies what it reads to the pipe */
    close(pfd[0]);
    int fd = open(f, O_RDONLY);
    char buf[64];
    ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
    if (n > 0) (void)!write(pfd[1], buf, (size_t)n);
    _exit(n > 0 ? 0 : 1);
  }
  close(pfd[1]);
  assert_int_equal(ks_host_write_file(f, "through", 7, NULL), KS_OK);
  char got[64] = {0};
  assert_true(read(pfd[0], got, sizeof got - 1) == 7);
  close(pfd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  assert_string_equal(got, "through");
  struct stat s;
  assert_int_equal(lstat(f, &s), 0);
  assert_true(S_ISFIFO(s.st_mode));
}

static void directories_sockets_and_block_devices_are_refused(void **st) {
  (void)st;
  ks_host_error e;
  const char *d = at("adir");
  assert_int_equal(mkdir(d, 0700), 0);
  assert_int_equal(ks_host_write_file(d, "x", 1, &e), KS_ERR_STATE);
  assert_non_null(strstr(e.message, "directory"));
  char slash[300];
  snprintf(slash, sizeof slash, "%s/", at("nothing"));
  assert_int_equal(ks_host_write_file(slash, "x", 1, &e), KS_ERR_STATE);
  int s = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  snprintf(a.sun_path, sizeof a.sun_path, "%s", at("sock"));
  assert_int_equal(bind(s, (struct sockaddr *)&a, sizeof a), 0);
  assert_int_equal(ks_host_write_file(a.sun_path, "x", 1, &e), KS_ERR_STATE);
  assert_non_null(strstr(e.message, "socket"));
  close(s);
  struct stat sb;
  assert_int_equal(lstat(a.sun_path, &sb), 0);
  assert_true(S_ISSOCK(sb.st_mode));
  if (geteuid() == 0) {
    const char *b = at("blk");
    assert_int_equal(mknod(b, S_IFBLK | 0600, makedev(7u, 250u)), 0);
    assert_int_equal(ks_host_write_file(b, "x", 1, &e), KS_ERR_STATE);
    assert_non_null(strstr(e.message, "block device"));
    assert_int_equal(lstat(b, &sb), 0);
    assert_true(S_ISBLK(sb.st_mode));
  }
  assert_int_equal(ks_host_write_file(at("no/such/dir/x"), "x", 1, &e), KS_ERR_STATE);
  assert_int_equal(temporaries(), 0);
}

/* Copies of /dev/null and /dev/full made with mknod (root only): written in
   place, never replaced; a full device is an error. */
static void character_devices_are_written_in_place(void **st) {
  (void)st;
  if (geteuid() != 0) {
    skip();
    return;
  }
  const char *n = at("null"), *f = at("full");
  assert_int_equal(mknod(n, S_IFCHR | 0666, makedev(1u, 3u)), 0);
  assert_int_equal(mknod(f, S_IFCHR | 0666, makedev(1u, 7u)), 0);
  ks_host_error e;
  assert_int_equal(ks_host_write_file(n, "gone", 4, &e), KS_OK);
  struct stat s;
  assert_int_equal(lstat(n, &s), 0);
  assert_true(S_ISCHR(s.st_mode));
  assert_int_equal(ks_host_write_file(f, "full", 4, &e), KS_ERR_STATE);
  assert_int_equal(e.errnum, ENOSPC);
  assert_non_null(strstr(e.message, "No space left"));
  assert_int_equal(lstat(f, &s), 0);
  assert_true(S_ISCHR(s.st_mode));
  assert_int_equal(temporaries(), 0);
}

/* A file-size limit (EFBIG once SIGXFSZ is ignored) fails the commit, removes
   the temporary and leaves the old file. */
static void a_write_that_hits_the_size_limit_changes_nothing(void **st) {
  (void)st;
  const char *p = at("limited.txt");
  put(p, "old");
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit r = {4096, 4096};
    setrlimit(RLIMIT_FSIZE, &r);
    static char big[65536];
    memset(big, 'x', sizeof big);
    ks_host_error e;
    ks_status s = ks_host_write_file(p, big, sizeof big, &e);
    _exit(s == KS_ERR_STATE && e.errnum == EFBIG ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  assert_string_equal(get(p), "old");
  assert_int_equal(temporaries(), 0);
}

static void one_file_named_twice_is_refused(void **st) {
  (void)st;
  const char *a = at("x.ksr"), *l = at("lx.ksr");
  put(a, "x");
  assert_int_equal(symlink("x.ksr", l), 0);
  char dot[300];
  snprintf(dot, sizeof dot, "%s/./x.ksr", dir);
  ks_host_error e;
  ks_host_file two_out[] = {{a, "--out", true}, {dot, "--trace", true}};
  assert_int_equal(ks_host_check_files(two_out, 2, &e), KS_ERR_FORMAT);
  assert_non_null(strstr(e.message, "--out and --trace"));
  ks_host_file link_out[] = {{l, "--out", true}, {a, "--trace", true}};
  assert_int_equal(ks_host_check_files(link_out, 2, &e), KS_ERR_FORMAT);
  ks_host_file in_out[] = {{a, "--out", true}, {l, "--swipe-file", false}};
  assert_int_equal(ks_host_check_files(in_out, 2, &e), KS_ERR_FORMAT);
  /* not there yet: the same directory and name */
  char new1[300], new2[300];
  snprintf(new1, sizeof new1, "%s/new", dir);
  snprintf(new2, sizeof new2, "%s/./new", dir);
  ks_host_file fresh[] = {{new1, "--out", true}, {new2, "--trace", true}};
  assert_int_equal(ks_host_check_files(fresh, 2, &e), KS_ERR_FORMAT);
  ks_host_file stdin_twice[] = {{"-", "A", false}, {"-", "B", false}};
  assert_int_equal(ks_host_check_files(stdin_twice, 2, &e), KS_ERR_FORMAT);
  ks_host_file stdout_twice[] = {{"-", "--out", true}, {"-", "--trace", true}};
  assert_int_equal(ks_host_check_files(stdout_twice, 2, &e), KS_ERR_FORMAT);
  /* different files, two reads of one file, NULLs: fine */
  ks_host_file fine[] = {{a, "A", false}, {a, "B", false}, {new1, "--out", true}, {NULL, "--trace", true}};
  assert_int_equal(ks_host_check_files(fine, 4, &e), KS_OK);
}

static void reads_are_whole_or_refused_with_the_limit_named(void **st) {
  (void)st;
  const char *p = at("r.txt");
  put(p, "0123456789");
  char *t = NULL;
  size_t n = 0;
  ks_host_error e;
  assert_int_equal(ks_host_read_all(p, 10, "a test file", &t, &n, &e), KS_OK);
  assert_int_equal(n, 10);
  assert_string_equal(t, "0123456789");
  free(t);
  t = NULL;
  assert_int_equal(ks_host_read_all(p, 9, "a test file", &t, &n, &e), KS_ERR_CAPACITY);
  assert_null(t);
  assert_non_null(strstr(e.message, "9 bytes, the limit for a test file"));
  assert_int_equal(ks_host_read_all("/dev/zero", 1 << 20, "a stream", &t, &n, &e), KS_ERR_CAPACITY);
  assert_non_null(strstr(e.message, "1 MiB"));
  assert_int_equal(ks_host_read_all(dir, 100, "x", &t, &n, &e), KS_ERR_NOT_FOUND);
  assert_non_null(strstr(e.message, "directory"));
  assert_int_equal(ks_host_read_all(at("missing"), 100, "x", &t, &n, &e), KS_ERR_NOT_FOUND);
  assert_non_null(strstr(e.message, "cannot open"));
  /* "-" is standard input */
  int saved = dup(STDIN_FILENO), fd = open(p, O_RDONLY);
  dup2(fd, STDIN_FILENO);
  close(fd);
  assert_int_equal(ks_host_read_all("-", 100, "x", &t, &n, &e), KS_OK);
  dup2(saved, STDIN_FILENO);
  close(saved);
  assert_string_equal(t, "0123456789");
  free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(a_regular_file_is_replaced_whole_and_keeps_its_mode, setup, teardown),
      cmocka_unit_test_setup_teardown(two_writers_never_share_a_temporary, setup, teardown),
      cmocka_unit_test_setup_teardown(stale_temporaries_of_dead_writers_are_removed, setup, teardown),
      cmocka_unit_test_setup_teardown(a_symlink_is_followed_and_kept, setup, teardown),
      cmocka_unit_test_setup_teardown(a_fifo_is_written_in_place, setup, teardown),
      cmocka_unit_test_setup_teardown(directories_sockets_and_block_devices_are_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(character_devices_are_written_in_place, setup, teardown),
      cmocka_unit_test_setup_teardown(a_write_that_hits_the_size_limit_changes_nothing, setup, teardown),
      cmocka_unit_test_setup_teardown(one_file_named_twice_is_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(reads_are_whole_or_refused_with_the_limit_named, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
