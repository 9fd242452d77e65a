// SPDX-License-Identifier: MIT
// An engine that has already parsed a checkpoint's config.json (with whatever JSON library it
// uses) hands its keys to attncap, which derives the attention facts as sglang does, and checks
// the launch with them. Here: Qwen2.5-7B's keys, tensor parallel 4, the hpc_ops backend.
#include <attncap/attncap.hpp>
#include <cstdio>
#include <string>

int main() {
  using namespace attncap;
  hf_config file;  // flat keys: nested objects joined with '.', list items indexed
  file.set("architectures.0", std::string("Qwen2ForCausalLM"));
  file.set("model_type", std::string("qwen2"));
  file.set("hidden_size", std::int64_t{3584});
  file.set("num_attention_heads", std::int64_t{28});
  file.set("num_key_value_heads", std::int64_t{4});
  file.set("sliding_window", std::int64_t{131072});
  file.set("use_sliding_window", false);  // the key is there, the window is not used
  file.set("torch_dtype", std::string("bfloat16"));

  const model_facts facts = derive_model_facts(file, {.tp_size = 4});
  for (const auto& bad : facts.out_of_range) {  // stated by the file outside its key's range: left unset
    std::printf("refused: %s\n", bad.from.c_str());
    return 1;
  }
  launch_config cfg;
  for (const auto& s : facts.sources) {
    facts.apply(s.key, cfg);
    std::printf("%s <- %s\n", std::string(to_string(s.key)).c_str(), s.from.c_str());
  }
  cfg.hardware = hardware::sm90;
  cfg.attention_backend = id::hpc_ops;
  const report rep = validate(cfg);
  if (const violation* e = rep.first_error()) std::printf("rejected: %s\n", rep.message(*e).c_str());
  // 7 query heads over 1 KV head per rank: a group of 7, which hpc_ops does not run.
  return rep.accepted() || cfg.num_q_heads_per_rank != 7 || cfg.sliding_window != unset ? 1 : 0;
}
