// SPDX-License-Identifier: MIT
// Check a launch before touching a GPU: hpc_ops with an MLA model on Hopper is rejected with
// the engine's message, every other reason, the rewrites it would make, and what would work.
#include <attncap/attncap.hpp>
#include <cstdio>

int main() {
  using namespace attncap;
  launch_config cfg;
  cfg.attention_backend = id::hpc_ops;
  cfg.hardware = hardware::sm90;
  cfg.model_arch = model_arch::mla;
  cfg.page_size = 16;
  cfg.speculative_algorithm = speculative_algorithm::eagle;
  cfg.speculative_eagle_topk = 1;

  const report rep = validate(cfg);
  for (const auto& e : rep.errors())
    std::printf("%-14s %-15s %s\n", std::string(to_string(e.rule->exception)).c_str(),
                std::string(to_string(e.rule->stage)).c_str(), rep.message(e).c_str());
  for (const auto& a : rep.adjustments())
    if (!a.rewrite->warning.empty()) std::printf("adjusted: %s\n", rep.message(a).c_str());
  std::printf("would work instead:");
  for (const auto& s : suggest(cfg)) std::printf(" %s", std::string(name_of(s.backend, rep.names())).c_str());
  std::printf("\n");
  return rep.accepted() ? 1 : 0;  // this launch must be rejected
}
