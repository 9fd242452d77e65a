// MESSAGE[TRTLLM MLA backend is only supported on Blackwell GPUs \(SM100/SM12x\)\. Please use a different backend\.]
// MAX_BYTES[2048]
// SPDX-License-Identifier: MIT
// A server-args rule: trtllm_mla on Hopper.
#include <attncap/check/static_check.hpp>

using namespace attncap;
using config = static_config<cfg::backend<backends::trtllm_mla>, cfg::on<hardware::sm90>, cfg::arch<model_arch::mla>>;
static_assert(static_check<config>());
int main() {}
