// SPDX-License-Identifier: MIT
/// @file
/// Every built-in backend's declaration, and attncap::builtin_registry: the engine's 25 backend
/// choices in its order.
#pragma once

#include <attncap/backends/triton.hpp>
#include <attncap/backends/torch_native.hpp>
#include <attncap/backends/flex_attention.hpp>
#include <attncap/backends/dsa.hpp>
#include <attncap/backends/nsa.hpp>
#include <attncap/backends/dsv4.hpp>
#include <attncap/backends/compressed.hpp>
#include <attncap/backends/cutlass_mla.hpp>
#include <attncap/backends/fa3.hpp>
#include <attncap/backends/fa4.hpp>
#include <attncap/backends/flashinfer.hpp>
#include <attncap/backends/flashmla.hpp>
#include <attncap/backends/trtllm_mla.hpp>
#include <attncap/backends/cutedsl_mla.hpp>
#include <attncap/backends/tokenspeed_mla.hpp>
#include <attncap/backends/trtllm_mha.hpp>
#include <attncap/backends/dual_chunk_flash_attn.hpp>
#include <attncap/backends/hpc_ops.hpp>
#include <attncap/backends/minicpm_flashattn.hpp>
#include <attncap/backends/minicpm_flashinfer.hpp>
#include <attncap/backends/aiter.hpp>
#include <attncap/backends/wave.hpp>
#include <attncap/backends/intel_amx.hpp>
#include <attncap/backends/ascend.hpp>
#include <attncap/backends/intel_xpu.hpp>
#include <attncap/check/registry.hpp>

namespace attncap {

/// The engine's backends; `builtin_registry::extend<my_backend>` adds third-party ones.
using builtin_registry = backend_registry<backends::triton, backends::torch_native, backends::flex_attention, backends::dsa, backends::nsa, backends::dsv4, backends::compressed, backends::cutlass_mla, backends::fa3, backends::fa4, backends::flashinfer, backends::flashmla, backends::trtllm_mla, backends::cutedsl_mla, backends::tokenspeed_mla, backends::trtllm_mha, backends::dual_chunk_flash_attn, backends::hpc_ops, backends::minicpm_flashattn, backends::minicpm_flashinfer, backends::aiter, backends::wave, backends::intel_amx, backends::ascend, backends::intel_xpu>;

static_assert(builtin_registry::size == builtin_backend_count);

}  // namespace attncap
