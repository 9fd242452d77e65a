// SPDX-License-Identifier: MIT
// The attncap executable: checks, selects and explains attention-backend configurations.
#include <iostream>

#include "app.hpp"

int main(int argc, char** argv) { return attncap::cli::run(argc, argv, std::cin, std::cout, std::cerr); }
