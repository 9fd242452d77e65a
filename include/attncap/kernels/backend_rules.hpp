// SPDX-License-Identifier: MIT
/// @file
/// Rules for backends that run attncap's kernels: a launch whose (head dim, KV dtype, GQA group)
/// the kernel family does not have, and one this build did not compile, are distinct errors.
#pragma once

#include <array>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/kernels/kernel_space.hpp>
#include <optional>
#include <string_view>

namespace attncap::kernels {

/// The element type a decode kernel reads for a launch's KV-cache choice (`auto` follows the
/// model dtype); nothing for formats the kernels have no storage type for.
constexpr std::optional<dtype> kv_element_type(const launch_config& c) noexcept {
  switch (c.kv_cache_dtype) {
    case kv_cache_dtype::auto_:
      return c.dtype == model_dtype::float16   ? dtype::fp16
             : c.dtype == model_dtype::float32 ? dtype::fp32
                                               : dtype::bf16;
    case kv_cache_dtype::bf16:
    case kv_cache_dtype::bfloat16:
      return dtype::bf16;
    case kv_cache_dtype::fp8_e4m3:
      return dtype::fp8_e4m3;
    case kv_cache_dtype::fp8_e5m2:
      return dtype::fp8_e5m2;
    default:
      return std::nullopt;
  }
}

/// The kernel options a launch asks for: a sliding window, the model's logit cap, attention sinks.
constexpr kernel_options launch_options(const launch_config& c) noexcept {
  return {.sliding_window = c.sliding_window > 0,  // unset and -1: full attention
          .logit_softcap = c.logit_cap > 0.0,
          .attention_sinks = c.attention_sinks,
          .custom_scale = false};
}

/// What the decode kernel space says of a launch (its head dim, KV dtype, GQA group and options).
constexpr support decode_support(const launch_config& c) noexcept {
  const auto kv = kv_element_type(c);
  if (!kv) return support::unsupported_by_family;
  const int group =
      c.num_q_heads_per_rank > 0 && c.num_kv_heads_per_rank > 0 ? c.num_q_heads_per_rank / c.num_kv_heads_per_rank : 1;
  return check(family::decode, c.head_dim, *kv, group, launch_options(c));
}

/// A backend's declaration with the options the decode kernels compute (sliding window, logit
/// cap, attention sinks) declared from the kernel space, so the declaration cannot claim more.
constexpr capabilities with_decode_kernel_options(capabilities caps) noexcept {
  constexpr kernel_options o = family_options(family::decode);
  const auto yes_no = [](bool has) { return has ? attncap::support::yes : attncap::support::no; };
  caps.sliding_window = yes_no(o.sliding_window);
  caps.logit_cap = yes_no(o.logit_softcap);
  caps.attention_sinks = yes_no(o.attention_sinks);
  return caps;
}

namespace detail {
/// "a, b, c" from a list of ints, built at compile time.
template <const auto& Values>
struct joined {
  static constexpr auto storage = [] {
    std::array<char, 8 * std::size(Values) + 1> out{};
    std::size_t n = 0;
    for (int v : Values) {
      if (n) out[n++] = ',', out[n++] = ' ';
      char digits[12]{};
      int d = 0;
      do digits[d++] = static_cast<char>('0' + v % 10), v /= 10;
      while (v);
      while (d) out[n++] = digits[--d];
    }
    return std::pair{out, n};
  }();
  static constexpr std::string_view value{storage.first.data(), storage.second};
};
}  // namespace detail

/// Declares the kernel rule template `Name<B>`, violated when the decode kernel space answers
/// `support::Verdict` for the launch. `Message` must be a string literal: like ATTNCAP_RULE's, it is
/// both the runtime text and the text of the rule's static_assert.
#define ATTNCAP_DETAIL_KERNEL_RULE(Name, Code, Verdict, Allowed, Message)                      \
  template <class B>                                                                           \
  struct Name {                                                                                \
    static constexpr rule_info info{Code,    stage::backend_init, exception_kind::value_error, \
                                    Message, field::head_dim,     Allowed};                    \
    static constexpr bool violated(const rule_context& ctx) noexcept {                         \
      return ctx.cfg.head_dim != unset && decode_support(ctx.cfg) == support::Verdict;         \
    }                                                                                          \
    /* Instantiated with true only for a violated rule of a static configuration. */           \
    template <bool Violated>                                                                   \
    struct assertion {                                                                         \
      static_assert(!Violated, Message);                                                       \
    };                                                                                         \
  }

/// Rejects a launch whose head dim, KV dtype or GQA group the decode kernel family lacks.
ATTNCAP_DETAIL_KERNEL_RULE(decode_unsupported_by_family, "kernels.decode_unsupported_by_family", unsupported_by_family,
                           detail::joined<decode_space_t::family_head_dims>::value,
                           "The {subject} decode kernels do not support head_dim={head_dim} with "
                           "kv_cache_dtype={kv_cache_dtype} and GQA group {gqa_group}; the kernel family has "
                           "head dims {allowed}.");

/// Rejects a launch the decode kernel family supports but this build did not compile.
ATTNCAP_DETAIL_KERNEL_RULE(decode_excluded_by_build, "kernels.decode_excluded_by_build", excluded_by_build,
                           detail::joined<kernels::detail::spelled::head_dims>::value,
                           "The {subject} decode kernels for head_dim={head_dim} with "
                           "kv_cache_dtype={kv_cache_dtype} and GQA group {gqa_group} are not compiled in this "
                           "build (compiled head dims: {allowed}); add them to ATTNCAP_HEAD_DIMS or "
                           "ATTNCAP_KV_DTYPES.");

#undef ATTNCAP_DETAIL_KERNEL_RULE

/// The kernel rules of backend `B`, whose decode runs `attncap::kernels::decode`.
template <class B>
using decode_kernel_rules = rule_list<decode_unsupported_by_family<B>, decode_excluded_by_build<B>>;

/// Head dims of the decode kernel family, for a backend's `capabilities::head_dims`.
inline constexpr size_set decode_family_head_dims = [] {
  size_set s;
  s.any = false;
  for (std::size_t i = 0; i < decode_space_t::family_head_dims.size() && i < s.values.size(); ++i)
    s.values[i] = decode_space_t::family_head_dims[i];
  return s;
}();

}  // namespace attncap::kernels
