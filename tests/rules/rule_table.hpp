// SPDX-License-Identifier: MIT
// Table-driven checks of rules and rewrites: a triggering configuration and a near miss for each.
#pragma once

#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace attncap::test {

namespace sa = rules::server_args;
using H = hardware;
using K = kv_cache_dtype;
using M = model_family;
using S = speculative_algorithm;

/// A launch configuration built by chained edits, each returning a changed copy.
struct conf {
  launch_config c{};

  template <class T>
  constexpr conf with(T launch_config::*m, std::type_identity_t<T> v) const {
    conf r = *this;
    r.c.*m = v;
    return r;
  }
  constexpr conf on(hardware h) const { return with(&launch_config::hardware, h); }
  constexpr conf backend(backend_id b) const { return with(&launch_config::attention_backend, b); }
  constexpr conf prefill(backend_id b) const { return with(&launch_config::prefill_attention_backend, b); }
  constexpr conf decode(backend_id b) const { return with(&launch_config::decode_attention_backend, b); }
  constexpr conf draft(backend_id b) const { return with(&launch_config::speculative_draft_attention_backend, b); }
  constexpr conf arch(model_arch a) const { return with(&launch_config::model_arch, a); }
  constexpr conf mla() const { return arch(model_arch::mla); }
  constexpr conf gqa() const { return arch(model_arch::gqa); }
  constexpr conf model(model_family f) const { return with(&launch_config::model, f); }
  constexpr conf kv(kv_cache_dtype k) const { return with(&launch_config::kv_cache_dtype, k); }
  constexpr conf page(std::int32_t p) const { return with(&launch_config::page_size, p); }
  constexpr conf flag(bool launch_config::*m, bool v = true) const { return with(m, v); }
  constexpr conf spec(speculative_algorithm a) const { return with(&launch_config::speculative_algorithm, a); }
  constexpr conf topk(std::int32_t k) const { return with(&launch_config::speculative_eagle_topk, k); }
  constexpr conf steps(std::int32_t s) const { return with(&launch_config::speculative_num_steps, s); }
  constexpr conf draft_tokens(std::int32_t n) const { return with(&launch_config::speculative_num_draft_tokens, n); }
  /// EAGLE with explicit (topk, steps, draft tokens).
  constexpr conf eagle(std::int32_t k, std::int32_t s, std::int32_t n) const {
    return spec(S::eagle).topk(k).steps(s).draft_tokens(n);
  }
  constexpr conf heads(std::int32_t q, std::int32_t kv_heads) const {
    return with(&launch_config::num_q_heads_per_rank, q).with(&launch_config::num_kv_heads_per_rank, kv_heads);
  }
  constexpr conf head_dim(std::int32_t d) const { return with(&launch_config::head_dim, d); }
  constexpr conf tp(std::int32_t n) const { return with(&launch_config::tp_size, n); }
  constexpr conf dcp(std::int32_t n) const { return with(&launch_config::dcp_size, n); }
  constexpr conf dp(std::int32_t n) const { return with(&launch_config::dp_size, n); }
  constexpr conf attn_cp(std::int32_t n) const { return with(&launch_config::attn_cp_size, n); }
  /// Prefill context parallelism with strategy `s` (`cp_strategy::none`: no strategy given).
  constexpr conf prefill_cp(cp_strategy s) const {
    return flag(&launch_config::enable_prefill_cp).with(&launch_config::cp_strategy, s);
  }

  constexpr operator launch_config() const { return c; }  // NOLINT: implicit by design
};

/// A configuration on hardware `h`, every other option at the engine's default but a draft
/// model's checkpoint, given as a launch that drafts with one gives it (without an algorithm that
/// loads one, the engine does not read it).
constexpr conf on(hardware h) { return conf{}.on(h).flag(&launch_config::speculative_draft_model_path); }

using validator = report (*)(const launch_config&);
inline constexpr validator full_pipeline = &validate<builtin_registry, sglang_pipeline>;

/// `hit` violates `rule`, whose text there is `message`; `miss` differs from `hit` in one field
/// and does not violate it. `value`, when given, is the offending value as the engine prints it.
struct rule_case {
  const rule_info* rule;
  stage checked_at;
  exception_kind raises;
  launch_config hit;
  std::string_view message;
  launch_config miss;
  std::string_view value{};
  validator run = full_pipeline;
};

/// `hit` makes the engine perform `rewrite`, logging `warning` and leaving its field at
/// `resolved`; `miss` differs from `hit` in one field and is not rewritten by it.
struct rewrite_case {
  const rewrite_info* rewrite;
  launch_config hit;
  std::string_view warning;
  std::string_view resolved;
  launch_config miss;
  validator run = full_pipeline;
};

/// The fields in which `a` and `b` differ, as the engine would print them.
inline std::size_t differing_fields(const launch_config& a, const launch_config& b) {
  std::size_t n = 0;
  for (std::size_t f = 0; f < enum_count<field>(); ++f) {
    const auto key = static_cast<field>(f);
    n += format_value(a, key, builtin_registry::names) != format_value(b, key, builtin_registry::names) ? 1 : 0;
  }
  return n;
}

inline const violation* find(const report& rep, const rule_info& r) {
  for (const auto& v : rep.errors())
    if (v.rule == &r) return &v;
  return nullptr;
}

inline const adjustment* find(const report& rep, const rewrite_info& r) {
  for (const auto& a : rep.adjustments())
    if (a.rewrite == &r) return &a;
  return nullptr;
}

inline void check_rules(std::span<const rule_case> cases) {
  for (const auto& c : cases) {
    CAPTURE(c.rule->code);
    CHECK(c.rule->stage == c.checked_at);
    CHECK(c.rule->exception == c.raises);
    CHECK_FALSE(c.rule->allowed.empty());
    CHECK(differing_fields(c.hit, c.miss) == 1);
    const report rep = c.run(c.hit);
    const violation* v = find(rep, *c.rule);
    CHECK_MESSAGE(v != nullptr, "not triggered");
    if (v != nullptr) {
      CHECK(rep.message(*v) == c.message);
      if (!c.value.empty()) CHECK(rep.value(*v) == c.value);
    }
    CHECK_MESSAGE(!c.run(c.miss).violates(*c.rule), "near miss violates it");
  }
}

inline void check_rewrites(std::span<const rewrite_case> cases) {
  for (const auto& c : cases) {
    CAPTURE(c.rewrite->code);
    CHECK(differing_fields(c.hit, c.miss) == 1);
    const report rep = c.run(c.hit);
    const adjustment* a = find(rep, *c.rewrite);
    CHECK_MESSAGE(a != nullptr, "not applied");
    if (a != nullptr) CHECK(rep.message(*a) == c.warning);
    CHECK(format_value(rep.resolved(), c.rewrite->field, rep.names()) == c.resolved);
    CHECK_MESSAGE(find(c.run(c.miss), *c.rewrite) == nullptr, "near miss is rewritten");
  }
}

/// The codes of the violations of `rep`, in order.
inline std::string codes(const report& rep) {
  std::string out;
  for (const auto& v : rep.errors()) out += std::string(out.empty() ? "" : ", ") + std::string(v.rule->code);
  return out;
}

}  // namespace attncap::test
