// MESSAGE[attncap::kernels::decode<HeadDim, KV, Group>: the decode kernel family has no kernel]
// SPDX-License-Identifier: MIT
// Static dispatch to a configuration the kernel family has no kernel for.
#include <attncap/kernels/decode.hpp>

int main() {
  attncap::kernels::decode_params p;
  attncap::kernels::decode<100, attncap::dtype::bf16, 4>(p);
}
