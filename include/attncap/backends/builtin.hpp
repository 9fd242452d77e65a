// SPDX-License-Identifier: MIT
/// @file
/// The tags of the engine's built-in backends, in the order of its `--attention-backend`
/// choices; a tag's position is its attncap::backend_id in every registry.
#pragma once

#include <attncap/vocabulary/backend_id.hpp>

#include <cstddef>
#include <type_traits>

namespace attncap {

/// Backend tags. Each is declared (traits, rules) in its own header under attncap/backends/.
namespace backends {
struct triton {};
struct torch_native {};
struct flex_attention {};
struct dsa {};
struct nsa {};  ///< deprecated alias of dsa
struct dsv4 {};
struct compressed {};  ///< deprecated alias of dsv4
struct cutlass_mla {};
struct fa3 {};
struct fa4 {};
struct flashinfer {};
struct flashmla {};
struct trtllm_mla {};
struct cutedsl_mla {};
struct tokenspeed_mla {};
struct trtllm_mha {};
struct dual_chunk_flash_attn {};
struct hpc_ops {};
struct minicpm_flashattn {};
struct minicpm_flashinfer {};
struct aiter {};
struct wave {};
struct intel_amx {};
struct ascend {};
struct intel_xpu {};
}  // namespace backends

namespace detail {
template <class... Ts>
struct type_list {
  static constexpr std::size_t size = sizeof...(Ts);
};

template <class T, class List>
struct index_in;
template <class T, class... Ts>
struct index_in<T, type_list<Ts...>> {
  static constexpr std::size_t value = [] {
    constexpr bool hits[] = {std::is_same_v<T, Ts>..., false};
    std::size_t i = 0;
    while (i < sizeof...(Ts) && !hits[i]) ++i;
    return i;
  }();
  static_assert(value < sizeof...(Ts), "attncap::detail::index_in: type is not in the list");
};

using builtin_backend_list =
    type_list<backends::triton, backends::torch_native, backends::flex_attention, backends::dsa, backends::nsa,
              backends::dsv4, backends::compressed, backends::cutlass_mla, backends::fa3, backends::fa4,
              backends::flashinfer, backends::flashmla, backends::trtllm_mla, backends::cutedsl_mla,
              backends::tokenspeed_mla, backends::trtllm_mha, backends::dual_chunk_flash_attn, backends::hpc_ops,
              backends::minicpm_flashattn, backends::minicpm_flashinfer, backends::aiter, backends::wave,
              backends::intel_amx, backends::ascend, backends::intel_xpu>;
}  // namespace detail

/// The id of built-in backend `B` (the same in every registry, since extensions are appended).
template <class B>
inline constexpr backend_id builtin_id =
    static_cast<backend_id>(detail::index_in<B, detail::builtin_backend_list>::value);

/// Number of built-in backends (the engine's 25 choices).
inline constexpr std::size_t builtin_backend_count = detail::builtin_backend_list::size;

/// Short names for the built-in ids, for rules: `id::trtllm_mha`.
namespace id {
inline constexpr backend_id triton = builtin_id<backends::triton>;
inline constexpr backend_id torch_native = builtin_id<backends::torch_native>;
inline constexpr backend_id flex_attention = builtin_id<backends::flex_attention>;
inline constexpr backend_id dsa = builtin_id<backends::dsa>;
inline constexpr backend_id nsa = builtin_id<backends::nsa>;
inline constexpr backend_id dsv4 = builtin_id<backends::dsv4>;
inline constexpr backend_id compressed = builtin_id<backends::compressed>;
inline constexpr backend_id cutlass_mla = builtin_id<backends::cutlass_mla>;
inline constexpr backend_id fa3 = builtin_id<backends::fa3>;
inline constexpr backend_id fa4 = builtin_id<backends::fa4>;
inline constexpr backend_id flashinfer = builtin_id<backends::flashinfer>;
inline constexpr backend_id flashmla = builtin_id<backends::flashmla>;
inline constexpr backend_id trtllm_mla = builtin_id<backends::trtllm_mla>;
inline constexpr backend_id cutedsl_mla = builtin_id<backends::cutedsl_mla>;
inline constexpr backend_id tokenspeed_mla = builtin_id<backends::tokenspeed_mla>;
inline constexpr backend_id trtllm_mha = builtin_id<backends::trtllm_mha>;
inline constexpr backend_id dual_chunk_flash_attn = builtin_id<backends::dual_chunk_flash_attn>;
inline constexpr backend_id hpc_ops = builtin_id<backends::hpc_ops>;
inline constexpr backend_id minicpm_flashattn = builtin_id<backends::minicpm_flashattn>;
inline constexpr backend_id minicpm_flashinfer = builtin_id<backends::minicpm_flashinfer>;
inline constexpr backend_id aiter = builtin_id<backends::aiter>;
inline constexpr backend_id wave = builtin_id<backends::wave>;
inline constexpr backend_id intel_amx = builtin_id<backends::intel_amx>;
inline constexpr backend_id ascend = builtin_id<backends::ascend>;
inline constexpr backend_id intel_xpu = builtin_id<backends::intel_xpu>;
}  // namespace id

}  // namespace attncap
