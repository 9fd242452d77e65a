// SPDX-License-Identifier: MIT
// The whole sglang pipeline (rules/sglang_pipeline.hpp): every rule and rewrite has a tested case.
#include <algorithm>
#include <attncap/check/static_check.hpp>
#include <set>
#include <vector>

#include "backends/aiter_cases.hpp"
#include "backends/cutedsl_mla_cases.hpp"
#include "backends/dsa_cases.hpp"
#include "backends/fa3_cases.hpp"
#include "backends/hpc_ops_cases.hpp"
#include "backends/intel_xpu_cases.hpp"
#include "backends/llada2_cfg_flashinfer_cases.hpp"
#include "backends/minicpm_flashattn_cases.hpp"
#include "backends/triton_cases.hpp"
#include "backends/trtllm_mha_cases.hpp"
#include "backends/trtllm_mla_cases.hpp"
#include "capabilities/rule_shapes_cases.hpp"
#include "rules/argparse_cases.hpp"
#include "rules/attention_backend_default_cases.hpp"
#include "rules/attention_backend_fallbacks_cases.hpp"
#include "rules/attention_backend_hardware_cases.hpp"
#include "rules/construction_cases.hpp"
#include "rules/cuda_graph_cases.hpp"
#include "rules/data_parallelism_cases.hpp"
#include "rules/decode_context_parallel_cases.hpp"
#include "rules/deepseek_v4_cases.hpp"
#include "rules/deterministic_cases.hpp"
#include "rules/disaggregation_cases.hpp"
#include "rules/draft_worker_cases.hpp"
#include "rules/dsa_kernels_cases.hpp"
#include "rules/eagle_draft_cases.hpp"
#include "rules/hisparse_cases.hpp"
#include "rules/host_cache_cases.hpp"
#include "rules/kimi_k3_cases.hpp"
#include "rules/kv_cache_cases.hpp"
#include "rules/kv_pool_cases.hpp"
#include "rules/mamba_radix_cache_cases.hpp"
#include "rules/minicpm_cases.hpp"
#include "rules/model_backend_defaults_cases.hpp"
#include "rules/model_capabilities_cases.hpp"
#include "rules/model_overrides_cases.hpp"
#include "rules/model_providers_cases.hpp"
#include "rules/mps_cases.hpp"
#include "rules/nvfp4_prefill_cases.hpp"
#include "rules/platform_hooks_cases.hpp"
#include "rules/prefill_context_parallel_cases.hpp"
#include "rules/prefill_only_cases.hpp"
#include "rules/server_checks_cases.hpp"
#include "rules/speculative_cases.hpp"
#include "rules/speculative_dflash_cases.hpp"
#include "rules/speculative_uno_cases.hpp"
#include "rules/unified_memory_cases.hpp"

using namespace attncap;
using namespace attncap::test;

namespace {

using all_rules = all_rules_t<builtin_registry, sglang_pipeline>;

template <class... Rs>
constexpr auto rule_infos(rule_list<Rs...>) {
  return std::array<const rule_info*, sizeof...(Rs)>{&Rs::info...};
}

template <class... Rs>
constexpr auto rewrite_infos(rule_list<Rs...>) {
  return std::array<const rewrite_info*, sizeof...(Rs)>{&Rs::info...};
}

constexpr auto known_rules = rule_infos(all_rules{});
constexpr auto known_rewrites = rewrite_infos(all_rewrites_t<sglang_pipeline>{});

/// Every rule a table of a rules or backends test triggers.
std::set<const rule_info*> tested_rules() {
  std::set<const rule_info*> out;
  auto add = [&](std::span<const rule_case> cases) {
    for (const auto& c : cases) out.insert(c.rule);
  };
  add(argparse_rules);
  add(prefill_only_rules);
  add(prefill_context_parallel_rules);
  add(nvfp4_prefill_rules);
  add(model_overrides_rules);
  add(model_providers_rules);
  add(model_backend_defaults_rules);
  add(mamba_radix_cache_rules);
  add(data_parallelism_rules);
  add(kimi_k3_rules);
  add(deepseek_v4_rules);
  add(deterministic_rules);
  add(attention_backend_default_rules);
  add(attention_backend_hardware_rules);
  add(kv_cache_rules);
  add(kv_pool_rules);
  add(mps_rules);
  add(speculative_rules);
  add(speculative_dflash_rules);
  add(speculative_uno_rules);
  add(unified_memory_rules);
  add(host_cache_rules);
  add(hisparse_rules);
  add(server_checks_rules);
  add(decode_context_parallel_rules);
  add(dsa_kernels_rules);
  add(kv4_speculative_rules);
  add(construction_rules);
  add(eagle_draft_rules);
  add(aiter_rules);
  add(cutedsl_mla_rules);
  add(dsa_rules);
  add(window_cross_attention_rules);
  add(fa3_rules);
  add(hpc_ops_rules);
  add(intel_xpu_rules);
  add(llada2_cfg_flashinfer_rules);
  add(minicpm_sparse_rules);
  add(minicpm_rules);
  add(triton_rules);
  add(trtllm_mha_rules);
  add(trtllm_mla_rules);
  return out;
}

/// Every rewrite a table of a rules test triggers.
std::set<const rewrite_info*> tested_rewrites() {
  std::set<const rewrite_info*> out;
  auto add = [&](std::span<const rewrite_case> cases) {
    for (const auto& c : cases) out.insert(c.rewrite);
  };
  add(platform_hooks_rewrites);
  add(draft_worker_rewrites);
  add(model_overrides_rewrites);
  add(prefill_context_parallel_rewrites);
  add(model_providers_rewrites);
  add(model_backend_defaults_rewrites);
  add(mamba_radix_cache_rewrites);
  add(data_parallelism_rewrites);
  add(kimi_k3_rewrites);
  add(minicpm_rewrites);
  add(deepseek_v4_rewrites);
  add(model_capabilities_rewrites);
  add(deterministic_rewrites);
  add(disaggregation_rewrites);
  add(attention_backend_default_rewrites);
  add(attention_backend_hardware_rewrites);
  add(attention_backend_fallbacks_rewrites);
  add(kv_cache_rewrites);
  add(nvfp4_prefill_rewrites);
  add(speculative_rewrites);
  add(speculative_dflash_rewrites);
  add(speculative_uno_rewrites);
  add(unified_memory_rewrites);
  add(cuda_graph_rewrites);
  add(dsa_kernels_rewrites);
  add(kv4_speculative_rewrites);
  return out;
}

template <class Info, std::size_t N>
std::vector<std::string_view> codes_of(const std::array<const Info*, N>& infos) {
  std::vector<std::string_view> out;
  for (const auto* i : infos) out.push_back(i->code);
  return out;
}

std::vector<std::string_view> duplicates(std::vector<std::string_view> codes) {
  std::sort(codes.begin(), codes.end());
  std::vector<std::string_view> out;
  for (std::size_t i = 1; i < codes.size(); ++i)
    if (codes[i] == codes[i - 1] && (out.empty() || out.back() != codes[i])) out.push_back(codes[i]);
  return out;
}

std::string joined(const std::vector<std::string_view>& v) {
  std::string out;
  for (auto s : v) out += std::string(out.empty() ? "" : ", ") + std::string(s);
  return out;
}

}  // namespace

TEST_CASE("every rule of the pipeline and the registry has a tested case") {
  const auto tested = tested_rules();
  for (const auto* r : known_rules) {
    CAPTURE(r->code);
    CHECK_MESSAGE(tested.contains(r), "no case triggers this rule");
  }
  // And every tested rule is one the pipeline or a backend runs.
  for (const auto* r : tested) {
    CAPTURE(r->code);
    CHECK(std::find(known_rules.begin(), known_rules.end(), r) != known_rules.end());
  }
}

TEST_CASE("every rewrite of the pipeline has a tested case") {
  const auto tested = tested_rewrites();
  for (const auto* r : known_rewrites) {
    CAPTURE(r->code);
    CHECK_MESSAGE(tested.contains(r), "no case triggers this rewrite");
  }
  for (const auto* r : tested) {
    CAPTURE(r->code);
    CHECK(std::find(known_rewrites.begin(), known_rewrites.end(), r) != known_rewrites.end());
  }
}

TEST_CASE("every rule states what it allows, and its message") {
  for (const auto* r : known_rules) {
    CAPTURE(r->code);
    CHECK_FALSE(r->allowed.empty());
    // The exception is the engine's own: a bare `assert` raises an AssertionError without text.
    if (r->exception != exception_kind::assertion_error) CHECK_FALSE(r->message.empty());
    CHECK_FALSE(r->code.empty());
  }
  for (const auto* r : known_rewrites) CHECK_FALSE(r->code.empty());
}

TEST_CASE("rule codes are unique, and rewrite codes are unique") {
  CHECK(duplicates(codes_of(known_rules)).empty());
  CHECK(duplicates(codes_of(known_rewrites)).empty());
  // No rule is listed twice (by the pipeline and a backend, say).
  std::set<const rule_info*> distinct(known_rules.begin(), known_rules.end());
  CHECK(distinct.size() == known_rules.size());
}

TEST_CASE("a code names one rule or one rewrite, never both") {
  auto all = codes_of(known_rules);
  for (auto c : codes_of(known_rewrites)) all.push_back(c);
  const auto dup = duplicates(all);
  CHECK_MESSAGE(dup.empty(), joined(dup));
}

TEST_CASE("a server-args error always precedes a factory error") {
  const report rep = validate(on(H::sm80).mla().backend(id::trtllm_mha));
  REQUIRE(rep.errors().size() == 3);
  CHECK(rep.errors()[0].rule->stage == stage::server_args);
  CHECK(rep.errors()[1].rule->stage == stage::server_args);
  CHECK(rep.errors()[2].rule->stage == stage::factory);
}
