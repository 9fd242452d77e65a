// SPDX-License-Identifier: MIT
/// @file
/// Runtime -> compile-time dispatch: the small-integer slots (head-dim slot, dtype, group) that
/// index each family's dense table of kernel entries (detail/family.hpp builds the tables), and
/// `kernel_unsupported`, whose message names the request, the reason and both supported sets.
#pragma once

#include <array>
#include <attncap/kernels/kernel_space.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace attncap::kernels {

/// No kernel for the requested configuration; `reason()` says whether the family lacks it or this
/// build left it out.
class kernel_unsupported : public std::invalid_argument {
 public:
  kernel_unsupported(const std::string& what, support why) : std::invalid_argument(what), reason_(why) {}
  support reason() const noexcept { return reason_; }

 private:
  support reason_;
};

namespace detail {

inline constexpr std::size_t dtype_slots = 5;  // every attncap::dtype enumerator
inline constexpr std::size_t max_slot_dim = 256;

/// slot[x / step] = position of x in `family`, -1 elsewhere.
template <std::size_t N, std::size_t M>
constexpr std::array<std::int8_t, N> make_slots(const std::array<int, M>& family, int step) {
  std::array<std::int8_t, N> s{};
  for (auto& v : s) v = -1;
  for (std::size_t i = 0; i < M; ++i) s[static_cast<std::size_t>(family[i] / step)] = static_cast<std::int8_t>(i);
  return s;
}
inline constexpr auto dim_slot = make_slots<max_slot_dim / 16 + 1>(decode_space_t::family_head_dims, 16);
inline constexpr std::size_t n_dim_slots = decode_space_t::family_head_dims.size();

/// Dense index of (head_dim, dtype); `prefill_slots` for values outside the family's range.
inline constexpr std::size_t prefill_slots = n_dim_slots * dtype_slots;
constexpr std::size_t head_dim_index(int d) noexcept {
  const auto u = static_cast<unsigned>(d);
  return u <= max_slot_dim && u % 16 == 0 && dim_slot[u / 16] >= 0 ? static_cast<std::size_t>(dim_slot[u / 16])
                                                                   : ~std::size_t{0};
}
/// Decode packs the raw key into bit fields instead of mapping each field through a slot table:
/// head dim / 16 (5 bits), dtype (3 bits), log2 of the group (3 bits). Each field is validated by
/// a mask and an invalid key is sent to the table's last entry, as in every family, so the index is
/// a few ALU ops, a conditional move and one table load. Invalid: a head dim that is not a multiple of
/// 16 up to 496, a dtype past 7, a group that is not a power of two. Valid keys with no compiled kernel
/// (head dims over 256, dtypes 5..7, group 0 and groups from 128 up, which share log2 slot 7)
/// hold nullptr. Only tuned groups are packed; the general decode kernels, one per (head dim, KV
/// dtype), sit in a table of their own indexed by prefill_slot.
inline constexpr std::size_t decode_slots = 32 * 8 * 8;
static_assert(dtype_slots <= 8, "attncap::kernels: the packed decode index keeps 3 bits for the dtype");
static_assert(
    [] {
      for (int g : decode_space_t::tuned_groups)
        if (g <= 0 || g >= 128 || g > decode_space_t::max_group || (g & (g - 1)) != 0) return false;
      for (int d : decode_space_t::family_head_dims)
        if (d <= 0 || d > 496 || d % 16 != 0) return false;
      return true;
    }(),
    "attncap::kernels: tuned decode groups must be powers of two up to max_group and below 128, and head dims "
    "multiples of 16 up to 496, "
    "for the packed dispatch index");
constexpr std::size_t decode_slot(int d, dtype kv, int g) noexcept {
  const auto ud = static_cast<unsigned>(d), ug = static_cast<unsigned>(g), uk = static_cast<unsigned>(kv);
  const unsigned bad = (ud & ~0x1f0u) | (uk & ~7u) | (ug & (ug - 1u));
  const auto slot = static_cast<std::size_t>(ud << 2 | uk << 3 | static_cast<unsigned>(std::countr_zero(ug | 0x80u)));
  return bad == 0 ? slot : decode_slots;
}
constexpr std::size_t prefill_slot(int d, dtype t) noexcept {
  const std::size_t ds = head_dim_index(d), ks = static_cast<std::size_t>(t);
  return ds < n_dim_slots && ks < dtype_slots ? ds * dtype_slots + ks : prefill_slots;
}
constexpr std::size_t mla_slot(int qk, int v, dtype kv) noexcept {
  const auto& pairs = mla_space_t::family_head_dims;
  for (std::size_t i = 0; i < pairs.size(); ++i)  // one pair today: constant time
    if (pairs[i][0] == qk && pairs[i][1] == v && static_cast<std::size_t>(kv) < dtype_slots)
      return i * dtype_slots + static_cast<std::size_t>(kv);
  return pairs.size() * dtype_slots;
}

}  // namespace detail

}  // namespace attncap::kernels
