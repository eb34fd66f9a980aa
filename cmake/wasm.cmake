# SPDX-License-Identifier: MIT
# The browser modules, from the native build: this same source tree
# configured for wasm32 (cmake/wasm32.cmake, KICKSTEP_WASM=ON: the libraries
# from their own source lists and wasm/CMakeLists.txt's modules) in
# BUILD/wasm-build, built with `all` every time (only what changed is
# rebuilt). Results:
#   BUILD/wasm/<game>.wasm          the page's modules (tools/wasm/site.sh copies them into the site)
#   BUILD/wasm-testing/<game>.wasm  the same with the test-only exports (KS_WASM_TESTING)
#   BUILD/wasm-bench/*.wasm         the benchmarks' modules, built on demand by tools/bench.d
#                                   (cmake --build BUILD/wasm-build --target bench_kick_wasm)
# Needs clang (KS_WASM_CC names another), wasm-ld and llvm-ar (Debian clang,
# lld, llvm; tools/deps.sh installs them); without them there are no modules
# and the tests that need them are not added (the target kickstep_wasm does
# not exist).
include_guard(GLOBAL)

if(DEFINED ENV{KS_WASM_CC})
  set(_ks_wasm_cc_names $ENV{KS_WASM_CC})
else()
  set(_ks_wasm_cc_names clang)
endif()
find_program(KS_WASM_CC NAMES ${_ks_wasm_cc_names} DOC "clang for the wasm32 modules")
find_program(KS_WASM_LD NAMES wasm-ld DOC "the wasm32 linker (lld)")
find_program(KS_WASM_AR_TOOL NAMES llvm-ar DOC "an archiver that indexes wasm32 objects")
if(NOT KS_WASM_CC OR NOT KS_WASM_LD OR NOT KS_WASM_AR_TOOL)
  message(WARNING "kickstep: no wasm32 modules (need clang, wasm-ld and llvm-ar; tools/deps.sh installs them): "
                  "the wasm and browser tests are not added")
  return()
endif()

set(KICKSTEP_WASM_DIR ${PROJECT_BINARY_DIR}/wasm)
set(KICKSTEP_WASM_TESTING_DIR ${PROJECT_BINARY_DIR}/wasm-testing)
set(KICKSTEP_WASM_BENCH_DIR ${PROJECT_BINARY_DIR}/wasm-bench)
set(KICKSTEP_WASM_BUILD_DIR ${PROJECT_BINARY_DIR}/wasm-build)

include(ExternalProject)
ExternalProject_Add(kickstep_wasm
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${KICKSTEP_WASM_BUILD_DIR}
  PREFIX ${KICKSTEP_WASM_BUILD_DIR}/ep
  CMAKE_ARGS -DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/wasm32.cmake
             -DCMAKE_C_COMPILER=${KS_WASM_CC}
             -DCMAKE_BUILD_TYPE=
             -DKICKSTEP_WASM=ON
             -DKS_WERROR=${KS_WERROR}
             -DKICKSTEP_WASM_OUTPUT_DIR=${KICKSTEP_WASM_DIR}
             -DKICKSTEP_WASM_TESTING_OUTPUT_DIR=${KICKSTEP_WASM_TESTING_DIR}
             -DKICKSTEP_WASM_BENCH_OUTPUT_DIR=${KICKSTEP_WASM_BENCH_DIR}
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON)
