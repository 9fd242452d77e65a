// MESSAGE[attncap::check_backend<B>: B must specialize attncap::backend_traits<B>]
// SPDX-License-Identifier: MIT
// A tag without a capability declaration is not a backend; the diagnostic twin says why.
#include <attncap/concepts/attention_backend.hpp>

struct not_declared {};
static_assert(attncap::check_backend<not_declared>());
int main() {}
