// SPDX-License-Identifier: MIT
/// @file
/// Rules that share a shape across backends, each reading the backend's capability
/// declaration: "<backend> backend can only be used with (non-)MLA models.", the declared
/// hardware, KV dtypes and page sizes, and the page-size snap to the declared set. The
/// `allowed` text of such a rule is the declared set itself, spelled by the vocabulary.
#pragma once

#include <array>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/detail/enum_set.hpp>
#include <cstddef>
#include <string_view>

namespace attncap {

namespace detail {
/// The spelling of capability set `Member` of backend `B`, as static text.
template <class B, auto Member>
struct declared_set_text {
  static constexpr auto& set = backend_traits<B>::caps.*Member;
  static constexpr std::size_t size = set.spell(nullptr);
  static constexpr std::array<char, size + 1> chars = [] {
    std::array<char, size + 1> a{};
    set.spell(a.data());
    return a;
  }();
  static constexpr std::string_view value{chars.data(), size};
};

/// Which backend fields a server-args shape reads.
enum class backend_fields : std::uint8_t {
  base_or_decode,  ///< --attention-backend or --decode-attention-backend
  any_phase,       ///< any of the base, prefill and decode fields
  any_with_draft,  ///< those, or the speculative draft backend
};

constexpr bool names_backend(const launch_config& c, backend_id b, backend_fields f) noexcept {
  switch (f) {
    case backend_fields::base_or_decode:
      return c.attention_backend == b || c.decode_attention_backend == b;
    case backend_fields::any_phase:
      return c.names(b);
    case backend_fields::any_with_draft:
      return c.names(b) || c.speculative_draft_attention_backend == b;
  }
  return false;
}

/// The page-size snap: a launch naming `B` with a page size `B` does not declare is moved to
/// `B`'s snap target.
template <class B, backend_id Id, backend_fields Fields>
struct page_snap {
  static constexpr bool applies(const rule_context& ctx) noexcept {
    return names_backend(ctx.cfg, Id, Fields) && !backend_traits<B>::caps.pages.contains(ctx.cfg.page_size);
  }
  static constexpr void apply(launch_config& cfg, const platform&) noexcept {
    cfg.page_size = backend_traits<B>::caps.page_snap;
  }
};
}  // namespace detail

/// The declared architectures of `B`, spelled for a rule's `allowed`.
template <class B>
inline constexpr std::string_view declared_architectures =
    detail::declared_set_text<B, &capabilities::architectures>::value;
/// The declared hardware targets of `B`, spelled for a rule's `allowed`.
template <class B>
inline constexpr std::string_view declared_targets = detail::declared_set_text<B, &capabilities::targets>::value;
/// The declared page sizes of `B`, spelled for a rule's `allowed`.
template <class B>
inline constexpr std::string_view declared_page_sizes = detail::declared_set_text<B, &capabilities::pages>::value;
/// The declared KV cache dtypes of `B`, spelled for a rule's `allowed`.
template <class B>
inline constexpr std::string_view declared_kv_cache_dtypes =
    detail::declared_set_text<B, &capabilities::kv_cache_dtypes>::value;

/// True when `B` does not declare the configuration's model architecture.
template <class B>
constexpr bool architecture_excluded(const rule_context& ctx) noexcept {
  return !backend_traits<B>::caps.architectures.contains(ctx.cfg.model_arch);
}
/// True when `B` does not declare the configuration's KV cache dtype.
template <class B>
constexpr bool kv_cache_dtype_excluded(const rule_context& ctx) noexcept {
  return !backend_traits<B>::caps.kv_cache_dtypes.contains(ctx.cfg.kv_cache_dtype);
}
/// True when `B` does not declare the hardware, or the CUDA toolkit is older than `min_cuda`
/// (major * 100 + minor; an unknown toolkit counts as new enough).
template <class B>
constexpr bool target_excluded(const rule_context& ctx, int min_cuda = 0) noexcept {
  return !backend_traits<B>::caps.targets.contains(ctx.cfg.hardware) || (ctx.hw.cuda >= 0 && ctx.hw.cuda < min_cuda);
}

}  // namespace attncap

/// The factory's architecture check of backend `Backend`, for backends declared MLA-only
/// (`Name` = mla_only) or non-MLA-only (`Name` = non_mla_only); `Text` is "MLA" or "non-MLA".
// Unaligned continuation lines, as in ATTNCAP_RULE.
// clang-format off
#define ATTNCAP_ARCHITECTURE_RULE(Name, Backend, Text) \
  ATTNCAP_RULE(Name, #Backend "." #Name, factory, value_error, model_arch, \
               ::attncap::declared_architectures<::attncap::backends::Backend>, \
               #Backend " backend can only be used with " Text " models.") { \
    return ::attncap::architecture_excluded<::attncap::backends::Backend>(ctx); \
  } \
  static_assert(::attncap::backend_traits<::attncap::backends::Backend>::caps.architectures.contains( \
                    ::attncap::model_arch::mla) == (std::string_view(Text) == "MLA"), \
                #Backend ": the declared architectures disagree with the rule's text")
// clang-format on

/// The constructor's assertion (code `<Backend>.<Name>`) of backend `Backend`, declared without a sliding window
/// together with cross attention, on the models for which `When` (an expression over `ctx`) holds.
// clang-format off
#define ATTNCAP_WINDOW_CROSS_ATTENTION_RULE(Name, Backend, When) \
  ATTNCAP_RULE(Name, #Backend "." #Name, backend_init, assertion_error, sliding_window, \
               "None with cross attention", "Sliding window and cross attention are not supported together") { \
    return ::attncap::backend_traits<::attncap::backends::Backend>::caps.window_with_cross_attention == \
               ::attncap::support::no && \
           ctx.cfg.encoder_decoder && ctx.cfg.has_sliding_window() && (When); \
  }
// clang-format on

/// The server-args page-size snap of backend `Backend` to its declared set (warning `Warning`),
/// reading the backend fields `Fields` (a detail::backend_fields); used where the ids are known.
#define ATTNCAP_PAGE_SNAP(Name, Backend, Fields, Warning)                                                       \
  struct Name : ::attncap::detail::page_snap<::attncap::backends::Backend, ::attncap::id::Backend,              \
                                             ::attncap::detail::backend_fields::Fields> {                       \
    static_assert(::attncap::placeholders_known(Warning), "attncap: unknown {placeholder} in " #Name);          \
    static constexpr ::attncap::rewrite_info info{#Backend ".page_size", ::attncap::field::page_size, Warning}; \
  }
