// SPDX-License-Identifier: MIT
/// @file
/// Formatting of configuration values and rule messages the way the engine formats them
/// (Python's str/repr: None, True/False, quoted names, shortest float repr).
#pragma once

#include <algorithm>
#include <attncap/vocabulary/field.hpp>
#include <attncap/vocabulary/launch_config.hpp>
#include <charconv>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
inline std::string python_float(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, end);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";  // Python prints 1.0, not 1
  return s;
}
}  // namespace detail

/// True when values of kind `k` are strings in the engine, so that repr() quotes them.
constexpr bool is_python_str(field_kind k) noexcept { return k == field_kind::backend || k == field_kind::choice; }

/// `field` of `c` as the engine prints it (str(), not repr()): None for what is not set,
/// True/False, the shortest float repr, names in the engine's spelling.
inline std::string format_value(const launch_config& c, field f, backend_names names) {
  return visit_field(c, f, [&]<class T, class F>(const T& v, F) -> std::string {
    if constexpr (F::kind == field_kind::backend)
      return std::string(name_of(v, names));
    else if constexpr (F::kind == field_kind::flag)
      return v ? "True" : "False";
    else if constexpr (F::kind == field_kind::path)
      return v ? "given" : "None";
    else if constexpr (F::kind == field_kind::integer)
      return v == unset ? "None" : std::to_string(v);
    else if constexpr (F::kind == field_kind::version)
      return v == unset ? "None" : version_string(v);
    else if constexpr (F::kind == field_kind::real)
      return detail::python_float(v);
    else
      return std::string(to_string(v));  // a choice or a model family
  });
}

namespace detail {
/// The engine's device string for a family: ROCm runs as "cuda".
constexpr std::string_view device_string(device_family f) noexcept {
  switch (f) {
    case device_family::cuda:
    case device_family::rocm:
      return "cuda";
    case device_family::npu:
      return "npu";
    case device_family::cpu:
      return "cpu";
    case device_family::xpu:
      return "xpu";
    case device_family::mps:
      return "mps";
    case device_family::musa:
      return "musa";
  }
  return "cuda";
}
/// The class name of the engine's platform object for a family, as its messages print it.
constexpr std::string_view platform_class(device_family f) noexcept {
  switch (f) {
    case device_family::cuda:
      return "CudaSRTPlatform";
    case device_family::rocm:
      return "RocmSRTPlatform";
    case device_family::npu:
      return "NPUSRTPlatform";
    case device_family::cpu:
      return "CpuSRTPlatform";
    case device_family::xpu:
      return "XpuSRTPlatform";
    case device_family::mps:
      return "MpsSRTPlatform";
    case device_family::musa:
      return "MusaSRTPlatform";
  }
  return "CudaSRTPlatform";
}

/// `names`, sorted and without repeats, as Python prints a sorted set of strings: "['a', 'b']".
inline std::string python_sorted_list(std::vector<std::string_view> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) out.append(i ? ", '" : "'").append(names[i]) += '\'';
  return out + "]";
}

/// The comma-separated names of `text` ("a, b") as python_sorted_list writes them.
inline std::string python_sorted_list(std::string_view text) {
  std::vector<std::string_view> names;
  for (std::size_t i = 0; i < text.size();) {
    const auto end = std::min(text.find(", ", i), text.size());
    names.push_back(text.substr(i, end - i));
    i = end + 2;
  }
  return python_sorted_list(std::move(names));
}

/// The resolved prefill and decode backends of `c` that are set, as the engine's sorted set.
inline std::string resolved_backends(const launch_config& c, backend_names names) {
  std::vector<std::string_view> set;
  for (backend_id b : {c.prefill_backend(), c.decode_backend()})
    if (is_set(b)) set.push_back(name_of(b, names));
  return python_sorted_list(std::move(set));
}

/// The value of a placeholder that is not a configuration key, or nothing for an unknown key.
inline std::optional<std::string> derived_value(std::string_view key, const launch_config& c, backend_id subject,
                                                backend_names names, std::string_view model_class) {
  if (key == "prefill_backend") return std::string(name_of(c.prefill_backend(), names));
  if (key == "decode_backend") return std::string(name_of(c.decode_backend(), names));
  if (key == "subject") return std::string(name_of(subject, names));
  if (key == "backends") return resolved_backends(c, names);
  if (key == "draft_backends")
    return is_set(c.speculative_draft_attention_backend)
               ? python_sorted_list({name_of(c.speculative_draft_attention_backend, names)})
               : resolved_backends(c, names);
  const auto hw = info(c.hardware);
  if (key == "sm") return std::string("sm").append(std::to_string(hw.major)) + std::to_string(hw.minor);  // as torch
  if (key == "sm_major") return std::to_string(hw.major);
  if (key == "platform") {
    const platform p(c.hardware, c.cuda);
    return p.is_sm100() ? "sm100" : p.is_sm90() ? "sm90" : p.is_hip() ? "hip" : p.is_xpu() ? "xpu" : "other platforms";
  }
  if (key == "device") return std::string(device_string(hw.family));
  if (key == "platform_class") return std::string(platform_class(hw.family));
  if (key == "tp_kv_heads") return std::to_string(c.tp_kv_heads());
  if (key == "tp_q_heads") return std::to_string(c.tp_q_heads());
  if (key == "mamba_chunk") return std::to_string(c.mamba_chunk());
  const auto q = c.num_q_heads_per_rank, kv = c.num_kv_heads_per_rank;
  if (key == "gqa_group") return q > 0 && kv > 0 ? std::to_string(q / kv) : "None";
  if (key == "dcp_q_group") return c.dcp_q_group() == unset ? "None" : std::to_string(c.dcp_q_group());
  if (key == "dspark_gamma" || key == "dspark_verify_window") {
    const std::int32_t gamma =
        c.speculative_dspark_block_size != unset ? c.speculative_dspark_block_size : c.draft_block_size;
    return gamma == unset ? "None" : std::to_string(key == "dspark_gamma" ? gamma : gamma + 1);
  }
  if (key == "kimi_k3_verify_width")
    return std::to_string(c.speculative_num_draft_tokens != unset    ? c.speculative_num_draft_tokens
                          : c.speculative_dspark_block_size != unset ? c.speculative_dspark_block_size + 1
                                                                     : 8);
  if (key == "architecture") return std::string(model_class.empty() ? class_name_of(c.model) : model_class);
  if (key == "torch_kv_dtype") return std::string(torch_dtype(c.kv_cache_dtype, c.dtype, c.hardware));
  return std::nullopt;
}

/// `key` of a message (without its braces) filled in as the engine's str.format would.
inline std::string placeholder(std::string_view key, const launch_config& before, backend_id subject,
                               backend_names names, const launch_config* after, std::string_view model_class) {
  const std::string_view written = key;
  const bool repr = key.ends_with("!r");
  if (repr) key.remove_suffix(2);
  const bool from_after = after != nullptr && key.starts_with("new_");
  if (from_after) key.remove_prefix(4);
  const launch_config& c = from_after ? *after : before;
  std::string value;
  bool quoted = repr;
  if (auto f = from_string<field>(key)) {
    value = format_value(c, *f, names);
    quoted = quoted && is_python_str(schema_of(*f).kind);
  } else if (auto v = derived_value(key, c, subject, names, model_class)) {
    value = *std::move(v);
  } else {
    return std::string("{").append(written) + "}";  // not a placeholder: kept as written
  }
  return quoted && value != "None" ? std::string("'").append(value) + "'" : value;
}
}  // namespace detail

/// Fills the `{key}` / `{key!r}` placeholders of an engine message as Python's str.format
/// does (`{{` and `}}` are literal braces). Keys are the field names plus: prefill_backend /
/// decode_backend (the resolved pair), subject (the backend being built), sm ("sm90"),
/// sm_major ("9"), gqa_group (q // kv heads), platform ("sm100", "hip", …, "other platforms"),
/// heads ("(q, kv)"), torch_kv_dtype, device ("cuda", "cpu", …), platform_class ("CudaSRTPlatform",
/// …), architecture (`model_class`, the model's HF class where the caller knows it, else its
/// family's first class); a `new_` prefix reads the key from `after` (the configuration after a
/// rewrite).
inline std::string format_message(std::string_view tmpl, const launch_config& before, backend_id subject,
                                  backend_names names, const launch_config* after = nullptr,
                                  std::string_view model_class = {}) {
  std::string out;
  out.reserve(tmpl.size() + 16);
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    const char ch = tmpl[i];
    if ((ch == '{' || ch == '}') && i + 1 < tmpl.size() && tmpl[i + 1] == ch) {
      out += ch;  // "{{" or "}}"
      ++i;
      continue;
    }
    const auto close = ch == '{' ? tmpl.find('}', i) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += ch;
      continue;
    }
    out += detail::placeholder(tmpl.substr(i + 1, close - i - 1), before, subject, names, after, model_class);
    i = close;
  }
  return out;
}

}  // namespace attncap
