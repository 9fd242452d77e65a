// MESSAGE[attncap: unknown \{placeholder\} in page_rule]
// SPDX-License-Identifier: MIT
// A misspelled {key} in a rule's message is a compile error where the rule is declared.
#include <attncap/capabilities/rule.hpp>

ATTNCAP_RULE(page_rule, "test.page", server_args, value_error, page_size, "64", "got {page_sise}.") {
  return ctx.cfg.page_size != 64;
}
int main() {}
