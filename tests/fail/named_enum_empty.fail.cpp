// MESSAGE[colour: a named enum needs at least one enumerator]
// MAX_BYTES[2048]
// SPDX-License-Identifier: MIT
// A named enum with no enumerators has nothing to spell; it is refused where it is declared.
#include <attncap/detail/enum_names.hpp>
#include <cstdint>

ATTNCAP_NAMED_ENUM(colour, std::uint8_t)
int main() {}
