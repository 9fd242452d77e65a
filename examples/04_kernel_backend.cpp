// SPDX-License-Identifier: MIT
// A backend that runs attncap's own CPU decode kernels declares its head dims from their kernel
// space and takes the kernel rules: "not supported by the kernel family" and "not compiled in this
// build" are different errors. This program is built with only head dims 64 and 128 compiled.
#define ATTNCAP_HEAD_DIMS 64, 128
#include <attncap/attncap.hpp>
#include <attncap/kernels/backend_rules.hpp>
#include <cstdio>

namespace acme {
struct cpu_decode {
  struct attncap_traits {
    static constexpr std::string_view name = "acme_cpu_decode";
    static constexpr attncap::capabilities caps{
        .architectures = {attncap::model_arch::mha, attncap::model_arch::gqa, attncap::model_arch::mqa},
        .targets = {attncap::hardware::cpu, attncap::hardware::cpu_amx},
        .head_dims = attncap::kernels::decode_family_head_dims,
        .speculative = attncap::speculative_support::none,
    };
    using rules = attncap::kernels::decode_kernel_rules<cpu_decode>;
  };
};
}  // namespace acme

using registry = attncap::builtin_registry::extend<acme::cpu_decode>;

int main() {
  attncap::launch_config cfg;
  cfg.attention_backend = registry::id<acme::cpu_decode>;
  cfg.hardware = attncap::hardware::cpu;
  cfg.model_arch = attncap::model_arch::gqa;
  cfg.kv_cache_dtype = attncap::kv_cache_dtype::bf16;
  cfg.num_q_heads_per_rank = 32;
  cfg.num_kv_heads_per_rank = 8;

  int failures = 0;
  for (int head_dim : {128, 96, 100}) {
    cfg.head_dim = head_dim;
    const auto rep = attncap::validate<registry>(cfg);
    std::printf("head_dim %3d: %s\n", head_dim, rep.accepted() ? "accepted" : rep.message(*rep.first_error()).c_str());
    const std::string_view expected = head_dim == 128  ? ""
                                      : head_dim == 96 ? "kernels.decode_excluded_by_build"
                                                       : "kernels.decode_unsupported_by_family";
    failures += (rep.accepted() ? std::string_view{} : rep.first_error()->rule->code) != expected;
  }
  return failures;
}
