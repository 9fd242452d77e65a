// SPDX-License-Identifier: MIT
// Compiled to assembly at -O2 by kernels.codegen.decode_prefetches (cmake/CheckPrefetches.cmake),
// in header-only mode with the space narrowed to D128 bf16 KV, groups 1 and 4: the decode bodies
// of every x86 path must keep their L2 and L1 prefetches, which a compiler that takes a prefetch
// for a statement without effects deletes.
#include <attncap/kernels/decode.hpp>

void run_decode(const attncap::kernels::decode_params& p) { attncap::kernels::decode(p); }
