# SPDX-License-Identifier: MIT
# kickstep_add_library(<target> EXPORT_NAME <name> [FREESTANDING] SOURCES <src>...)
#
# One kickstep library: <target> (kickstep_core, kickstep_kick, ...) is the
# real target that the project's own CMake files link; kickstep::<name> is its
# alias, and the name it has in the installed package. Static by default,
# shared with BUILD_SHARED_LIBS=ON (a SONAME from the version). Always
# position-independent, so a game can link the static archives into a shared
# library of its own.
#
# Symbols (docs/adopting.md, "Symbols"):
#   - shared: compiled with hidden visibility; KS_API (base.h) exports the
#     public functions, and nothing else is in the dynamic symbol table;
#   - static, on ELF with GNU binutils: KS_API = hidden and everything else
#     default visibility, so public and internal symbols can be told apart in
#     the objects (clang writes -fvisibility=internal as hidden, so that
#     cannot be the mark); cmake/localize.cmake then joins an archive's
#     objects into one (ld -r) and makes every symbol that is not public local
#     (objcopy), so no internal name of kickstep can collide with a game's own,
#     and the public ones stay hidden, so a game's shared library that links
#     the archive does not re-export them. This runs on the
#     installed archives always, and on the built ones when
#     KICKSTEP_LOCALIZE_INTERNALS is ON (the default for a subproject; the
#     project's own white-box tests link the built archives and call internal
#     functions, so it is off at top level).
include_guard(GLOBAL)

set(KICKSTEP_SOVERSION ${PROJECT_VERSION_MAJOR})
if(PROJECT_VERSION_MAJOR EQUAL 0)
  # Before 1.0 a minor release may break the API (docs/versioning.md).
  set(KICKSTEP_SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
endif()

# Can this toolchain localize symbols? ELF objects, ld -r, objcopy, readelf.
set(KICKSTEP_CAN_LOCALIZE OFF)
if(NOT KICKSTEP_WASM AND NOT WIN32 AND NOT APPLE AND CMAKE_C_COMPILER_ID MATCHES "^(GNU|Clang)$"
   AND CMAKE_OBJCOPY AND CMAKE_READELF AND CMAKE_AR
   AND NOT CMAKE_INTERPROCEDURAL_OPTIMIZATION)
  set(KICKSTEP_CAN_LOCALIZE ON)
endif()

# The relocatable link of cmake/localize.cmake goes through the C compiler
# driver (`cc -r -nostdlib`), given only the flags of CMAKE_C_FLAGS that choose
# the target (-m32 and the like, --target, a sysroot), so that a -m32 build's
# 32-bit objects are joined as such (a bare `ld -r` takes them for its default
# 64-bit format and fails). Other flags (sanitizers, LTO, profiling) stay off
# that command, which must add no code.
set(_ks_target_flags "")
if(CMAKE_C_COMPILER_TARGET)
  list(APPEND _ks_target_flags "${CMAKE_C_COMPILE_OPTIONS_TARGET}${CMAKE_C_COMPILER_TARGET}")
endif()
if(CMAKE_SYSROOT)
  list(APPEND _ks_target_flags "--sysroot=${CMAKE_SYSROOT}")
endif()
separate_arguments(_ks_c_flags NATIVE_COMMAND "${CMAKE_C_FLAGS}")
set(_ks_next_is_target OFF)
foreach(f IN LISTS _ks_c_flags)
  if(_ks_next_is_target)
    list(APPEND _ks_target_flags "${f}")
    set(_ks_next_is_target OFF)
  elseif(f MATCHES "^-m(16|31|32|64|x32)$" OR f MATCHES "^-mabi=" OR f MATCHES "^--?target=" OR f MATCHES "^--sysroot=")
    list(APPEND _ks_target_flags "${f}")
  elseif(f STREQUAL "-target" OR f STREQUAL "--target")
    list(APPEND _ks_target_flags "${f}")
    set(_ks_next_is_target ON)
  endif()
endforeach()
string(REPLACE ";" " " KICKSTEP_LOCALIZE_TARGET_FLAGS "${_ks_target_flags}")
unset(_ks_target_flags)
unset(_ks_c_flags)
unset(_ks_next_is_target)

function(kickstep_add_library target)
  cmake_parse_arguments(L "FREESTANDING" "EXPORT_NAME" "SOURCES" ${ARGN})
  if(NOT L_EXPORT_NAME)
    message(FATAL_ERROR "kickstep_add_library(${target}): EXPORT_NAME is required")
  endif()
  add_library(${target} ${L_SOURCES})
  add_library(kickstep::${L_EXPORT_NAME} ALIAS ${target})
  get_target_property(type ${target} TYPE)
  set_target_properties(${target} PROPERTIES
    EXPORT_NAME ${L_EXPORT_NAME}
    POSITION_INDEPENDENT_CODE ON
    C_STANDARD 17
    C_STANDARD_REQUIRED ON
    C_EXTENSIONS OFF
    VERSION ${PROJECT_VERSION}
    SOVERSION ${KICKSTEP_SOVERSION})
  if(KICKSTEP_WASM)
    # A browser module is one static link: no position-independent code.
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE OFF)
  endif()
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_definitions(${target} PRIVATE KS_BUILDING)
  if(L_FREESTANDING)
    target_compile_options(${target} PRIVATE -ffreestanding)
  endif()
  if(type STREQUAL "SHARED_LIBRARY")
    target_compile_definitions(${target} PUBLIC KS_SHARED)
    set_target_properties(${target} PROPERTIES C_VISIBILITY_PRESET hidden)
  elseif(KICKSTEP_CAN_LOCALIZE)
    # default visibility: the mark of an internal symbol until localize.cmake runs
    if(KICKSTEP_LOCALIZE_INTERNALS)
      add_custom_command(TARGET ${target} POST_BUILD
        COMMAND ${CMAKE_COMMAND} -DARCHIVE=$<TARGET_FILE:${target}> -DCC=${CMAKE_C_COMPILER}
                "-DCC_FLAGS=${KICKSTEP_LOCALIZE_TARGET_FLAGS}"
                -DOBJCOPY=${CMAKE_OBJCOPY} -DREADELF=${CMAKE_READELF} -DAR=${CMAKE_AR}
                -P ${PROJECT_SOURCE_DIR}/cmake/localize.cmake
        VERBATIM)
    endif()
  else()
    set_target_properties(${target} PROPERTIES C_VISIBILITY_PRESET hidden)
  endif()
  ks_target_strict(${target})
  set_property(GLOBAL APPEND PROPERTY KICKSTEP_LIBRARY_TARGETS ${target})
endfunction()
