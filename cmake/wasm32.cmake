# SPDX-License-Identifier: MIT
# Toolchain file for the browser modules: plain clang for wasm32, linked by
# wasm-ld, no sysroot and no libc (memcpy & co. come from wasm/libc_shim.c).
#
#   cmake -S . -B build/wasm-build --toolchain cmake/wasm32.cmake -DKICKSTEP_WASM=ON
#
# The native build does this itself (cmake/wasm.cmake) when KICKSTEP_BUILD_WEB
# is on. KS_WASM_CC (environment) names another clang.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)

if(NOT CMAKE_C_COMPILER)
  if(DEFINED ENV{KS_WASM_CC})
    set(CMAKE_C_COMPILER $ENV{KS_WASM_CC})
  else()
    set(CMAKE_C_COMPILER clang)
  endif()
endif()
set(CMAKE_C_COMPILER_TARGET wasm32)
# The archiver must write a symbol index wasm-ld can read.
find_program(KS_WASM_AR NAMES llvm-ar)
find_program(KS_WASM_RANLIB NAMES llvm-ranlib)
if(KS_WASM_AR)
  set(CMAKE_AR ${KS_WASM_AR} CACHE FILEPATH "" FORCE)
endif()
if(KS_WASM_RANLIB)
  set(CMAKE_RANLIB ${KS_WASM_RANLIB} CACHE FILEPATH "" FORCE)
endif()

# No libc and no start files: CMake's own checks build static libraries, and
# every C file is compiled freestanding.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_C_FLAGS_INIT "-ffreestanding")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostdlib")

