// SPDX-License-Identifier: MIT
/// @file
/// attncap::cuda_graph_backend: sglang's `--cuda-graph-backend-prefill` / `--cuda-graph-backend-decode`
/// choices, how a phase's forward passes are captured as CUDA graphs.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// `full` (one graph a batch shape), `breakable` (segments around what cannot be captured),
/// `disabled`; `none`: not given, the engine's default (decode full, but disabled on XPU;
/// prefill breakable on CUDA, else disabled).
ATTNCAP_NAMED_ENUM(cuda_graph_backend, std::uint8_t, none, full, breakable, disabled)

template <>
struct enum_spellings<cuda_graph_backend> {
  static constexpr std::string_view what = "cuda_graph_backend";
  static constexpr std::array<spelling<cuda_graph_backend>, 1> renamed{{{cuda_graph_backend::none, "None"}}};
  static constexpr auto table = named_spellings<cuda_graph_backend>(renamed);
};

}  // namespace attncap
