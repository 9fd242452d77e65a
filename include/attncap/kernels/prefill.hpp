// SPDX-License-Identifier: MIT
/// @file
/// Prefill/extend over ragged batches: K^T packed once per (sequence, KV head), then query tiles of
/// every head run flash style over the pool, heaviest (latest causal) tiles first.
#pragma once

#include <attncap/kernels/detail/bodies.hpp>
#include <attncap/kernels/detail/explicit.hpp>
#include <attncap/kernels/dispatch.hpp>
#include <attncap/kernels/isa.hpp>
#include <attncap/kernels/kernel_space.hpp>
#include <attncap/kernels/numeric.hpp>
#include <attncap/kernels/shapes.hpp>
#include <attncap/kernels/threading.hpp>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

namespace attncap::kernels::detail {

using prefill_body_fn = void (*)(const prefill_work&);

template <int D, class T>
prefill_body_fn prefill_body_for(isa path) noexcept {
  switch (path) {
#if defined(ATTNCAP_DETAIL_X86)
    case isa::avx512_bf16:
    case isa::avx512: return &avx512::prefill_tile<D, T>;
    case isa::avx2: return &avx2::prefill_tile<D, T>;
#endif
    default: return &scalar::prefill_tile<D, T>;
  }
}

/// Runs validated prefill (causal or not, per p.causal).
template <int D, class T>
void run_prefill(const prefill_params& p) {
  constexpr int BQ = scalar::prefill_bq, BK = scalar::prefill_bk;
  const isa path = active_isa();
  const prefill_body_fn body = prefill_body_for<D, T>(path);
  const bool dot = path == isa::avx512_bf16 && std::is_same_v<T, bf16_t>;
  const int threads = resolve_threads(p.num_threads);
  const std::size_t hkv = std::size_t(p.num_kv_heads), hq = std::size_t(p.num_q_heads);
  const std::size_t hpk = hq / hkv;
  const float scale = p.scale > 0.0f ? p.scale : 1.0f / std::sqrt(static_cast<float>(D));

  // Packed K^T of (sequence b, KV head h) at kt_off[b] + h * (D * kv_pad[b]) floats: fp32 [D][kv_pad]
  // or, for the bf16 dot product, bf16 pairs [D/2][kv_pad] (same 4-byte slots, half of them used).
  std::vector<std::size_t> kv_pad(std::size_t(p.batch)), kt_off(std::size_t(p.batch) + 1, 0);
  for (int b = 0; b < p.batch; ++b) {
    const std::size_t len = std::size_t(p.kv_indptr[b + 1] - p.kv_indptr[b]);
    kv_pad[std::size_t(b)] = round_up(len, BK);
    kt_off[std::size_t(b) + 1] = kt_off[std::size_t(b)] + hkv * std::size_t(D) * kv_pad[std::size_t(b)];
  }
  std::vector<float> kt(kt_off.back());
  const T* k = static_cast<const T*>(p.k);
  parallel_for(std::size_t(p.batch) * hkv, threads, [&](std::size_t bh) {
    const std::size_t b = bh / hkv, h = bh % hkv, pad = kv_pad[b];
    const std::size_t k0 = std::size_t(p.kv_indptr[b]), len = std::size_t(p.kv_indptr[b + 1]) - k0;
    float* dst = kt.data() + kt_off[b] + h * std::size_t(D) * pad;
    for (std::size_t j = 0; j < len; ++j) {
      const T* row = k + ((k0 + j) * hkv + h) * std::size_t(D);
      if constexpr (std::is_same_v<T, bf16_t>) {
        if (dot) {
          for (std::size_t d = 0; d < std::size_t(D); d += 2) {
            const std::uint32_t pair = std::uint32_t{row[d].bits} | (std::uint32_t{row[d + 1].bits} << 16);
            std::memcpy(dst + (d / 2) * pad + j, &pair, 4);
          }
          continue;
        }
      }
      for (std::size_t d = 0; d < std::size_t(D); ++d) dst[d * pad + j] = to_float(row[d]);
    }
  });

  struct item {
    int b, h, q0;
  };
  std::vector<item> items;
  for (int b = 0; b < p.batch; ++b) {
    const int ql = p.q_indptr[b + 1] - p.q_indptr[b];
    for (int q0 = (ql - 1) / BQ * BQ; q0 >= 0 && ql > 0; q0 -= BQ)
      for (int h = 0; h < p.num_q_heads; ++h) items.push_back({b, h, q0});
  }
  if (p.causal)  // latest tiles see the most keys: start them first
    std::stable_sort(items.begin(), items.end(), [&](const item& x, const item& y) {
      const int lx = p.kv_indptr[x.b + 1] - p.kv_indptr[x.b] - (p.q_indptr[x.b + 1] - p.q_indptr[x.b]) + x.q0;
      const int ly = p.kv_indptr[y.b + 1] - p.kv_indptr[y.b] - (p.q_indptr[y.b + 1] - p.q_indptr[y.b]) + y.q0;
      return lx > ly;
    });
  parallel_for(items.size(), threads, [&](std::size_t i) {
    const item& it = items[i];
    const std::size_t b = std::size_t(it.b), h = std::size_t(it.h), kvh = h / hpk;
    const int ql = p.q_indptr[it.b + 1] - p.q_indptr[it.b];
    const int kl = p.kv_indptr[it.b + 1] - p.kv_indptr[it.b];
    const std::size_t row = std::size_t(p.q_indptr[it.b]) + std::size_t(it.q0);
    prefill_work w;
    w.q = static_cast<const T*>(p.q) + (row * hq + h) * std::size_t(D);
    w.q_stride = hq * std::size_t(D);
    w.kt = kt.data() + kt_off[b] + kvh * std::size_t(D) * kv_pad[b];
    w.kv_pad = kv_pad[b];
    w.v = static_cast<const T*>(p.v) + (std::size_t(p.kv_indptr[it.b]) * hkv + kvh) * std::size_t(D);
    w.v_stride = hkv * std::size_t(D);
    w.v_is_f32 = std::is_same_v<T, float>;
    w.o = static_cast<T*>(p.o) + (row * hq + h) * std::size_t(D);
    w.o_stride = hq * std::size_t(D);
    w.nq = std::min(BQ, ql - it.q0);
    w.q_pos = kl - ql + it.q0;
    w.kv_len = kl;
    w.causal = p.causal;
    w.window_left = p.window_left;
    w.softcap = p.softcap;
    w.scale = scale;
    w.bf16_dot = dot;
    body(w);
  });
}

/// Prefill kernel number I of prefill_space.configs (empty past the end, see decode_entry).
template <std::size_t I>
void prefill_entry(const prefill_params& p) {
  if constexpr (I < prefill_space_t::configs.size()) {
    constexpr prefill_config c = prefill_space_t::configs[I];
    run_prefill<c.head_dim, storage_t<c.type>>(p);
  } else {
    (void)p;
  }
}

ATTNCAP_DETAIL_KERNEL_INSTANCES(prefill_entry, prefill_params)

template <std::size_t I>
struct prefill_entry_ptr {
  static constexpr void (*value)(const prefill_params&) = &prefill_entry<I>;
};
constexpr std::size_t prefill_slot_of(const prefill_config& c) noexcept { return prefill_slot(c.head_dim, c.type); }
/// prefill_table[prefill_slot(d, type)]: the kernel, or nullptr.
inline constexpr auto prefill_table =
    make_table<void (*)(const prefill_params&), prefill_slots, prefill_space_t::configs, &prefill_slot_of,
               prefill_entry_ptr>(std::make_index_sequence<prefill_space_t::configs.size()>{});

inline kernel_unsupported prefill_unsupported(const char* api, int d, dtype t) {
  return unsupported(api, "(head_dim=" + std::to_string(d) + ", dtype=" + std::string(to_string(t)) + ")",
                     prefill_space.check(d, t),
                     "head dims " + join(prefill_space_t::family_head_dims) + ", dtypes " +
                         join(prefill_space_t::family_dtypes),
                     "head dims " + join(spelled::head_dims) + ", dtypes " + join(spelled::dtypes),
                     "ATTNCAP_HEAD_DIMS / ATTNCAP_DTYPES");
}
inline void run_prefill_family(const char* api, const prefill_params& p) {
  validate_prefill(api, p);
  const auto fn = prefill_table[prefill_slot(p.head_dim, p.type)];
  if (fn == nullptr) throw prefill_unsupported(api, p.head_dim, p.type);
  fn(p);
}

/// Names the rejected static request in the compiler's error.
template <int HeadDim, dtype Type>
struct prefill_kernel_not_available;

}  // namespace attncap::kernels::detail

namespace attncap::kernels {

/// Prefill/extend (see prefill_params; causal unless p.causal is false). Validates the shapes
/// (shape_error), then dispatches on (head_dim, type) in O(1) (kernel_unsupported if not compiled).
inline void prefill(const prefill_params& p) { detail::run_prefill_family("prefill", p); }

/// Prefill with the kernel chosen at compile time; a configuration this build does not compile is
/// a compile error.
template <int HeadDim, dtype Type>
void prefill(const prefill_params& p) {
  constexpr support s = prefill_space.check(HeadDim, Type);
  static_assert(s != support::unsupported_by_family,
                "attncap::kernels::prefill<HeadDim, Type>: the prefill kernel family has no kernel for this "
                "(head dim, dtype); see attncap::kernels::prefill_space_t::family_*");
  static_assert(s != support::excluded_by_build,
                "attncap::kernels::prefill<HeadDim, Type>: this (head dim, dtype) is not compiled in this build; "
                "add it to ATTNCAP_HEAD_DIMS / ATTNCAP_DTYPES");
  if constexpr (s == support::ok) {
    detail::validate_prefill("prefill", p);
    if (p.head_dim != HeadDim || p.type != Type)
      detail::reject("prefill", "the problem's (head_dim, dtype) does not match the template arguments");
    detail::prefill_entry<detail::index_of(prefill_space_t::configs, prefill_config{HeadDim, Type})>(p);
  } else {
    (void)sizeof(detail::prefill_kernel_not_available<HeadDim, Type>);
  }
}

}  // namespace attncap::kernels
