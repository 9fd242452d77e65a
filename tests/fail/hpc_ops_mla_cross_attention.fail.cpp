// MESSAGE[hpc_ops backend can only be used with non-MLA models\.]
// MESSAGE[Cross attention is not supported in the hpc_ops attention backend\.]
// SPDX-License-Identifier: MIT
// Two violated rules: both messages, in the engine's order, and no other error.
#include <attncap/check/static_check.hpp>

using namespace attncap;
using config = static_config<cfg::backend<backends::hpc_ops>, cfg::on<hardware::sm90>, cfg::arch<model_arch::mla>,
                             cfg::trait<model_trait::encoder_decoder>, cfg::set<&launch_config::page_size, 64>>;
static_assert(static_check<config>());
int main() {}
