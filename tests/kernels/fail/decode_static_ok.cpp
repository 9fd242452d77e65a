// SPDX-License-Identifier: MIT
// The passing twin of the static-dispatch compile-fail tests (compiled, not linked: split mode
// declares the kernels extern).
#define ATTNCAP_KERNELS_EXTERN
#include <attncap/kernels/decode.hpp>

int main(int argc, char**) {
  attncap::kernels::decode_params p;
  if (argc > 5) attncap::kernels::decode<128, attncap::dtype::bf16, 4>(p);
}
