// SPDX-License-Identifier: MIT
/// @file
/// Formatting of configuration values and rule messages the way the engine formats them
/// (Python's str/repr: None, True/False, quoted names, shortest float repr).
#pragma once

#include <attncap/vocabulary/field.hpp>
#include <attncap/vocabulary/launch_config.hpp>

#include <charconv>
#include <span>
#include <string>
#include <string_view>

namespace attncap {

/// Backend names of a registry, indexed by backend_id.
using backend_names = std::span<const std::string_view>;

/// The name of `b` in `names`, "None" when unset.
inline std::string_view name_of(backend_id b, backend_names names) {
  if (!is_set(b)) return "None";
  auto i = static_cast<std::size_t>(b);
  return i < names.size() ? names[i] : std::string_view{"<unknown backend>"};
}

namespace detail {
inline std::string int_or_none(std::int32_t v) { return v == unset ? "None" : std::to_string(v); }

inline std::string python_float(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, end);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";  // Python prints 1.0, not 1
  return s;
}

inline std::string python_bool(bool b) { return b ? "True" : "False"; }

}  // namespace detail

/// `field` of `c` as the engine prints it (str(), not repr()).
inline std::string format_value(const launch_config& c, field f, backend_names names) {
  using detail::int_or_none;
  using detail::python_bool;
  switch (f) {
    case field::attention_backend: return std::string(name_of(c.attention_backend, names));
    case field::prefill_attention_backend: return std::string(name_of(c.prefill_attention_backend, names));
    case field::decode_attention_backend: return std::string(name_of(c.decode_attention_backend, names));
    case field::speculative_draft_attention_backend:
      return std::string(name_of(c.speculative_draft_attention_backend, names));
    case field::page_size: return int_or_none(c.page_size);
    case field::kv_cache_dtype: return std::string(to_string(c.kv_cache_dtype));
    case field::dtype: return std::string(to_string(c.dtype));
    case field::speculative_algorithm: return std::string(to_string(c.speculative_algorithm));
    case field::speculative_eagle_topk: return int_or_none(c.speculative_eagle_topk);
    case field::speculative_num_steps: return int_or_none(c.speculative_num_steps);
    case field::speculative_num_draft_tokens: return int_or_none(c.speculative_num_draft_tokens);
    case field::speculative_ngram_max_bfs_breadth: return int_or_none(c.speculative_ngram_max_bfs_breadth);
    case field::tp_size: return int_or_none(c.tp_size);
    case field::dp_size: return int_or_none(c.dp_size);
    case field::enable_dp_attention: return python_bool(c.enable_dp_attention);
    case field::enable_deterministic_inference: return python_bool(c.enable_deterministic_inference);
    case field::enable_mis: return python_bool(c.enable_mis);
    case field::prefill_only_disable_kv_cache: return python_bool(c.prefill_only_disable_kv_cache);
    case field::attn_cp_size: return int_or_none(c.attn_cp_size);
    case field::context_len: return int_or_none(c.context_len);
    case field::hardware: return std::string(to_string(c.hardware));
    case field::cuda:
      return c.cuda == unset ? "None" : std::to_string(c.cuda / 100) + "." + std::to_string(c.cuda % 100);
    case field::model_arch: return std::string(to_string(c.model_arch));
    case field::model: return std::string(to_string(c.model));
    case field::encoder_decoder: return python_bool(c.encoder_decoder);
    case field::hybrid_gdn: return python_bool(c.hybrid_gdn);
    case field::dsa: return python_bool(c.dsa);
    case field::dual_chunk_attention: return python_bool(c.dual_chunk_attention);
    case field::head_dim: return int_or_none(c.head_dim);
    case field::num_q_heads_per_rank: return int_or_none(c.num_q_heads_per_rank);
    case field::num_kv_heads_per_rank: return int_or_none(c.num_kv_heads_per_rank);
    case field::sliding_window: return int_or_none(c.sliding_window);
    case field::logit_cap: return detail::python_float(c.logit_cap);
    case field::softmax_scale: return detail::python_float(c.softmax_scale);
    case field::attention_sinks: return python_bool(c.attention_sinks);
    case field::asymmetric_kv: return python_bool(c.asymmetric_kv);
    case field::disable_radix_cache: return python_bool(c.disable_radix_cache);
    case field::disable_cuda_graph: return python_bool(c.disable_cuda_graph);
  }
  return {};
}

/// Fills the `{key}` / `{key!r}` placeholders of an engine message from `c`. Keys are the
/// field names plus: prefill_backend / decode_backend (the resolved pair), subject (the backend
/// being built), sm ("sm90"), sm_major ("9"), gqa_group (q // kv heads), platform ("sm100", "hip", …, "other platforms"), heads ("(q, kv)"), torch_kv_dtype; a `new_` prefix
/// reads the key from `after` (the configuration after a rewrite).
inline std::string format_message(std::string_view tmpl, const launch_config& before, backend_id subject,
                                  backend_names names, const launch_config* after = nullptr) {
  std::string out;
  out.reserve(tmpl.size() + 16);
  for (std::size_t i = 0; i < tmpl.size();) {
    auto open = tmpl.find('{', i);
    auto close = open == std::string_view::npos ? open : tmpl.find('}', open);
    if (close == std::string_view::npos) {
      out.append(tmpl.substr(i));
      break;
    }
    out.append(tmpl.substr(i, open - i));
    auto key = tmpl.substr(open + 1, close - open - 1);
    bool repr = key.ends_with("!r");
    if (repr) key.remove_suffix(2);
    const bool from_after = after != nullptr && key.starts_with("new_");
    if (from_after) key.remove_prefix(4);
    const launch_config& c = from_after ? *after : before;
    std::string value;
    bool is_name = true;
    if (key == "prefill_backend") value = name_of(c.prefill_backend(), names);
    else if (key == "decode_backend") value = name_of(c.decode_backend(), names);
    else if (key == "subject") value = name_of(subject, names);
    else if (key == "sm") {  // torch.cuda.get_device_capability() as the engine prints it
      const auto hw = info(c.hardware);
      value = "sm" + std::to_string(hw.major) + std::to_string(hw.minor);
    }
    else if (key == "platform") {
      const platform p(c.hardware, c.cuda);
      value = p.is_sm100() ? "sm100" : p.is_sm90() ? "sm90" : p.is_hip() ? "hip" : p.is_xpu() ? "xpu" : "other platforms";
    } else if (key == "sm_major") value = std::to_string(info(c.hardware).major);
    else if (key == "heads")
      value = "(" + std::to_string(c.num_q_heads_per_rank) + ", " + std::to_string(c.num_kv_heads_per_rank) + ")";
    else if (key == "gqa_group")
      value = c.num_q_heads_per_rank > 0 && c.num_kv_heads_per_rank > 0
                  ? std::to_string(c.num_q_heads_per_rank / c.num_kv_heads_per_rank)
                  : "None";
    else if (key == "torch_kv_dtype") value = torch_dtype(c.kv_cache_dtype, c.dtype);
    else if (auto f = from_string<field>(key)) {
      value = format_value(c, *f, names);
      is_name = *f <= field::speculative_draft_attention_backend || *f == field::kv_cache_dtype;
    } else {
      value = "{" + std::string(key) + "}";  // not a placeholder: keep the braces
      is_name = false;
    }
    if (repr && is_name && value != "None") value = "'" + value + "'";
    out += value;
    i = close + 1;
  }
  return out;
}

}  // namespace attncap
