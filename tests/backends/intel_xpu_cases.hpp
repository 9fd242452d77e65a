// SPDX-License-Identifier: MIT
// Cases for backends/intel_xpu.hpp: the XPU backend constructor's CUDA-graph check for
// encoder-decoder models.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace xpu_graph {
using G = cuda_graph_backend;
/// An encoder-decoder model on the XPU backend with every CUDA-graph setting at its default.
inline constexpr conf whisper = on(H::xpu_xmx).backend(id::intel_xpu).page(128).flag(&launch_config::encoder_decoder);
inline constexpr std::string_view text =
    "Encoder-decoder models (e.g. Whisper) on the intel_xpu attention backend require CUDA graph disabled (off by "
    "default on XPU); the graph decode path cannot run the varlen KV gather.";
}  // namespace xpu_graph

inline constexpr std::array intel_xpu_rules{
    rule_case{&rules::intel_xpu::encoder_decoder_decode_graph::info, stage::backend_init,
              exception_kind::assertion_error,
              xpu_graph::whisper.with(&launch_config::cuda_graph_backend_decode, xpu_graph::G::full), xpu_graph::text,
              xpu_graph::whisper, "full"},
    // Off XPU, decode is captured by default.
    rule_case{&rules::intel_xpu::encoder_decoder_decode_graph::info, stage::backend_init,
              exception_kind::assertion_error, xpu_graph::whisper.on(H::sm90), xpu_graph::text,
              xpu_graph::whisper.on(H::sm90).with(&launch_config::cuda_graph_backend_decode, xpu_graph::G::disabled),
              "None"},
    rule_case{
        &rules::intel_xpu::encoder_decoder_prefill_graph::info, stage::backend_init, exception_kind::assertion_error,
        xpu_graph::whisper.with(&launch_config::cuda_graph_backend_prefill, xpu_graph::G::breakable), xpu_graph::text,
        xpu_graph::whisper.with(&launch_config::cuda_graph_backend_prefill, xpu_graph::G::disabled), "breakable"},
};

}  // namespace attncap::test
