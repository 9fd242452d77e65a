// SPDX-License-Identifier: MIT
// Cases for the rules of capabilities/rule_shapes.hpp's shapes: the constructors that assert a
// sliding window does not come with cross attention.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

namespace window {
/// An encoder-decoder model (Whisper) with a sliding window.
inline constexpr conf base =
    on(H::sm90).flag(&launch_config::encoder_decoder).with(&launch_config::sliding_window, 4096);
/// The same model with full attention.
inline constexpr conf full = base.with(&launch_config::sliding_window, unset);
inline constexpr std::string_view text = "Sliding window and cross attention are not supported together";
}  // namespace window

inline constexpr std::array window_cross_attention_rules{
    rule_case{&rules::fa3::window_cross_attention::info, stage::backend_init, exception_kind::assertion_error,
              window::base.backend(id::fa3), window::text, window::full.backend(id::fa3), "4096"},
    rule_case{&rules::fa4::window_cross_attention::info, stage::backend_init, exception_kind::assertion_error,
              window::base.on(H::sm100).backend(id::fa4), window::text,
              window::base.on(H::sm100).flag(&launch_config::encoder_decoder, false).backend(id::fa4)},
    rule_case{&rules::flashinfer::window_cross_attention::info, stage::backend_init, exception_kind::assertion_error,
              window::base.backend(id::flashinfer), window::text, window::base.mla().backend(id::flashinfer)},
    rule_case{&rules::triton::window_cross_attention::info, stage::backend_init, exception_kind::assertion_error,
              window::base.backend(id::triton), window::text, window::full.backend(id::triton)},
    rule_case{&rules::intel_xpu::window_cross_attention::info, stage::backend_init, exception_kind::assertion_error,
              window::base.on(H::xpu_xmx).backend(id::intel_xpu), window::text,
              window::full.on(H::xpu_xmx).backend(id::intel_xpu)},
    rule_case{&rules::minicpm_flashattn::window_cross_attention::info, stage::backend_init,
              exception_kind::assertion_error, window::base.backend(id::minicpm_flashattn), window::text,
              window::full.backend(id::minicpm_flashattn)},
    rule_case{&rules::minicpm_flashinfer::window_cross_attention::info, stage::backend_init,
              exception_kind::assertion_error, window::base.backend(id::minicpm_flashinfer), window::text,
              window::full.backend(id::minicpm_flashinfer)},
    rule_case{&rules::llada2_cfg_flashinfer::window_cross_attention::info, stage::backend_init,
              exception_kind::assertion_error, window::base.backend(id::llada2_cfg_flashinfer), window::text,
              window::full.backend(id::llada2_cfg_flashinfer)},
};

}  // namespace attncap::test
