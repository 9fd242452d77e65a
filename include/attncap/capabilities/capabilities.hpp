// SPDX-License-Identifier: MIT
/// @file
/// attncap::capabilities: what one backend supports, declared once as constexpr data.
#pragma once

#include <array>
#include <attncap/detail/enum_names.hpp>
#include <attncap/detail/enum_set.hpp>
#include <attncap/vocabulary/hardware.hpp>
#include <attncap/vocabulary/kv_cache_dtype.hpp>
#include <attncap/vocabulary/launch_config.hpp>
#include <attncap/vocabulary/model_arch.hpp>
#include <attncap/vocabulary/model_family.hpp>
#include <attncap/vocabulary/phase.hpp>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace attncap {

/// Tri-state for features the engine's sources leave open.
ATTNCAP_NAMED_ENUM(support, std::uint8_t, unknown, no, yes)

template <>
struct enum_spellings<support> {
  static constexpr std::string_view what = "support";
  static constexpr auto table = named_spellings<support>(std::array<spelling<support>, 1>{{{support::unknown, "?"}}});
};

/// How far a backend supports speculative decoding.
ATTNCAP_NAMED_ENUM(speculative_support, std::uint8_t,
                   none,   ///< rejects any speculative algorithm
                   chain,  ///< topk == 1 only
                   tree    ///< topk > 1 as well
)

template <>
struct enum_spellings<speculative_support> {
  static constexpr std::string_view what = "speculative support";
  static constexpr auto table = named_spellings<speculative_support>(std::array<spelling<speculative_support>, 2>{
      {{speculative_support::chain, "topk=1"}, {speculative_support::tree, "topk>1"}}});
};

/// What the engine's unified memory pool (`--enable-unified-memory`, which implies the
/// page-major KV layout) has audited a backend for; each names the engine's own list.
ATTNCAP_NAMED_ENUM(unified_pool_audit, std::uint8_t,
                   spec_verify,     ///< its speculative verify translates indices to the pool's physical ids
                   mha_rails,       ///< its MHA paths read K/V through the pool's translator (a fused draft runs on it)
                   dspark_verify,   ///< DSPARK's target verify is validated on it
                   page_major_mla,  ///< it addresses page-major per-layer views of an MLA cache
                   page_major_mha,  ///< it addresses page-major per-layer views of an MHA cache
                   page_major_asymmetric_kv,  ///< the same with V rows narrower than K rows
                   dcp_widened_ids            ///< it translates the page ids DCP widens through the pool's page table
)

template <>
struct enum_spellings<unified_pool_audit> {
  static constexpr std::string_view what = "unified pool audit";
  static constexpr auto table = named_spellings<unified_pool_audit>();
};

namespace unified_pool_audits {
/// Every audit but the DCP-widened ids (fa3 and Triton: every path but DCP's is audited).
inline constexpr enum_set<unified_pool_audit> all_but_dcp =
    enum_set<unified_pool_audit>::all() - enum_set<unified_pool_audit>{unified_pool_audit::dcp_widened_ids};
}  // namespace unified_pool_audits

/// A set of sizes (page sizes, head dims): any value, or up to twelve listed ones.
struct size_set {
  std::array<std::int32_t, 12> values{};  ///< zero-terminated when fewer than twelve
  bool any = true;

  static constexpr size_set any_size() noexcept { return {}; }
  template <class... Ints>
  static constexpr size_set only(Ints... v) noexcept {
    static_assert(sizeof...(Ints) >= 1 && sizeof...(Ints) <= 12, "attncap::size_set::only: one to twelve values");
    return {{static_cast<std::int32_t>(v)...}, false};
  }
  /// Writes the set as "any" or "32, 64" into `out` (when given); returns the length.
  constexpr std::size_t spell(char* out) const noexcept {
    std::size_t n = 0;
    auto put = [&](char c) {
      if (out) out[n] = c;
      ++n;
    };
    if (any) {
      for (char c : std::string_view("any")) put(c);
      return n;
    }
    for (auto v : values) {
      if (v == 0) break;
      if (n != 0) put(','), put(' ');
      char digits[12];
      int k = 0;
      for (auto u = static_cast<std::uint32_t>(v < 0 ? -v : v); u != 0 || k == 0; u /= 10)
        digits[k++] = char('0' + u % 10);
      if (v < 0) put('-');
      while (k > 0) put(digits[--k]);
    }
    return n;
  }
  constexpr bool contains(std::int32_t x) const noexcept {
    if (any) return true;
    for (auto v : values)
      if (v == x && v != 0) return true;
    return false;
  }
};

/// Page sizes a backend runs natively.
using page_sizes = size_set;

/// The capability declaration of one backend. Rules read these sets, so the declared
/// capability and the engine's error cannot disagree.
struct capabilities {
  enum_set<model_arch> architectures = enum_set<model_arch>::all();
  enum_set<hardware> targets = enum_set<hardware>::all();
  /// Default: every KV dtype the engine's command line accepts (not the dropped fp4_e2m1).
  enum_set<kv_cache_dtype> kv_cache_dtypes =
      enum_set<kv_cache_dtype>::all() - enum_set<kv_cache_dtype>{kv_cache_dtype::fp4_e2m1};
  page_sizes pages = page_sizes::any_size();
  /// The page size the engine moves an undeclared one to (0: it rejects or keeps it instead).
  std::int32_t page_snap = 0;
  /// Head dims the backend's kernels support (the engine checks them for some backends only).
  size_set head_dims = size_set::any_size();
  enum_set<phase> phases = {phase::prefill, phase::decode};
  speculative_support speculative = speculative_support::tree;
  /// Whether EAGLE's draft worker builds its multi-step decode and draft-extend backends on it
  /// (the engine's draft backend factory has a builder for it).
  support eagle_draft = support::unknown;
  support cross_attention = support::unknown;
  support sliding_window = support::unknown;
  /// Whether a sliding window and cross attention work together (each may on its own).
  support window_with_cross_attention = support::unknown;
  support logit_cap = support::unknown;
  support attention_sinks = support::unknown;
  support deterministic = support::no;
  /// What the unified memory pool has audited it for (nothing by default).
  enum_set<unified_pool_audit> unified_pool{};
  /// Model traits a model must have for this backend (dsa needs DSA models, …).
  enum_set<model_trait> required_traits{};
  /// Model families this backend serves (all by default).
  enum_set<model_family> model_families = enum_set<model_family>::all();
  /// Where the backend's kernels exist. The engine does not check these at launch (a launch
  /// outside them passes its checks and fails at import or at the first forward pass), so no
  /// rule reads them; suggestions and the runs_on / mla_backend concepts do.
  enum_set<model_arch> kernel_architectures = enum_set<model_arch>::all();
  enum_set<hardware> kernel_targets = enum_set<hardware>::all();
  /// Model families for which the factory constructs `built_as` instead (fa4 builds Triton for
  /// DiffusionGemma): the constructor's checks and the kernels are then that backend's.
  enum_set<model_family> built_as_families{};
  backend_id built_as = backend_id::none;
};

/// The backend the factory of `self` (declaring `caps`) constructs for `c`'s model.
constexpr backend_id constructed_backend(const capabilities& caps, backend_id self, const launch_config& c) noexcept {
  return caps.built_as_families.contains(c.model) ? caps.built_as : self;
}

/// True when the model of `c` has trait `t`.
constexpr bool has_model_trait(const launch_config& c, model_trait t) noexcept {
  switch (t) {
    case model_trait::encoder_decoder:
      return c.encoder_decoder;
    case model_trait::hybrid_gdn:
      return c.hybrid_gdn;
    case model_trait::dsa:
      return c.dsa || c.model == model_family::deepseek_dsa || c.model == model_family::glm_moe_dsa;
    case model_trait::dual_chunk_attention:
      return c.dual_chunk_attention;
    case model_trait::minicpm_sparse:
      return c.minicpm_sparse;
  }
  return false;
}

/// True when `caps` serves the model of `c` on its hardware: the kernels exist for its
/// architecture and hardware, and the backend serves its family and the model traits it
/// requires (dsa needs a DSA model, dual_chunk_flash_attn dual-chunk attention, …). The engine
/// checks none of this at launch, so suggestions consult it; everything else a backend
/// declares, the rules check.
constexpr bool serves_model(const capabilities& caps, const launch_config& c) noexcept {
  if (!caps.kernel_architectures.contains(c.model_arch) || !caps.kernel_targets.contains(c.hardware)) return false;
  if (!caps.model_families.contains(c.model)) return false;
  for (std::size_t t = 0; t < enum_count<model_trait>(); ++t)
    if (caps.required_traits.contains(static_cast<model_trait>(t)) && !has_model_trait(c, static_cast<model_trait>(t)))
      return false;
  return true;
}

}  // namespace attncap
