// clang-format off
// MESSAGE[must not repeat a value \(nor ATTNCAP_MLA_HEAD_DIMS a pair\)]
// clang-format on
// SPDX-License-Identifier: MIT
// An MLA (qk, v) pair listed twice is refused with the lists' own message.
#define ATTNCAP_MLA_HEAD_DIMS 576, 512, 576, 512
#include <attncap/kernels/mla_decode.hpp>

int main() {}
