// SPDX-License-Identifier: MIT
/// @file kickstep/base.h
/// What every kickstep header shares.
///
/// kickstep's simulation layers are freestanding C17: they include only
/// <stdint.h>, <stddef.h>, <stdbool.h> and kickstep's own headers, allocate
/// nothing and do no I/O, so the same sources build natively and for
/// `clang --target=wasm32 -nostdlib`.
///
/// Errors: functions that can reject their input return a ks_status. Zero is
/// success; every other value has a name (ks_status_name) that tests assert on.
#ifndef KICKSTEP_BASE_H
#define KICKSTEP_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// @def KS_API
/// Marks every public function of kickstep. What it expands to depends on how
/// the library is built and used:
///
/// | build                         | KS_BUILDING (compiling kickstep) | using kickstep |
/// |-------------------------------|----------------------------------|----------------|
/// | shared, ELF/Mach-O (KS_SHARED) | `visibility("default")`         | `visibility("default")` |
/// | shared, Windows (KS_SHARED)   | `__declspec(dllexport)`          | `__declspec(dllimport)` |
/// | static, GNU/Clang on ELF       | `visibility("hidden")`          | nothing |
/// | static, elsewhere             | nothing                          | nothing |
///
/// A shared build exports exactly the KS_API functions (everything else is
/// compiled with hidden visibility). A static build keeps even the KS_API
/// functions hidden, so a game's own shared library that links the static
/// kickstep does not re-export kickstep's symbols; the installed archives
/// (and, as a subproject, the built ones) make every other symbol local, so
/// none of kickstep's internal names can collide with a game's. KS_SHARED and
/// KS_BUILDING are set by kickstep's CMake targets and kickstep.pc; nobody
/// defines them by hand.
#if defined(KS_SHARED)
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(KS_BUILDING)
#define KS_API __declspec(dllexport)
#else
#define KS_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define KS_API __attribute__((visibility("default")))
#else
#define KS_API
#endif
#elif defined(KS_BUILDING) && (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
#define KS_API __attribute__((visibility("hidden")))
#else
#define KS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Result of a call that can reject its input.
typedef enum ks_status {
  KS_OK = 0,            ///< success
  KS_ERR_NULL,          ///< a required pointer was NULL
  KS_ERR_NOT_FINITE,    ///< a number was NaN or infinite
  KS_ERR_RANGE,         ///< a number was outside its documented range
  KS_ERR_UNINITIALISED, ///< a definition did not come from its default function
  KS_ERR_CAPACITY,      ///< a fixed-capacity buffer is full
  KS_ERR_STATE,         ///< the call is not valid in the object's current state
  KS_ERR_FORMAT,        ///< encoded data is malformed
  KS_ERR_VERSION,       ///< encoded data is from a newer format version
  KS_ERR_CHECKSUM,      ///< encoded data fails its checksum
  KS_ERR_TRUNCATED,     ///< encoded data ends early
  KS_ERR_NOT_FOUND,     ///< a named thing (a level, a keeper) does not exist
  ks_status_count       ///< the number of statuses (not a status)
} ks_status;

/// A short, stable, lower-case name for a status ("ok", "not_finite", ...).
KS_API const char *ks_status_name(ks_status s);

/// True when x is neither NaN nor infinite. Works without libm and under
/// -ffinite-math-only mistakes, because it inspects the bits.
static inline bool ks_is_finite(double x) {
  union { double d; uint64_t u; } v = { x };
  return (v.u & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
}

/// The IEEE 754 bits of a double. Hashes and timelines use these.
static inline uint64_t ks_f64_bits(double x) {
  union { double d; uint64_t u; } v = { x };
  return v.u;
}
/// The double whose IEEE 754 bits are u (the inverse of ks_f64_bits).
static inline double ks_f64_from_bits(uint64_t u) {
  union { uint64_t u; double d; } v = { u };
  return v.d;
}

/// Checked at init time: a definition must come from its default function.
#define KS_DEF_COOKIE 0x6b737465u /* "kste" */

#ifdef __cplusplus
}
#endif
#endif
