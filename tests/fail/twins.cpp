// SPDX-License-Identifier: MIT
// The passing twins of the compile-fail tests: the same configurations made valid compile,
// and the static verdicts agree with the runtime ones.
#include <attncap/check/static_check.hpp>
#include <attncap/detail/enum_names.hpp>
#include <cstdint>

using namespace attncap;

// The twin of named_enum_empty and named_enum_initialiser.
ATTNCAP_NAMED_ENUM(colour, std::uint8_t, red, green)
static_assert(enumerator_names<colour>.size() == 2 && enumerator_names<colour>[1] == "green");

using hpc_ops_ok = static_config<cfg::backend<backends::hpc_ops>, cfg::on<hardware::sm90>, cfg::arch<model_arch::gqa>,
                                 cfg::set<&launch_config::page_size, 64>>;
using hpc_ops_mla = static_config<cfg::backend<backends::hpc_ops>, cfg::on<hardware::sm90>, cfg::arch<model_arch::mla>,
                                  cfg::set<&launch_config::page_size, 64>>;
using trtllm_mla_ok =
    static_config<cfg::backend<backends::trtllm_mla>, cfg::on<hardware::sm100>, cfg::arch<model_arch::mla>>;

static_assert(static_check<hpc_ops_ok>());
static_assert(static_check<trtllm_mla_ok>());
static_assert(accepted_configuration<hpc_ops_ok>);
static_assert(!accepted_configuration<hpc_ops_mla>);
static_assert(static_report_v<hpc_ops_mla>.first_error()->rule == &rules::hpc_ops::non_mla_only::info);

int main() {
  // The same configuration checked at run time gives the same verdict.
  const report rep = validate(hpc_ops_mla::value<builtin_registry>);
  return rep.accepted() || rep.first_error()->rule != &rules::hpc_ops::non_mla_only::info ? 1 : 0;
}
