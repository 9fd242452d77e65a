// SPDX-License-Identifier: MIT
/// @file
/// The one place attncap includes its metaprogramming library, Boost.Mp11. attncap's
/// type-level work is lists of types (backends, rules, kernel configurations) and their
/// products; Mp11 is made for exactly that, compiles faster than Boost.Hana's value-level
/// machinery and works unchanged under nvcc.
#pragma once

#include <boost/mp11/algorithm.hpp>
#include <boost/mp11/list.hpp>

namespace attncap::detail {
namespace mp = boost::mp11;
}  // namespace attncap::detail
