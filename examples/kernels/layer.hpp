// SPDX-License-Identifier: MIT
// One attention layer of a toy model: prefill a prompt, then decode one token from a paged cache.
#pragma once

#include <vector>

/// Runs prefill and one decode step; returns the decode output (heads x 128).
std::vector<float> run_layer(int prompt_len);
