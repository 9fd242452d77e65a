// SPDX-License-Identifier: MIT
/// @file
/// The engine's built-in backends, listed once in the order of its `--attention-backend`
/// choices: the list makes the tag types (`backends::hpc_ops`), the ids (`id::hpc_ops`, a tag's
/// position, the same in every registry) and the type list the registry is built from.
#pragma once

#include <attncap/detail/mp11.hpp>
#include <attncap/vocabulary/backend_id.hpp>
#include <cstddef>

/// The built-in backends in the engine's order (`nsa` and `compressed` are deprecated aliases
/// of `dsa` and `dsv4`; their traits say so).
// clang-format off
#define ATTNCAP_DETAIL_BUILTIN_BACKENDS(X)                                                                \
  X(triton) X(torch_native) X(flex_attention) X(dsa) X(nsa) X(qsa) X(dsv4) X(compressed) X(cutlass_mla)  \
  X(fa3) X(fa4) X(flashinfer) X(llada2_cfg_flashinfer) X(flashmla) X(trtllm_mla) X(cutedsl_mla)         \
  X(tokenspeed_mla) X(trtllm_mha) X(dual_chunk_flash_attn) X(hpc_ops) X(minicpm_flashattn)               \
  X(minicpm_flashinfer) X(aiter) X(wave) X(intel_amx) X(ascend) X(intel_xpu)
// clang-format on

namespace attncap {

/// Backend tags. Each is declared (traits, rules) in its own header under attncap/backends/.
namespace backends {
#define ATTNCAP_DETAIL_TAG(name) \
  struct name {};
ATTNCAP_DETAIL_BUILTIN_BACKENDS(ATTNCAP_DETAIL_TAG)
#undef ATTNCAP_DETAIL_TAG
}  // namespace backends

namespace detail {
#define ATTNCAP_DETAIL_TAG(name) , backends::name
using builtin_backend_list = mp::mp_rest<mp::mp_list<void ATTNCAP_DETAIL_BUILTIN_BACKENDS(ATTNCAP_DETAIL_TAG)>>;
#undef ATTNCAP_DETAIL_TAG
}  // namespace detail

/// The id of built-in backend `B` (the same in every registry, since extensions are appended).
template <class B>
inline constexpr backend_id builtin_id =
    static_cast<backend_id>(detail::mp::mp_find<detail::builtin_backend_list, B>::value);

/// Number of built-in backends (0.5.23's 25 choices, and cutlass_mla and dual_chunk_flash_attn).
inline constexpr std::size_t builtin_backend_count = detail::mp::mp_size<detail::builtin_backend_list>::value;

/// Short names for the built-in ids, for rules: `id::trtllm_mha`.
namespace id {
#define ATTNCAP_DETAIL_ID(name) inline constexpr backend_id name = builtin_id<backends::name>;
ATTNCAP_DETAIL_BUILTIN_BACKENDS(ATTNCAP_DETAIL_ID)
#undef ATTNCAP_DETAIL_ID
}  // namespace id

}  // namespace attncap
