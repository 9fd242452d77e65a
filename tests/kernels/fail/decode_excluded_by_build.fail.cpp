// clang-format off
// MESSAGE[attncap::kernels::decode<HeadDim, KV, Group>: this \(head dim, KV dtype, GQA group\) is not compiled in this build]
// clang-format on
// SPDX-License-Identifier: MIT
// Static dispatch to a configuration the family supports but this build does not compile.
#include <attncap/kernels/decode.hpp>

int main() {
  attncap::kernels::decode_params p;
  attncap::kernels::decode<112, attncap::dtype::bf16, 4>(p);
}
