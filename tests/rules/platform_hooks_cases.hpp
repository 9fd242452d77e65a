// SPDX-License-Identifier: MIT
// Cases for rules/platform_hooks.hpp: deprecated backend names and the NPU / CPU platform defaults.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array platform_hooks_rewrites{
    rewrite_case{&sa::nsa_alias::info, on(H::sm90).mla().backend(id::nsa),
                 "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
                 "release.",
                 "nsa", on(H::sm90).mla().backend(id::dsa)},
    rewrite_case{&sa::nsa_alias::info, on(H::sm90).mla().backend(id::dsa).decode(id::nsa),
                 "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
                 "release.",
                 "dsa", on(H::sm90).mla().backend(id::dsa).decode(id::dsa)},
    // Named but built for neither phase: the alias's factory, which warns, never runs.
    rewrite_case{&sa::nsa_alias::info, on(H::sm90).mla().backend(id::nsa).prefill(id::dsa),
                 "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
                 "release.",
                 "nsa", on(H::sm90).mla().backend(id::nsa).prefill(id::dsa).decode(id::dsa)},
    // Built as EAGLE's draft backend; DSPARK's draft worker falls back from it instead.
    rewrite_case{&sa::nsa_alias::info, on(H::sm90).mla().backend(id::fa3).eagle(1, 3, 4).draft(id::nsa),
                 "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
                 "release.",
                 "fa3", on(H::sm90).mla().backend(id::fa3).eagle(1, 3, 4).draft(id::nsa).spec(S::dspark)},
    rewrite_case{&sa::attention_backend_rename::info, on(H::sm90).mla().backend(id::compressed),
                 "--attention-backend=compressed is deprecated; use 'dsv4' instead.", "dsv4",
                 on(H::sm90).mla().backend(id::dsv4)},
    rewrite_case{&sa::attention_backend_rename::info, on(H::sm100).mla().backend(id::tokenspeed_mla),
                 "--attention-backend=tokenspeed_mla is deprecated; use 'cutedsl_mla' instead.", "cutedsl_mla",
                 on(H::sm100).mla().backend(id::cutedsl_mla)},
    rewrite_case{&sa::decode_backend_rename::info, on(H::sm100).mla().decode(id::tokenspeed_mla),
                 "--decode-attention-backend=tokenspeed_mla is deprecated; use 'cutedsl_mla' instead.", "cutedsl_mla",
                 on(H::sm100).mla().decode(id::cutedsl_mla)},
    rewrite_case{&sa::prefill_tokenspeed_rename::info, on(H::sm100).mla().prefill(id::tokenspeed_mla),
                 "--prefill-attention-backend=tokenspeed_mla is deprecated; use 'cutedsl_mla' instead.", "trtllm_mla",
                 on(H::sm100).mla().prefill(id::compressed)},
    rewrite_case{&sa::prefill_backend_rename::info, on(H::sm100).mla().prefill(id::compressed),
                 "--prefill-attention-backend=compressed is deprecated; use 'dsv4' instead.", "dsv4",
                 on(H::sm100).mla().prefill(id::dsv4)},
    rewrite_case{&sa::draft_backend_rename::info, on(H::sm90).mla().spec(S::eagle).draft(id::compressed),
                 "--speculative-draft-attention-backend=compressed is deprecated; use 'dsv4' instead.", "dsv4",
                 on(H::sm90).mla().spec(S::eagle).draft(id::dsv4)},
    rewrite_case{&sa::tokenspeed_attention_mode::info, on(H::sm100).mla().backend(id::tokenspeed_mla).spec(S::nextn),
                 "", "decode", on(H::sm100).mla().backend(id::cutedsl_mla).spec(S::nextn)},
    rewrite_case{&sa::tokenspeed_attention_mode::info, on(H::sm100).mla().decode(id::tokenspeed_mla).eagle(1, 2, 3), "",
                 "decode",
                 on(H::sm100)
                     .mla()
                     .decode(id::tokenspeed_mla)
                     .eagle(1, 2, 3)
                     .with(&launch_config::speculative_attention_mode, speculative_attention_mode::decode)},
    rewrite_case{&sa::tokenspeed_fp8_kv::info, on(H::sm100).mla().backend(id::tokenspeed_mla),
                 "tokenspeed_mla required FP8 KV; setting --kv-cache-dtype=fp8_e4m3.", "fp8_e4m3",
                 on(H::sm100).mla().backend(id::tokenspeed_mla).kv(K::fp8_e4m3)},
    rewrite_case{&sa::tokenspeed_fp8_kv::info, on(H::sm100).mla().decode(id::tokenspeed_mla).kv(K::bf16),
                 "tokenspeed_mla required FP8 KV; setting --kv-cache-dtype=fp8_e4m3.", "fp8_e4m3",
                 on(H::sm100).mla().decode(id::cutedsl_mla).kv(K::bf16)},
    rewrite_case{&sa::npu_forces_ascend::info, on(H::npu).backend(id::triton), "", "ascend",
                 on(H::sm90).backend(id::triton)},
    rewrite_case{&sa::npu_forces_ascend::info, on(H::npu), "", "ascend", on(H::sm90)},
    rewrite_case{&sa::npu_page_size::info, on(H::npu), "", "128", on(H::npu).page(64)},
    rewrite_case{&sa::cpu_default::info, on(H::cpu_amx), "", "intel_amx", on(H::cpu_amx).backend(id::torch_native)},
    rewrite_case{&sa::cpu_arm64_default::info, on(H::cpu_arm64), "", "torch_native", on(H::cpu)},
};

}  // namespace attncap::test
