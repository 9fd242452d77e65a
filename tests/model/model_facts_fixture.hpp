// SPDX-License-Identifier: MIT
// The config.json the model-fact tests start from, and the source a derived fact names.
#pragma once

#include <algorithm>
#include <attncap/model/model_facts.hpp>
#include <cstdint>
#include <string>

namespace attncap::test {
/// A Llama 3 8B config.json: 32 query and 8 KV heads of 128, bfloat16.
inline hf_config llama() {
  hf_config c;
  c.set("architectures.0", std::string("LlamaForCausalLM"));
  c.set("model_type", std::string("llama"));
  c.set("hidden_size", std::int64_t{4096});
  c.set("num_attention_heads", std::int64_t{32});
  c.set("num_key_value_heads", std::int64_t{8});
  c.set("torch_dtype", std::string("bfloat16"));
  return c;
}

/// The source derive_model_facts gives fact `f`, or "<not derived>".
inline std::string source_of(const model_facts& m, field f) {
  const auto it = std::find_if(m.sources.begin(), m.sources.end(), [f](const fact_source& s) { return s.key == f; });
  return it == m.sources.end() ? std::string("<not derived>") : it->from;
}
}  // namespace attncap::test
