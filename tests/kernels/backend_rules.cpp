// SPDX-License-Identifier: MIT
// The kernel rules of a backend that runs attncap's decode kernels (the excluded-by-build case
// is exercised by examples/04_kernel_backend.cpp, which compiles a narrowed space).
#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>
#include <attncap/kernels/backend_rules.hpp>

using namespace attncap;

namespace archetypes {
struct kernel_backend {
  struct attncap_traits {
    static constexpr std::string_view name = "kernel_backend";
    static constexpr capabilities caps =
        kernels::with_decode_kernel_options({.head_dims = kernels::decode_family_head_dims});
    using rules = kernels::decode_kernel_rules<kernel_backend>;
  };
};
}  // namespace archetypes

using registry = builtin_registry::extend<archetypes::kernel_backend>;

namespace {
launch_config launch(int head_dim, kv_cache_dtype kv, int q = 32, int kv_heads = 8) {
  launch_config c;
  c.attention_backend = registry::id<archetypes::kernel_backend>;
  c.hardware = hardware::cpu;
  c.model_arch = model_arch::gqa;
  c.head_dim = head_dim;
  c.kv_cache_dtype = kv;
  c.num_q_heads_per_rank = q;
  c.num_kv_heads_per_rank = kv_heads;
  return c;
}
}  // namespace

TEST_CASE("a compiled configuration passes, a foreign one names the family's set") {
  CHECK(validate<registry>(launch(128, kv_cache_dtype::bf16)).accepted());
  // The engine's CPU KV pool holds FP8 for intel_amx only, so the FP8 launch is on a GPU.
  launch_config fp8 = launch(64, kv_cache_dtype::fp8_e4m3, 8, 1);
  CHECK(validate<registry>(fp8).first_error()->rule == &rules::server_args::cpu_fp8_amx::info);
  fp8.hardware = hardware::sm90;
  CHECK(validate<registry>(fp8).accepted());
  const auto r = validate<registry>(launch(100, kv_cache_dtype::bf16));
  REQUIRE(!r.accepted());
  CHECK(r.first_error()->rule == &kernels::decode_unsupported_by_family<archetypes::kernel_backend>::info);
  CHECK(r.message(*r.first_error()) ==
        "The kernel_backend decode kernels do not support head_dim=100 with kv_cache_dtype=bf16 and GQA group 4; "
        "the kernel family has head dims 32, 64, 80, 96, 112, 128, 160, 192, 256.");
  CHECK(!r.violates(kernels::decode_excluded_by_build<archetypes::kernel_backend>::info));
}

TEST_CASE("KV formats and groups outside the family are unsupported, not excluded") {
  CHECK(kernels::decode_support(launch(128, kv_cache_dtype::nvfp4)) == kernels::support::unsupported_by_family);
  CHECK(kernels::decode_support(launch(128, kv_cache_dtype::fp8_e5m2)) == kernels::support::unsupported_by_family);
  CHECK(kernels::decode_support(launch(128, kv_cache_dtype::bf16, 130, 2)) == kernels::support::unsupported_by_family);
  // Any group up to 64 runs, tuned or not (28 q / 4 KV heads: group 7).
  CHECK(kernels::decode_support(launch(128, kv_cache_dtype::bf16, 28, 4)) == kernels::support::ok);
  CHECK(kernels::decode_support(launch(128, kv_cache_dtype::bf16, 64, 1)) == kernels::support::ok);
  CHECK(kernels::decode_support(launch(128, kv_cache_dtype::auto_)) == kernels::support::ok);  // bf16 model
}

TEST_CASE("the backend's declared head dims come from the kernel space") {
  constexpr auto dims = kernels::decode_family_head_dims;
  for (int d : kernels::decode_space_t::family_head_dims) CHECK(dims.contains(d));
  CHECK(!dims.contains(100));
}

TEST_CASE("window, logit cap and sinks reach the kernel space, and the declaration comes from it") {
  launch_config c = launch(128, kv_cache_dtype::bf16, 64, 8);
  c.sliding_window = 4096;
  c.logit_cap = 30.0;
  c.attention_sinks = true;
  CHECK(kernels::launch_options(c) == kernels::kernel_options{true, true, true, false});
  CHECK(kernels::decode_support(c) == kernels::support::ok);
  CHECK(validate<registry>(c).accepted());
  constexpr auto caps = archetypes::kernel_backend::attncap_traits::caps;
  CHECK(caps.sliding_window == support::yes);
  CHECK(caps.logit_cap == support::yes);
  CHECK(caps.attention_sinks == support::yes);
}
