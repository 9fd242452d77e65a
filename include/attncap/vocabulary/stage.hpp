// SPDX-License-Identifier: MIT
/// @file
/// attncap::stage and attncap::exception_kind: where the engine raises an error, and what it raises.
#pragma once

#include <attncap/detail/enum_names.hpp>
#include <cstdint>

namespace attncap {

/// The point in the engine's start-up at which a rule is checked, in the order they run.
ATTNCAP_NAMED_ENUM(stage, std::uint8_t,
                   argparse,      ///< the command line's own parser: a name that is not one of its choices
                   server_args,   ///< argument resolution, before any device work
                   model_runner,  ///< the model runner's set-up before it builds backends (the KV dtype)
                   factory,       ///< the backend registry's factory function
                   backend_init,  ///< the backend's constructor
                   wrapper,       ///< the hybrid-model wrapper built around the backend
                   first_forward  ///< per-layer checks on the first forward pass
)

template <>
struct enum_spellings<stage> {
  static constexpr std::string_view what = "stage";
  static constexpr auto table = named_spellings<stage>();
};

/// The Python exception class the engine raises for a rule.
enum class exception_kind : std::uint8_t {
  value_error,
  assertion_error,
  runtime_error,
  not_implemented_error,
  import_error,
  argument_error,  ///< argparse's: the engine prints the message and exits
  type_error,      ///< Python's own, where the engine compares a None it did not fill
};

template <>
struct enum_spellings<exception_kind> {
  static constexpr std::string_view what = "exception";
  static constexpr std::array<spelling<exception_kind>, 7> table{{
      {exception_kind::value_error, "ValueError"},
      {exception_kind::assertion_error, "AssertionError"},
      {exception_kind::runtime_error, "RuntimeError"},
      {exception_kind::not_implemented_error, "NotImplementedError"},
      {exception_kind::import_error, "ImportError"},
      {exception_kind::argument_error, "ArgumentError"},
      {exception_kind::type_error, "TypeError"},
  }};
};

}  // namespace attncap
