// SPDX-License-Identifier: MIT
// Cases for rules/cuda_graph.hpp: the CUDA-graph settings that attention rules read.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace graph {
using G = cuda_graph_backend;
constexpr conf prefill(conf c, cuda_graph_backend b) { return c.with(&launch_config::cuda_graph_backend_prefill, b); }
/// The unified memory pool on Hopper, FULL prefill capture asked for.
inline constexpr conf unified = prefill(on(H::sm90).flag(&launch_config::enable_unified_memory), G::full);
}  // namespace graph

inline constexpr std::array cuda_graph_rewrites{
    rewrite_case{&sa::inkling_prefill_cuda_graph::info, on(H::sm90).gqa().model(M::inkling), "", "full",
                 graph::prefill(on(H::sm90).gqa().model(M::inkling), graph::G::breakable)},
    rewrite_case{&sa::xpu_decode_cuda_graph::info,
                 on(H::xpu_xmx).with(&launch_config::cuda_graph_backend_decode, graph::G::breakable),
                 "XPU platform only supports decode backend 'full'; disabling unsupported decode backend 'breakable'.",
                 "disabled", on(H::xpu_xmx).with(&launch_config::cuda_graph_backend_decode, graph::G::full)},
    rewrite_case{&sa::unified_full_prefill_cuda_graph::info, graph::unified.backend(id::triton),
                 "--enable-unified-memory: disabling the FULL prefill cuda-graph backend. It builds its block table in "
                 "_init_full_cg_prefill_metadata, which only ['fa3', 'fa4'] implement; the resolved attention backends "
                 "are ['triton']. Decode capture and the other prefill backends are unaffected.",
                 "disabled", graph::unified.backend(id::fa3)},
    // One phase on another backend is enough.
    rewrite_case{&sa::unified_full_prefill_cuda_graph::info, graph::unified.backend(id::fa3).decode(id::flashinfer),
                 "--enable-unified-memory: disabling the FULL prefill cuda-graph backend. It builds its block table in "
                 "_init_full_cg_prefill_metadata, which only ['fa3', 'fa4'] implement; the resolved attention backends "
                 "are ['fa3', 'flashinfer']. Decode capture and the other prefill backends are unaffected.",
                 "disabled", graph::unified.backend(id::fa3).decode(id::fa3)},
};

}  // namespace attncap::test
