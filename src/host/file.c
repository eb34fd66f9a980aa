// SPDX-License-Identifier: MIT
/* Whole-file reads with a size limit, and writes that never destroy what they
   should not (kickstep/host_file.h). Hosted: POSIX. */
#define _XOPEN_SOURCE 700
#include "kickstep/host_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "host_internal.h"

bool ks_host__stdout_reported = false;

/* ---------------------------------------------------------------- long texts */

static char *vformat(const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, again);
  va_end(again);
  if (n < 0) return NULL;
  char *text = malloc((size_t)n + 1);
  if (text) vsnprintf(text, (size_t)n + 1, fmt, ap);
  return text;
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n'; }
static bool is_continuation(char c) { return ((unsigned char)c & 0xc0) == 0x80; }

static void shorten(const char *in, char *out, size_t cap) {
  if (cap == 0) return;
  size_t len = strlen(in);
  char *t = malloc(len + 1);
  if (!t) {
    snprintf(out, cap, "%s", in);
    return;
  }
  memcpy(t, in, len + 1);
  enum { LONG_RUN = 100, HEAD = 60, TAIL = 30 };
  while (len >= cap) {
    size_t best = 0, best_len = 0;
    for (size_t i = 0; i < len;) {
      if (is_blank(t[i])) {
        i++;
        continue;
      }
      size_t j = i;
      while (j < len && !is_blank(t[j])) j++;
      if (j - i > best_len) {
        best = i;
        best_len = j - i;
      }
      i = j;
    }
    if (best_len <= LONG_RUN) break;
    size_t head = HEAD, tail_at = best + best_len - TAIL;
    while (head > 0 && is_continuation(t[best + head])) head--;
    while (tail_at < best + best_len && is_continuation(t[tail_at])) tail_at++;
    memcpy(t + best + head, "...", 3);
    memmove(t + best + head + 3, t + tail_at, len - tail_at + 1);
    len = best + head + 3 + (len - tail_at);
  }
  if (len < cap) {
    memcpy(out, t, len + 1);
  } else {
    size_t k = cap > 4 ? cap - 4 : cap - 1;
    while (k > 0 && is_continuation(t[k])) k--;
    memcpy(out, t, k);
    if (cap > 4) memcpy(out + k, "...", 4);
    else out[k] = '\0';
  }
  free(t);
}

void ks_host_vmessage(char *out, size_t cap, const char *fmt, va_list ap) {
  if (!out || cap == 0) return;
  char *whole = fmt ? vformat(fmt, ap) : NULL;
  shorten(whole ? whole : fmt ? "(out of memory for a message)" : "", out, cap);
  free(whole);
}

bool ks_host_stdout_failed(void) { return ks_host__stdout_reported; }

enum { OUT_NONE, OUT_ATOMIC, OUT_DIRECT, OUT_STDOUT };

static ks_status fail(ks_host_error *e, ks_status st, int errnum, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static ks_status fail(ks_host_error *e, ks_status st, int errnum, const char *fmt, ...) {
  if (!e) return st;
  e->errnum = errnum;
  va_list ap;
  va_start(ap, fmt);
  ks_host_vmessage(e->message, sizeof e->message, fmt, ap); /* a long path is shortened, never the reason cut */
  va_end(ap);
  return st;
}

static void clear(ks_host_error *e) {
  if (!e) return;
  e->errnum = 0;
  e->message[0] = '\0';
}

/* "'name'" for a path, or a phrase for "-". Into buf. */
static const char *name_of(const char *path, bool output, char *buf, size_t cap) {
  if (strcmp(path, "-") == 0) return output ? "standard output" : "standard input";
  size_t n = strlen(path);
  if (n + 3 <= cap) snprintf(buf, cap, "'%s'", path);
  else snprintf(buf, cap, "'%.*s...'", (int)(cap > 6 ? cap - 6 : 0), path); /* the message shortens it further */
  return buf;
}

/* The limit in the unit a person reads. */
static void size_text(size_t n, char *buf, size_t cap) {
  if (n >= (1u << 20) && n % (1u << 20) == 0) snprintf(buf, cap, "%zu MiB", n >> 20);
  else if (n >= 1024 && n % 1024 == 0) snprintf(buf, cap, "%zu KiB", n >> 10);
  else snprintf(buf, cap, "%zu bytes", n);
}

/* ---------------------------------------------------------------- reading */

ks_status ks_host_read_all(const char *path, size_t max_bytes, const char *what, char **text, size_t *len,
                           ks_host_error *err) {
  clear(err);
  if (!path || !text || !len) return fail(err, KS_ERR_NULL, 0, "no file given");
  char nb[KS_HOST_PATH_MAX + 3];
  const char *name = name_of(path, false, nb, sizeof nb);
  bool std_in = strcmp(path, "-") == 0;
  int fd = std_in ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    int e = errno;
    return fail(err, KS_ERR_NOT_FOUND, e, "cannot open %s: %s", name, strerror(e));
  }
  struct stat st;
  ks_status status = KS_OK;
  char *buf = NULL;
  size_t n = 0;
  char limit[32];
  size_text(max_bytes, limit, sizeof limit);
  if (fstat(fd, &st) != 0) {
    int e = errno;
    status = fail(err, KS_ERR_NOT_FOUND, e, "cannot read %s: %s", name, strerror(e));
  } else if (S_ISDIR(st.st_mode)) {
    status = fail(err, KS_ERR_NOT_FOUND, EISDIR, "cannot read %s: it is a directory", name);
  } else if (S_ISREG(st.st_mode) && st.st_size > 0 && (uint64_t)st.st_size > (uint64_t)max_bytes) {
    status = fail(err, KS_ERR_CAPACITY, EFBIG, "%s is larger than %s, the limit for %s", name, limit,
                  what ? what : "this file");
  }
  /* Regular files start at their size; streams at 64 KiB; both grow to the limit + 1. */
  size_t cap = S_ISREG(st.st_mode) && st.st_size > 0 ? (size_t)st.st_size + 1 : (size_t)1 << 16;
  if (cap > max_bytes + 1) cap = max_bytes + 1;
  if (status == KS_OK && !(buf = malloc(cap + 1)))
    status = fail(err, KS_ERR_CAPACITY, ENOMEM, "cannot read %s: out of memory", name);
  while (status == KS_OK) {
    if (n == cap) {
      if (cap > max_bytes) {
        status = fail(err, KS_ERR_CAPACITY, EFBIG, "%s is larger than %s, the limit for %s", name, limit,
                      what ? what : "this file");
        break;
      }
      size_t bigger = cap > (max_bytes + 1) / 2 ? max_bytes + 1 : cap * 2;
      char *nbuf = realloc(buf, bigger + 1);
      if (!nbuf) {
        status = fail(err, KS_ERR_CAPACITY, ENOMEM, "cannot read %s: out of memory", name);
        break;
      }
      buf = nbuf;
      cap = bigger;
    }
    ssize_t r = read(fd, buf + n, cap - n);
    if (r < 0) {
      if (errno == EINTR) continue;
      int e = errno;
      status = fail(err, KS_ERR_NOT_FOUND, e, "cannot read %s: %s", name, strerror(e));
      break;
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  if (!std_in) close(fd);
  if (status != KS_OK) {
    free(buf);
    return status;
  }
  buf[n] = '\0';
  *text = buf;
  *len = n;
  return KS_OK;
}

/* ---------------------------------------------------------------- temporaries */

/* The temporary files not yet renamed or removed, for ks_host_remove_temporaries
   (which may run in a signal handler: it only reads these and calls unlink). */
#define TMP_SLOTS 16
static char g_tmp[TMP_SLOTS][KS_HOST_PATH_MAX];
static volatile sig_atomic_t g_tmp_used[TMP_SLOTS];

static int tmp_register(const char *path) {
  for (int i = 0; i < TMP_SLOTS; i++)
    if (!g_tmp_used[i]) {
      memcpy(g_tmp[i], path, strlen(path) + 1);
      g_tmp_used[i] = 1;
      return i;
    }
  return -1;
}

static void tmp_unregister(int slot) {
  if (slot >= 0 && slot < TMP_SLOTS) g_tmp_used[slot] = 0;
}

void ks_host_remove_temporaries(void) {
  for (int i = 0; i < TMP_SLOTS; i++)
    if (g_tmp_used[i]) {
      (void)unlink(g_tmp[i]);
      g_tmp_used[i] = 0;
    }
}

/* ---------------------------------------------------------------- writing */

/* The directory part of path ("." when none) and where its last name starts. */
static void split_path(const char *path, char *dir, size_t cap, const char **base) {
  const char *slash = strrchr(path, '/');
  if (!slash) {
    snprintf(dir, cap, ".");
    *base = path;
  } else if (slash == path) {
    snprintf(dir, cap, "/");
    *base = slash + 1;
  } else {
    snprintf(dir, cap, "%.*s", (int)(slash - path), path);
    *base = slash + 1;
  }
}

static ks_status open_direct(ks_host_out *o, ks_host_error *err) {
  int fd;
  do fd = open(o->target, O_WRONLY | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    int e = errno;
    return fail(err, KS_ERR_STATE, e, "cannot write '%s': %s", o->path, strerror(e));
  }
  o->f = fdopen(fd, "wb");
  if (!o->f) {
    int e = errno;
    close(fd);
    return fail(err, KS_ERR_STATE, e, "cannot write '%s': %s", o->path, strerror(e));
  }
  o->kind = OUT_DIRECT;
  return KS_OK;
}

/* The pid in a temporary's name after "<base>.tmp.": "<pid>.<n>", both plain
   decimal; 0 when the rest of the name is not that. */
static long temp_name_pid(const char *s) {
  long pid = 0;
  int digits = 0;
  for (; *s >= '0' && *s <= '9'; s++, digits++) {
    if (digits >= 10) return 0;
    pid = pid * 10 + (*s - '0');
  }
  if (digits == 0 || *s != '.' || s[1] == '\0') return 0;
  for (s++; *s; s++)
    if (*s < '0' || *s > '9') return 0;
  return pid;
}

/* Removes what killed writers left for this destination: regular files
   "<base>.tmp.<pid>.<n>" beside it whose pid is no live process on this
   machine (kill(pid, 0) says ESRCH). Our own, a live writer's (or one we may
   not signal) and every other name are kept. Best effort: errors are
   ignored, as a temporary that stays is only litter. */
static void remove_stale_temporaries(const char *dir, const char *base, int base_len) {
  DIR *d = opendir(dir);
  if (!d) return;
  long self = (long)getpid();
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    const char *name = e->d_name;
    if (strncmp(name, base, (size_t)base_len) != 0 || strncmp(name + base_len, ".tmp.", 5) != 0) continue;
    long pid = temp_name_pid(name + base_len + 5);
    if (pid <= 0 || pid > INT_MAX || pid == self) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
    char path[KS_HOST_PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= sizeof path) continue;
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    (void)unlink(path);
  }
  closedir(d);
}

static ks_status open_atomic(ks_host_out *o, const struct stat *old, ks_host_error *err) {
  static unsigned counter;
  char dir[KS_HOST_PATH_MAX];
  const char *base;
  split_path(o->target, dir, sizeof dir, &base);
  /* The name is cut so that the suffix fits a 255-byte file name. */
  int base_len = (int)strlen(base) > 200 ? 200 : (int)strlen(base);
  remove_stale_temporaries(dir, base, base_len);
  int fd = -1;
  for (int attempt = 0; attempt < 1000 && fd < 0; attempt++) {
    int n = snprintf(o->tmp, sizeof o->tmp, "%s/%.*s.tmp.%ld.%u", dir, base_len, base, (long)getpid(), counter++);
    if (n < 0 || (size_t)n >= sizeof o->tmp)
      return fail(err, KS_ERR_RANGE, ENAMETOOLONG, "cannot write '%s': the path is too long", o->path);
    fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, old ? 0600 : 0666);
    if (fd < 0 && errno != EEXIST && errno != EINTR) {
      int e = errno;
      o->tmp[0] = '\0';
      return fail(err, KS_ERR_STATE, e, "cannot write '%s': cannot create a file in '%s': %s", o->path, dir,
                  strerror(e));
    }
  }
  if (fd < 0) {
    o->tmp[0] = '\0';
    return fail(err, KS_ERR_STATE, EEXIST, "cannot write '%s': no free temporary name in '%s'", o->path, dir);
  }
  if (old) {
    /* The replacement keeps the old file's permissions and, where allowed, its owner. */
    (void)fchmod(fd, old->st_mode & 07777);
    if (geteuid() == 0) (void)!fchown(fd, old->st_uid, old->st_gid);
  }
  o->slot = tmp_register(o->tmp);
  o->f = fdopen(fd, "wb");
  if (!o->f) {
    int e = errno;
    close(fd);
    (void)unlink(o->tmp);
    tmp_unregister(o->slot);
    o->slot = -1;
    o->tmp[0] = '\0';
    return fail(err, KS_ERR_STATE, e, "cannot write '%s': %s", o->path, strerror(e));
  }
  o->kind = OUT_ATOMIC;
  return KS_OK;
}

ks_status ks_host_out_open(ks_host_out *o, const char *path, ks_host_error *err) {
  clear(err);
  if (!o) return fail(err, KS_ERR_NULL, 0, "no output given");
  o->f = NULL;
  o->kind = OUT_NONE;
  o->errnum = 0;
  o->failed = false;
  o->slot = -1;
  o->path[0] = o->target[0] = o->tmp[0] = '\0';
  if (!path) return fail(err, KS_ERR_NULL, 0, "no output given");
  size_t n = strlen(path);
  if (n >= sizeof o->path) return fail(err, KS_ERR_RANGE, ENAMETOOLONG, "cannot write a path of %zu bytes", n);
  memcpy(o->path, path, n + 1);
  memcpy(o->target, path, n + 1);
  if (n == 0) return fail(err, KS_ERR_STATE, ENOENT, "cannot write '': an empty file name");
  if (strcmp(path, "-") == 0) {
    o->f = stdout;
    o->kind = OUT_STDOUT;
    return KS_OK;
  }
  if (path[n - 1] == '/') return fail(err, KS_ERR_STATE, EISDIR, "cannot write '%s': it names a directory", path);
  struct stat st;
  bool exists = lstat(path, &st) == 0;
  if (!exists && errno != ENOENT) {
    int e = errno;
    return fail(err, KS_ERR_STATE, e, "cannot write '%s': %s", path, strerror(e));
  }
  bool link = exists && S_ISLNK(st.st_mode);
  if (link && stat(path, &st) != 0) {
    int e = errno;
    if (e == ENOENT)
      return fail(err, KS_ERR_STATE, e, "cannot write '%s': it is a symbolic link to a file that does not exist", path);
    return fail(err, KS_ERR_STATE, e, "cannot write '%s': %s", path, strerror(e));
  }
  /* A link to a regular file: the file it finally names is the one replaced
     (the link stays). A link to anything else is opened through the link
     itself, as /dev/stdout to a pipe must be (a pipe has no path). */
  if (link && S_ISREG(st.st_mode)) {
    char *real = realpath(path, NULL);
    if (!real || strlen(real) >= sizeof o->target) {
      int e = real ? ENAMETOOLONG : errno;
      free(real);
      return fail(err, KS_ERR_STATE, e, "cannot write '%s': %s", path, strerror(e));
    }
    memcpy(o->target, real, strlen(real) + 1);
    free(real);
  }
  if (!exists) return open_atomic(o, NULL, err);
  if (S_ISREG(st.st_mode)) return open_atomic(o, &st, err);
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return open_direct(o, err);
  if (S_ISDIR(st.st_mode)) return fail(err, KS_ERR_STATE, EISDIR, "cannot write '%s': it is a directory", path);
  if (S_ISBLK(st.st_mode))
    return fail(err, KS_ERR_STATE, EPERM,
                "cannot write '%s': it is a block device (only regular files, character devices and FIFOs are written)",
                path);
  if (S_ISSOCK(st.st_mode)) return fail(err, KS_ERR_STATE, EPERM, "cannot write '%s': it is a socket", path);
  return fail(err, KS_ERR_STATE, EPERM, "cannot write '%s': it is not a regular file", path);
}

static void remember(ks_host_out *o, int e) {
  if (o->failed) return;
  o->failed = true;
  o->errnum = e ? e : EIO;
}

ks_status ks_host_out_write(ks_host_out *o, const void *buf, size_t len) {
  if (!o || !o->f || (!buf && len)) return KS_ERR_NULL;
  if (o->failed) return KS_ERR_STATE;
  errno = 0;
  if (len && fwrite(buf, 1, len, o->f) != len) {
    remember(o, errno);
    return KS_ERR_STATE;
  }
  return KS_OK;
}

ks_status ks_host_out_printf(ks_host_out *o, const char *fmt, ...) {
  if (!o || !o->f || !fmt) return KS_ERR_NULL;
  if (o->failed) return KS_ERR_STATE;
  va_list ap;
  va_start(ap, fmt);
  errno = 0;
  int r = vfprintf(o->f, fmt, ap);
  va_end(ap);
  if (r < 0) {
    remember(o, errno);
    return KS_ERR_STATE;
  }
  return KS_OK;
}

static void sync_dir(const char *target) {
  char dir[KS_HOST_PATH_MAX];
  const char *base;
  split_path(target, dir, sizeof dir, &base);
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)fsync(fd); /* durability of the rename; some file systems cannot, which is no failure */
  close(fd);
}

ks_status ks_host_out_commit(ks_host_out *o, ks_host_error *err) {
  clear(err);
  if (!o || !o->f) return fail(err, KS_ERR_NULL, 0, "no open output");
  errno = 0;
  if (fflush(o->f) != 0) remember(o, errno);
  if (ferror(o->f)) remember(o, EIO);
  if (o->kind == OUT_STDOUT) {
    o->f = NULL;
    if (o->failed) {
      ks_host__stdout_reported = true;
      return fail(err, KS_ERR_STATE, o->errnum, "cannot write to standard output: %s", strerror(o->errnum));
    }
    return KS_OK;
  }
  if (o->kind == OUT_ATOMIC && !o->failed && fsync(fileno(o->f)) != 0) remember(o, errno);
  errno = 0;
  if (fclose(o->f) != 0) remember(o, errno);
  o->f = NULL;
  if (o->kind == OUT_ATOMIC) {
    if (!o->failed && rename(o->tmp, o->target) != 0) remember(o, errno);
    if (o->failed) (void)unlink(o->tmp);
    else sync_dir(o->target);
    tmp_unregister(o->slot);
    o->slot = -1;
  }
  if (o->failed) return fail(err, KS_ERR_STATE, o->errnum, "cannot write '%s': %s", o->path, strerror(o->errnum));
  return KS_OK;
}

void ks_host_out_abort(ks_host_out *o) {
  if (!o || !o->f) return;
  if (o->kind != OUT_STDOUT) fclose(o->f);
  o->f = NULL;
  if (o->kind == OUT_ATOMIC) {
    (void)unlink(o->tmp);
    tmp_unregister(o->slot);
    o->slot = -1;
  }
}

ks_status ks_host_write_file(const char *path, const void *buf, size_t len, ks_host_error *err) {
  if (!buf && len) return fail(err, KS_ERR_NULL, 0, "no bytes given");
  ks_host_out o;
  ks_status s = ks_host_out_open(&o, path, err);
  if (s != KS_OK) return s;
  ks_host_out_write(&o, buf, len);
  return ks_host_out_commit(&o, err);
}

/* ---------------------------------------------------------------- command lines */

typedef struct ident {
  bool known, exists;
  dev_t dev;
  ino_t ino;
  mode_t mode;
  const char *name; /* a file not there yet: its name in that directory */
} ident;

static ident identify(const ks_host_file *f) {
  ident id = {false, false, 0, 0, 0, NULL};
  struct stat st;
  if (strcmp(f->path, "-") == 0) {
    if (fstat(f->output ? STDOUT_FILENO : STDIN_FILENO, &st) != 0) return id;
  } else if (stat(f->path, &st) != 0) {
    if (errno != ENOENT) return id;
    char dir[KS_HOST_PATH_MAX];
    const char *base;
    split_path(f->path, dir, sizeof dir, &base);
    if (stat(dir, &st) != 0) return id;
    id.known = true;
    id.dev = st.st_dev;
    id.ino = st.st_ino;
    id.name = base;
    return id;
  }
  id.known = id.exists = true;
  id.dev = st.st_dev;
  id.ino = st.st_ino;
  id.mode = st.st_mode;
  return id;
}

static bool same_file(const ident *a, const ident *b) {
  if (!a->known || !b->known || a->exists != b->exists || a->dev != b->dev || a->ino != b->ino) return false;
  return a->exists || strcmp(a->name, b->name) == 0;
}

ks_status ks_host_check_files(const ks_host_file *files, size_t count, ks_host_error *err) {
  clear(err);
  if (!files && count) return fail(err, KS_ERR_NULL, 0, "no files given");
  for (size_t i = 0; i < count; i++)
    if (files[i].path && !files[i].path[0])
      return fail(err, KS_ERR_FORMAT, ENOENT, "%s is an empty file name", files[i].option);
  for (size_t i = 0; i < count; i++) {
    if (!files[i].path) continue;
    ident a = identify(&files[i]);
    for (size_t j = i + 1; j < count; j++) {
      if (!files[j].path) continue;
      const ks_host_file *x = &files[i], *y = &files[j];
      bool stdin_twice = !x->output && !y->output && strcmp(x->path, "-") == 0 && strcmp(y->path, "-") == 0;
      if (stdin_twice)
        return fail(err, KS_ERR_FORMAT, 0, "%s and %s both name standard input, which can be read once", x->option,
                    y->option);
      if (!x->output && !y->output) continue;
      ident b = identify(y);
      if (!same_file(&a, &b)) continue;
      char nb[KS_HOST_PATH_MAX + 3];
      const char *name = name_of(x->path, x->output, nb, sizeof nb);
      if (x->output && y->output)
        return fail(err, KS_ERR_FORMAT, 0, "%s and %s name the same file %s: one output would overwrite the other",
                    x->option, y->option, name);
      if (a.exists && S_ISCHR(a.mode)) continue; /* a terminal or /dev/null: reading it loses nothing */
      return fail(err, KS_ERR_FORMAT, 0, "%s and %s name the same file %s: the input would be overwritten",
                  x->option, y->option, name);
    }
  }
  return KS_OK;
}
