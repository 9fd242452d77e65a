// SPDX-License-Identifier: MIT
// A configuration fixed at build time is checked by the compiler: change cfg::arch below to
// model_arch::mla and the build fails with "hpc_ops backend can only be used with non-MLA models."
#include <attncap/check/static_check.hpp>

using namespace attncap;

using hunyuan_on_h20 =
    static_config<cfg::backend<backends::hpc_ops>, cfg::on<hardware::sm90>, cfg::arch<model_arch::gqa>,
                  cfg::set<&launch_config::page_size, 64>, cfg::set<&launch_config::head_dim, 128>,
                  cfg::set<&launch_config::num_q_heads_per_rank, 64>,
                  cfg::set<&launch_config::num_kv_heads_per_rank, 8>>;
static_assert(static_check<hunyuan_on_h20>());

// Constrain engine code on the capability concepts.
template <attention_backend B>
requires runs_on<B, hardware::sm90> &&(!mla_backend<B>)constexpr std::string_view hopper_mha_backend_name() {
  return backend_traits<B>::name;
}
static_assert(hopper_mha_backend_name<backends::hpc_ops>() == "hpc_ops");

int main() {}
