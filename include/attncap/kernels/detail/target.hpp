// SPDX-License-Identifier: MIT
/// @file
/// The instruction-set regions the SIMD operations and the kernel bodies are compiled in, named
/// once so the operations and the bodies that call them always share a target.
#pragma once

// Each region compiles its functions for one target only, so the library builds without -march
// and the CPU's features pick the path at run time.
#if defined(__clang__)
#define ATTNCAP_DETAIL_AVX2_BEGIN \
  _Pragma("clang attribute push(__attribute__((target(\"avx2,fma,f16c\"))), apply_to = function)")
#define ATTNCAP_DETAIL_AVX2_END _Pragma("clang attribute pop")
#define ATTNCAP_DETAIL_AVX512_BEGIN                                                                             \
  _Pragma(                                                                                                      \
      "clang attribute push(__attribute__((target(\"avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c\"))), \
      apply_to = function)")
#define ATTNCAP_DETAIL_AVX512_END _Pragma("clang attribute pop")
#elif defined(__GNUC__)
#define ATTNCAP_DETAIL_AVX2_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,fma,f16c\")")
#define ATTNCAP_DETAIL_AVX2_END _Pragma("GCC pop_options")
// GCC 12's AVX-512 intrinsics self-initialise an "undefined" source operand, which -Wuninitialized
// reports at every inlined use.
#define ATTNCAP_DETAIL_AVX512_BEGIN                                                           \
  _Pragma("GCC push_options")                                                                 \
      _Pragma("GCC target(\"avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c\")") \
          _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")  \
              _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
#define ATTNCAP_DETAIL_AVX512_END _Pragma("GCC diagnostic pop") _Pragma("GCC pop_options")
#else
#define ATTNCAP_DETAIL_AVX2_BEGIN
#define ATTNCAP_DETAIL_AVX2_END
#define ATTNCAP_DETAIL_AVX512_BEGIN
#define ATTNCAP_DETAIL_AVX512_END
#endif
