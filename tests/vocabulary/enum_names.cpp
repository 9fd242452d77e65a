// SPDX-License-Identifier: MIT
// Spellings derived from enumerator names, with the engine's own spellings and aliases on top.
#include <doctest/doctest.h>

#include <attncap/detail/enum_names.hpp>
#include <attncap/vocabulary/hardware.hpp>
#include <attncap/vocabulary/kv_cache_dtype.hpp>
#include <attncap/vocabulary/stage.hpp>

namespace sample {
ATTNCAP_NAMED_ENUM(colour, unsigned char,
                   red,   ///< comments inside the list are not names
                   green, /* nor are block comments */
                   blue_, )
enum class plain { x };
}  // namespace sample

template <>
struct attncap::enum_spellings<sample::colour> {
  static constexpr std::string_view what = "colour";
  static constexpr std::array<spelling<sample::colour>, 1> renamed{{{sample::colour::blue_, "blue"}}};
  static constexpr std::array<spelling<sample::colour>, 1> aliases{{{sample::colour::red, "crimson"}}};
  static constexpr auto table = named_spellings<sample::colour>(renamed, aliases);
};

using namespace attncap;

static_assert(is_named_enum_v<sample::colour> && !is_named_enum_v<int> && !is_named_enum_v<sample::plain>);
static_assert(enumerator_names<sample::colour>.size() == 3);
static_assert(enumerator_names<sample::colour>[1] == "green" && enumerator_names<sample::colour>[2] == "blue_");
static_assert(to_string(sample::colour::blue_) == "blue" && to_string(sample::colour::green) == "green");
static_assert(from_string<sample::colour>("crimson") == sample::colour::red);
static_assert(!from_string<sample::colour>("blue_").has_value());
static_assert(enum_count<sample::colour>() == 3);
static_assert(enumerator_names<hardware>.size() == 22 && enum_count<hardware>() == 22);
static_assert(to_string(kv_cache_dtype::auto_) == "auto" && to_string(stage::first_forward) == "first_forward");

TEST_CASE("derived tables list canonical spellings in enum order, then aliases") {
  CHECK(accepted_spellings<sample::colour>() == "red, green, blue, crimson");
  CHECK(accepted_spellings<stage>() ==
        "argparse, server_args, model_runner, factory, backend_init, wrapper, first_forward");
}
