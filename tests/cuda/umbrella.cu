// SPDX-License-Identifier: MIT
// The umbrella header in a CUDA translation unit: concepts and constexpr validation under nvcc.
#include <attncap/attncap.hpp>

static_assert(attncap::mla_backend<attncap::backends::flashmla>);
static_assert(!attncap::validate([] {
                 attncap::launch_config c;
                 c.attention_backend = attncap::id::hpc_ops;
                 c.model_arch = attncap::model_arch::mla;
                 return c;
               }())
                   .accepted());

__global__ void touch(int* out) { *out = static_cast<int>(attncap::builtin_backend_count); }

int main() { return 0; }
