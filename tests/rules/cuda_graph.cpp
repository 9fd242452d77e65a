// SPDX-License-Identifier: MIT
// The CUDA-graph settings that attention rules read (rules/cuda_graph.hpp).
#include "rules/cuda_graph_cases.hpp"

using namespace attncap;
using namespace attncap::test;

TEST_CASE("CUDA-graph rewrites: applied and near miss") { check_rewrites(cuda_graph_rewrites); }

TEST_CASE("a prefill backend given keeps Inkling from its FULL default") {
  const report rep = validate(graph::prefill(on(H::sm90).gqa().model(M::inkling), graph::G::disabled));
  CHECK(rep.resolved().cuda_graph_backend_prefill == cuda_graph_backend::disabled);
}

TEST_CASE("Inkling's FULL prefill default falls back under the unified pool on a backend without its metadata") {
  // Ampere serves Inkling on Triton; Hopper's default, FA4, has the metadata.
  const conf inkling = on(H::sm80).gqa().model(M::inkling).flag(&launch_config::enable_unified_memory);
  const report rep = validate(inkling);
  CHECK(rep.resolved().prefill_backend() == id::triton);
  CHECK(find(rep, sa::unified_full_prefill_cuda_graph::info) != nullptr);
  CHECK(find(validate(inkling.on(H::sm90)), sa::unified_full_prefill_cuda_graph::info) == nullptr);
}

TEST_CASE("capture turned off earlier leaves the unified pool nothing to fall back from") {
  // torch_native turns every graph off, as multi-item scoring does.
  CHECK(find(validate(graph::unified.backend(id::torch_native)), sa::unified_full_prefill_cuda_graph::info) == nullptr);
  CHECK(find(validate(graph::unified.backend(id::triton).flag(&launch_config::enable_mis)),
             sa::unified_full_prefill_cuda_graph::info) == nullptr);
}

TEST_CASE("--disable-cuda-graph leaves a FULL prefill graph given to the unified pool's fallback") {
  const report rep = validate(graph::unified.backend(id::triton).flag(&launch_config::disable_cuda_graph));
  CHECK(find(rep, sa::unified_full_prefill_cuda_graph::info) != nullptr);
}
