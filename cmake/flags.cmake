# SPDX-License-Identifier: MIT
# Compiler flags shared by every target.
#
# Determinism: -ffp-contract=off on every GNU/Clang build so that a*b+c is
# never fused into an FMA on one machine and not on another. Never fast math
# (it reorders arithmetic): KS_NO_FAST_MATH_FLAGS undo every part of a
# -ffast-math (or -Ofast) in CMAKE_C_FLAGS. They are the parts, not
# -fno-fast-math, because clang warns (-Woverriding-t-option, an error under
# -Werror) when -fno-fast-math overrides a fast contraction setting.
# -fno-math-errno lets __builtin_sqrt become the IEEE sqrt instruction (exact
# everywhere) instead of a libm call kept for errno's sake.
set(KS_NO_FAST_MATH_FLAGS -fno-unsafe-math-optimizations -fno-associative-math -fno-reciprocal-math
    -fsigned-zeros -fno-finite-math-only)
set(KS_DETERMINISM_FLAGS ${KS_NO_FAST_MATH_FLAGS} -ffp-contract=off -fno-math-errno)
# 32-bit x86: SSE2 arithmetic, never the x87's 80-bit intermediates.
set(KS_X86_32 OFF)
if(CMAKE_SIZEOF_VOID_P EQUAL 4 AND CMAKE_SYSTEM_PROCESSOR MATCHES "^([iI][3-6]86|x86|X86|x86_64|AMD64|amd64)$")
  set(KS_X86_32 ON)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^i.86$" OR CMAKE_C_FLAGS MATCHES "-m32")
  set(KS_X86_32 ON)
endif()
if(KS_X86_32)
  list(APPEND KS_DETERMINISM_FLAGS -msse2 -mfpmath=sse)
endif()
# GCC's vectorizers can fuse a multiply and an add (vfmaddsub) even under
# -ffp-contract=off (gcc 12, -O3 -march=native; caught by parity_gcc_O3_native).
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  list(APPEND KS_DETERMINISM_FLAGS -fno-tree-vectorize)
endif()

# What a game's own code that steps a simulation must be compiled with, as
# usage requirements of every kickstep library (and the Cflags of
# kickstep.pc): the code of kickstep's headers' inline functions (ks_v3_*,
# ks_lerp, ...) and the game's own step code are compiled by the game, with
# the game's flags. Per language and compiler, as generator expressions, so a
# C++ game or a clang game gets what its compiler needs. They come after the
# game's CMAKE_<LANG>_FLAGS on the command line, so they win; -ffp-contract=off
# comes last (clang's -ffast-math sets contraction to fast). docs/adopting.md
# says why each is there, with figures.
set(KS_USAGE_FLAGS_GNU_LIKE ${KS_NO_FAST_MATH_FLAGS} -ffp-contract=off)
if(KS_X86_32)
  list(APPEND KS_USAGE_FLAGS_GNU_LIKE -msse2 -mfpmath=sse)
endif()
set(KS_USAGE_FLAGS_GCC -fno-tree-vectorize)
set(KS_USAGE_FLAGS_MSVC /fp:precise)
# The same for compilers pkg-config users may pick (clang accepts -fno-tree-vectorize too).
set(KS_PC_CFLAGS ${KS_USAGE_FLAGS_GNU_LIKE} ${KS_USAGE_FLAGS_GCC})
# And for the link command: gcc and clang link crtfastmath.o into a program
# whose link command has -ffast-math or -funsafe-math-optimizations (the
# CMAKE_<LANG>_FLAGS are on it, before the targets' link options), and that
# object switches subnormals to flush-to-zero for the whole program at
# start-up, kickstep's own code included: these two cancel it. Nothing but
# another -O level cancels -Ofast's (ks_fp_check reports it, and the CMake
# package warns at configure time). For kickstep.pc's Libs, which a one-line
# `cc ... $(pkg-config --cflags --libs kickstep)` compiles with too,
# -ffp-contract=off follows, so that nothing after it turns contraction on.
set(KS_USAGE_LINK_FLAGS_GNU_LIKE -fno-fast-math -fno-unsafe-math-optimizations)
set(KS_PC_LINK_FLAGS ${KS_USAGE_LINK_FLAGS_GNU_LIKE} -ffp-contract=off)

# ks_determinism_usage(target): the flags above as INTERFACE options of target.
function(ks_determinism_usage target)
  foreach(lang C CXX)
    foreach(f ${KS_USAGE_FLAGS_GNU_LIKE})
      target_compile_options(${target} INTERFACE $<$<COMPILE_LANG_AND_ID:${lang},GNU,Clang,AppleClang>:${f}>)
    endforeach()
    foreach(f ${KS_USAGE_FLAGS_GCC})
      target_compile_options(${target} INTERFACE $<$<COMPILE_LANG_AND_ID:${lang},GNU>:${f}>)
    endforeach()
    foreach(f ${KS_USAGE_FLAGS_MSVC})
      target_compile_options(${target} INTERFACE $<$<COMPILE_LANG_AND_ID:${lang},MSVC>:${f}>)
    endforeach()
    foreach(f ${KS_USAGE_LINK_FLAGS_GNU_LIKE})
      target_link_options(${target} INTERFACE $<$<LINK_LANG_AND_ID:${lang},GNU,Clang,AppleClang>:${f}>)
    endforeach()
  endforeach()
endfunction()

# The project's own flags: a warning for -Ofast, whose flush-to-zero no usage
# requirement can undo (cmake/kickstepFlagCheck.cmake; the CMake package runs
# the same check in the project that finds it).
include(${CMAKE_CURRENT_LIST_DIR}/kickstepFlagCheck.cmake)
kickstep_check_flags()

set(KS_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wdouble-promotion
    -Wmissing-prototypes -Wstrict-prototypes -Wno-unused-parameter)
if(KS_WERROR)
  list(APPEND KS_WARNINGS -Werror)
endif()

add_compile_options(${KS_DETERMINISM_FLAGS})

if(KS_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined -fno-sanitize-recover=all)
endif()

# ks_target_strict(target): the project's own warning set on one target.
function(ks_target_strict target)
  target_compile_options(${target} PRIVATE ${KS_WARNINGS})
endfunction()
