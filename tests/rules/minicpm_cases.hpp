// SPDX-License-Identifier: MIT
// Cases for rules/minicpm.hpp: MiniCPM's model-override provider.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace minicpm_provider {
inline constexpr conf dense = on(H::sm90).model(M::minicpm);
inline constexpr conf sparse = dense.flag(&launch_config::minicpm_sparse);
/// Under SGLANG_MINICPM_FORCE_DENSE.
inline constexpr conf forced = sparse.flag(&launch_config::sglang_minicpm_force_dense);
}  // namespace minicpm_provider

inline constexpr std::array minicpm_rules{
    rule_case{&sa::minicpm_hierarchical_cache::info, stage::server_args, exception_kind::value_error,
              minicpm_provider::sparse.flag(&launch_config::enable_hierarchical_cache),
              "MiniCPM SALA does not support hierarchical cache", minicpm_provider::sparse, "True"},
    rule_case{
        &sa::minicpm_hierarchical_cache::info, stage::server_args, exception_kind::value_error,
        minicpm_provider::dense.flag(&launch_config::minicpm_lightning).flag(&launch_config::enable_hierarchical_cache),
        "MiniCPM SALA does not support hierarchical cache",
        minicpm_provider::dense.flag(&launch_config::enable_hierarchical_cache), "True"},
    rule_case{&sa::minicpm_dp_attention::info, stage::server_args, exception_kind::value_error,
              minicpm_provider::dense.flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 2),
              "MiniCPM does not support DP attention", minicpm_provider::dense.with(&launch_config::dp_size, 2), "2"},
    rule_case{&sa::minicpm_dp_attention::info, stage::server_args, exception_kind::value_error,
              minicpm_provider::dense.tp(2).with(&launch_config::attn_dp_size, 2),
              "MiniCPM does not support DP attention", minicpm_provider::dense.tp(2), "2"},
    rule_case{&sa::minicpm_dp_attention::info, stage::server_args, exception_kind::value_error,
              minicpm_provider::sparse.flag(&launch_config::enable_dp_attention).with(&launch_config::dp_size, 2),
              "MiniCPM does not support DP attention",
              on(H::sm90)
                  .flag(&launch_config::minicpm_sparse)
                  .flag(&launch_config::enable_dp_attention)
                  .with(&launch_config::dp_size, 2)},
    rule_case{&sa::minicpm_disaggregation::info, stage::server_args, exception_kind::value_error,
              minicpm_provider::sparse.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "MiniCPM sparse attention does not support PD disaggregation", minicpm_provider::sparse, "prefill"},
    rule_case{&sa::minicpm_disaggregation::info, stage::server_args, exception_kind::value_error,
              minicpm_provider::sparse.decode(id::minicpm_flashattn)
                  .with(&launch_config::disaggregation_mode, disaggregation_mode::decode),
              "MiniCPM sparse attention does not support PD disaggregation",
              minicpm_provider::sparse.decode(id::fa3).with(&launch_config::disaggregation_mode,
                                                            disaggregation_mode::decode)},
    // Forced dense, the sparse model's checks are skipped.
    rule_case{&sa::minicpm_disaggregation::info, stage::server_args, exception_kind::value_error,
              minicpm_provider::sparse.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill),
              "MiniCPM sparse attention does not support PD disaggregation",
              minicpm_provider::forced.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill)},
};

inline constexpr std::array minicpm_rewrites{
    rewrite_case{&sa::minicpm_radix_cache::info, minicpm_provider::sparse, "", "True", minicpm_provider::dense},
    rewrite_case{&sa::minicpm_radix_cache::info, minicpm_provider::dense.flag(&launch_config::minicpm_lightning), "",
                 "True", on(H::sm90).flag(&launch_config::minicpm_lightning)},
    rewrite_case{&sa::minicpm_sparse_backend::info, minicpm_provider::sparse, "", "minicpm_flashattn",
                 minicpm_provider::sparse.prefill(id::fa3)},
    rewrite_case{&sa::minicpm_sparse_backend::info, minicpm_provider::sparse.on(H::sm120), "", "minicpm_flashinfer",
                 minicpm_provider::dense.on(H::sm120)},
    // Forced dense: no sparse default, and each sparse backend given becomes its dense one.
    rewrite_case{&sa::minicpm_sparse_backend::info, minicpm_provider::sparse, "", "minicpm_flashattn",
                 minicpm_provider::forced},
    rewrite_case{&sa::minicpm_dense_backend::info, minicpm_provider::forced.backend(id::minicpm_flashattn), "", "fa3",
                 minicpm_provider::sparse.backend(id::minicpm_flashattn)},
    rewrite_case{&sa::minicpm_dense_backend::info, minicpm_provider::forced.on(H::sm100).backend(id::minicpm_flashattn),
                 "", "fa4", minicpm_provider::forced.on(H::sm100).backend(id::fa3)},
    rewrite_case{&sa::minicpm_dense_prefill_backend::info, minicpm_provider::forced.prefill(id::minicpm_flashinfer), "",
                 "flashinfer", minicpm_provider::sparse.prefill(id::minicpm_flashinfer)},
    rewrite_case{&sa::minicpm_dense_decode_backend::info, minicpm_provider::forced.decode(id::minicpm_flashattn), "",
                 "fa3", minicpm_provider::forced.decode(id::triton)},
};

}  // namespace attncap::test
