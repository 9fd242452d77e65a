// SPDX-License-Identifier: MIT
/// @file
/// The kernel space, declared once: which head dims, dtypes and GQA groups each kernel family
/// supports in principle, and which of them this build compiles. Dispatch tables, explicit
/// instantiations, test type lists and benchmark registrations are all derived from `configs`.
#pragma once

#include <algorithm>
#include <array>
#include <attncap/config.hpp>
#include <attncap/detail/enum_names.hpp>
#include <attncap/detail/mp11.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <cstddef>
#include <cstdint>
#include <tuple>

namespace attncap::kernels {

/// Why a kernel configuration can or cannot run.
ATTNCAP_NAMED_ENUM(support, std::uint8_t,
                   ok,                     ///< compiled in this build
                   unsupported_by_family,  ///< the kernel family has no such kernel, whatever the build
                   excluded_by_build       ///< the family has it, this build left it out (see the ATTNCAP_* lists)
)

}  // namespace attncap::kernels

namespace attncap {
template <>
struct enum_spellings<kernels::support> {
  static constexpr std::string_view what = "support";
  static constexpr auto table = named_spellings<kernels::support>();
};
}  // namespace attncap

namespace attncap::kernels {

/// The reason in words, for error messages.
constexpr std::string_view describe(support s) noexcept {
  switch (s) {
    case support::ok:
      return "supported";
    case support::unsupported_by_family:
      return "not supported by the kernel family";
    case support::excluded_by_build:
      return "supported by the kernel family but not compiled in this build";
  }
  return "<invalid>";
}

/// What a kernel call computes beyond plain softmax attention: the options a launch asks for
/// (a sliding window, a logit soft-cap, attention sinks, a softmax scale of its own). They are
/// runtime parameters, not part of a kernel's key: a family either has an option or not.
struct kernel_options {
  bool sliding_window = false;
  bool logit_softcap = false;
  bool attention_sinks = false;
  bool custom_scale = false;
  /// Whether every option `wanted` asks for is among these.
  constexpr bool covers(const kernel_options& wanted) const noexcept {
    return (sliding_window || !wanted.sliding_window) && (logit_softcap || !wanted.logit_softcap) &&
           (attention_sinks || !wanted.attention_sinks) && (custom_scale || !wanted.custom_scale);
  }
  friend constexpr bool operator==(const kernel_options&, const kernel_options&) = default;
};

/// One decode kernel: head dim, KV-cache dtype, GQA group size.
struct decode_config {
  int head_dim;
  dtype kv;
  int group;
  friend constexpr bool operator==(const decode_config&, const decode_config&) = default;
};
/// One prefill / cross-attention kernel: head dim and the Q/K/V/O dtype.
struct prefill_config {
  int head_dim;
  dtype type;
  friend constexpr bool operator==(const prefill_config&, const prefill_config&) = default;
};
/// One MLA decode kernel (absorbed form): qk head dim (latent + rope), v head dim, KV-cache dtype.
struct mla_config {
  int qk_dim;
  int v_dim;
  dtype kv;
  friend constexpr bool operator==(const mla_config&, const mla_config&) = default;
};

namespace detail {
namespace mp = attncap::detail::mp;

namespace spelled {
using enum attncap::dtype;
inline constexpr int head_dims[] = {ATTNCAP_HEAD_DIMS};
inline constexpr int groups[] = {ATTNCAP_GQA_GROUPS};
inline constexpr dtype kv_dtypes[] = {ATTNCAP_KV_DTYPES};
inline constexpr dtype dtypes[] = {ATTNCAP_DTYPES};
inline constexpr int no_group[] = {0};  // the group field of a general decode kernel's key
#if defined(ATTNCAP_KERNELS_DISABLE_MLA)
inline constexpr int mla_dims[] = {0, 0};
inline constexpr bool mla_enabled = false;
#else
inline constexpr int mla_dims[] = {ATTNCAP_MLA_HEAD_DIMS};
inline constexpr bool mla_enabled = true;
#endif
}  // namespace spelled

template <class T, std::size_t N, std::size_t M>
constexpr bool subset(const T (&a)[N], const std::array<T, M>& b) {
  return std::all_of(a, a + N, [&](T x) { return std::find(b.begin(), b.end(), x) != b.end(); });
}
/// No two runs of `width` values of `a` are equal (width 2: a list of pairs).
template <class T, std::size_t N>
constexpr bool distinct(const T (&a)[N], std::size_t width = 1) {
  for (std::size_t i = 0; i + width <= N; i += width)
    for (std::size_t j = i + width; j + width <= N; j += width)
      if (std::equal(a + i, a + i + width, a + j)) return false;
  return true;
}
template <class C, class T>
constexpr bool has(const C& c, T x) {
  return std::find(std::begin(c), std::end(c), x) != std::end(c);
}

/// The cartesian product of the built lists as a plain array of Config, the first list varying
/// slowest: Config{Lists[i]...} for every index tuple i, in the order Mp11's product lists them.
template <class Config, const auto&... Lists>
struct product_of {
  template <class... I>
  static constexpr Config make(mp::mp_list<I...>) {
    return Config{Lists[I::value]...};
  }
  template <class... Tuples>
  static constexpr std::array<Config, sizeof...(Tuples)> all(mp::mp_list<Tuples...>) {
    return {make(Tuples{})...};
  }
  static constexpr auto value = all(mp::mp_product<mp::mp_list, mp::mp_iota_c<std::size(Lists)>...>{});
};
/// A decode configuration in product order (the group varies slowest, see decode_space_t::configs).
struct decode_tuple {
  int group, head_dim;
  dtype kv;
  constexpr operator decode_config() const { return {head_dim, kv, group}; }
};
template <class To, class From, std::size_t N>
constexpr std::array<To, N> convert(const std::array<From, N>& a) {
  std::array<To, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = a[i];
  return out;
}
constexpr auto mla_configs() {
  constexpr std::size_t pairs = spelled::mla_enabled ? std::size(spelled::mla_dims) / 2 : 0;
  std::array<mla_config, pairs * std::size(spelled::kv_dtypes)> out{};
  std::size_t n = 0;
  for (std::size_t p = 0; p < pairs; ++p)
    for (dtype kv : spelled::kv_dtypes) out[n++] = {spelled::mla_dims[2 * p], spelled::mla_dims[2 * p + 1], kv};
  return out;
}
}  // namespace detail

/// Decode over a paged KV cache: key (head_dim, kv dtype, group); Q/O may be any of `q_dtypes`.
/// Every group from 1 to `max_group` runs: a group listed in ATTNCAP_GQA_GROUPS on its own tuned
/// body, any other on the tuned body of a compiled group that divides it, or else on the general
/// kernel of its (head dim, KV dtype). So only head dims and KV dtypes can be left out of a build.
struct decode_space_t {
  /// Head dims the kernels are written for (multiples of 16 up to 256).
  static constexpr std::array family_head_dims = {32, 64, 80, 96, 112, 128, 160, 192, 256};
  static constexpr std::array family_kv_dtypes = {dtype::fp32, dtype::fp16, dtype::bf16, dtype::fp8_e4m3};
  /// Groups with a tuned body of their own, those ATTNCAP_GQA_GROUPS may list.
  static constexpr std::array tuned_groups = {1, 2, 4, 8, 16};
  /// The largest group (query heads per KV head) the family runs; every group from 1 up to it runs.
  static constexpr int max_group = 64;
  /// Q and O dtypes (converted at the kernel's edges, not part of the key).
  static constexpr std::array q_dtypes = {dtype::fp32, dtype::fp16, dtype::bf16};
  /// Every compiled tuned configuration, in instantiation order. The group varies slowest: it
  /// drives the compile cost most, and shards take every n-th entry, so each shard gets a mix.
  static constexpr auto configs =
      detail::convert<decode_config>(detail::product_of<detail::decode_tuple, detail::spelled::groups,
                                                        detail::spelled::head_dims, detail::spelled::kv_dtypes>::value);
  /// The general kernels, one per compiled (head dim, KV dtype), group 0 in the key: they run any
  /// group as units of 4 query heads and single heads, every unit of a KV head on the same rows.
  static constexpr auto general_configs =
      detail::product_of<decode_config, detail::spelled::head_dims, detail::spelled::kv_dtypes,
                         detail::spelled::no_group>::value;

  static constexpr bool family_group(int group) noexcept { return group >= 1 && group <= max_group; }
  constexpr bool family_supports(int head_dim, dtype kv, int group = 1) const noexcept {
    return detail::has(family_head_dims, head_dim) && detail::has(family_kv_dtypes, kv) && family_group(group);
  }
  /// Whether `group` has a tuned kernel of its own for (head_dim, kv) in this build.
  constexpr bool tuned(int head_dim, dtype kv, int group) const noexcept {
    return detail::has(configs, decode_config{head_dim, kv, group});
  }
  constexpr bool compiled(int head_dim, dtype kv, int group = 1) const noexcept {
    return family_supports(head_dim, kv, group) && detail::has(general_configs, decode_config{head_dim, kv, 0});
  }
  constexpr support check(int head_dim, dtype kv, int group = 1) const noexcept {
    return compiled(head_dim, kv, group)          ? support::ok
           : family_supports(head_dim, kv, group) ? support::excluded_by_build
                                                  : support::unsupported_by_family;
  }
};
/// Prefill/extend and cross attention: key (head_dim, dtype of Q/K/V/O).
struct prefill_space_t {
  static constexpr std::array family_head_dims = decode_space_t::family_head_dims;
  static constexpr std::array family_dtypes = {dtype::fp32, dtype::fp16, dtype::bf16};
  static constexpr auto configs =
      detail::product_of<prefill_config, detail::spelled::head_dims, detail::spelled::dtypes>::value;

  constexpr bool family_supports(int head_dim, dtype type) const noexcept {
    return detail::has(family_head_dims, head_dim) && detail::has(family_dtypes, type);
  }
  constexpr bool compiled(int head_dim, dtype type) const noexcept {
    return detail::has(configs, prefill_config{head_dim, type});
  }
  constexpr support check(int head_dim, dtype type) const noexcept {
    return compiled(head_dim, type)          ? support::ok
           : family_supports(head_dim, type) ? support::excluded_by_build
                                             : support::unsupported_by_family;
  }
};
/// MLA decode, absorbed form: key (qk dim, v dim, kv dtype); K and V share the latent cache rows.
struct mla_space_t {
  static constexpr std::array<std::array<int, 2>, 1> family_head_dims = {{{576, 512}}};
  static constexpr std::array family_kv_dtypes = decode_space_t::family_kv_dtypes;
  static constexpr std::array q_dtypes = decode_space_t::q_dtypes;
  static constexpr auto configs = detail::mla_configs();

  constexpr bool family_supports(int qk_dim, int v_dim, dtype kv) const noexcept {
    return detail::has(family_head_dims, std::array<int, 2>{qk_dim, v_dim}) && detail::has(family_kv_dtypes, kv);
  }
  constexpr bool compiled(int qk_dim, int v_dim, dtype kv) const noexcept {
    return detail::has(configs, mla_config{qk_dim, v_dim, kv});
  }
  constexpr support check(int qk_dim, int v_dim, dtype kv) const noexcept {
    return compiled(qk_dim, v_dim, kv)          ? support::ok
           : family_supports(qk_dim, v_dim, kv) ? support::excluded_by_build
                                                : support::unsupported_by_family;
  }
};

/// The kernel spaces. A backend's capability declaration can reference these, e.g.
/// `attncap::kernels::decode_space.check(96, dtype::bf16, 4)`.
inline constexpr decode_space_t decode_space{};
inline constexpr prefill_space_t prefill_space{};
inline constexpr prefill_space_t cross_attention_space{};
inline constexpr mla_space_t mla_space{};

/// The kernel families.
enum class family : std::uint8_t { decode, prefill, cross_attention, mla_decode };

/// Whether this build runs `f` for (head_dim, dt[, group]): dt is the KV dtype for decode and MLA
/// (head_dim = qk dim, v dim from the family's pair), the Q/K/V/O dtype for prefill and cross.
constexpr support check(family f, int head_dim, dtype dt, int group = 1) noexcept {
  switch (f) {
    case family::decode:
      return decode_space.check(head_dim, dt, group);
    case family::prefill:
    case family::cross_attention:
      return prefill_space.check(head_dim, dt);
    case family::mla_decode:
      for (const auto& p : mla_space_t::family_head_dims)
        if (p[0] == head_dim) return mla_space.check(p[0], p[1], dt);
      return support::unsupported_by_family;
  }
  return support::unsupported_by_family;
}
/// `check(...) == support::ok`.
constexpr bool supports(family f, int head_dim, dtype dt, int group = 1) noexcept {
  return check(f, head_dim, dt, group) == support::ok;
}

/// The options family `f` computes (decode_params / prefill_params fields): every family has a
/// soft-cap, sinks and a scale of its own; all but cross attention (no causal position) a window.
constexpr kernel_options family_options(family f) noexcept {
  return {.sliding_window = f != family::cross_attention,
          .logit_softcap = true,
          .attention_sinks = true,
          .custom_scale = true};
}
/// check(f, head_dim, dt, group), and unsupported_by_family when f lacks an option of `wanted`.
constexpr support check(family f, int head_dim, dtype dt, int group, const kernel_options& wanted) noexcept {
  return family_options(f).covers(wanted) ? check(f, head_dim, dt, group) : support::unsupported_by_family;
}
/// `check(f, head_dim, dt, group, wanted) == support::ok`.
constexpr bool supports(family f, int head_dim, dtype dt, int group, const kernel_options& wanted) noexcept {
  return check(f, head_dim, dt, group, wanted) == support::ok;
}

namespace detail {
static_assert(subset(spelled::head_dims, decode_space_t::family_head_dims),
              "attncap::kernels: ATTNCAP_HEAD_DIMS lists a head dim the kernel family does not support "
              "(see decode_space_t::family_head_dims)");
static_assert(subset(spelled::groups, decode_space_t::tuned_groups),
              "attncap::kernels: ATTNCAP_GQA_GROUPS lists a group size without a tuned body "
              "(see decode_space_t::tuned_groups; every group up to max_group runs anyway)");
static_assert(subset(spelled::kv_dtypes, decode_space_t::family_kv_dtypes),
              "attncap::kernels: ATTNCAP_KV_DTYPES lists a dtype the kernel family does not support");
static_assert(subset(spelled::dtypes, prefill_space_t::family_dtypes),
              "attncap::kernels: ATTNCAP_DTYPES lists a dtype the kernel family does not support");
static_assert(
    distinct(spelled::head_dims) && distinct(spelled::groups) && distinct(spelled::kv_dtypes) &&
        distinct(spelled::dtypes) && distinct(spelled::mla_dims, 2),
    "attncap::kernels: the ATTNCAP_* kernel lists must not repeat a value (nor ATTNCAP_MLA_HEAD_DIMS a pair)");
static_assert(std::size(spelled::mla_dims) % 2 == 0 &&
                  std::all_of(mla_space_t::configs.begin(), mla_space_t::configs.end(),
                              [](const mla_config& c) { return mla_space.family_supports(c.qk_dim, c.v_dim, c.kv); }),
              "attncap::kernels: ATTNCAP_MLA_HEAD_DIMS must list (qk, v) pairs the MLA family supports (576, 512)");
}  // namespace detail

/// Configuration I of a family as a type: `config_c<decode_space_t::configs, 3>::value`.
template <const auto& Configs, std::size_t I>
struct config_c {
  static constexpr auto value = Configs[I];
};
namespace detail {
template <const auto& Configs>
struct config_at {
  template <class I>
  using fn = config_c<Configs, I::value>;
};
}  // namespace detail
/// Every configuration of a family as a std::tuple of config_c types (doctest type lists,
/// per-configuration benchmarks): `config_types<decode_space_t::configs>`.
template <const auto& Configs>
using config_types =
    detail::mp::mp_rename<detail::mp::mp_transform_q<detail::config_at<Configs>, detail::mp::mp_iota_c<Configs.size()>>,
                          std::tuple>;

}  // namespace attncap::kernels
