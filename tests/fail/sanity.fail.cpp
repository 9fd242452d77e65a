// SPDX-License-Identifier: MIT
// Must never compile: proves the compile-fail harness reports a failure (no MESSAGE marker,
// so the test passes on any failed build).
int main() { return this_name_does_not_exist; }
