// MESSAGE[colour: enumerators of a named enum take no initialiser]
// MAX_BYTES[2048]
// SPDX-License-Identifier: MIT
// A named enum's names are matched to the values 0, 1, … in order, so an initialiser is refused.
#include <attncap/detail/enum_names.hpp>
#include <cstdint>

ATTNCAP_NAMED_ENUM(colour, std::uint8_t, red, green = 3)
int main() {}
