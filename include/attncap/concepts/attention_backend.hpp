// SPDX-License-Identifier: MIT
/// @file
/// attncap::attention_backend and the capability concepts refined from it.
#pragma once

#include <attncap/capabilities/backend_traits.hpp>

namespace attncap {

/// `B` is an attention backend when `backend_traits<B>` is specialised (or opted into) and
/// declares `name` and `caps`.
///
/// Requirements: see capabilities/backend_traits.hpp.
/// Models:       every tag in attncap::backends, and third-party tags (examples/01_declare_backend.cpp).
template <class B>
concept attention_backend = has_backend_traits_v<B> && has_backend_name_v<B> && has_capabilities_v<B>;

template <class B>
inline constexpr bool is_attention_backend_v = attention_backend<B>;

/// True when backend `B` serves architecture `A`: the engine admits it and the kernels exist.
template <class B, model_arch A>
inline constexpr bool supports_architecture_v =
    backend_traits<B>::caps.architectures.contains(A) && backend_traits<B>::caps.kernel_architectures.contains(A);

/// True when backend `B` runs on hardware target `H`: the engine admits it and the kernels exist.
template <class B, hardware H>
inline constexpr bool supports_hardware_v =
    backend_traits<B>::caps.targets.contains(H) && backend_traits<B>::caps.kernel_targets.contains(H);

/// True when backend `B` declares cross (encoder-decoder) attention support.
template <class B>
inline constexpr bool supports_cross_attention_v = backend_traits<B>::caps.cross_attention == support::yes;

/// True when backend `B` accepts some speculative-decoding algorithm.
template <class B>
inline constexpr bool supports_speculative_v = backend_traits<B>::caps.speculative != speculative_support::none;

/// `B` serves multi-head latent attention models.
template <class B>
concept mla_backend = attention_backend<B> && supports_architecture_v<B, model_arch::mla>;

/// `B` serves MHA/GQA/MQA models.
template <class B>
concept non_mla_backend = attention_backend<B> && supports_architecture_v<B, model_arch::gqa>;

/// `B` serves encoder-decoder models' cross attention.
template <class B>
concept cross_attention_backend = attention_backend<B> && supports_cross_attention_v<B>;

/// `B` can run with speculative decoding.
template <class B>
concept speculative_backend = attention_backend<B> && supports_speculative_v<B>;

/// `B` runs on hardware target `H`.
template <class B, hardware H>
concept runs_on = attention_backend<B> && supports_hardware_v<B, H>;

/// The diagnostic twin of `attention_backend`: one static_assert per missing requirement.
template <class B>
consteval bool check_backend() {
  static_assert(has_backend_traits_v<B>,
                "attncap::check_backend<B>: B must specialize attncap::backend_traits<B> or declare a nested "
                "attncap_traits type (see attncap/capabilities/backend_traits.hpp)");
  if constexpr (has_backend_traits_v<B>) {
    static_assert(has_backend_name_v<B>,
                  "attncap::check_backend<B>: backend_traits<B> must declare 'static constexpr std::string_view name'");
    static_assert(
        has_capabilities_v<B>,
        "attncap::check_backend<B>: backend_traits<B> must declare 'static constexpr attncap::capabilities caps'");
  }
  return true;
}

}  // namespace attncap
