// SPDX-License-Identifier: MIT
/// @file
/// attncap::stage and attncap::exception_kind: where the engine raises an error, and what it raises.
#pragma once

#include <attncap/detail/enum_table.hpp>

#include <cstdint>

namespace attncap {

/// The point in the engine's start-up at which a rule is checked, in the order they run.
enum class stage : std::uint8_t {
  server_args,    ///< argument resolution, before any device work
  factory,        ///< the backend registry's factory function
  backend_init,   ///< the backend's constructor
  wrapper,        ///< the hybrid-model wrapper built around the backend
  first_forward,  ///< per-layer checks on the first forward pass
};

template <>
struct enum_spellings<stage> {
  static constexpr std::string_view what = "stage";
  static constexpr std::array<spelling<stage>, 5> table{{
      {stage::server_args, "server_args"},
      {stage::factory, "factory"},
      {stage::backend_init, "backend_init"},
      {stage::wrapper, "wrapper"},
      {stage::first_forward, "first_forward"},
  }};
};

/// The Python exception class the engine raises for a rule.
enum class exception_kind : std::uint8_t {
  value_error,
  assertion_error,
  runtime_error,
  not_implemented_error,
  import_error,
};

template <>
struct enum_spellings<exception_kind> {
  static constexpr std::string_view what = "exception";
  static constexpr std::array<spelling<exception_kind>, 5> table{{
      {exception_kind::value_error, "ValueError"},
      {exception_kind::assertion_error, "AssertionError"},
      {exception_kind::runtime_error, "RuntimeError"},
      {exception_kind::not_implemented_error, "NotImplementedError"},
      {exception_kind::import_error, "ImportError"},
  }};
};

}  // namespace attncap
