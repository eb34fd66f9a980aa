# SPDX-License-Identifier: MIT
# The API reference: Doxygen over the public headers (include/kickstep/*.h).
#   cmake --build <dir> --target kickstep_docs    (make docs at the top level)
# builds HTML into <dir>/docs/api/html. The same configuration with
# WARN_IF_UNDOCUMENTED runs as the test api_docs_complete (tests/api/), which
# fails, listing each item, when a public declaration has no documentation.
find_package(Doxygen QUIET)
if(NOT DOXYGEN_FOUND)
  message(STATUS "kickstep: doxygen not found (Debian doxygen); no API reference target")
  return()
endif()
set(KS_DOXYGEN_OUT ${PROJECT_BINARY_DIR}/docs/api)
include(${PROJECT_SOURCE_DIR}/cmake/docs_guides.cmake)
set(KS_DOXYGEN_HTML YES)
set(KS_DOXYGEN_XML NO)
# make docs fails on the first undocumented public item, with every warning
# on standard error.
set(KS_DOXYGEN_FAIL FAIL_ON_WARNINGS)
set(KS_DOXYGEN_LOG "")
configure_file(${PROJECT_SOURCE_DIR}/docs/Doxyfile.in ${PROJECT_BINARY_DIR}/Doxyfile @ONLY)
add_custom_target(kickstep_docs
  COMMAND ${CMAKE_COMMAND} -E make_directory ${KS_DOXYGEN_OUT}
  COMMAND ${DOXYGEN_EXECUTABLE} ${PROJECT_BINARY_DIR}/Doxyfile
  COMMAND ${CMAKE_COMMAND} -E echo "kickstep: API reference in ${KS_DOXYGEN_OUT}/html/index.html"
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  COMMENT "Doxygen: the API reference from include/kickstep"
  VERBATIM)
if(KICKSTEP_TOP_LEVEL AND NOT TARGET docs)
  add_custom_target(docs DEPENDS kickstep_docs)
endif()
