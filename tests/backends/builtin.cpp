// SPDX-License-Identifier: MIT
// The built-in backend list: ids in the engine's order, one name each.
#include <doctest/doctest.h>

#include <array>
#include <attncap/backends/all.hpp>
#include <set>
#include <string_view>

using namespace attncap;

static_assert(builtin_backend_count == 27);
static_assert(id::triton == static_cast<backend_id>(0) && id::intel_xpu == static_cast<backend_id>(26));
static_assert(builtin_id<backends::hpc_ops> == id::hpc_ops);

TEST_CASE("the ids follow the engine's --attention-backend choices, in its order") {
  constexpr std::array<std::string_view, 27> engine_order{"triton",
                                                          "torch_native",
                                                          "flex_attention",
                                                          "dsa",
                                                          "nsa",
                                                          "qsa",
                                                          "dsv4",
                                                          "compressed",
                                                          "cutlass_mla",
                                                          "fa3",
                                                          "fa4",
                                                          "flashinfer",
                                                          "llada2_cfg_flashinfer",
                                                          "flashmla",
                                                          "trtllm_mla",
                                                          "cutedsl_mla",
                                                          "tokenspeed_mla",
                                                          "trtllm_mha",
                                                          "dual_chunk_flash_attn",
                                                          "hpc_ops",
                                                          "minicpm_flashattn",
                                                          "minicpm_flashinfer",
                                                          "aiter",
                                                          "wave",
                                                          "intel_amx",
                                                          "ascend",
                                                          "intel_xpu"};
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < engine_order.size(); ++i) {
    CAPTURE(engine_order[i]);
    CHECK(builtin_registry::find(engine_order[i]) == static_cast<backend_id>(i));
    CHECK(seen.insert(builtin_registry::names[i]).second);
  }
}
