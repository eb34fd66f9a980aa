// SPDX-License-Identifier: MIT
/// @file kickstep/version.h
/// kickstep's version, as macros for the preprocessor and as a function for
/// the library that was actually linked.
///
/// The API follows Semantic Versioning (docs/versioning.md): a MAJOR change
/// breaks source or behaviour, MINOR adds, PATCH fixes. The replay and timeline
/// byte formats carry version numbers of their own and are not tied to these.
/// CMake reads the three numbers from this file, so it is their one source.
#ifndef KICKSTEP_VERSION_H
#define KICKSTEP_VERSION_H

#include "kickstep/base.h"

#define KICKSTEP_VERSION_MAJOR 0 ///< incremented for incompatible API changes
#define KICKSTEP_VERSION_MINOR 2 ///< incremented for compatible additions
#define KICKSTEP_VERSION_PATCH 0 ///< incremented for compatible fixes
#define KICKSTEP_VERSION_STRING "0.2.0" ///< "MAJOR.MINOR.PATCH"

/// The three numbers in one integer, MAJOR * 10000 + MINOR * 100 + PATCH,
/// for `#if KICKSTEP_VERSION >= 200` tests.
#define KICKSTEP_VERSION \
  (KICKSTEP_VERSION_MAJOR * 10000 + KICKSTEP_VERSION_MINOR * 100 + KICKSTEP_VERSION_PATCH)

#ifdef __cplusplus
extern "C" {
#endif

/// The version string of the kickstep library that is linked ("0.2.0"). Compare
/// it with KICKSTEP_VERSION_STRING to catch a header and library that differ.
KS_API const char *ks_version(void);

/// The linked library's version as KICKSTEP_VERSION computes it.
KS_API int ks_version_number(void);

#ifdef __cplusplus
}
#endif
#endif
