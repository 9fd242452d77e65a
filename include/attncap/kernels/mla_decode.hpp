// SPDX-License-Identifier: MIT
/// @file
/// MLA decode in absorbed form: every query head attends to one shared latent cache whose rows are
/// [512 latent | 64 rope]; scores use all 576 elements, values are the 512 latent ones.
#pragma once

#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/detail/explicit.hpp>
#include <attncap/kernels/detail/family.hpp>
#include <string>

namespace attncap::kernels::detail {

/// Query heads per MLA body call; a remainder goes one head at a time.
inline constexpr int mla_head_block = 8;

/// The MLA decode family's traits (see kernel_family): paged decode with V the latent prefix of
/// each K row and one shared KV head.
struct mla_family {
  using params = decode_params;
  using space = mla_space_t;
  static constexpr const char* knobs = "ATTNCAP_MLA_HEAD_DIMS / ATTNCAP_KV_DTYPES";
  static constexpr const char* key_names = "(qk_dim, v_dim, kv_dtype)";
  static constexpr std::size_t slots = space::family_head_dims.size() * dtype_slots;
  static constexpr std::size_t slot(const mla_config& c) noexcept { return mla_slot(c.qk_dim, c.v_dim, c.kv); }
  static constexpr mla_config key(const decode_params& p) noexcept { return {p.head_dim, p.v_head_dim, p.kv_dtype}; }
  static constexpr support check(const mla_config& c) noexcept { return mla_space.check(c.qk_dim, c.v_dim, c.kv); }
  static std::string request(const mla_config& c) {
    return fields("qk_dim", c.qk_dim, "v_dim", c.v_dim, "kv_dtype", c.kv);
  }
  static std::string family_set() {
    return lists("(qk, v) dims", space::family_head_dims, "kv dtypes", space::family_kv_dtypes);
  }
  static std::string build_set() {
    std::string built = "{";
    for (const auto& c : space::configs)
      built +=
          (built.size() > 1 ? ", (" : "(") + to_text(c.qk_dim) + ", " + to_text(c.v_dim) + ", " + to_text(c.kv) + ")";
    return built + "}";
  }
  static void validate(const char* api, const decode_params& p) {
    validate_paged(api, p, true);
    if (p.num_kv_heads != 1)
      reject(api, "num_kv_heads must be 1 (one shared latent cache; got " + std::to_string(p.num_kv_heads) + ")");
    if (p.v_cache != nullptr && p.v_cache != p.k_cache)
      reject(api, "v_cache must be null or equal to k_cache (V is the latent part of each K row)");
    if (p.v_head_dim == 0 || p.v_head_dim > p.head_dim)
      reject(api, "head dim mismatch: v_head_dim " + std::to_string(p.v_head_dim) +
                      " must be in (0, head_dim = " + std::to_string(p.head_dim) + "]");
  }
  template <mla_config C>
  static void run(const decode_params& p) {
    run_paged_decode<C.qk_dim, C.v_dim, storage_t<C.kv>, mla_head_block, 1>(p, true);
  }
};
using mla_kernels = kernel_family<mla_family>;

ATTNCAP_DETAIL_KERNEL_INSTANCES(mla_kernels::entry, decode_params)

/// mla_table[mla_slot(qk, v, kv)]: the kernel, or nullptr.
inline constexpr const auto& mla_table = mla_kernels::table;

}  // namespace attncap::kernels::detail

namespace attncap::kernels {

/// MLA decode, absorbed form (see decode_params): q (batch, heads, 576) = [absorbed q_nope | q_pe],
/// k_cache (num_pages, page_size, 1, 576) = [latent 512 | rope 64], o (batch, heads, 512);
/// num_kv_heads = 1, head_dim = 576, v_head_dim = 512, v_cache null (or k_cache).
/// scale defaults to 1 / sqrt(head_dim); pass the model's softmax scale explicitly.
inline void mla_decode(const decode_params& p) { detail::mla_kernels::call("mla_decode", p); }

/// MLA decode on the kernel of one (qk_dim, v_dim, kv_dtype), looked up once (see decode_kernel).
class mla_decode_kernel : public detail::resolved_kernel<detail::mla_kernels> {
 public:
  /// Throws kernel_unsupported when this build has no kernel for `key`.
  explicit mla_decode_kernel(const mla_config& key) : resolved_kernel("mla_decode", key) {}
};

}  // namespace attncap::kernels
