// SPDX-License-Identifier: MIT
/// @file
/// The build macros of attncap's kernels in one place: the settings a build may define (each with
/// its default), and the platform and instruction-set regions the kernels are compiled in. Define
/// a setting before the first attncap include, or for the whole target (every TU of one program
/// must agree, since the kernel space decides which instantiations exist).
#pragma once

// ---- Settings --------------------------------------------------------------------------------

/// Head dims compiled for decode, prefill and cross attention (a subset of the decode family's).
#ifndef ATTNCAP_HEAD_DIMS
#define ATTNCAP_HEAD_DIMS 64, 80, 96, 128, 192, 256
#endif
/// GQA groups (query heads per KV head) with a tuned decode body of their own. Every other group
/// from 1 to 64 runs too: on the tuned body of a listed group that divides it, or on a general one.
#ifndef ATTNCAP_GQA_GROUPS
#define ATTNCAP_GQA_GROUPS 1, 2, 4, 8
#endif
/// KV-cache element types compiled for decode and MLA decode (attncap::dtype enumerator names).
#ifndef ATTNCAP_KV_DTYPES
#define ATTNCAP_KV_DTYPES fp32, fp16, bf16, fp8_e4m3
#endif
/// Q/K/V/O element types compiled for prefill and cross attention.
#ifndef ATTNCAP_DTYPES
#define ATTNCAP_DTYPES fp32, fp16, bf16
#endif
/// MLA (qk, v) head-dim pairs compiled, flattened.
#ifndef ATTNCAP_MLA_HEAD_DIMS
#define ATTNCAP_MLA_HEAD_DIMS 576, 512
#endif
/// Upper bound on the configurations of one kernel family that split mode declares and shards
/// define (at most Boost.Preprocessor's repetition limit, 256).
#ifndef ATTNCAP_KERNELS_MAX_CONFIGS
#define ATTNCAP_KERNELS_MAX_CONFIGS 256
#endif

// Switches without a value (none is defined by default):
// ATTNCAP_KERNELS_DISABLE_MLA   compiles no MLA decode kernel.
// ATTNCAP_KERNELS_EXTERN        split mode: every kernel entry is an `extern template` declaration.
// ATTNCAP_KERNELS_SHARD_INDEX / ATTNCAP_KERNELS_SHARD_COUNT
//                               a shard TU: defines the entries with index % COUNT == INDEX
//                               (attncap_instantiate_kernels() in cmake/AttncapKernels.cmake).

#if defined(ATTNCAP_KERNELS_SHARD_COUNT) != defined(ATTNCAP_KERNELS_SHARD_INDEX)
#error "attncap::kernels: a shard TU needs both ATTNCAP_KERNELS_SHARD_INDEX and ATTNCAP_KERNELS_SHARD_COUNT"
#endif

// ---- Platform --------------------------------------------------------------------------------

/// Defined on x86: the AVX2 and AVX-512 paths exist and cpuid picks one at run time.
#if defined(__x86_64__) || defined(__i386__)
#define ATTNCAP_DETAIL_X86 1
#endif

/// Defined where the AMX path exists: x86-64 Linux (the kernel grants a process the tile state on
/// request) with a compiler that knows AMX (GCC 11, Clang 12 on).
#if defined(__x86_64__) && defined(__linux__) && \
    ((defined(__clang__) && __clang_major__ >= 12) || (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 11))
#define ATTNCAP_DETAIL_AMX 1
#endif

/// Orders memory around AMX tile loads and stores: GCC's are asm statements that take only the
/// address, so without it the stores that filled a buffer could sink below the tile load that
/// reads it.
#define ATTNCAP_DETAIL_TILE_FENCE() __asm__ volatile("" ::: "memory")

/// A step of a kernel body, split out of it for reading: inlined whatever the optimiser's size
/// heuristics say, so the body compiles as one function, as if it were written in one piece.
/// ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA, after a lambda's parameter list, does the same for a lambda
/// (at -O2 GCC 12 left the QK steps' lambdas as calls).
#if defined(__GNUC__)
#define ATTNCAP_DETAIL_ALWAYS_INLINE [[gnu::always_inline]] inline
#define ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA __attribute__((always_inline))
#else
#define ATTNCAP_DETAIL_ALWAYS_INLINE inline
#define ATTNCAP_DETAIL_ALWAYS_INLINE_LAMBDA
#endif

/// A for loop unrolled completely: a kernel body's register tile (an array of vectors indexed by
/// loop counters) stays in registers only when every index is a constant, which -O3 arranges on its
/// own and -O2 does not (GCC 12 -O2 ran decode 2-3x slower without it). The few prefetches of a
/// row are issued the same way, straight-line as at -O3.
#if defined(__GNUC__)
#define ATTNCAP_DETAIL_UNROLLED_FOR(...) _Pragma("GCC unroll 64") for (__VA_ARGS__)
#else
#define ATTNCAP_DETAIL_UNROLLED_FOR(...) for (__VA_ARGS__)
#endif

// Each region compiles its functions for one target only, so the library builds without -march
// and the CPU's features pick the path at run time; the SIMD operations and the kernel bodies
// that call them share a region, so they always share a target.
#if defined(__clang__)
#define ATTNCAP_DETAIL_AVX2_BEGIN \
  _Pragma("clang attribute push(__attribute__((target(\"avx2,fma,f16c\"))), apply_to = function)")
#define ATTNCAP_DETAIL_AVX2_END _Pragma("clang attribute pop")
#define ATTNCAP_DETAIL_AVX512_BEGIN \
  _Pragma(                          \
      "clang attribute push(__attribute__((target(\"avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c\"))), \
      apply_to = function)")
#define ATTNCAP_DETAIL_AVX512_END _Pragma("clang attribute pop")
#define ATTNCAP_DETAIL_AMX_BEGIN \
  _Pragma(                       \
      "clang attribute push(__attribute__((target(\"amx-tile,amx-bf16,avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c\"))), \
      apply_to = function)")
#define ATTNCAP_DETAIL_AMX_END _Pragma("clang attribute pop")
#elif defined(__GNUC__)
#define ATTNCAP_DETAIL_AVX2_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,fma,f16c\")")
#define ATTNCAP_DETAIL_AVX2_END _Pragma("GCC pop_options")
// GCC 12's AVX-512 intrinsics self-initialise an "undefined" source operand, which -Wuninitialized
// reports at every inlined use.
#define ATTNCAP_DETAIL_AVX512_BEGIN                                                                                  \
  _Pragma("GCC push_options") _Pragma("GCC target(\"avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c\")") \
      _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")                           \
          _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
#define ATTNCAP_DETAIL_AVX512_END _Pragma("GCC diagnostic pop") _Pragma("GCC pop_options")
#define ATTNCAP_DETAIL_AMX_BEGIN                                                                               \
  _Pragma("GCC push_options")                                                                                  \
      _Pragma("GCC target(\"amx-tile,amx-bf16,avx512f,avx512bw,avx512dq,avx512vl,avx512bf16,avx2,fma,f16c\")") \
          _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wuninitialized\"")                 \
              _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
#define ATTNCAP_DETAIL_AMX_END _Pragma("GCC diagnostic pop") _Pragma("GCC pop_options")
#else
#define ATTNCAP_DETAIL_AVX2_BEGIN
#define ATTNCAP_DETAIL_AVX2_END
#define ATTNCAP_DETAIL_AVX512_BEGIN
#define ATTNCAP_DETAIL_AVX512_END
#define ATTNCAP_DETAIL_AMX_BEGIN
#define ATTNCAP_DETAIL_AMX_END
#endif
