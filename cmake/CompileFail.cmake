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
# The same check with another compiler, run directly on the file (syntax only), so one build
# proves the message shows with both g++ and clang.
function(attncap_add_compile_fail_test_with name compiler file)
  file(STRINGS "${file}" marker REGEX "MESSAGE\\[.*\\]")
  string(REGEX REPLACE ".*MESSAGE\\[(.*)\\].*" "\\1" regex "${marker}")
  get_target_property(boost_includes Boost::headers INTERFACE_INCLUDE_DIRECTORIES)
  list(TRANSFORM boost_includes PREPEND "-I")
  add_test(NAME ${name}
           COMMAND ${compiler} -std=c++20 -fsyntax-only -I${PROJECT_SOURCE_DIR}/include ${boost_includes} ${file})
  set_tests_properties(${name} PROPERTIES LABELS compile-fail)
  if(regex)
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${regex}")
  else()
    set_tests_properties(${name} PROPERTIES WILL_FAIL TRUE)
  endif()
endfunction()
