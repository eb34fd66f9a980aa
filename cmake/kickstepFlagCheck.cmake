# SPDX-License-Identifier: MIT
# Looks at the project-wide flags of the project that takes kickstep (its
# CMAKE_<LANG>_FLAGS, those of its build type, and the linker flags) for the
# fast-math settings kickstep's usage requirements cannot fully undo, and says
# so once, at configure time. Included by kickstepConfig.cmake (find_package)
# and by kickstep's own cmake/flags.cmake (add_subdirectory, FetchContent, and
# kickstep's own build). docs/adopting.md, "When a build gives other bits".
#
#   -Ofast: a program *linked* with it gets crtfastmath.o (gcc and clang),
#     which flushes subnormal numbers to zero for the whole program at
#     start-up, kickstep's code included. Only another -O level after it
#     cancels that; kickstep does not touch a project's optimisation level,
#     so this is a warning.
#   -ffast-math, -funsafe-math-optimizations: undone for every target that
#     links a kickstep target, at compile and link time; a status line says so.
include_guard(GLOBAL)

function(kickstep_check_flags)
  get_property(_done GLOBAL PROPERTY KICKSTEP_FLAG_CHECK_DONE)
  if(_done)
    return()
  endif()
  set_property(GLOBAL PROPERTY KICKSTEP_FLAG_CHECK_DONE TRUE)
  get_property(_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi)
    set(_configs ${CMAKE_CONFIGURATION_TYPES})
  elseif(CMAKE_BUILD_TYPE)
    set(_configs ${CMAKE_BUILD_TYPE})
  else()
    set(_configs "-") # no build type: the plain flags alone
  endif()
  set(_ofast "")
  set(_fast "")
  foreach(_lang C CXX)
    if(NOT _lang IN_LIST _langs)
      continue()
    endif()
    foreach(_cfg IN LISTS _configs)
      string(TOUPPER "${_cfg}" _cfg)
      if(_cfg STREQUAL "-")
        set(_cfg "")
      endif()
      # The variables in the order a program's link command has them.
      set(_vars CMAKE_${_lang}_FLAGS)
      if(_cfg)
        list(APPEND _vars CMAKE_${_lang}_FLAGS_${_cfg})
      endif()
      list(APPEND _vars CMAKE_EXE_LINKER_FLAGS)
      if(_cfg)
        list(APPEND _vars CMAKE_EXE_LINKER_FLAGS_${_cfg})
      endif()
      # The last -O wins: -Ofast counts only when no other level follows it.
      set(_level "")
      set(_level_in "")
      foreach(_v ${_vars})
        separate_arguments(_flags NATIVE_COMMAND "${${_v}}")
        foreach(_f ${_flags})
          if(_f MATCHES "^-O")
            set(_level "${_f}")
            set(_level_in "${_v}")
          elseif(_f MATCHES "^-f(fast-math|unsafe-math-optimizations)$")
            list(APPEND _fast "${_v}")
          endif()
        endforeach()
      endforeach()
      if(_level STREQUAL "-Ofast")
        list(APPEND _ofast "${_level_in}")
      endif()
    endforeach()
  endforeach()
  if(_ofast)
    list(REMOVE_DUPLICATES _ofast)
    string(REPLACE ";" ", " _ofast "${_ofast}")
    message(WARNING "kickstep: -Ofast in ${_ofast}. A program linked with -Ofast flushes "
      "subnormal numbers to zero for its whole life (gcc and clang link crtfastmath.o into it), "
      "kickstep's own code included, and no later flag undoes that: its replays will not match "
      "those of other builds, and ks_fp_check() reports KS_FP_FLUSH_SUBNORMALS. Use -O3: the "
      "kickstep targets already undo the rest of fast math for the code that links them. "
      "docs/adopting.md, \"When a build gives other bits\".")
  elseif(_fast)
    list(REMOVE_DUPLICATES _fast)
    string(REPLACE ";" ", " _fast "${_fast}")
    message(STATUS "kickstep: fast math in ${_fast}: undone for the targets that link "
      "kickstep (their compile and link commands get kickstep's determinism flags after yours)")
  endif()
endfunction()
