// SPDX-License-Identifier: MIT
/// @file
/// attncap::derive_model_facts: the attention facts of a model — its class, MLA or not,
/// cross attention, head dim, heads per rank, sliding window, soft cap, sinks, linear or
/// sparse attention, dtype — derived from its config.json the way sglang's model config
/// derives them, each with the key it came from.
#pragma once

#include <algorithm>
#include <attncap/model/detail/hf_view.hpp>
#include <attncap/model/hf_config.hpp>
#include <attncap/model/hf_load.hpp>
#include <attncap/model/model_classes.hpp>
#include <attncap/vocabulary/launch_config.hpp>
#include <charconv>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace attncap {

/// How the engine spreads attention over ranks: heads are split over `tp_size / attn_dp_size`.
struct rank_layout {
  std::int32_t tp_size = 1;       ///< tensor-parallel size
  std::int32_t attn_dp_size = 1;  ///< data-parallel attention size (1: off)
  std::int32_t attn_cp_size = 1;  ///< context-parallel attention size (1: off)
};

/// One derived fact: the configuration key it sets and what it was read from.
struct fact_source {
  field key;
  std::string from;  ///< e.g. "config.json head_dim", "hidden_size / num_attention_heads"
};

/// The facts of one model.
struct model_facts {
  std::string architecture;          ///< the HF class the engine loads (architectures[0])
  launch_config values;              ///< the facts; every other key keeps its default
  std::vector<fact_source> sources;  ///< one per fact, in the order they were derived
  std::vector<std::string> notes;    ///< what the file says that the engine reads otherwise
  /// Facts the file states outside their key's range, left at their default: `from` is the error
  /// (key, value, the file's key). A caller that takes such a fact from the file must refuse it.
  std::vector<fact_source> out_of_range;

  /// Copies fact `f` into `cfg`.
  void apply(field f, launch_config& cfg) const {
    visit_field(cfg, f, [&]<class T>(T& member, auto) {
      visit_field(values, f, [&]<class U>(const U& v, auto) {
        if constexpr (std::is_same_v<T, U>) member = v;
      });
    });
  }
};

namespace detail {
/// Sets fact `f`, read from `from`; an integer outside the key's range (which a 32-bit member
/// would otherwise wrap) is listed in `m.out_of_range` instead, naming both.
inline void set_fact(model_facts& m, field f, std::string from, auto value) {
  if constexpr (std::is_integral_v<decltype(value)> && !std::is_same_v<decltype(value), bool>) {
    const field_info& info = schema_of(f);
    if (info.kind == field_kind::integer && (value < info.lo || value > info.hi))
      return m.out_of_range.push_back({f, "config.json: " + std::string(info.name) + ": " + std::to_string(value) +
                                              " (from " + from + ") is out of range; accepted: integers in [" +
                                              std::to_string(info.lo) + ", " + std::to_string(info.hi) + "]"});
  }
  visit_field(m.values, f, [&]<class T>(T& member, auto) {
    if constexpr (std::is_convertible_v<decltype(value), T>) member = static_cast<T>(value);
  });
  m.sources.push_back({f, std::move(from)});
}

/// The head dim sglang gives an MLA model, or nothing where it reads the file's.
inline std::optional<std::int64_t> mla_head_dim(const model_facts& m, const hf_view& v) {
  if (const int fixed = mla_fixed_head_dim(m.architecture)) return fixed;
  if (auto nope = v.integer("qk_nope_head_dim"), rope = v.integer("qk_rope_head_dim"); nope && rope)
    return *nope + *rope;
  return v.integer("head_dim");
}

/// A head count and the ranks it is split over: all of tp_size, and the attention ranks left
/// after attention data and context parallelism (`attn_from` names them).
struct head_split {
  std::int64_t heads, kv, tp, attn;
  std::string heads_from, kv_from, attn_from;
};

/// What `ranks` do not split: the query heads evenly, or the KV heads evenly or into replicas.
inline std::optional<std::string> unsplit_heads(const head_split& s, std::int64_t ranks, bool mla) {
  if (s.heads % ranks != 0) return s.heads_from + " (" + std::to_string(s.heads) + ") does not split evenly";
  if (!mla && s.kv > 0 && (s.kv >= ranks ? s.kv % ranks : ranks % s.kv) != 0)
    return "the " + std::to_string(s.kv) + " KV heads (" + s.kv_from + ") neither split evenly nor replicate evenly";
  return std::nullopt;
}

/// Notes heads the ranks do not split, as the engine's model classes assert when they load:
/// most split over tp_size, the others (DeepSeek, Qwen3, GPT-OSS, …) over the attention ranks
/// (MLA's single latent head is shared).
inline void note_uneven_split(model_facts& m, const head_split& s, bool mla) {
  const auto note = [&](std::int64_t ranks, const std::string& from, const std::string& classes) {
    if (const auto what = unsplit_heads(s, ranks, mla))
      m.notes.push_back(*what + " over " + std::to_string(ranks) + " ranks (" + from + "); " + classes +
                        " refuse this split when they load");
  };
  if (s.attn == s.tp) return note(s.tp, "tp_size", "most of the engine's model classes");
  note(
      s.tp, "tp_size",
      "the model classes that split heads over tp_size (Llama, Qwen2 and most others, not DeepSeek, Qwen3 or GPT-OSS)");
  note(s.attn, s.attn_from,
       "the model classes that split heads over the attention ranks (DeepSeek, Qwen3, GPT-OSS and others)");
}

inline void derive_heads(model_facts& m, const hf_view& v, rank_layout layout, bool mla) {
  const std::int64_t heads = v.required("num_attention_heads", "for the query heads");
  std::int64_t kv = heads;
  std::string kv_from = "config.json " + v.key("num_attention_heads") + " (no KV head count)";
  if (v.file().boolean(v.key("multi_query")).value_or(false)) {
    kv = 1;
    kv_from = "config.json " + v.key("multi_query");
  } else {
    for (const char* name :
         {"n_head_kv", "num_kv_heads", "num_key_value_heads", "multi_query_group_num", "num_attention_groups"})
      if (auto n = v.integer(name)) {
        kv = *n;
        kv_from = "config.json " + v.key(name);
        break;
      }
  }
  const std::int64_t tp = std::max(1, layout.tp_size);
  const std::int64_t ranks = std::max<std::int64_t>(
      1, tp / std::max(1, layout.attn_dp_size) / std::max(1, layout.attn_cp_size));  // sglang's attn_tp_size
  const std::string ranks_from = std::string("tp_size") + (layout.attn_dp_size > 1 ? " / attn_dp_size" : "") +
                                 (layout.attn_cp_size > 1 ? " / attn_cp_size" : "");
  const std::string split = ranks_from == "tp_size" ? " / tp_size" : " / (" + ranks_from + ")";
  set_fact(m, field::num_q_heads_per_rank, "config.json " + v.key("num_attention_heads") + split,
           std::max<std::int64_t>(1, heads / ranks));
  set_fact(m, field::num_kv_heads_per_rank, kv_from + split, std::max<std::int64_t>(1, kv / ranks));
  set_fact(m, field::num_kv_heads, kv_from, kv);
  note_uneven_split(m, {heads, kv, tp, ranks, "config.json " + v.key("num_attention_heads"), kv_from, ranks_from}, mla);
  if (mla) return;
  const model_arch arch = kv == heads ? model_arch::mha : kv == 1 ? model_arch::mqa : model_arch::gqa;
  set_fact(m, field::model_arch, "KV heads (" + std::to_string(kv) + ") vs query heads (" + std::to_string(heads) + ")",
           arch);
}

inline void derive_head_dim(model_facts& m, const hf_view& v, bool mla) {
  if (mla) {
    if (auto d = mla_head_dim(m, v))
      set_fact(m, field::head_dim, "the engine's MLA head dim for " + m.architecture, *d);
    return;
  }
  std::int64_t dim = 0;
  if (auto d = v.integer("head_dim")) {  // the engine takes a stated head dim as it is, 0 included
    set_fact(m, field::head_dim, "config.json " + v.key("head_dim"), *d);
    dim = *d;
  } else {
    dim = v.required("hidden_size", "for the head dim") / v.required("num_attention_heads", "for the head dim");
    set_fact(m, field::head_dim, "config.json " + v.key("hidden_size") + " / " + v.key("num_attention_heads"), dim);
  }
  if (auto vd = v.integer("v_head_dim"); vd && *vd != 0 && *vd != dim)
    set_fact(m, field::asymmetric_kv, "config.json " + v.key("v_head_dim"), true);
}

inline void derive_window(model_facts& m, const hf_view& v) {
  if (v.file().boolean(v.key("use_sliding_window")) == false) return;  // Qwen2 keeps the key but not the window
  for (const char* name : {"sliding_window_size", "sliding_window", "window_size"})
    if (auto w = v.integer(name)) {
      set_fact(m, field::sliding_window, "config.json " + v.key(name), *w);
      return;
    }
}

inline void derive_scores(model_facts& m, const hf_view& v) {
  if (auto cap = v.number("attn_logit_softcapping"); cap && *cap > 0)
    set_fact(m, field::logit_cap, "config.json " + v.key("attn_logit_softcapping"), *cap);
  if (auto s = v.number("query_pre_attn_scalar"); s && *s > 0)
    set_fact(m, field::softmax_scale, "config.json " + v.key("query_pre_attn_scalar") + " ** -0.5",
             1.0 / std::sqrt(*s));
  if (has_attention_sinks(m.architecture))
    set_fact(m, field::attention_sinks, "the class " + m.architecture, true);
  else if (v.file().boolean(v.key("learnable_sink")).value_or(false))
    set_fact(m, field::attention_sinks, "config.json " + v.key("learnable_sink"), true);
}

/// MiniCPM SALA's sparse_config: the kernel, stride, block and window sizes, and the context its
/// top-k blocks and dense prefix need.
inline void derive_minicpm_sparse_params(model_facts& m, const hf_view& v) {
  const auto& f = v.file();
  const std::pair<field, const char*> sizes[] = {{field::minicpm_kernel_size, "kernel_size"},
                                                 {field::minicpm_kernel_stride, "kernel_stride"},
                                                 {field::minicpm_block_size, "block_size"},
                                                 {field::minicpm_window_size, "window_size"}};
  for (const auto& [key, name] : sizes)
    if (auto n = f.integer(std::string("sparse_config.") + name))
      set_fact(m, key, std::string("config.json sparse_config.") + name, *n);
  const auto block = f.integer("sparse_config.block_size"), window = f.integer("sparse_config.window_size"),
             topk = f.integer("sparse_config.topk"), dense = f.integer("sparse_config.dense_len");
  if (block && window && topk && dense && *block > 0)
    set_fact(m, field::minicpm_sparse_context, "config.json sparse_config (dense_len, block_size, topk, window_size)",
             std::max(*dense, *block * (*topk + *window / *block)));
}

/// MiniCPM SALA's layer kinds: `mixer_types` (aliases allowed; none means all standard
/// attention), whose standard layers are sparse where the file has a `sparse_config`.
inline void derive_minicpm_layers(model_facts& m, const hf_view& v) {
  if (v.model_type() != "minicpm_sala") return;
  bool standard = !v.file().has_object("mixer_types");
  bool lightning = false;
  for (int i = 0; const auto t = v.file().text("mixer_types." + std::to_string(i)); ++i) {
    standard = standard || *t == "minicpm4" || *t == "minicpm" || *t == "standard" || *t == "attention" || *t == "attn";
    lightning = lightning || *t == "lightning" || *t == "lightning_attn" || *t == "lightning-attn";
  }
  if (standard && (v.file().has_object("sparse_config") || v.file().has("sparse_config")))
    set_fact(m, field::minicpm_sparse, "config.json sparse_config", true);
  if (lightning) set_fact(m, field::minicpm_lightning, "config.json mixer_types", true);
  derive_minicpm_sparse_params(m, v);
}

/// The chunk the engine caches Mamba state at, `getattr(hf_config, "mamba_chunk_size", 64)` of
/// the top-level config: fixed by some config classes (LFM2 and ZAYA do not chunk, Inkling
/// floors at 64, Mamba 1 uses 256), with a default of 256 in others, else the file's key.
inline void derive_mamba_chunk(model_facts& m, const hf_view& v) {
  const hf_config& f = v.file();
  const std::string type(f.text("model_type").value_or(""));
  const auto key = [&](std::string_view k) -> std::optional<std::pair<std::int64_t, std::string>> {
    if (auto n = f.integer(k)) return std::pair{*n, "config.json " + std::string(k)};
    return std::nullopt;
  };
  const auto fixed = [&](std::int64_t n) { return std::pair{n, "config.json model_type " + type}; };
  std::optional<std::pair<std::int64_t, std::string>> chunk;
  if (type == "lfm2" || type == "lfm2_moe" || type == "lfm2_vl" || type == "zaya")
    chunk = fixed(1);
  else if (type == "inkling_model" || type == "inkling_mm_model")
    chunk = fixed(64);
  else if (type == "mamba" || type == "falcon_mamba")
    chunk = fixed(256);
  else if (type == "mamba2")
    chunk = key("chunk_size").value_or(fixed(256));
  else if (type == "nemotron_h")
    chunk = key("mamba_chunk_size") ? key("mamba_chunk_size") : key("chunk_size").value_or(fixed(256));
  else if (type == "falcon_h1" || type == "granitemoehybrid")
    chunk = key("mamba_chunk_size").value_or(fixed(256));
  else
    chunk = key("mamba_chunk_size");
  if (chunk && chunk->first > 0) set_fact(m, field::mamba_chunk_size, chunk->second, chunk->first);
}

inline void derive_traits(model_facts& m, const hf_view& v) {
  if (is_encoder_decoder_class(m.architecture))
    set_fact(m, field::encoder_decoder, "the class " + m.architecture, true);
  else if (v.file().boolean("is_encoder_decoder").value_or(false))
    m.notes.push_back("config.json says is_encoder_decoder, but the engine decides cross attention by class and " +
                      m.architecture + " is not one of its encoder-decoder classes");
  const bool window = v.file().integer(v.key("sliding_window")).value_or(0) != 0;
  if (is_hybrid_swa_class(m.architecture, v.has_sliding_layers(), window))
    set_fact(m, field::hybrid_swa, "the class " + m.architecture, true);
  else if (v.file().boolean(v.key("is_hybrid_swa")).value_or(false))
    set_fact(m, field::hybrid_swa, "config.json " + v.key("is_hybrid_swa"), true);
  if (is_mamba_radix_cache_class(m.architecture, v.has_layers("mamba")))
    set_fact(m, field::mamba_radix_cache, "the class " + m.architecture, true);
  if (has_mamba_extra_buffer(m.architecture))
    set_fact(m, field::mamba_extra_buffer, "the class " + m.architecture, true);
  derive_mamba_chunk(m, v);
  if (is_short_conv_type(v.model_type()))
    set_fact(m, field::short_conv, "config.json model_type " + v.model_type(), true);
  if (is_hybrid_gdn_type(v.model_type()))
    set_fact(m, field::hybrid_gdn, "config.json model_type " + v.model_type(), true);
  // The engine reads a QSA profile from any checkpoint whose text config names the indexer's heads.
  if (v.has("indexer_n_heads")) set_fact(m, field::qsa_profile, "config.json " + v.key("indexer_n_heads"), true);
  if (v.model_type() == "deepseek_v41")
    set_fact(m, field::deepseek_v41, "config.json model_type " + v.model_type(), true);
  if (is_dsa_class(m.architecture)) {
    if (v.has("index_topk")) set_fact(m, field::dsa, "config.json " + v.key("index_topk"), true);
    if (auto pool = v.integer("index_kpool"))
      set_fact(m, field::index_kpool, "config.json " + v.key("index_kpool"), *pool);
  }
  derive_minicpm_layers(m, v);
  if (v.file().has_object(v.key("dual_chunk_attention_config")) || v.has("dual_chunk_attention_config"))
    set_fact(m, field::dual_chunk_attention, "config.json " + v.key("dual_chunk_attention_config"), true);
  if (v.file().integer(v.key("attention_chunk_size")))
    set_fact(m, field::chunked_local_attention, "config.json " + v.key("attention_chunk_size"), true);
  // A bundled DSPARK draft head is marked by its prefixed keys on the top-level config.
  for (const std::string key :
       {"dspark_block_size", "dspark_markov_rank", "dspark_noise_token_id", "dspark_target_layer_ids"})
    if (v.file().has(key) || v.file().has_object(key)) {
      set_fact(m, field::dspark_draft_bundled, "config.json " + key, true);
      break;
    }
}

/// The class the engine loads, `architectures[0]`; throws model_config_error saying what is wrong.
inline std::string architecture_of(const hf_config& c) {
  if (const auto arch = c.text("architectures.0"); arch && !arch->empty()) return std::string(*arch);
  const char* what = c.has("architectures") ? "not a list"
                     : c.find("architectures.0") || c.has_object("architectures.0")
                         ? "its first item is not a class name"
                         : "missing or empty";
  throw model_config_error(std::string("config.json: architectures: ") + what +
                           "; the engine loads the class its first item names; accepted: a list of HF architecture "
                           "classes such as [\"LlamaForCausalLM\"]");
}

/// A stated value as JSON spells it; "a list or an object" for none (the key holds one of those).
inline std::string json_text(const hf_value* v) {
  if (v == nullptr) return "a list or an object";
  return std::visit(
      []<class T>(const T& x) -> std::string {
        if constexpr (std::is_same_v<T, std::string>)
          return '"' + x + '"';
        else if constexpr (std::is_same_v<T, bool>)
          return x ? "true" : "false";
        else if constexpr (std::is_same_v<T, std::int64_t>)
          return std::to_string(x);
        else if constexpr (std::is_same_v<T, double>) {
          char text[32];
          return std::string(text, std::to_chars(text, text + sizeof text, x).ptr);
        } else
          return "null";
      },
      *v);
}

/// The dtype `--dtype auto` resolves to: the text model's config's; where it states none, the
/// top level's, which the engine copies into a sub-config the file holds as it loads the file
/// (so the file's, before any override, unless the file states none) and into one an override
/// creates after it; float32 (or none) cast down. A torch dtype attncap does not model (float64,
/// an fp8), or a value that names none (a number, a list: transformers passes it on and the
/// engine takes it for the model's dtype), is listed in `m.out_of_range`. An override's name is
/// never turned into a torch dtype: the engine reads the five it knows and takes any other (or
/// null) for float32. The engine's LLaVA classes load in float16.
inline void derive_dtype(model_facts& m, const hf_view& v) {
  if (is_llava_class(m.architecture))
    return set_fact(m, field::dtype, "the class " + m.architecture + " (the engine loads it in float16)",
                    model_dtype::float16);
  const hf_config& c = v.file();
  const std::string& sub = v.dtype_prefix();
  auto key = dtype_key(c, sub);
  bool inherited = false;
  if (!key && !sub.empty() && c.file_has_object(std::string_view(sub).substr(0, sub.size() - 1)))
    inherited = (key = dtype_key(c, "", true)).has_value();
  if (!key && !sub.empty()) key = dtype_key(c, "");
  const hf_value* value = !key ? nullptr : inherited ? c.file_value(*key) : c.find(*key);
  const bool overridden = key && !inherited && c.overridden(*key);
  const bool none = !key || (value != nullptr && std::holds_alternative<std::nullptr_t>(*value));
  const std::string from = !key         ? std::string("no dtype in config.json")
                           : overridden ? "--json-model-override-args " + *key
                                        : "config.json " + *key;
  const auto* text = value ? std::get_if<std::string>(value) : nullptr;
  const std::optional<std::string_view> named = none   ? std::optional<std::string_view>("float32")
                                                : text ? std::optional<std::string_view>(*text)
                                                       : std::nullopt;
  auto d = named ? from_string<model_dtype>(*named) : std::nullopt;
  if (named && overridden && (!d || *d == model_dtype::auto_)) d = model_dtype::float32;
  if (!d)
    return m.out_of_range.push_back({field::dtype, "config.json: dtype: " + json_text(value) + " (from " + from +
                                                       ") is " +
                                                       (named ? "a torch dtype attncap does not model; "
                                                              : "not a dtype name, which the engine would take "
                                                                "for the model's dtype; ") +
                                                       std::string(accepted_dtypes)});
  const bool gemma = v.text_model_type().starts_with("gemma");
  const bool cast = *d == model_dtype::float32;
  set_fact(m, field::dtype, from + (cast ? " (float32 cast down for serving)" : ""),
           !cast   ? *d
           : gemma ? model_dtype::bfloat16
                   : model_dtype::float16);
}
}  // namespace detail

/// The attention facts of the model whose config.json is `c` (with `apply_overrides` applied, if
/// any), split over ranks as `layout` says. Throws model_config_error naming the key when the
/// file lacks one the engine needs or names a dtype torch lacks; a fact it states out of its
/// key's range is left unset and listed in `out_of_range`.
inline model_facts derive_model_facts(const hf_config& c, rank_layout layout = {}) {
  check_dtype_names(c);
  model_facts m;
  m.architecture = detail::architecture_of(c);
  const detail::hf_view v(c, m.architecture);
  detail::set_fact(m, field::model, "config.json architectures[0]", classify_model(m.architecture));
  const bool mla = is_mla_class(m.architecture, c.has(v.key("kv_lora_rank")));
  if (mla) detail::set_fact(m, field::model_arch, "the class " + m.architecture + " (MLA)", model_arch::mla);
  detail::derive_heads(m, v, layout, mla);
  detail::derive_head_dim(m, v, mla);
  detail::derive_window(m, v);
  detail::derive_scores(m, v);
  detail::derive_traits(m, v);
  detail::derive_dtype(m, v);
  return m;
}

}  // namespace attncap
