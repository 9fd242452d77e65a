// SPDX-License-Identifier: MIT
/// @file
/// Instantiates the kernel bodies once per ISA: attncap::kernels::detail::{scalar, avx2, avx512}::
/// decode_partial and prefill_tile, each AVX flavour compiled for its own target only.
#pragma once

#include <attncap/kernels/detail/simd.hpp>
#include <attncap/kernels/detail/work.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#define ATTNCAP_DETAIL_IN_ISA_REGION 1

namespace attncap::kernels::detail::scalar {
#include <attncap/kernels/detail/decode_body.hpp>
#include <attncap/kernels/detail/prefill_body.hpp>
}  // namespace attncap::kernels::detail::scalar

#if defined(ATTNCAP_DETAIL_X86)

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma,f16c"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx2,fma,f16c")
#endif
namespace attncap::kernels::detail::avx2 {
#include <attncap/kernels/detail/decode_body.hpp>
#include <attncap/kernels/detail/prefill_body.hpp>
}  // namespace attncap::kernels::detail::avx2
#if defined(__clang__)
#pragma clang attribute pop
#elif defined(__GNUC__)
#pragma GCC pop_options
#endif

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c"))), \
                             apply_to = function)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c")
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
namespace attncap::kernels::detail::avx512 {
#include <attncap/kernels/detail/decode_body.hpp>
#include <attncap/kernels/detail/prefill_body.hpp>
}  // namespace attncap::kernels::detail::avx512
#if defined(__clang__)
#pragma clang attribute pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#pragma GCC pop_options
#endif

#endif  // ATTNCAP_DETAIL_X86

#undef ATTNCAP_DETAIL_IN_ISA_REGION
