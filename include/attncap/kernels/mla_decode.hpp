// SPDX-License-Identifier: MIT
/// @file
/// MLA decode in absorbed form: every query head attends to one shared latent cache whose rows are
/// [512 latent | 64 rope]; scores use all 576 elements, values are the 512 latent ones.
#pragma once

#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/detail/explicit.hpp>
#include <attncap/kernels/dispatch.hpp>

namespace attncap::kernels::detail {

/// Query heads per MLA body call; a remainder goes one head at a time.
inline constexpr int mla_head_block = 8;

/// MLA kernel number I of mla_space.configs (empty past the end, see decode_entry).
template <std::size_t I>
void mla_entry(const decode_params& p) {
  if constexpr (I < mla_space_t::configs.size()) {
    constexpr mla_config c = mla_space_t::configs[I];
    run_paged_decode<c.qk_dim, c.v_dim, storage_t<c.kv>, mla_head_block, 1>(p, true);
  } else {
    (void)p;
  }
}

ATTNCAP_DETAIL_KERNEL_INSTANCES(mla_entry, decode_params)

template <std::size_t I>
struct mla_entry_ptr {
  static constexpr void (*value)(const decode_params&) = &mla_entry<I>;
};
inline constexpr std::size_t mla_slots = mla_space_t::family_head_dims.size() * dtype_slots;
constexpr std::size_t mla_slot_of(const mla_config& c) noexcept { return mla_slot(c.qk_dim, c.v_dim, c.kv); }
/// mla_table[mla_slot(qk, v, kv)]: the kernel, or nullptr.
inline constexpr auto mla_table =
    make_table<void (*)(const decode_params&), mla_slots, mla_space_t::configs, &mla_slot_of, mla_entry_ptr>(
        std::make_index_sequence<mla_space_t::configs.size()>{});

inline kernel_unsupported mla_unsupported(int qk, int v, dtype kv) {
  std::string built = "{";
  for (const auto& c : mla_space_t::configs)
    built += (built.size() > 1 ? ", (" : "(") + std::to_string(c.qk_dim) + ", " + std::to_string(c.v_dim) + ", " +
             std::string(to_string(c.kv)) + ")";
  return unsupported("mla_decode",
                     "(qk_dim=" + std::to_string(qk) + ", v_dim=" + std::to_string(v) + ", kv_dtype=" +
                         std::string(to_string(kv)) + ")",
                     mla_space.check(qk, v, kv),
                     "(qk, v) dims {(576, 512)}, kv dtypes " + join(mla_space_t::family_kv_dtypes), built + "}",
                     "ATTNCAP_MLA_HEAD_DIMS / ATTNCAP_KV_DTYPES");
}
inline void validate_mla(const decode_params& p) {
  validate_paged("mla_decode", p, true);
  if (p.num_kv_heads != 1)
    reject("mla_decode", "num_kv_heads must be 1 (one shared latent cache; got " + std::to_string(p.num_kv_heads) + ")");
  if (p.v_cache != nullptr && p.v_cache != p.k_cache)
    reject("mla_decode", "v_cache must be null or equal to k_cache (V is the latent part of each K row)");
  if (p.v_head_dim == 0 || p.v_head_dim > p.head_dim)
    reject("mla_decode", "head dim mismatch: v_head_dim " + std::to_string(p.v_head_dim) +
                             " must be in (0, head_dim = " + std::to_string(p.head_dim) + "]");
}

}  // namespace attncap::kernels::detail

namespace attncap::kernels {

/// MLA decode, absorbed form (see decode_params): q (batch, heads, 576) = [absorbed q_nope | q_pe],
/// k_cache (num_pages, page_size, 1, 576) = [latent 512 | rope 64], o (batch, heads, 512);
/// num_kv_heads = 1, head_dim = 576, v_head_dim = 512, v_cache null (or k_cache).
/// scale defaults to 1 / sqrt(head_dim); pass the model's softmax scale explicitly.
inline void mla_decode(const decode_params& p) {
  detail::validate_mla(p);
  const auto fn = detail::mla_table[detail::mla_slot(p.head_dim, p.v_head_dim, p.kv_dtype)];
  if (fn == nullptr) throw detail::mla_unsupported(p.head_dim, p.v_head_dim, p.kv_dtype);
  fn(p);
}

}  // namespace attncap::kernels
