// SPDX-License-Identifier: MIT
/// @file
/// The `{key}` placeholders an engine message may use, checked when a rule is declared: the
/// configuration keys, a few derived values, `!r` for Python's repr() and `new_` for the value
/// after a rewrite. `{{` and `}}` stand for literal braces, as in Python's str.format.
#pragma once

#include <array>
#include <attncap/vocabulary/field.hpp>
#include <string_view>

namespace attncap {

namespace detail {

/// Placeholders that are not configuration keys: prefill_backend / decode_backend (the resolved
/// pair), subject (the backend being built), sm ("sm90"), sm_major ("9"), platform ("sm100",
/// "hip", …), tp_q_heads and tp_kv_heads (a rank's query and KV heads split over all tp_size
/// ranks), gqa_group (q // kv heads), torch_kv_dtype, allowed (the rule's
/// allowed set), device (the engine's device string: "cuda" on ROCm too) and platform_class (the
/// engine's platform class name, "CudaSRTPlatform", …); backends (the resolved pair as the
/// engine's sorted set: "['fa3', 'triton']"), draft_backends (the draft's backend, or that pair)
/// and allowed_list (the allowed set written the same way); dcp_q_group (the query heads a
/// decode kernel sees per KV head under decode context parallelism) and architecture (the
/// model's HF class as the caller names it, else its family's first, "the model" for other classes);
/// dspark_gamma (DSPARK's gamma: the block size given, else the draft checkpoint's) and
/// dspark_verify_window (that gamma + 1); kimi_k3_verify_width (the tokens a DSPARK verify
/// step takes: the verify window given, else gamma + 1, else 8); mamba_chunk (the model's Mamba
/// chunk, else 64).
inline constexpr std::array<std::string_view, 22> derived_message_keys{"prefill_backend",
                                                                       "decode_backend",
                                                                       "subject",
                                                                       "sm",
                                                                       "sm_major",
                                                                       "platform",
                                                                       "tp_q_heads",
                                                                       "tp_kv_heads",
                                                                       "torch_kv_dtype",
                                                                       "gqa_group",
                                                                       "allowed",
                                                                       "device",
                                                                       "platform_class",
                                                                       "backends",
                                                                       "draft_backends",
                                                                       "allowed_list",
                                                                       "dcp_q_group",
                                                                       "architecture",
                                                                       "dspark_gamma",
                                                                       "dspark_verify_window",
                                                                       "kimi_k3_verify_width",
                                                                       "mamba_chunk"};

/// True when `key` (without `!r` or `new_`) is a placeholder the formatter fills.
constexpr bool known_message_key(std::string_view key) noexcept {
  if (key.ends_with("!r")) key.remove_suffix(2);
  if (key.starts_with("new_")) key.remove_prefix(4);
  for (auto k : derived_message_keys)
    if (k == key) return true;
  return is_field_name(key);
}

}  // namespace detail

/// True when every `{key}` of `text` is known and every brace is paired or doubled.
constexpr bool placeholders_known(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      ++i;  // "{{" or "}}": a literal brace
      continue;
    }
    if (c == '}') return false;
    if (c != '{') continue;
    // By index, not find(): GCC's sanitizers make find()'s pointer test on static text non-constant.
    std::size_t close = i + 1;
    while (close < text.size() && text[close] != '}') ++close;
    if (close == text.size() || !detail::known_message_key(text.substr(i + 1, close - i - 1))) return false;
    i = close;
  }
  return true;
}

}  // namespace attncap
