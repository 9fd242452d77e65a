// SPDX-License-Identifier: MIT
/// @file
/// Every built-in backend's declaration, and attncap::builtin_registry: the engine's backend
/// choices in its order (25 in 0.5.23, plus the two names its argparse no longer accepts).
#pragma once

#include <attncap/backends/aiter.hpp>
#include <attncap/backends/ascend.hpp>
#include <attncap/backends/compressed.hpp>
#include <attncap/backends/cutedsl_mla.hpp>
#include <attncap/backends/cutlass_mla.hpp>
#include <attncap/backends/dsa.hpp>
#include <attncap/backends/dsv4.hpp>
#include <attncap/backends/dual_chunk_flash_attn.hpp>
#include <attncap/backends/fa3.hpp>
#include <attncap/backends/fa4.hpp>
#include <attncap/backends/flashinfer.hpp>
#include <attncap/backends/flashmla.hpp>
#include <attncap/backends/flex_attention.hpp>
#include <attncap/backends/hpc_ops.hpp>
#include <attncap/backends/intel_amx.hpp>
#include <attncap/backends/intel_xpu.hpp>
#include <attncap/backends/llada2_cfg_flashinfer.hpp>
#include <attncap/backends/minicpm_flashattn.hpp>
#include <attncap/backends/minicpm_flashinfer.hpp>
#include <attncap/backends/nsa.hpp>
#include <attncap/backends/qsa.hpp>
#include <attncap/backends/tokenspeed_mla.hpp>
#include <attncap/backends/torch_native.hpp>
#include <attncap/backends/triton.hpp>
#include <attncap/backends/trtllm_mha.hpp>
#include <attncap/backends/trtllm_mla.hpp>
#include <attncap/backends/wave.hpp>
#include <attncap/runtime/registry.hpp>

namespace attncap {

/// The engine's backends, in its order; `builtin_registry::extend<my_backend>` adds third-party
/// ones. A named type rather than an alias, so diagnostics print its name, not its 27 tags.
struct builtin_registry : detail::mp::mp_apply<backend_registry, detail::builtin_backend_list> {};

static_assert(builtin_registry::size == builtin_backend_count);

}  // namespace attncap
