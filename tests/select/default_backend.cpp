// SPDX-License-Identifier: MIT
// The engine's default-backend table, row by row.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/select/default_backend.hpp>

using namespace attncap;

namespace {
constexpr launch_config make(hardware h, model_arch a, int cuda = unset) {
  launch_config c;
  c.hardware = h;
  c.model_arch = a;
  c.cuda = cuda;
  return c;
}
constexpr launch_config with_spec(launch_config c, int topk, int page = unset) {
  c.speculative_algorithm = speculative_algorithm::eagle;
  c.speculative_eagle_topk = topk;
  c.page_size = page;
  return c;
}
}  // namespace

TEST_CASE("MHA rows") {
  CHECK(default_backend(make(hardware::sm90, model_arch::gqa, 1204)).backend == id::fa3);
  CHECK(default_backend(make(hardware::sm90, model_arch::gqa, 1202)).backend == id::flashinfer);
  CHECK(default_backend(with_spec(make(hardware::sm90, model_arch::gqa), 1)).backend == id::fa3);
  CHECK(default_backend(with_spec(make(hardware::sm90, model_arch::gqa), 1, 64)).backend == id::flashinfer);
  // Topk not chosen yet counts as a chain (sglang 0.5.23's is_no_spec_infer_or_topk_one).
  CHECK(default_backend(with_spec(make(hardware::sm90, model_arch::gqa, 1204), unset)).backend == id::fa3);
  CHECK(default_backend(with_spec(make(hardware::sm90, model_arch::gqa, 1204), unset, 64)).backend == id::fa3);
  CHECK(default_backend(with_spec(make(hardware::sm90, model_arch::gqa), 4)).backend == id::flashinfer);
  CHECK(default_backend(make(hardware::sm100, model_arch::gqa)).backend == id::trtllm_mha);
  CHECK(default_backend(make(hardware::sm103, model_arch::mha)).backend == id::trtllm_mha);
  auto asym = make(hardware::sm100, model_arch::gqa);
  asym.asymmetric_kv = true;
  CHECK(default_backend(asym).backend == id::fa4);
  CHECK(default_backend(with_spec(make(hardware::sm100, model_arch::gqa), 4)).backend == id::flashinfer);
  // On SM100 an unset topk is not enough, except under DFLASH, whose topk is forced to 1 later.
  CHECK(default_backend(with_spec(make(hardware::sm100, model_arch::gqa), unset)).backend == id::flashinfer);
  auto dflash = with_spec(make(hardware::sm100, model_arch::gqa), unset);
  dflash.speculative_algorithm = speculative_algorithm::dflash;
  dflash.speculative_draft_model_path = true;
  CHECK(default_backend(dflash).backend == id::trtllm_mha);
  CHECK(default_backend(make(hardware::gfx942, model_arch::gqa)).backend == id::aiter);
  CHECK(default_backend(make(hardware::mps, model_arch::gqa)).backend == id::torch_native);
  CHECK(default_backend(make(hardware::sm80, model_arch::gqa)).backend == id::flashinfer);
  CHECK(default_backend(make(hardware::sm110, model_arch::gqa)).backend == id::flashinfer);
  auto sinks = make(hardware::sm80, model_arch::gqa);
  sinks.attention_sinks = true;
  CHECK(default_backend(sinks).backend == id::triton);
  CHECK(default_backend(make(hardware::xpu, model_arch::gqa)).backend == id::triton);
}

TEST_CASE("MLA rows") {
  CHECK(default_backend(make(hardware::sm90, model_arch::mla)).backend == id::fa3);
  CHECK(default_backend(make(hardware::sm100, model_arch::mla)).backend == id::flashinfer);
  auto rocm = make(hardware::gfx942, model_arch::mla);
  rocm.num_kv_heads_per_rank = 16;
  CHECK(default_backend(rocm).backend == id::aiter);
  rocm.num_kv_heads_per_rank = 128;
  CHECK(default_backend(rocm).backend == id::aiter);
  rocm.num_kv_heads_per_rank = 32;
  CHECK(default_backend(rocm).backend == id::triton);
  CHECK(default_backend(make(hardware::mps, model_arch::mla)).backend == id::torch_native);
  CHECK(default_backend(make(hardware::sm80, model_arch::mla)).backend == id::triton);
  CHECK(default_backend(make(hardware::sm120, model_arch::mla)).backend == id::triton);
}

TEST_CASE("Whisper defaults to flashinfer everywhere, and every row says why") {
  auto w = make(hardware::sm90, model_arch::mha);
  w.model = model_family::whisper;
  CHECK(default_backend(w).backend == id::flashinfer);
  CHECK(!default_backend(w).reason.empty());
  for (auto h : {hardware::sm80, hardware::sm100, hardware::gfx90a, hardware::npu, hardware::cpu})
    for (auto a : {model_arch::gqa, model_arch::mla}) CHECK(!default_backend(make(h, a)).reason.empty());
}
