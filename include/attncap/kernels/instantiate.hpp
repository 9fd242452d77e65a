// SPDX-License-Identifier: MIT
/// @file
/// All kernel families, and the split-mode switches.
///
/// Header-only mode (default): include a family header and call it; the TU that includes it
/// instantiates that family's kernels.
///
/// Split mode: compile consumers with ATTNCAP_KERNELS_EXTERN, which turns every kernel entry into
/// an `extern template` declaration, and add shard TUs that include this header with
/// ATTNCAP_KERNELS_SHARD_INDEX=k and ATTNCAP_KERNELS_SHARD_COUNT=n defined: shard k defines the
/// entries with index % n == k of every family. The CMake function attncap_instantiate_kernels()
/// (cmake/AttncapKernels.cmake) generates those shards.
#pragma once

#include <attncap/kernels/cross_attention.hpp>
#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/mla_decode.hpp>
#include <attncap/kernels/prefill.hpp>
