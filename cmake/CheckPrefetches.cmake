# cmake -DCXX=<compiler> -DSOURCE=<tu> -DOUT=<file.s> -DFLAGS=<;-list> -DBODY=<name> -DHINTS=<;-list>
#       -DMIN=<count> -P CheckPrefetches.cmake
# Compiles SOURCE to assembly and requires every AVX2 and AVX-512 function named BODY in it (at
# least MIN of them) to issue the prefetches HINTS (t1: L2, t0: L1): without them a kernel reading
# from memory runs far slower and no result changes, so only the code shows it.
execute_process(COMMAND "${CXX}" ${FLAGS} -S -o "${OUT}" "${SOURCE}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} failed:\n${err}")
endif()
# Function labels and prefetches only: other lines may hold brackets, which would join list items.
file(STRINGS "${OUT}" lines REGEX "^_Z[A-Za-z0-9_.]*:|prefetcht[01]")
# A function's label starts its instructions; the parts a compiler splits off (name.part.0,
# name.cold, ...) count with the function.
set(bodies "")
set(body "")
foreach(line IN LISTS lines)
  if(line MATCHES "^(_Z[A-Za-z0-9_]+)[.A-Za-z0-9_]*:")
    set(name "${CMAKE_MATCH_1}")
    set(body "")
    if(name MATCHES "${BODY}" AND name MATCHES "(4avx2|6avx512)")
      set(body "${name}")
      list(APPEND bodies "${body}")
    endif()
  elseif(body AND line MATCHES "prefetch(t1|t0)")
    set(has_${CMAKE_MATCH_1}_${body} TRUE)
  endif()
endforeach()
list(REMOVE_DUPLICATES bodies)
list(LENGTH bodies checked)
if(checked LESS MIN)
  message(FATAL_ERROR "expected ${MIN} AVX2 and AVX-512 ${BODY} bodies, found ${checked}")
endif()
set(missing "")
foreach(body IN LISTS bodies)
  foreach(hint IN LISTS HINTS)
    if(NOT has_${hint}_${body})
      string(APPEND missing "  ${body}: no prefetch${hint}\n")
    endif()
  endforeach()
endforeach()
if(missing)
  message(FATAL_ERROR "${BODY} bodies without prefetches (${FLAGS}):\n${missing}")
endif()
message(STATUS "${checked} ${BODY} bodies issue prefetch ${HINTS} (${FLAGS})")
