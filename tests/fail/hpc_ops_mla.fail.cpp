// MESSAGE[hpc_ops backend can only be used with non-MLA models\.]
// MAX_BYTES[2048]
// SPDX-License-Identifier: MIT
// hpc_ops with an MLA model: the registry factory's first check.
#include <attncap/check/static_check.hpp>

using namespace attncap;
using config = static_config<cfg::backend<backends::hpc_ops>, cfg::on<hardware::sm90>, cfg::arch<model_arch::mla>,
                             cfg::set<&launch_config::page_size, 64>>;
static_assert(static_check<config>());
int main() {}
