// MESSAGE[Cross attention is not supported in the hpc_ops attention backend\.]
// MAX_BYTES[2048]
// SPDX-License-Identifier: MIT
// hpc_ops with an encoder-decoder model: the factory's second check.
#include <attncap/check/static_check.hpp>

using namespace attncap;
using config = static_config<cfg::backend<backends::hpc_ops>, cfg::on<hardware::sm90>, cfg::arch<model_arch::gqa>,
                             cfg::trait<model_trait::encoder_decoder>, cfg::set<&launch_config::page_size, 64>>;
static_assert(static_check<config>());
int main() {}
