// SPDX-License-Identifier: MIT
/// @file
/// Decode over a paged KV cache: split-KV work items (sequence, KV head, key range) over the
/// thread pool, all query heads of a KV head per K/V row read, merged by log-sum-exp.
#pragma once

#include <array>
#include <attncap/kernels/detail/bodies.hpp>
#include <attncap/kernels/detail/decode_amx.hpp>
#include <attncap/kernels/detail/decode_lanes.hpp>
#include <attncap/kernels/detail/decode_plan.hpp>
#include <attncap/kernels/detail/explicit.hpp>
#include <attncap/kernels/detail/family.hpp>
#include <attncap/kernels/isa.hpp>
#include <attncap/kernels/kernel_space.hpp>
#include <attncap/kernels/shapes.hpp>
#include <attncap/kernels/threading.hpp>
#include <cstddef>
#include <string>
#include <type_traits>

namespace attncap::kernels::detail {

using decode_body_fn = void (*)(const decode_work&);
using decode_fn = void (*)(const decode_params&);

/// Whether decode runs on AMX tiles on `path` (see decode_amx.hpp).
template <int DK, int DV, class KV, int G, int R>
constexpr bool decode_tiles_on(isa path) noexcept {
#if defined(ATTNCAP_DETAIL_AMX)
  return path == isa::avx512_amx && amx::decode_on_tiles<DK, DV, KV, G, R>;
#else
  return (void)path, false;
#endif
}

/// Whether decode multiplies bf16 K by q as bf16 hi + lo parts: on tiles, and with `vdpbf16ps`
/// on the avx512_bf16 path. Not with `vdpbf16ps` on the AMX path: the Intel cores that have AMX
/// run it at half the FLOPs of their FMAs, which then win (bench/README.md).
template <int DK, int DV, class KV, int G, int R>
constexpr bool decode_bf16_q(isa path) noexcept {
  return decode_tiles_on<DK, DV, KV, G, R>(path) ||
         (path == isa::avx512_bf16 && std::is_same_v<KV, bf16_t> && DK % 32 == 0);
}

/// Whether decode runs with the heads in the lanes on `path` (see decode_lanes.hpp).
template <int DK, int DV, class KV, int G, int R>
constexpr bool decode_lanes_on(isa path) noexcept {
#if defined(ATTNCAP_DETAIL_X86)
  return path == isa::avx512_bf16 && lanes::decode_on_lanes<DK, DV, KV, G, R>;
#else
  return (void)path, false;
#endif
}

/// The decode body of `path`; AVX-512 with and without bf16 dot share one body (runtime flag), and
/// the AMX path runs it with the tile kernel for the blocks where decode_tiles_on says so, the
/// avx512_bf16 path with the lane kernel where decode_lanes_on says so.
template <int DK, int DV, class KV, int G, int R>
decode_body_fn decode_body_for(isa path) noexcept {
  switch (path) {
#if defined(ATTNCAP_DETAIL_X86)
    case isa::avx512_amx:
#if defined(ATTNCAP_DETAIL_AMX)
      if constexpr (amx::decode_on_tiles<DK, DV, KV, G, R>)
        return &avx512::decode_partial<DK, DV, KV, G, R, amx::tile_blocks>;
#endif
      return &avx512::decode_partial<DK, DV, KV, G, R>;
    case isa::avx512_bf16:
      if constexpr (lanes::decode_on_lanes<DK, DV, KV, G, R>)
        return &avx512::decode_partial<DK, DV, KV, G, R, lanes::lane_blocks>;
      [[fallthrough]];
    case isa::avx512:
      return &avx512::decode_partial<DK, DV, KV, G, R>;
    case isa::avx2:
      return &avx2::decode_partial<DK, DV, KV, G, R>;
#endif
    default:
      return &scalar::decode_partial<DK, DV, KV, G, R>;
  }
}

/// Runs validated paged decode. Work items are (sequence, KV heads, key range); each item walks
/// its key range once for all its heads. A KV head's query heads are units of G heads and, when
/// R > 0, the remainder as units of R heads (R = 0: the group is a multiple of G); `latent_v`
/// makes V the first DV elements of each K row (MLA).
template <int DK, int DV, class KV, int G, int R>
void run_paged_decode(const decode_params& p, bool latent_v) {
  const isa path = active_isa();
  const decode_body_fn body = decode_body_for<DK, DV, KV, G, R>(path);
  const bool dot = decode_bf16_q<DK, DV, KV, G, R>(path);
#if defined(ATTNCAP_DETAIL_X86)
  const int pair_run = path == isa::avx2 && avx2::decode_qk_pairs<avx2::ops, KV, DK> ? 2 * avx2::ops::W : 0;
#else
  const int pair_run = 0;
#endif
  const int threads = resolve_threads(p.num_threads);
  const decode_layout lay = layout_decode(p, DV, threads);
  const call_scratch scratch(latent_v ? "mla_decode" : "decode", p.workspace, p.workspace_bytes, lay.bytes);
  const int tile_group = decode_tiles_on<DK, DV, KV, G, R>(path) ? G : 0;
  decode_plan plan = plan_decode(p, lay, scratch.base(), DK, DV, sizeof(KV), dot, tile_group,
                                 decode_lanes_on<DK, DV, KV, G, R>(path), pair_run, latent_v, threads);
  const int hpk = p.num_q_heads / p.num_kv_heads;
  constexpr int rest_unit = R > 0 ? R : 1;  // R = 0 leaves the division dead, yet clang warns on / 0
  parallel_for(plan.part.items.size(), threads, [&](std::size_t i) {
    decode_work w = item_work(p, plan, i);
    w.kv_heads = plan.part.items[i].h1 - plan.part.items[i].h0;
    w.units_per_head = hpk / G;
    w.rest_per_head = R > 0 ? hpk % G / rest_unit : 0;
    body(w);
  });
  merge_partials<DV>(p, plan, threads);
}

/// Setting names a decode key is added with (a string literal for the static variant's error).
#define ATTNCAP_DETAIL_DECODE_KNOBS "ATTNCAP_HEAD_DIMS / ATTNCAP_KV_DTYPES"

/// The decode family's traits (see kernel_family): the tuned kernels, whose key is (head dim, KV
/// dtype, group). A problem whose group has no tuned kernel runs on one of a compiled group that
/// divides it, or on the general kernel (see find).
struct decode_family {
  using params = decode_params;
  using space = decode_space_t;
  static constexpr const char* knobs = ATTNCAP_DETAIL_DECODE_KNOBS;
  static constexpr const char* key_names = "(head_dim, kv_dtype, group)";
  static constexpr std::size_t slots = decode_slots;
  static constexpr std::size_t slot(const decode_config& c) noexcept { return decode_slot(c.head_dim, c.kv, c.group); }
  static constexpr decode_config key(const decode_params& p) noexcept {
    return {p.head_dim, p.kv_dtype, p.num_q_heads / p.num_kv_heads};
  }
  static constexpr support check(const decode_config& c) noexcept {
    return decode_space.check(c.head_dim, c.kv, c.group);
  }
  static std::string request(const decode_config& c) {
    return fields("head_dim", c.head_dim, "kv_dtype", c.kv, "group", c.group);
  }
  static std::string family_set() {
    return lists("head dims", space::family_head_dims, "kv dtypes", space::family_kv_dtypes) + ", groups 1 to " +
           std::to_string(space::max_group);
  }
  static std::string build_set() {
    return lists("head dims", spelled::head_dims, "kv dtypes", spelled::kv_dtypes) + ", groups 1 to " +
           std::to_string(space::max_group) + " (" + lists("tuned", spelled::groups) + ")";
  }
  static void validate(const char* api, const decode_params& p) {
    validate_paged(api, p, false);
    if (p.v_head_dim != 0 && p.v_head_dim != p.head_dim)
      reject(api, "head dim mismatch: head_dim " + std::to_string(p.head_dim) + " but v_head_dim " +
                      std::to_string(p.v_head_dim) + " (this family needs equal k and v head dims)");
  }
  /// The kernel for a validated problem's key, defined below with the general kernels.
  static decode_fn find(const std::array<decode_fn, slots + 1>& table, const decode_config& c) noexcept;
  template <decode_config C>
  static void run(const decode_params& p) {
    run_paged_decode<C.head_dim, C.head_dim, storage_t<C.kv>, C.group, 0>(p, false);
  }
};
using decode_kernels = kernel_family<decode_family>;

ATTNCAP_DETAIL_KERNEL_INSTANCES(decode_kernels::entry, decode_params)

/// Query heads per unit of the general decode kernels; the rest of a KV head's heads run singly.
inline constexpr int general_unit = 4;

/// The general decode kernels (see decode_space_t::general_configs): any group, as units of
/// general_unit heads and single heads; keyed by (head dim, KV dtype).
struct decode_general_family : decode_family {
  struct space {
    static constexpr auto configs = decode_space_t::general_configs;
  };
  static constexpr std::size_t slots = prefill_slots;
  static constexpr std::size_t slot(const decode_config& c) noexcept { return prefill_slot(c.head_dim, c.kv); }
  template <decode_config C>
  static void run(const decode_params& p) {
    run_paged_decode<C.head_dim, C.head_dim, storage_t<C.kv>, general_unit, 1>(p, false);
  }
};
using decode_general_kernels = kernel_family<decode_general_family>;

ATTNCAP_DETAIL_KERNEL_INSTANCES(decode_general_kernels::entry, decode_params)

/// The kernel for key c: its group's tuned kernel; else that of the largest compiled group that
/// divides it (several units of that group per KV head, on the same tuned body); else the general
/// kernel of (head dim, KV dtype). nullptr when the head dim or KV dtype is not compiled or the
/// group is outside 1 to max_group.
inline decode_fn decode_family::find(const std::array<decode_fn, slots + 1>& table, const decode_config& c) noexcept {
  // The common case: one load, no divisions. Only groups 1 to max_group hold a tuned kernel.
  if (const decode_fn tuned = table[slot(c)]) return tuned;
  if (!decode_space_t::family_group(c.group)) return nullptr;
  // Units of 2 heads and more: group 1 has only its own slot, tried above, and odd groups go to
  // the general kernel, not to single-head units.
  for (int g = decode_space_t::max_group; g > 1; g /= 2)
    if (c.group % g == 0)
      if (const decode_fn kernel = table[slot({c.head_dim, c.kv, g})]) return kernel;
  return decode_general_kernels::table[decode_general_family::slot(c)];
}

/// decode_table[decode_slot(d, kv, g)]: the kernel, or nullptr.
inline constexpr const auto& decode_table = decode_kernels::table;

}  // namespace attncap::kernels::detail

namespace attncap::kernels {

/// Paged decode (see decode_params). Validates the shapes (shape_error), then dispatches on
/// (head_dim, kv_dtype, num_q_heads / num_kv_heads) in O(1): any group from 1 to 64 runs, and
/// kernel_unsupported says when the head dim or KV dtype is not compiled.
inline void decode(const decode_params& p) { detail::decode_kernels::call("decode", p); }

/// Paged decode with the kernel chosen at compile time; a configuration this build does not
/// compile is a compile error. Throws shape_error when `p` does not match the template arguments.
template <int HeadDim, dtype KV, int Group>
void decode(const decode_params& p) {
  ATTNCAP_DETAIL_STATIC_KERNEL_CHECK(decode_space.check(HeadDim, KV, Group), "decode<HeadDim, KV, Group>",
                                     "(head dim, KV dtype, GQA group)", "decode", ATTNCAP_DETAIL_DECODE_KNOBS);
  detail::decode_kernels::call_static<decode_config{HeadDim, KV, Group}>("decode", p);
}

/// Decode on the kernel of one (head_dim, kv_dtype, group), looked up once: for an engine that
/// runs the same shapes every step. A call validates the shapes and that they ask for this key
/// (shape_error), then runs without the lookup; any group from 1 to 64.
class decode_kernel : public detail::resolved_kernel<detail::decode_kernels> {
 public:
  /// Throws kernel_unsupported when this build has no kernel for `key`.
  explicit decode_kernel(const decode_config& key) : resolved_kernel("decode", key) {}
};

}  // namespace attncap::kernels
