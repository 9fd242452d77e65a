# attncap_instantiate_kernels(<target> [SHARDS <n>])
#
# Split-mode kernel instantiation: adds <n> generated shard TUs to <target> (default: the number of
# logical cores of the build host), each defining its share of every kernel family's instantiations,
# and compiles <target> with ATTNCAP_KERNELS_EXTERN so that its other TUs only declare them.
# The kernel space follows the target's ATTNCAP_HEAD_DIMS / ATTNCAP_KV_DTYPES / ... definitions, so
# shards and consumers always agree on it.
set(_ATTNCAP_KERNELS_CMAKE_DIR "${CMAKE_CURRENT_LIST_DIR}")

function(attncap_instantiate_kernels target)
  cmake_parse_arguments(arg "" "SHARDS" "" ${ARGN})
  if(NOT TARGET ${target})
    message(FATAL_ERROR "attncap_instantiate_kernels: '${target}' is not a target")
  endif()
  set(shards ${arg_SHARDS})
  if(NOT shards)
    cmake_host_system_information(RESULT shards QUERY NUMBER_OF_LOGICAL_CORES)
  endif()
  if(shards LESS 1)
    set(shards 1)
  endif()
  math(EXPR last "${shards} - 1")
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/attncap_kernels/${target}")
  foreach(index RANGE ${last})
    set(ATTNCAP_SHARD_INDEX ${index})
    set(ATTNCAP_SHARD_COUNT ${shards})
    configure_file("${_ATTNCAP_KERNELS_CMAKE_DIR}/attncap_shard.cpp.in" "${dir}/shard_${index}_of_${shards}.cpp" @ONLY)
    target_sources(${target} PRIVATE "${dir}/shard_${index}_of_${shards}.cpp")
  endforeach()
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    target_compile_definitions(${target} PRIVATE ATTNCAP_KERNELS_EXTERN)
  else()
    target_compile_definitions(${target} PUBLIC ATTNCAP_KERNELS_EXTERN)
  endif()
endfunction()
