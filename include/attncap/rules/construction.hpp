// SPDX-License-Identifier: MIT
/// @file
/// Building the backends after argument resolution: each backend's factory and constructor
/// rules (decode before prefill, as the engine builds its hybrid pair), the hybrid-GDN wrapper,
/// the draft backend, and the per-layer rules of the first forward pass.
#pragma once

#include <array>
#include <attncap/backends/builtin.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/rules/argparse.hpp>
#include <attncap/rules/draft_worker.hpp>
#include <attncap/runtime/resolution.hpp>

namespace attncap::rules {

namespace factory {
// The registry lookup before any factory runs. argparse keeps unregistered names out of the
// three backend fields; the draft backend field has no choices, so a name the engine's
// registry no longer holds reaches here (model_runner_components/attention_backend_setup.py:281).
ATTNCAP_RULE(registered_backend, "factory.registered_backend", factory, value_error,
             speculative_draft_attention_backend, ATTNCAP_ARGPARSE_BACKEND_CHOICES,
             "Invalid attention backend: {subject}") {
  return !builtin_registry::accepted_by_argparse(ctx.subject);
}
}  // namespace factory

namespace wrapper {
ATTNCAP_RULE(hybrid_gdn_non_mla, "hybrid_gdn.non_mla", wrapper, assertion_error, model_arch, "mha, gqa, mqa",
             "hybrid_gdn can only be used with non-MLA models.") {
  return ctx.cfg.hybrid_gdn && ctx.cfg.is_mla();
}
// The engine prints its allowed set as a Python set, whose order follows the process's hash seed;
// attncap prints it in the engine's source order.
ATTNCAP_RULE(hybrid_gdn_blackwell, "hybrid_gdn.blackwell_backend", wrapper, assertion_error, attention_backend,
             "triton, trtllm_mha, fa4, flashinfer",
             "Only {{'triton', 'trtllm_mha', 'fa4', 'flashinfer'}} backends are supported on Blackwell GPUs for hybrid "
             "GDN models. Got prefill={prefill_backend}, decode={decode_backend}.") {
  constexpr std::array allowed{id::triton, id::trtllm_mha, id::fa4, id::flashinfer};
  const auto& c = ctx.cfg;
  return c.hybrid_gdn && ctx.hw.is_blackwell() && !ctx.hw.is_sm120() && !::attncap::detail::pair_one_of(c, allowed);
}
ATTNCAP_RULE(hybrid_gdn_sm120, "hybrid_gdn.sm120_backend", wrapper, assertion_error, attention_backend,
             "triton, trtllm_mha, flashinfer",
             "Only {{'triton', 'trtllm_mha', 'flashinfer'}} backends are supported on Blackwell GPUs for hybrid GDN "
             "models. Got prefill={prefill_backend}, decode={decode_backend}.") {
  constexpr std::array allowed{id::triton, id::trtllm_mha, id::flashinfer};
  const auto& c = ctx.cfg;
  return c.hybrid_gdn && ctx.hw.is_sm120() && !::attncap::detail::pair_one_of(c, allowed);
}
ATTNCAP_RULE(hybrid_gdn_npu, "hybrid_gdn.npu_backend", wrapper, assertion_error, attention_backend, "ascend",
             "ascend backend is the only supported backend on NPU for hybrid GDN models, use --attention-backend "
             "ascend to specify the backend.") {
  return ctx.cfg.hybrid_gdn && ctx.hw.is_npu() &&
         (ctx.cfg.prefill_backend() != id::ascend || ctx.cfg.decode_backend() != id::ascend);
}
// The model's conv layers ask the backend for conv-state metadata, which Ascend's lacks.
ATTNCAP_RULE(short_conv_npu, "short_conv.npu", wrapper, not_implemented_error, hardware, "any but NPU",
             "Short-conv hybrid models (ZAYA1 CCA, LFM2 / LFM2-MoE) are not yet supported on NPU: the conv-state "
             "sidecar (ShortConvAttnBackend.conv_state_metadata) has no Ascend implementation. Add an Ascend "
             "conv-state backend before serving these models on NPU.") {
  return ctx.cfg.short_conv && !ctx.cfg.hybrid_gdn && ctx.hw.is_npu();
}
}  // namespace wrapper

/// The model runner's construction: factory then constructor of the decode backend, then of the
/// prefill backend when it differs, then the wrapper, then the draft backend.
namespace detail {
/// The backend the factory of `b` constructs for the launch of `r`.
template <class Registry>
constexpr backend_id constructed(const resolution<Registry>& r, backend_id b) {
  return constructed_backend(Registry::caps[static_cast<std::size_t>(b)], b, r.cfg);
}
}  // namespace detail

struct build_backends {
  using wrappers = rule_list<wrapper::hybrid_gdn_non_mla, wrapper::hybrid_gdn_blackwell, wrapper::hybrid_gdn_sm120,
                             wrapper::hybrid_gdn_npu, wrapper::short_conv_npu>;
  using rules = ::attncap::detail::mp::mp_push_front<wrappers, factory::registered_backend>;
  using rewrites = rule_list<draft_worker::dspark_fallback>;

  template <class Registry>
  static constexpr void run(resolution<Registry>& r) {
    const backend_id decode = r.cfg.decode_backend();
    const backend_id prefill = r.cfg.prefill_backend();
    build(r, decode);
    if (prefill != decode) build(r, prefill);
    ::attncap::detail::check_each(r, wrappers{}, backend_id::none);
    const backend_id draft = draft_worker::backend_of(r);
    // NGRAM drafts from the prompt's n-grams: no draft model, so no draft backend is built.
    const bool draft_model = r.cfg.speculative() && r.cfg.speculative_algorithm != speculative_algorithm::ngram;
    if (draft_model && is_set(draft) && draft != decode && draft != prefill) build(r, draft);
  }

 private:
  template <class Registry>
  static constexpr void build(resolution<Registry>& r, backend_id b) {
    if (!is_set(b)) return;
    ::attncap::detail::check_each(r, rule_list<factory::registered_backend>{}, b);
    if (!Registry::accepted_by_argparse(b)) return;  // no factory to run
    r.template run_backend_rules<stage::factory>(b);
    r.template run_backend_rules<stage::backend_init>(detail::constructed(r, b));
  }
};

/// Per-layer checks at the first forward pass, for every backend that serves a phase.
struct first_forward {
  template <class Registry>
  static constexpr void run(resolution<Registry>& r) {
    const backend_id decode = r.cfg.decode_backend();
    const backend_id prefill = r.cfg.prefill_backend();
    if (is_set(decode)) r.template run_backend_rules<stage::first_forward>(detail::constructed(r, decode));
    if (is_set(prefill) && prefill != decode)
      r.template run_backend_rules<stage::first_forward>(detail::constructed(r, prefill));
  }
};

}  // namespace attncap::rules
