# SPDX-License-Identifier: MIT
# Makes every symbol of a static kickstep archive local except its public API.
#
#   cmake -DARCHIVE=libkickstep_kick.a -DCC=cc [-DCC_FLAGS="-m32"] -DOBJCOPY=objcopy -DREADELF=readelf -DAR=ar -P localize.cmake
#
# The archive's objects were compiled with KS_API = hidden and everything else
# at default visibility (cmake/library.cmake, include/kickstep/base.h), so in
# the symbol table the public functions are GLOBAL HIDDEN and the internal ones
# GLOBAL DEFAULT. The objects are joined into one relocatable object (CC -r
# -nostdlib, CC_FLAGS being the flags that choose the target, such as -m32, so
# the linker takes the objects' own format; calls between them are resolved),
# every defined global symbol that is not
# HIDDEN is made local (objcopy --keep-global-symbols), and the archive is
# rewritten with that one object. Running it twice changes nothing.
foreach(v ARCHIVE CC OBJCOPY READELF AR)
  if(NOT ${v})
    message(FATAL_ERROR "localize.cmake: -D${v}= is required")
  endif()
endforeach()
if(NOT EXISTS "${ARCHIVE}")
  message(FATAL_ERROR "localize.cmake: no archive ${ARCHIVE}")
endif()

get_filename_component(name "${ARCHIVE}" NAME_WE)
set(work "${ARCHIVE}.localize")
file(REMOVE_RECURSE "${work}")
file(MAKE_DIRECTORY "${work}")
set(joined "${work}/${name}.o")

separate_arguments(cc_flags NATIVE_COMMAND "${CC_FLAGS}")
execute_process(COMMAND "${CC}" ${cc_flags} -r -nostdlib -Wl,--whole-archive "${ARCHIVE}" -Wl,--no-whole-archive
                        -o "${joined}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "localize.cmake: ${CC} ${CC_FLAGS} -r ${ARCHIVE} failed: ${err}")
endif()

execute_process(COMMAND "${READELF}" -sW "${joined}" OUTPUT_VARIABLE syms RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "localize.cmake: ${READELF} -s failed on ${joined}")
endif()
# readelf -sW: "Num: Value Size Type Bind Vis Ndx Name"
string(REPLACE "\n" ";" lines "${syms}")
set(keep "")
foreach(line IN LISTS lines)
  if(line MATCHES "^ *[0-9]+: +[0-9a-fA-F]+ +[0-9]+ +[A-Z_]+ +(GLOBAL|WEAK) +(DEFAULT|HIDDEN|PROTECTED|INTERNAL) +([A-Z0-9]+) +([^ ]+)")
    set(vis "${CMAKE_MATCH_2}")
    set(ndx "${CMAKE_MATCH_3}")
    set(sym "${CMAKE_MATCH_4}")
    if(NOT ndx STREQUAL "UND" AND vis STREQUAL "HIDDEN")
      list(APPEND keep "${sym}")
    endif()
  endif()
endforeach()
list(REMOVE_DUPLICATES keep)
string(REPLACE ";" "\n" keep_text "${keep}")
file(WRITE "${work}/keep.txt" "${keep_text}\n")

execute_process(COMMAND "${OBJCOPY}" "--keep-global-symbols=${work}/keep.txt" "${joined}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "localize.cmake: ${OBJCOPY} failed on ${joined}: ${err}")
endif()

file(REMOVE "${work}/new.a")
execute_process(COMMAND "${AR}" rcs "${work}/new.a" "${joined}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "localize.cmake: ${AR} failed: ${err}")
endif()
file(RENAME "${work}/new.a" "${ARCHIVE}")
file(REMOVE_RECURSE "${work}")
