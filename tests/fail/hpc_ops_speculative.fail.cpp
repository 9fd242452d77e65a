// MESSAGE[hpc_ops backend does not support speculative decoding for now\.]
// MESSAGE[The hpc_ops attention backend does not support speculative decoding \(MTP/EAGLE\) yet\.]
// MESSAGE[EAGLE is not supported in decode attention backend \{subject\}]
// MESSAGE[EAGLE is not supported in attention backend \{subject\}]
// SPDX-License-Identifier: MIT
// hpc_ops with EAGLE (topk 1, so server args accept it): the factory's third check, then the
// constructor's, then EAGLE's draft factory, which builds no draft backend on hpc_ops.
#include <attncap/check/static_check.hpp>

using namespace attncap;
using config =
    static_config<cfg::backend<backends::hpc_ops>, cfg::on<hardware::sm90>, cfg::arch<model_arch::gqa>,
                  cfg::speculative<speculative_algorithm::eagle, 1, 3>, cfg::set<&launch_config::page_size, 64>>;
static_assert(static_check<config>());
int main() {}
