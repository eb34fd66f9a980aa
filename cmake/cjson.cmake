# SPDX-License-Identifier: MIT
# Finds cJSON for kickstep_host: its CMake package (Debian libcjson-dev ships
# one, target cjson) or else pkg-config (libcjson). Sets KS_CJSON_FOUND,
# KS_CJSON_TARGET, KS_CJSON_INCLUDE_DIRS (the directory of cJSON.h) and
# KS_CJSON_VIA (config or pkg-config, for the installed kickstepConfig.cmake).
include_guard(GLOBAL)
set(KS_CJSON_FOUND OFF)
find_package(cJSON CONFIG QUIET)
if(cJSON_FOUND AND TARGET cjson)
  set(KS_CJSON_FOUND ON)
  set(KS_CJSON_TARGET cjson)
  set(KS_CJSON_VIA config CACHE INTERNAL "how cJSON was found")
  set(KS_CJSON_INCLUDE_DIRS "")
  foreach(dir ${CJSON_INCLUDE_DIRS})
    list(APPEND KS_CJSON_INCLUDE_DIRS ${dir}/cjson)
  endforeach()
else()
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(KS_CJSON_PC QUIET IMPORTED_TARGET libcjson)
    if(KS_CJSON_PC_FOUND)
      set(KS_CJSON_FOUND ON)
      set(KS_CJSON_TARGET PkgConfig::KS_CJSON_PC)
      set(KS_CJSON_VIA pkg-config CACHE INTERNAL "how cJSON was found")
      set(KS_CJSON_INCLUDE_DIRS "")
    endif()
  endif()
endif()
