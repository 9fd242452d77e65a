// SPDX-License-Identifier: MIT
// Cases for rules/decode_context_parallel.hpp: decode context parallelism on the NPU and Intel XPU.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

/// An MQA model on intel_xpu with two ranks in one DCP group: its one KV head is on every rank,
/// and the decode kernel sees a GQA group of 16, the most it is built for.
inline constexpr auto xpu_dcp = on(H::xpu_xmx).backend(id::intel_xpu).arch(model_arch::mqa).heads(8, 1).tp(2).dcp(2);

inline constexpr std::array decode_context_parallel_rules{
    rule_case{&sa::npu_dcp_dsa_only::info, stage::server_args, exception_kind::value_error,
              on(H::npu).model(M::llama).tp(2).dcp(2),
              "NPU decode context parallelism is currently implemented only for DeepSeek DSA models; got "
              "LlamaForCausalLM. Set --decode-context-parallel-size=1 or use a DSA model.",
              on(H::npu).model(M::llama).tp(2), "2"},
    rule_case{&sa::npu_dcp_dsa_only::info, stage::server_args, exception_kind::value_error,
              on(H::npu).mla().tp(2).dcp(2),
              "NPU decode context parallelism is currently implemented only for DeepSeek DSA models; got the model. "
              "Set --decode-context-parallel-size=1 or use a DSA model.",
              on(H::npu).mla().flag(&launch_config::dsa).tp(2).dcp(2), "2"},
    rule_case{&sa::xpu_dcp_backend::info, stage::server_args, exception_kind::value_error, xpu_dcp.decode(id::triton),
              "--dcp-size > 1 on Intel XPU needs --attention-backend intel_xpu.", xpu_dcp, "intel_xpu"},
    rule_case{&sa::xpu_dcp_mla::info, stage::server_args, exception_kind::value_error, xpu_dcp.mla(),
              "--dcp-size > 1 is not supported for MLA models on Intel XPU.", xpu_dcp, "mla"},
    rule_case{&sa::xpu_dcp_kv_head_dims::info, stage::server_args, exception_kind::value_error,
              xpu_dcp.flag(&launch_config::asymmetric_kv), "--dcp-size > 1 on Intel XPU needs equal K and V head dims.",
              xpu_dcp, "True"},
    rule_case{&sa::xpu_dcp_tp_size::info, stage::server_args, exception_kind::value_error, xpu_dcp.tp(3),
              "--dcp-size 2 must divide --tp-size 3.", xpu_dcp, "2"},
    rule_case{&sa::xpu_dcp_kv_heads::info, stage::server_args, exception_kind::value_error,
              xpu_dcp.gqa().heads(8, 2).model(M::llama),
              "--dcp-size 2 at --tp-size 2 needs each rank to hold its DCP group's KV heads, which LlamaForCausalLM "
              "does not. Use a smaller --dcp-size.",
              xpu_dcp.gqa().heads(8, 2).model(M::qwen3_5), "2"},
    // Two KV heads over four ranks are replicated already: a group of two ranks holds them both.
    rule_case{&sa::xpu_dcp_kv_heads::info, stage::server_args, exception_kind::value_error,
              xpu_dcp.gqa().heads(4, 1).tp(4).with(&launch_config::num_kv_heads, 4),
              "--dcp-size 2 at --tp-size 4 needs each rank to hold its DCP group's KV heads, which the model does "
              "not. Use a smaller --dcp-size.",
              xpu_dcp.gqa().heads(4, 1).tp(4).with(&launch_config::num_kv_heads, 2), "2"},
    rule_case{&sa::xpu_dcp_q_group::info, stage::server_args, exception_kind::value_error, xpu_dcp.heads(16, 1),
              "--dcp-size 2 gives the intel_xpu decode kernel a GQA group of 32, above the 16 it is built for. Use a "
              "smaller --dcp-size or a larger --tp-size.",
              xpu_dcp, "2"},
    // Attention DP does not narrow the engine's split here: 32 query heads over 4 ranks, gathered by 4.
    rule_case{&sa::xpu_dcp_q_group::info, stage::server_args, exception_kind::value_error,
              xpu_dcp.heads(16, 1).tp(4).dp(2).flag(&launch_config::enable_dp_attention).dcp(4),
              "--dcp-size 4 gives the intel_xpu decode kernel a GQA group of 32, above the 16 it is built for. Use a "
              "smaller --dcp-size or a larger --tp-size.",
              xpu_dcp.heads(16, 1).tp(4).dp(2).flag(&launch_config::enable_dp_attention).dcp(2), "4"},
    rule_case{&sa::xpu_dcp_speculative::info, stage::server_args, exception_kind::value_error, xpu_dcp.spec(S::eagle),
              "--dcp-size > 1 with speculative decoding is not supported on Intel XPU.", xpu_dcp, "EAGLE"},
    rule_case{&sa::xpu_dcp_chunked_local_attention::info, stage::server_args, exception_kind::value_error,
              xpu_dcp.flag(&launch_config::chunked_local_attention),
              "--dcp-size > 1 is not supported on Intel XPU for models with chunked local attention.", xpu_dcp, "True"},
    rule_case{&sa::xpu_dcp_encoder_decoder::info, stage::server_args, exception_kind::value_error,
              xpu_dcp.flag(&launch_config::encoder_decoder),
              "--dcp-size > 1 is not supported on Intel XPU for encoder-decoder models.", xpu_dcp, "True"},
};

}  // namespace attncap::test
