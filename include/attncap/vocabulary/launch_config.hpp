// SPDX-License-Identifier: MIT
/// @file
/// attncap::launch_config: everything a check reads about one engine launch — the engine's
/// options, the model's attention facts and the machine. No hidden inputs.
#pragma once

#include <attncap/vocabulary/aiter_kv_cache_layout.hpp>
#include <attncap/vocabulary/backend_id.hpp>
#include <attncap/vocabulary/config_schema.hpp>
#include <attncap/vocabulary/cp_strategy.hpp>
#include <attncap/vocabulary/cuda_graph_backend.hpp>
#include <attncap/vocabulary/disaggregation_mode.hpp>
#include <attncap/vocabulary/dsa_kernel.hpp>
#include <attncap/vocabulary/dsv4_attn_backend.hpp>
#include <attncap/vocabulary/dsv4_kv_layout.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <attncap/vocabulary/field.hpp>
#include <attncap/vocabulary/hardware.hpp>
#include <attncap/vocabulary/kv_cache_dtype.hpp>
#include <attncap/vocabulary/mamba_strategy.hpp>
#include <attncap/vocabulary/model_arch.hpp>
#include <attncap/vocabulary/model_family.hpp>
#include <attncap/vocabulary/moe_a2a_backend.hpp>
#include <attncap/vocabulary/prefill_dequant_dtype.hpp>
#include <attncap/vocabulary/ragged_verify_mode.hpp>
#include <attncap/vocabulary/speculative_algorithm.hpp>
#include <attncap/vocabulary/speculative_attention_mode.hpp>
#include <concepts>
#include <cstdint>
#include <type_traits>

namespace attncap {

#define ATTNCAP_DETAIL_FIELD_MEMBER(name, type, init, kind, lo, hi, role, doc) type name = init;

/// One launch of the engine. Defaults are the engine's defaults; `unset` / `backend_id::none`
/// mean the option was not given. The members are the configuration keys, declared in
/// `ATTNCAP_LAUNCH_CONFIG_FIELDS` (see there for each one's meaning), in `field` order.
struct launch_config {
  ATTNCAP_LAUNCH_CONFIG_FIELDS(ATTNCAP_DETAIL_FIELD_MEMBER)

  constexpr bool is_mla() const noexcept { return model_arch == ::attncap::model_arch::mla; }
  /// True when the model has a sliding window (unset and -1 both mean full attention).
  constexpr bool has_sliding_window() const noexcept { return sliding_window > -1; }
  constexpr bool speculative() const noexcept {
    return speculative_algorithm != ::attncap::speculative_algorithm::none;
  }
  /// Whether the deprecated `--dp-size N --enable-dp-attention` stands for `--attn-dp-size N`:
  /// the engine moves `dp_size` there first, where no attention DP size is given
  /// (arg_groups/parallel_hook.py, handle_deprecated_dp_attention).
  constexpr bool dp_size_is_attn_dp() const noexcept { return enable_dp_attention && attn_dp_size == 1; }
  /// The attention data-parallel groups, in either spelling, before or after the engine's move.
  constexpr std::int32_t attn_dp_groups() const noexcept { return dp_size_is_attn_dp() ? dp_size : attn_dp_size; }
  /// The data-parallel replicas: `dp_size`, unless it stands for attention DP.
  constexpr std::int32_t dp_replicas() const noexcept { return dp_size_is_attn_dp() ? 1 : dp_size; }
  /// Data-parallel replicas given beside attention DP groups, which the engine refuses.
  constexpr bool replicas_beside_attn_dp() const noexcept { return attn_dp_size > 1 && dp_size > 1; }
  /// The engine's move of `dp_size` into `attn_dp_size` (the deprecated spelling, and a
  /// context-parallel layout's reading of `--dp-size`).
  constexpr void move_dp_size_to_attn_dp() noexcept {
    attn_dp_size = dp_size;
    dp_size = 1;
  }
  /// Attention data parallelism is on: more than one attention DP group.
  constexpr bool attn_dp_enabled() const noexcept { return attn_dp_groups() > 1; }
  /// The ranks left for attention tensor parallelism after attention DP and CP.
  constexpr std::int32_t attn_tp_size() const noexcept { return tp_size / attn_dp_groups() / attn_cp_size; }
  /// The tensor-parallel ranks the model's heads are split over (`tp_size / attn_dp_size`).
  constexpr std::int32_t head_ranks() const noexcept { return tp_size / attn_dp_groups(); }
  /// The model's KV heads over all ranks: `num_kv_heads`, else one for MQA, else those of a rank
  /// times the ranks (`unset` when neither is known).
  constexpr std::int32_t total_kv_heads() const noexcept {
    if (num_kv_heads != ::attncap::unset) return num_kv_heads;
    if (model_arch == ::attncap::model_arch::mqa) return 1;
    return num_kv_heads_per_rank != ::attncap::unset ? num_kv_heads_per_rank * head_ranks() : ::attncap::unset;
  }
  /// The KV heads each of `ranks` tensor-parallel ranks holds when `dcp` of them replicate a
  /// decode-context-parallel group's KV: the heads split over `ranks / dcp` groups, at least one
  /// (configs/model_config.py, get_num_kv_heads). `unset` when the heads are unknown.
  constexpr std::int32_t kv_heads_with_dcp(std::int32_t ranks, std::int32_t dcp) const noexcept {
    const std::int32_t total = total_kv_heads(), groups = ranks / dcp;
    if (total == ::attncap::unset || groups < 1) return ::attncap::unset;
    return total / groups > 1 ? total / groups : 1;
  }
  /// The KV heads of a rank when the model's KV heads are split over all `tp_size` ranks, attention
  /// DP or not (at least one), as the hpc_ops backend counts them: from the model's count when
  /// known, else the per-rank fact.
  constexpr std::int32_t tp_kv_heads() const noexcept {
    return num_kv_heads != ::attncap::unset ? kv_heads_with_dcp(tp_size, 1) : num_kv_heads_per_rank;
  }
  /// The query heads of a rank when the model's heads are split over all `tp_size` ranks, attention
  /// DP or not, as the hpc_ops backend counts them (`unset` when unknown).
  constexpr std::int32_t tp_q_heads() const noexcept {
    return num_q_heads_per_rank != ::attncap::unset && tp_size > 0 ? num_q_heads_per_rank * head_ranks() / tp_size
                                                                   : ::attncap::unset;
  }
  /// The chunk the Mamba state is cached at: the model's, else the FLA kernels' 64.
  constexpr std::int32_t mamba_chunk() const noexcept {
    return mamba_chunk_size != ::attncap::unset ? mamba_chunk_size : 64;
  }
  /// The query heads per KV head a decode kernel sees when decode context parallelism gathers
  /// the query heads of `dcp_size` ranks (arg_groups/attention_hook.py, _check_xpu_dcp);
  /// `unset` when the heads are unknown. The engine splits the heads over `tp_size / attn_cp_size`
  /// ranks there: it reads the data-parallel size after attention DP has taken it over, so
  /// attention DP does not narrow the split.
  constexpr std::int32_t dcp_q_group() const noexcept {
    const std::int32_t ranks = tp_size / attn_cp_size, kv = kv_heads_with_dcp(ranks, dcp_size);
    if (num_q_heads_per_rank == ::attncap::unset || kv == ::attncap::unset || ranks < 1) return ::attncap::unset;
    const std::int32_t q = num_q_heads_per_rank * head_ranks() / ranks;
    return (q > 1 ? q : 1) * dcp_size / kv;
  }
  /// The backend that serves prefill once resolved: the prefill override, else the base backend.
  constexpr backend_id prefill_backend() const noexcept {
    return is_set(prefill_attention_backend) ? prefill_attention_backend : attention_backend;
  }
  /// The backend that serves decode once resolved: the decode override, else the base backend.
  constexpr backend_id decode_backend() const noexcept {
    return is_set(decode_attention_backend) ? decode_attention_backend : attention_backend;
  }
  /// True when the resolved prefill or decode backend is `b`.
  constexpr bool serves(backend_id b) const noexcept { return prefill_backend() == b || decode_backend() == b; }
  /// The backend that verifies drafts (and extends them) once resolved.
  constexpr backend_id verify_backend() const noexcept {
    return speculative_attention_mode == ::attncap::speculative_attention_mode::decode ? decode_backend()
                                                                                       : prefill_backend();
  }
  /// True when any of the base, prefill or decode fields names `b`.
  constexpr bool names(backend_id b) const noexcept {
    return attention_backend == b || prefill_attention_backend == b || decode_attention_backend == b;
  }
  constexpr bool operator==(const launch_config&) const = default;
};

#undef ATTNCAP_DETAIL_FIELD_MEMBER

/// A key known at compile time, with its kind: what `visit_field` hands its function.
template <field F>
struct field_constant {
  static constexpr field key = F;
  static constexpr field_kind kind = schema_of(F).kind;
};

#define ATTNCAP_DETAIL_FIELD_CASE(name, type, init, kind, lo, hi, role, doc) \
  case field::name:                                                          \
    return fn(c.name, field_constant<field::name>{});

/// Calls `fn(c.<f>, field_constant<f>{})` with the member of `c` that key `f` names (a const
/// or mutable reference as `c` is), so that code over every key is written once per kind.
template <class Config, class Fn>
requires std::same_as<std::remove_const_t<Config>, launch_config>
constexpr decltype(auto) visit_field(Config& c, field f, Fn&& fn) {
  switch (f) { ATTNCAP_LAUNCH_CONFIG_FIELDS(ATTNCAP_DETAIL_FIELD_CASE) }
  return fn(c.attention_backend, field_constant<field::attention_backend>{});  // not reached: f is a key
}

#undef ATTNCAP_DETAIL_FIELD_CASE

namespace detail {
/// True when a member of type `T` can hold values of kind `k`.
template <class T>
constexpr bool holds_kind(field_kind k) noexcept {
  switch (k) {
    case field_kind::backend:
      return std::is_same_v<T, backend_id>;
    case field_kind::choice:
      return std::is_enum_v<T> && spelled_enum<T>;
    case field_kind::integer:
    case field_kind::version:
      return std::is_same_v<T, std::int32_t>;
    case field_kind::flag:
    case field_kind::path:
      return std::is_same_v<T, bool>;
    case field_kind::real:
      return std::is_same_v<T, double>;
    case field_kind::model:
      return std::is_same_v<T, model_family>;
  }
  return false;
}

#define ATTNCAP_DETAIL_FIELD_CHECK(name, type, init, kind, lo, hi, role, doc) \
  static_assert(holds_kind<decltype(launch_config::name)>(field_kind::kind), #name ": type and kind disagree");
ATTNCAP_LAUNCH_CONFIG_FIELDS(ATTNCAP_DETAIL_FIELD_CHECK)
#undef ATTNCAP_DETAIL_FIELD_CHECK
}  // namespace detail

}  // namespace attncap
