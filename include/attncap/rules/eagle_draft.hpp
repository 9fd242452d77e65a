// SPDX-License-Identifier: MIT
/// @file
/// EAGLE's draft backends: once the target's backends and the draft runner's own are built,
/// EAGLE's draft worker (EAGLE, EAGLE3, STANDALONE) has its draft backend factory build a
/// multi-step decode backend (for more than one draft step) and a draft-extend backend, on the
/// draft backend when one is given, else on the target's decode and prefill backends (sglang
/// 0.5.23, speculative/draft_utils.py, from speculative/eagle_worker_v2.py:391-412).
#pragma once

#include <array>
#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/runtime/resolution.hpp>
#include <cstddef>
#include <string_view>

namespace attncap::rules {

namespace eagle_draft {
/// True when the engine's draft backend factory has a builder for backend `b` (a backend
/// added to the engine's registry from outside has none).
constexpr bool has_builder(backend_id b) noexcept {
  const auto i = static_cast<std::size_t>(b);
  return i < builtin_registry::size && builtin_registry::caps[i].eagle_draft == support::yes;
}

namespace detail {

/// Writes the names of the backends with a builder (those argument resolution keeps), comma
/// separated, to `out` when it is not null; returns their length.
constexpr std::size_t spell_eagle_draft_names(char* out) noexcept {
  std::size_t n = 0;
  auto put = [&](char c) {
    if (out) out[n] = c;
    ++n;
  };
  for (std::size_t i = 0; i < builtin_registry::size; ++i) {
    const auto b = static_cast<backend_id>(i);
    if (!has_builder(b) || is_set(builtin_registry::renamed_to(b))) continue;
    if (n != 0) put(','), put(' ');
    for (char c : builtin_registry::names[i]) put(c);
  }
  return n;
}

/// Those names as static text, for the rules' allowed set.
struct eagle_draft_names {
  static constexpr std::size_t size = spell_eagle_draft_names(nullptr);
  static constexpr std::array<char, size + 1> chars = [] {
    std::array<char, size + 1> a{};
    spell_eagle_draft_names(a.data());
    return a;
  }();
  static constexpr std::string_view value{chars.data(), size};
};
}  // namespace detail

ATTNCAP_RULE(decode_backend, "eagle_draft.decode_backend", factory, value_error, speculative_draft_attention_backend,
             detail::eagle_draft_names::value, "EAGLE is not supported in decode attention backend {subject}") {
  return !has_builder(ctx.subject);
}
// The multi-step constructors' first checks.
ATTNCAP_RULE(flashinfer_mla_topk, "eagle_draft.flashinfer_mla_topk", backend_init, value_error, speculative_eagle_topk,
             "1", "Currently Flashinfer MLA only supports topk=1 for speculative decoding") {
  return ctx.subject == id::flashinfer && ctx.cfg.is_mla() && ctx.cfg.speculative_eagle_topk > 1;
}
ATTNCAP_RULE(flashmla_topk, "eagle_draft.flashmla_topk", backend_init, value_error, speculative_eagle_topk, "1",
             "Currently FlashMLA only supports topk=1 for speculative decoding") {
  return ctx.subject == id::flashmla &&
         backend_traits<backends::flashmla>::caps.speculative == speculative_support::chain &&
         ctx.cfg.speculative_eagle_topk > 1;
}
ATTNCAP_RULE(extend_backend, "eagle_draft.extend_backend", factory, value_error, speculative_draft_attention_backend,
             detail::eagle_draft_names::value, "EAGLE is not supported in attention backend {subject}") {
  return !has_builder(ctx.subject);
}
}  // namespace eagle_draft

/// EAGLE's draft backend factory: the decode backend (more than one draft step), then the
/// draft-extend backend (the prefill side: the engine's speculative attention mode defaults to
/// prefill, and attncap takes it as that).
struct build_eagle_draft_backends {
  using rules = rule_list<eagle_draft::decode_backend, eagle_draft::flashinfer_mla_topk, eagle_draft::flashmla_topk,
                          eagle_draft::extend_backend>;

  template <class Registry>
  static constexpr void run(resolution<Registry>& r) {
    const launch_config& c = r.cfg;
    if (!is_eagle_family(c.speculative_algorithm)) return;
    const backend_id draft = c.speculative_draft_attention_backend;
    if (c.speculative_num_steps > 1)
      ::attncap::detail::check_each(
          r, rule_list<eagle_draft::decode_backend, eagle_draft::flashinfer_mla_topk, eagle_draft::flashmla_topk>{},
          is_set(draft) ? draft : c.decode_backend());
    ::attncap::detail::check_each(r, rule_list<eagle_draft::extend_backend>{},
                                  is_set(draft) ? draft : c.prefill_backend());
  }
};

}  // namespace attncap::rules
