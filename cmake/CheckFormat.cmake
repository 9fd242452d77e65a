# cmake -DSOURCE_DIR=<project root> -DCLANG_FORMAT=<clang-format> -P CheckFormat.cmake
# Every C++ source of the project is formatted as .clang-format says.
file(GLOB_RECURSE sources "${SOURCE_DIR}/include/*.hpp" "${SOURCE_DIR}/tests/*.cpp" "${SOURCE_DIR}/tests/*.hpp"
     "${SOURCE_DIR}/tools/*.cpp" "${SOURCE_DIR}/tools/*.hpp" "${SOURCE_DIR}/examples/*.cpp"
     "${SOURCE_DIR}/bench/*.cpp" "${SOURCE_DIR}/fuzz/*.cpp")
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${sources} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "not clang-format clean (run clang-format -i on these):\n${err}")
endif()
list(LENGTH sources n)
message(STATUS "${n} sources are clang-format clean")
