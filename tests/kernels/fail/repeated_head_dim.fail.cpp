// clang-format off
// MESSAGE[attncap::kernels: the ATTNCAP_\* kernel lists must not repeat a value]
// clang-format on
// SPDX-License-Identifier: MIT
// A kernel list that names a head dim twice is refused with the lists' own message.
#define ATTNCAP_HEAD_DIMS 64, 128, 64
#include <attncap/kernels/decode.hpp>

int main() {}
