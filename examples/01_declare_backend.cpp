// SPDX-License-Identifier: MIT
// A third-party backend declared in its own namespace, without editing attncap: capabilities,
// one rule, and every check (concepts, validate, suggestions) working on it.
#include <attncap/attncap.hpp>
#include <cstdio>

namespace acme {

struct paged_decode;  // the tag; its declaration follows

// A rule of the backend's constructor: it needs page sizes that are multiples of 16.
ATTNCAP_RULE(page_multiple_of_16, "acme.page_multiple_of_16", backend_init, value_error, page_size, "multiples of 16",
             "acme paged_decode needs --page-size to be a multiple of 16, got {page_size}.") {
  return ctx.cfg.page_size % 16 != 0;
}

struct paged_decode {
  struct attncap_traits {
    static constexpr std::string_view name = "acme_paged_decode";
    static constexpr attncap::capabilities caps{
        .architectures = {attncap::model_arch::gqa, attncap::model_arch::mqa},
        .targets = {attncap::hardware::sm90, attncap::hardware::sm100},
        .speculative = attncap::speculative_support::none,
    };
    using rules = attncap::rule_list<page_multiple_of_16>;
  };
};

}  // namespace acme

using registry = attncap::builtin_registry::extend<acme::paged_decode>;

static_assert(attncap::attention_backend<acme::paged_decode>);
static_assert(attncap::runs_on<acme::paged_decode, attncap::hardware::sm90>);
static_assert(!attncap::mla_backend<acme::paged_decode>);
static_assert(!attncap::speculative_backend<acme::paged_decode>);

int main() {
  attncap::launch_config cfg;
  cfg.attention_backend = registry::id<acme::paged_decode>;
  cfg.hardware = attncap::hardware::sm90;
  cfg.model_arch = attncap::model_arch::gqa;
  cfg.page_size = 24;

  const auto rep = attncap::validate<registry>(cfg);
  if (rep.accepted()) return 1;
  std::printf("%s\n", rep.message(*rep.first_error()).c_str());

  cfg.page_size = 32;
  return attncap::validate<registry>(cfg).accepted() ? 0 : 1;
}
