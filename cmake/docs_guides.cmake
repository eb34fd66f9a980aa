# SPDX-License-Identifier: MIT
# The guides that are pages of the API site, linked from its main page
# (docs/api.dox): KS_DOXYGEN_GUIDES, for docs/Doxyfile.in's INPUT.
set(KS_DOXYGEN_GUIDES "")
foreach(guide adopting determinism clock dmath replays duel rollback sweeps versioning)
  if(EXISTS ${PROJECT_SOURCE_DIR}/docs/${guide}.md)
    string(APPEND KS_DOXYGEN_GUIDES " ${PROJECT_SOURCE_DIR}/docs/${guide}.md")
  endif()
endforeach()
