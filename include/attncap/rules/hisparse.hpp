// SPDX-License-Identifier: MIT
/// @file
/// Hierarchical sparse attention (`--enable-hisparse`), checked once resolution is done (sglang
/// 0.5.23, arg_groups/hisparse_hook.py:87-166, run from arg_groups/validation_hook.py:312): the
/// models it serves, the radix cache, linear drafts, then, on the DSA path, the KV dtype and the
/// DSA kernels of each phase. Its DSA kernel defaults and the refusals of the other hooks sit with
/// those hooks' rules.
#pragma once

#include <attncap/capabilities/rule.hpp>
#include <attncap/detail/enum_set.hpp>
#include <attncap/detail/static_text.hpp>
#include <attncap/rules/model_overrides.hpp>

namespace attncap::rules::server_args {

namespace detail {
constexpr bool hisparse_model(const launch_config& c) noexcept {
  return is_dsa_model(c) || c.model == model_family::deepseek_v4 || c.model == model_family::minimax_m3;
}
/// HiSparse on DSA's own kernels: MiniMax M3 runs its own, DeepSeek V4 on ROCm its own layout.
constexpr bool hisparse_dsa_path(const rule_context& ctx) noexcept {
  const auto& c = ctx.cfg;
  return c.enable_hisparse && hisparse_model(c) && c.model != model_family::minimax_m3 &&
         !(ctx.hw.is_hip() && c.model == model_family::deepseek_v4);
}
/// The rows of HiSparse's DSA kernel table: ROCm, else CUDA by KV dtype.
/// `none`: a KV dtype the dtype check refuses first. The engine's row for `auto` is not reached:
/// each model HiSparse serves resolves its KV dtype before this check.
enum class hisparse_row : std::uint8_t { rocm, bfloat16, fp8_e4m3, none };
constexpr hisparse_row hisparse_row_of(const rule_context& ctx) noexcept {
  const auto k = ctx.cfg.kv_cache_dtype;
  return ctx.hw.is_hip()                 ? hisparse_row::rocm
         : k == kv_cache_dtype::bfloat16 ? hisparse_row::bfloat16
         : k == kv_cache_dtype::fp8_e4m3 ? hisparse_row::fp8_e4m3
                                         : hisparse_row::none;
}
/// The DSA kernels HiSparse runs with in row `r`.
constexpr enum_set<dsa_kernel> hisparse_kernels(hisparse_row r) noexcept {
  using enum dsa_kernel;
  switch (r) {
    case hisparse_row::rocm:
      return {tilelang, triton, aiter};
    case hisparse_row::bfloat16:
      return {flashmla_sparse};
    case hisparse_row::fp8_e4m3:
      return {flashmla_kv, flashinfer_sparse_mla};
    case hisparse_row::none:
      break;
  }
  return {};
}
/// Writes the names of row `R`'s kernels, comma separated.
template <hisparse_row R>
constexpr void write_hisparse_kernel_names(::attncap::detail::text_sink& sink) noexcept {
  ::attncap::detail::list_writer<::attncap::detail::list_style::plain> list{sink};
  for (std::size_t i = 0; i < enum_count<dsa_kernel>(); ++i)
    if (const auto k = static_cast<dsa_kernel>(i); hisparse_kernels(R).contains(k)) list.item(to_string(k));
}
/// Row `R`'s kernels as static text ("a, b"), a rule's allowed set.
template <hisparse_row R>
struct hisparse_kernel_names : ::attncap::detail::static_text<&write_hisparse_kernel_names<R>> {};
/// Kernels `k`, given or resolved, that HiSparse does not run with in row `R`.
template <hisparse_row R>
constexpr bool hisparse_kernel_refused(const rule_context& ctx, dsa_kernel k) noexcept {
  return hisparse_dsa_path(ctx) && hisparse_row_of(ctx) == R && k != dsa_kernel::none &&
         !hisparse_kernels(R).contains(k);
}
}  // namespace detail

// The message ends in a space, as the engine's does.
ATTNCAP_RULE(hisparse_model, "hisparse.model", server_args, assertion_error, model,
             "DSA models, DeepSeek V4, MiniMax M3",
             "--enable-hisparse is only supported for DSA (DeepSeek Sparse Attention) models (e.g., DeepSeek V3.2, "
             "GLM-5), DeepSeek V4, and MiniMax M3 now. ") {
  return ctx.cfg.enable_hisparse && !detail::hisparse_model(ctx.cfg);
}
ATTNCAP_RULE(hisparse_radix_cache, "hisparse.radix_cache", server_args, assertion_error, disable_radix_cache, "True",
             "Hierarchical sparse attention currently requires --disable-radix-cache.") {
  return ctx.cfg.enable_hisparse && !ctx.cfg.disable_radix_cache;
}
ATTNCAP_RULE(
    hisparse_topk, "hisparse.topk", server_args, value_error, speculative_eagle_topk, "None, 1",
    "The minimal HiSparse spec integration supports linear speculation only; use --speculative-eagle-topk 1.") {
  const auto k = ctx.cfg.speculative_eagle_topk;
  return ctx.cfg.enable_hisparse && ctx.cfg.speculative() && k != unset && k != 1;
}
ATTNCAP_RULE(hisparse_kv_dtype, "hisparse.kv_cache_dtype", server_args, value_error, kv_cache_dtype,
             "bfloat16, fp8_e4m3",
             "HiSparse requires one of ('bfloat16', 'fp8_e4m3') KV cache dtypes, but got "
             "--kv-cache-dtype={kv_cache_dtype}. Please use --kv-cache-dtype=bfloat16 or --kv-cache-dtype=fp8_e4m3.") {
  const auto k = ctx.cfg.kv_cache_dtype;
  return detail::hisparse_dsa_path(ctx) && k != kv_cache_dtype::bfloat16 && k != kv_cache_dtype::auto_ &&
         k != kv_cache_dtype::fp8_e4m3;
}

/// One rule for each phase and row of the HiSparse kernel table, each with that row as its
/// allowed set.
#define ATTNCAP_HISPARSE_KERNEL_RULE(Name, Code, Phase, Row)                                                 \
  ATTNCAP_RULE(Name, Code, server_args, value_error, dsa_##Phase##_backend,                                  \
               detail::hisparse_kernel_names<detail::hisparse_row::Row>::value,                              \
               "HiSparse supports DSA " #Phase                                                               \
               " backend(s) {allowed_list} on this platform with "                                           \
               "--kv-cache-dtype={kv_cache_dtype}, but got --dsa-" #Phase "-backend={dsa_" #Phase            \
               "_backend}. "                                                                                 \
               "Please use one of {allowed_list}, or omit the option to let SGLang pick a backend for this " \
               "platform.") {                                                                                \
    return detail::hisparse_kernel_refused<detail::hisparse_row::Row>(ctx, ctx.cfg.dsa_##Phase##_backend);   \
  }
#define ATTNCAP_HISPARSE_KERNEL_RULES(Phase)                                                                     \
  ATTNCAP_HISPARSE_KERNEL_RULE(hisparse_##Phase##_rocm, "hisparse." #Phase "_kernels_rocm", Phase, rocm)         \
  ATTNCAP_HISPARSE_KERNEL_RULE(hisparse_##Phase##_bf16, "hisparse." #Phase "_kernels_bfloat16", Phase, bfloat16) \
  ATTNCAP_HISPARSE_KERNEL_RULE(hisparse_##Phase##_fp8, "hisparse." #Phase "_kernels_fp8_e4m3", Phase, fp8_e4m3)
ATTNCAP_HISPARSE_KERNEL_RULES(prefill)
ATTNCAP_HISPARSE_KERNEL_RULES(decode)
#undef ATTNCAP_HISPARSE_KERNEL_RULES
#undef ATTNCAP_HISPARSE_KERNEL_RULE

}  // namespace attncap::rules::server_args
