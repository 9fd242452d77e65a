// SPDX-License-Identifier: MIT
// Compiled to assembly at -O2 and -O3 by kernels.codegen.prefill_prefetches
// (cmake/CheckPrefetches.cmake), in header-only mode with the space narrowed to D128 bf16 and fp32:
// the prefill bodies of every x86 path must keep the L2 prefetches of the next key tile.
#include <attncap/kernels/prefill.hpp>

void run_prefill(const attncap::kernels::prefill_params& p) { attncap::kernels::prefill(p); }
