# attncap_add_compile_fail_test(<name> <file>)
# Builds <file> as an EXCLUDE_FROM_ALL target from a CTest entry; the test passes when the build
# fails and its output matches the regex in the file's `// MESSAGE[<regex>]` comment.
function(attncap_add_compile_fail_test name file)
  file(STRINGS "${file}" marker REGEX "MESSAGE\\[.*\\]")
  string(REGEX REPLACE ".*MESSAGE\\[(.*)\\].*" "\\1" regex "${marker}")
  add_executable(${name} EXCLUDE_FROM_ALL "${file}")
  target_link_libraries(${name} PRIVATE attncap::attncap)
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target ${name} --config $<CONFIG>)
  set_tests_properties(${name} PROPERTIES LABELS compile-fail RESOURCE_LOCK attncap_build_tree)
  if(regex)
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
  else()
    set_tests_properties(${name} PROPERTIES WILL_FAIL TRUE)
  endif()
endfunction()

# attncap_add_compile_fail_test_with(<name> <compiler> <file>)
# Runs <compiler> on <file> (syntax only) and checks the diagnostic against the file's markers
# (see CheckDiagnostic.cmake): the messages on the error lines in order, no other error, and
# the diagnostic's size bound.
function(attncap_add_compile_fail_test_with name compiler file)
  # Run from the source root with relative paths: the size bound measures the diagnostic, not
  # where the checkout happens to live.
  get_target_property(boost_includes Boost::headers INTERFACE_INCLUDE_DIRECTORIES)
  set(includes include ${boost_includes})
  string(REPLACE ";" "\\;" includes "${includes}")
  file(RELATIVE_PATH source ${PROJECT_SOURCE_DIR} ${file})
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} -DCOMPILER=${compiler} -DSOURCE=${source} "-DINCLUDES=${includes}"
                   -P ${PROJECT_SOURCE_DIR}/cmake/CheckDiagnostic.cmake
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(${name} PROPERTIES LABELS compile-fail)
endfunction()
