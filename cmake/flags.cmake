# SPDX-License-Identifier: MIT
# Compiler flags shared by every target.
#
# Determinism: -ffp-contract=off on every GNU/Clang build so that a*b+c is
# never fused into an FMA on one machine and not on another. Never fast math (its flag reorders arithmetic).
# -fno-math-errno lets __builtin_sqrt become the IEEE sqrt instruction (exact
# everywhere) instead of a libm call kept for errno's sake.
set(KS_DETERMINISM_FLAGS -ffp-contract=off -fno-math-errno)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "i.86" OR CMAKE_C_FLAGS MATCHES "-m32")
  list(APPEND KS_DETERMINISM_FLAGS -msse2 -mfpmath=sse)
endif()
# GCC's vectorizers can fuse a multiply and an add (vfmaddsub) even under
# -ffp-contract=off (gcc 12, -O3 -march=native; caught by parity_gcc_O3_native).
if(CMAKE_C_COMPILER_ID STREQUAL "GNU")
  list(APPEND KS_DETERMINISM_FLAGS -fno-tree-vectorize)
endif()

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
