# SPDX-License-Identifier: MIT
# cmake --install: the public headers, the libraries, the CMake package
# (find_package(kickstep 0.2) with targets kickstep::core, kickstep::kick, ...)
# and pkg-config files (kickstep-core.pc, kickstep-kick.pc, ... one per
# library; kickstep.pc requires them all; kickstep-host.pc).
# Installed static archives have their internal symbols made local
# (cmake/localize.cmake). docs/adopting.md shows how a game uses each.
include(CMakePackageConfigHelpers)

get_property(KS_LIBS GLOBAL PROPERTY KICKSTEP_LIBRARY_TARGETS)
set(KS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/kickstep)
set(KS_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(TARGETS ${KS_LIBS} EXPORT kickstepTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# Headers: all of include/kickstep/, but the hosted ones only with the host library.
file(GLOB KS_PUBLIC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/kickstep/*.h)
if(NOT TARGET kickstep_host)
  list(FILTER KS_PUBLIC_HEADERS EXCLUDE REGEX "/host_[^/]*\\.h$")
endif()
install(FILES ${KS_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kickstep)

# Localize the installed static archives.
if(KICKSTEP_CAN_LOCALIZE)
  foreach(lib ${KS_LIBS})
    get_target_property(type ${lib} TYPE)
    if(type STREQUAL "STATIC_LIBRARY")
      install(CODE "
        set(_ks_archive \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:${lib}>\")
        if(IS_ABSOLUTE \"${CMAKE_INSTALL_LIBDIR}\")
          set(_ks_archive \"\$ENV{DESTDIR}${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:${lib}>\")
        endif()
        execute_process(COMMAND \"${CMAKE_COMMAND}\" -DARCHIVE=\${_ks_archive} -DCC=${CMAKE_C_COMPILER}
                                \"-DCC_FLAGS=${KICKSTEP_LOCALIZE_TARGET_FLAGS}\"
                                -DOBJCOPY=${CMAKE_OBJCOPY} -DREADELF=${CMAKE_READELF} -DAR=${CMAKE_AR}
                                -P \"${PROJECT_SOURCE_DIR}/cmake/localize.cmake\" RESULT_VARIABLE _ks_rc)
        if(NOT _ks_rc EQUAL 0)
          message(FATAL_ERROR \"kickstep: localizing \${_ks_archive} failed\")
        endif()")
    endif()
  endforeach()
endif()

# The CMake package.
set(KS_HOST_INSTALLED OFF)
if(TARGET kickstep_host)
  set(KS_HOST_INSTALLED ON)
endif()
set(KS_COMPONENTS "")
foreach(lib ${KS_LIBS})
  get_target_property(name ${lib} EXPORT_NAME)
  list(APPEND KS_COMPONENTS ${name})
endforeach()
install(EXPORT kickstepTargets NAMESPACE kickstep:: DESTINATION ${KS_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/kickstepConfig.cmake.in
  ${PROJECT_BINARY_DIR}/kickstepConfig.cmake INSTALL_DESTINATION ${KS_CMAKE_DIR})
# SemVer (docs/versioning.md): before 1.0 a minor release may break the API.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(KS_COMPAT SameMinorVersion)
else()
  set(KS_COMPAT SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/kickstepConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${KS_COMPAT})
install(FILES ${PROJECT_BINARY_DIR}/kickstepConfig.cmake ${PROJECT_BINARY_DIR}/kickstepConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/kickstepFlagCheck.cmake
        DESTINATION ${KS_CMAKE_DIR})

# pkg-config. The prefix is found from the .pc file's own place, so an install
# with `cmake --install --prefix DIR` (or DESTDIR) is relocatable.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(KS_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _rel "/ks-prefix/${KS_PC_DIR}" "/ks-prefix")
  string(REGEX REPLACE "/$" "" _rel "${_rel}")
  set(KS_PC_PREFIX "\${pcfiledir}/${_rel}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(KS_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(KS_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(KS_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(KS_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
set(KS_PC_DEFS "")
if(BUILD_SHARED_LIBS)
  set(KS_PC_DEFS " -DKS_SHARED")
endif()
string(REPLACE ";" " " KS_PC_CFLAGS_TEXT "${KS_PC_CFLAGS}")
string(REPLACE ";" " " KS_PC_LINK_FLAGS_TEXT "${KS_PC_LINK_FLAGS}")
# One .pc file per library (a core-only game links only the core) and the
# umbrella kickstep.pc that requires them all. pkg-config puts each library's
# -l before those of what it requires: games first, core last.
configure_file(${PROJECT_SOURCE_DIR}/cmake/kickstep-core.pc.in ${PROJECT_BINARY_DIR}/kickstep-core.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/kickstep-core.pc DESTINATION ${KS_PC_DIR})
set(KS_PC_WHAT_kick "the free kick: shots, keepers, wall, director, replays, duel")
set(KS_PC_WHAT_brake "the brake game")
set(KS_PC_WHAT_walk "the walk course")
set(KS_PC_WHAT_lab "the timestep lab")
set(KS_PC_REQUIRES "")
foreach(game kick brake walk lab)
  if(TARGET kickstep_${game})
    set(KS_PC_GAME ${game})
    set(KS_PC_GAME_WHAT "${KS_PC_WHAT_${game}}")
    configure_file(${PROJECT_SOURCE_DIR}/cmake/kickstep-lib.pc.in ${PROJECT_BINARY_DIR}/kickstep-${game}.pc @ONLY)
    install(FILES ${PROJECT_BINARY_DIR}/kickstep-${game}.pc DESTINATION ${KS_PC_DIR})
    string(APPEND KS_PC_REQUIRES "kickstep-${game} = ${PROJECT_VERSION}, ")
  endif()
endforeach()
string(APPEND KS_PC_REQUIRES "kickstep-core = ${PROJECT_VERSION}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/kickstep.pc.in ${PROJECT_BINARY_DIR}/kickstep.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/kickstep.pc DESTINATION ${KS_PC_DIR})
if(TARGET kickstep_host)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/kickstep-host.pc.in ${PROJECT_BINARY_DIR}/kickstep-host.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/kickstep-host.pc DESTINATION ${KS_PC_DIR})
endif()
