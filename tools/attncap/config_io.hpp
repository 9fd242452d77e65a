// SPDX-License-Identifier: MIT
/// @file
/// Reading and writing launch configurations as JSON (the CLI's `--config` format: snake_case
/// keys, JSON booleans, absent = unset) with errors that name the key and what it accepts.
#pragma once

#include <attncap/attncap.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

namespace attncap::cli {

/// Bad input: the message names the key and the accepted values.
class input_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// A configuration as read, with the model class name kept for echoing it back.
struct input {
  launch_config config;
  std::string model_class;  ///< the `model` key as given ("" when absent)
};

namespace detail {
/// `v` as JSON text for a message; bytes that are not UTF-8 (possible from flags) are replaced.
inline std::string shown(const nlohmann::json& v) {
  return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

template <class E>
E enum_value(field f, const nlohmann::json& v) {
  if (!v.is_string())
    throw input_error(std::string(to_string(f)) + ": expected a string; accepted: " + accepted_spellings<E>());
  try {
    return parse<E>(v.get<std::string>());
  } catch (const parse_error& e) {
    throw input_error(std::string(to_string(f)) + ": " + e.what());
  }
}

inline std::int32_t integer(field f, const nlohmann::json& v, std::int64_t lo, std::int64_t hi) {
  const std::string key(to_string(f));
  if (!v.is_number_integer())
    throw input_error(key + ": expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                      shown(v));
  const auto n = v.get<std::int64_t>();
  if (n < lo || n > hi)
    throw input_error(key + ": " + std::to_string(n) + " is out of range; accepted: integers in [" +
                      std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return static_cast<std::int32_t>(n);
}

inline bool boolean(field f, const nlohmann::json& v) {
  if (!v.is_boolean()) throw input_error(std::string(to_string(f)) + ": expected true or false, got " + shown(v));
  return v.get<bool>();
}

inline double number(field f, const nlohmann::json& v) {
  if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
    throw input_error(std::string(to_string(f)) + ": expected a non-negative number, got " + shown(v));
  return v.get<double>();
}

template <class Registry>
backend_id backend(field f, const nlohmann::json& v) {
  std::string names;
  for (auto n : Registry::names) names += (names.empty() ? "" : ", ") + std::string(n);
  if (!v.is_string()) throw input_error(std::string(to_string(f)) + ": expected a backend name; accepted: " + names);
  if (auto b = Registry::find(v.get<std::string>())) return *b;
  throw input_error(std::string(to_string(f)) + ": unknown backend '" + v.get<std::string>() + "'; accepted: " + names);
}

/// "12.4" -> 1204.
inline std::int32_t cuda_version(const nlohmann::json& v) {
  const std::string s = v.is_string() ? v.get<std::string>() : v.is_number() ? v.dump() : std::string{};
  const auto dot = s.find('.');
  auto digits = [](std::string_view d) {
    return !d.empty() && d.size() <= 3 && d.find_first_not_of("0123456789") == std::string_view::npos;
  };
  if (dot == std::string::npos || !digits(std::string_view(s).substr(0, dot)) || !digits(std::string_view(s).substr(dot + 1)))
    throw input_error("cuda: expected a version MAJOR.MINOR such as \"12.4\", got " + shown(v));
  return std::stoi(s.substr(0, dot)) * 100 + std::stoi(s.substr(dot + 1));
}
}  // namespace detail

/// Sets key `f` of `in` from JSON value `v` (null = unset); throws input_error on bad values.
template <class Registry = builtin_registry>
void set_field(input& in, field f, const nlohmann::json& v) {
  using namespace detail;
  auto& c = in.config;
  constexpr std::int64_t big = 1 << 30;
  if (v.is_null()) return;
  switch (f) {
    case field::attention_backend: c.attention_backend = backend<Registry>(f, v); return;
    case field::prefill_attention_backend: c.prefill_attention_backend = backend<Registry>(f, v); return;
    case field::decode_attention_backend: c.decode_attention_backend = backend<Registry>(f, v); return;
    case field::speculative_draft_attention_backend:
      c.speculative_draft_attention_backend = backend<Registry>(f, v);
      return;
    case field::page_size: c.page_size = integer(f, v, 1, big); return;
    case field::kv_cache_dtype: c.kv_cache_dtype = enum_value<kv_cache_dtype>(f, v); return;
    case field::dtype: c.dtype = enum_value<model_dtype>(f, v); return;
    case field::speculative_algorithm: c.speculative_algorithm = enum_value<speculative_algorithm>(f, v); return;
    case field::speculative_eagle_topk: c.speculative_eagle_topk = integer(f, v, 1, 1024); return;
    case field::speculative_num_steps: c.speculative_num_steps = integer(f, v, 1, 1024); return;
    case field::speculative_num_draft_tokens: c.speculative_num_draft_tokens = integer(f, v, 1, 4096); return;
    case field::speculative_ngram_max_bfs_breadth: c.speculative_ngram_max_bfs_breadth = integer(f, v, 1, 1024); return;
    case field::tp_size: c.tp_size = integer(f, v, 1, 65536); return;
    case field::dp_size: c.dp_size = integer(f, v, 1, 65536); return;
    case field::enable_dp_attention: c.enable_dp_attention = boolean(f, v); return;
    case field::enable_deterministic_inference: c.enable_deterministic_inference = boolean(f, v); return;
    case field::enable_mis: c.enable_mis = boolean(f, v); return;
    case field::prefill_only_disable_kv_cache: c.prefill_only_disable_kv_cache = boolean(f, v); return;
    case field::attn_cp_size: c.attn_cp_size = integer(f, v, 1, 65536); return;
    case field::context_len: c.context_len = integer(f, v, 1, big); return;
    case field::hardware: c.hardware = enum_value<hardware>(f, v); return;
    case field::cuda: c.cuda = cuda_version(v); return;
    case field::model_arch: c.model_arch = enum_value<model_arch>(f, v); return;
    case field::model:
      if (!v.is_string() || v.get<std::string>().empty())
        throw input_error("model: expected an HF architecture class name such as \"DeepseekV3ForCausalLM\"");
      in.model_class = v.get<std::string>();
      c.model = classify_model(in.model_class);
      return;
    case field::encoder_decoder: c.encoder_decoder = boolean(f, v); return;
    case field::hybrid_gdn: c.hybrid_gdn = boolean(f, v); return;
    case field::dsa: c.dsa = boolean(f, v); return;
    case field::dual_chunk_attention: c.dual_chunk_attention = boolean(f, v); return;
    case field::head_dim: c.head_dim = integer(f, v, 1, 65536); return;
    case field::num_q_heads_per_rank: c.num_q_heads_per_rank = integer(f, v, 1, 65536); return;
    case field::num_kv_heads_per_rank: c.num_kv_heads_per_rank = integer(f, v, 1, 65536); return;
    case field::sliding_window: c.sliding_window = integer(f, v, -1, big); return;
    case field::logit_cap: c.logit_cap = number(f, v); return;
    case field::softmax_scale: c.softmax_scale = number(f, v); return;
    case field::attention_sinks: c.attention_sinks = boolean(f, v); return;
    case field::asymmetric_kv: c.asymmetric_kv = boolean(f, v); return;
    case field::disable_radix_cache:
    case field::disable_cuda_graph: break;
  }
  throw input_error(std::string(to_string(f)) + ": is set by resolution, not an input");
}

/// How a key's value is written on a command line.
enum class value_kind { boolean, number, text };

/// The kind of value key `f` takes (booleans are flags without a value).
constexpr value_kind kind_of(field f) noexcept {
  switch (f) {
    case field::enable_dp_attention:
    case field::enable_deterministic_inference:
    case field::enable_mis:
    case field::prefill_only_disable_kv_cache:
    case field::encoder_decoder:
    case field::hybrid_gdn:
    case field::dsa:
    case field::dual_chunk_attention:
    case field::attention_sinks:
    case field::asymmetric_kv:
    case field::disable_radix_cache:
    case field::disable_cuda_graph: return value_kind::boolean;
    case field::page_size:
    case field::speculative_eagle_topk:
    case field::speculative_num_steps:
    case field::speculative_num_draft_tokens:
    case field::speculative_ngram_max_bfs_breadth:
    case field::tp_size:
    case field::dp_size:
    case field::attn_cp_size:
    case field::context_len:
    case field::head_dim:
    case field::num_q_heads_per_rank:
    case field::num_kv_heads_per_rank:
    case field::sliding_window:
    case field::logit_cap:
    case field::softmax_scale: return value_kind::number;
    case field::attention_backend:
    case field::prefill_attention_backend:
    case field::decode_attention_backend:
    case field::speculative_draft_attention_backend:
    case field::kv_cache_dtype:
    case field::dtype:
    case field::speculative_algorithm:
    case field::hardware:
    case field::cuda:
    case field::model_arch:
    case field::model: return value_kind::text;
  }
  return value_kind::text;
}

/// The JSON value a command-line word stands for when given for key `f`: a number for numeric
/// keys when the word is one (otherwise the word as a string, which set_field then rejects with
/// the same message as in a file), the word itself for every other key.
inline nlohmann::json from_word(field f, const std::string& word) {
  if (kind_of(f) == value_kind::number) {
    auto j = nlohmann::json::parse(word, nullptr, /*allow_exceptions=*/false);
    if (j.is_number()) return j;
  }
  return word;
}

/// Reads a JSON object of configuration keys; unknown keys are errors naming the accepted keys.
template <class Registry = builtin_registry>
input from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw input_error("configuration: expected a JSON object of configuration keys");
  input in;
  for (const auto& [key, value] : j.items()) {
    auto f = from_string<field>(key);
    if (!f || *f == field::disable_radix_cache || *f == field::disable_cuda_graph) {
      std::string keys;
      for (const auto& s : enum_spellings<field>::table)
        if (s.value != field::disable_radix_cache && s.value != field::disable_cuda_graph)
          keys += (keys.empty() ? "" : ", ") + std::string(s.name);
      throw input_error("unknown configuration key '" + key + "'; accepted: " + keys);
    }
    set_field<Registry>(in, *f, value);
  }
  // A DeepSeek-family class is an MLA model unless the architecture is given explicitly.
  const auto m = in.config.model;
  if (!j.contains("model_arch") &&
      (m == model_family::deepseek_v3 || m == model_family::deepseek_v3_like || m == model_family::deepseek_v2 ||
       m == model_family::deepseek_dsa || m == model_family::deepseek_v4))
    in.config.model_arch = model_arch::mla;
  return in;
}

/// The JSON value of key `f` (null when unset), as the engine would hold it.
inline nlohmann::json field_json(const input& in, const launch_config& c, field f, backend_names names) {
  const auto backend_or_null = [&](backend_id b) {
    return is_set(b) ? nlohmann::json(std::string(name_of(b, names))) : nlohmann::json(nullptr);
  };
  switch (f) {
    case field::attention_backend: return backend_or_null(c.attention_backend);
    case field::prefill_attention_backend: return backend_or_null(c.prefill_attention_backend);
    case field::decode_attention_backend: return backend_or_null(c.decode_attention_backend);
    case field::speculative_draft_attention_backend: return backend_or_null(c.speculative_draft_attention_backend);
    case field::speculative_algorithm:
      return c.speculative() ? nlohmann::json(std::string(to_string(c.speculative_algorithm))) : nlohmann::json(nullptr);
    case field::cuda: return c.cuda == unset ? nlohmann::json(nullptr) : nlohmann::json(format_value(c, f, names));
    case field::model: return in.model_class.empty() ? nlohmann::json(nullptr) : nlohmann::json(in.model_class);
    case field::logit_cap: return c.logit_cap;
    case field::softmax_scale: return c.softmax_scale;
    case field::kv_cache_dtype:
    case field::dtype:
    case field::hardware:
    case field::model_arch: return format_value(c, f, names);
    default: break;
  }
  const std::string s = format_value(c, f, names);
  if (s == "True" || s == "False") return s == "True";
  if (s == "None") return nullptr;
  return std::stoi(s);
}

/// Every key of `c` as a JSON object.
inline nlohmann::json to_json(const input& in, const launch_config& c, backend_names names) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& s : enum_spellings<field>::table) j[std::string(s.name)] = field_json(in, c, s.value, names);
  return j;
}

}  // namespace attncap::cli
