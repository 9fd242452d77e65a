// SPDX-License-Identifier: MIT
// Capability sets and serves_model(): what a declaration says a backend serves.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/capabilities.hpp>
#include <attncap/check/validate.hpp>

using namespace attncap;

static_assert(page_sizes::only(32, 64).contains(64) && !page_sizes::only(32, 64).contains(16));
static_assert(page_sizes::any_size().contains(7));
static_assert(!page_sizes::only(64).contains(0));
static_assert(enum_set<model_arch>{model_arch::mla}.contains(model_arch::mla));
static_assert(!enum_set<model_arch>{model_arch::mla}.contains(model_arch::gqa));
static_assert(
    (enum_set<model_arch>{model_arch::mla} | enum_set<model_arch>{model_arch::gqa}).contains(model_arch::gqa));
static_assert(enum_set<model_arch>::all().contains(model_arch::mqa));

namespace {
const capabilities& caps_of(backend_id b) { return builtin_registry::caps[static_cast<std::size_t>(b)]; }
launch_config on(hardware h, model_arch a) {
  launch_config c;
  c.hardware = h;
  c.model_arch = a;
  return c;
}
}  // namespace

namespace {
/// True when the engine accepts `c` with backend `b` and keeps it.
bool runs(backend_id b, launch_config c) {
  c.attention_backend = b;
  const report rep = validate(c);
  return rep.accepted() && rep.resolved().attention_backend == b;
}
}  // namespace

TEST_CASE("the rules enforce the declared hardware, architecture, KV dtype, cross attention and speculative support") {
  CHECK(runs(id::hpc_ops, on(hardware::sm90, model_arch::gqa)));
  CHECK(!runs(id::hpc_ops, on(hardware::sm100, model_arch::gqa)));
  CHECK(!runs(id::hpc_ops, on(hardware::sm90, model_arch::mla)));
  auto kv = on(hardware::sm90, model_arch::gqa);
  kv.kv_cache_dtype = kv_cache_dtype::fp8_e5m2;
  CHECK(!runs(id::hpc_ops, kv));
  auto cross = on(hardware::sm90, model_arch::gqa);
  cross.encoder_decoder = true;
  CHECK(!runs(id::triton, cross));
  CHECK(runs(id::flashinfer, cross));
  auto tree = on(hardware::sm100, model_arch::gqa);
  tree.speculative_algorithm = speculative_algorithm::eagle;
  tree.speculative_eagle_topk = 4;
  tree.speculative_num_steps = 3;  // topk without a step count is the engine's assertion
  CHECK(!runs(id::trtllm_mha, tree));
  CHECK(runs(id::flashinfer, tree));
}

TEST_CASE("model-specific backends serve only their models") {
  auto mla = on(hardware::sm90, model_arch::mla);
  CHECK(!serves_model(caps_of(id::dsa), mla));
  mla.dsa = true;
  CHECK(serves_model(caps_of(id::dsa), mla));
  auto v4 = on(hardware::sm90, model_arch::mla);
  CHECK(!serves_model(caps_of(id::dsv4), v4));
  v4.model = model_family::deepseek_v4;
  CHECK(serves_model(caps_of(id::dsv4), v4));
  auto chunk = on(hardware::sm90, model_arch::gqa);
  CHECK(!serves_model(caps_of(id::dual_chunk_flash_attn), chunk));
  chunk.dual_chunk_attention = true;
  CHECK(serves_model(caps_of(id::dual_chunk_flash_attn), chunk));
  CHECK(serves_model(caps_of(id::triton), chunk));
}
