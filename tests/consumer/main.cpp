// SPDX-License-Identifier: MIT
// A consumer: one concept at compile time, one validation at run time.
#include <attncap/attncap.hpp>

static_assert(attncap::mla_backend<attncap::backends::trtllm_mla>);

int main() {
  attncap::launch_config cfg;
  cfg.attention_backend = attncap::id::hpc_ops;
  cfg.model_arch = attncap::model_arch::mla;
  return attncap::validate(cfg).accepted() ? 1 : 0;
}
