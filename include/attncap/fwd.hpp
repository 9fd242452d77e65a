// SPDX-License-Identifier: MIT
/// @file
/// Declarations a backend author needs without the rest of the library: the traits template
/// to specialise and the rule-list templates its rules are listed in.
#pragma once

namespace attncap {

/// Capability declaration of backend tag `B`. Specialise it (or give `B` a nested
/// `attncap_traits` type) with the members listed in capabilities/backend_traits.hpp.
template <class B>
struct backend_traits;

/// The rules a backend declares, in the order the engine checks them.
template <class... Rules>
struct rule_list {};

/// The rules of backend tag `B`: specialise it, deriving from `rule_list<R...>`, after the
/// rules are declared (a tag with a nested `attncap_traits` may list `using rules` there instead).
template <class B>
struct backend_rules : rule_list<> {};

}  // namespace attncap
