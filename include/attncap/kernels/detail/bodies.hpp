// SPDX-License-Identifier: MIT
/// @file
/// Instantiates the kernel bodies once per ISA: attncap::kernels::detail::{scalar, avx2, avx512}::
/// decode_partial and prefill_tile, each AVX flavour compiled for its own target only.
#pragma once

#include <algorithm>
#include <attncap/config.hpp>
#include <attncap/kernels/detail/simd.hpp>
#include <attncap/kernels/detail/work.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

#define ATTNCAP_DETAIL_IN_ISA_REGION 1

namespace attncap::kernels::detail::scalar {
#include <attncap/kernels/detail/decode_block.hpp>
#include <attncap/kernels/detail/decode_body.hpp>
#include <attncap/kernels/detail/prefill_body.hpp>
}  // namespace attncap::kernels::detail::scalar

#if defined(ATTNCAP_DETAIL_X86)

ATTNCAP_DETAIL_AVX2_BEGIN
namespace attncap::kernels::detail::avx2 {
#include <attncap/kernels/detail/decode_block.hpp>
#include <attncap/kernels/detail/decode_body.hpp>
#include <attncap/kernels/detail/prefill_body.hpp>
}  // namespace attncap::kernels::detail::avx2
ATTNCAP_DETAIL_AVX2_END

ATTNCAP_DETAIL_AVX512_BEGIN
namespace attncap::kernels::detail::avx512 {
#include <attncap/kernels/detail/decode_block.hpp>
#include <attncap/kernels/detail/decode_body.hpp>
#include <attncap/kernels/detail/prefill_body.hpp>
}  // namespace attncap::kernels::detail::avx512
ATTNCAP_DETAIL_AVX512_END

#endif  // ATTNCAP_DETAIL_X86

#undef ATTNCAP_DETAIL_IN_ISA_REGION
