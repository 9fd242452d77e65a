// SPDX-License-Identifier: MIT
/// @file
/// EAGLE's draft backends: once the target's backends and the draft runner's own are built,
/// EAGLE's draft worker (EAGLE, EAGLE3, STANDALONE) has its draft backend factory build a
/// multi-step decode backend (for more than one draft step) and a draft-extend backend, on the
/// draft backend when one is given, else on the target's decode and prefill backends (sglang
/// 0.5.23, speculative/draft_utils.py, from speculative/eagle_worker_v2.py:391-412).
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/declared_backends.hpp>
#include <attncap/runtime/resolution.hpp>
#include <string_view>

namespace attncap::rules {

namespace eagle_draft {
/// True when the engine's draft backend factory has a builder for backend `b`.
constexpr bool has_builder(backend_id b) noexcept { return declares<&capabilities::eagle_draft>(b); }
/// Their names, as argument resolution keeps them, for the rules' allowed set.
inline constexpr std::string_view builder_names = declaring_names<&capabilities::eagle_draft, false>::value;

ATTNCAP_RULE(decode_backend, "eagle_draft.decode_backend", factory, value_error, speculative_draft_attention_backend,
             builder_names, "EAGLE is not supported in decode attention backend {subject}") {
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
             builder_names, "EAGLE is not supported in attention backend {subject}") {
  return !has_builder(ctx.subject);
}
}  // namespace eagle_draft

/// EAGLE's draft backend factory: the decode backend (more than one draft step), then the
/// draft-extend backend (the side the speculative attention mode names, prefill by default).
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
                                  is_set(draft) ? draft : c.verify_backend());
  }
};

}  // namespace attncap::rules
