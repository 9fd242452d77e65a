// SPDX-License-Identifier: MIT
// Mutations of valid problems, one to three fields at a time: every kernel entry point runs the
// result (its outputs finite) or refuses it with shape_error or kernel_unsupported before writing
// an output; nothing crashes (the sanitizer build checks the reads).
#include <doctest/doctest.h>

#include <algorithm>
#include <attncap/kernels/cross_attention.hpp>
#include <attncap/kernels/decode.hpp>
#include <attncap/kernels/mla_decode.hpp>
#include <attncap/kernels/prefill.hpp>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "prng.hpp"
#include "reference.hpp"

using attncap::dtype;
using namespace attncap::kernels;
namespace kt = attncap::kernels::test;

namespace {

constexpr int big = std::numeric_limits<int>::max(), small = std::numeric_limits<int>::min();
constexpr float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
constexpr dtype dtypes[] = {dtype::fp32,
                            dtype::fp16,
                            dtype::bf16,
                            dtype::fp8_e4m3,
                            dtype::fp8_e5m2,
                            static_cast<dtype>(5),
                            static_cast<dtype>(200)};
constexpr kv_layout layouts[] = {kv_layout::nhd, kv_layout::hnd, static_cast<kv_layout>(2),
                                 static_cast<kv_layout>(255)};

/// Bytes whose every 1-, 2- and 4-byte reading is a finite number in each dtype (fp32 and bf16
/// about 3e-5 to 0.03, fp16 0.5 to 1.2, fp8 0.5 to 1.5): a drawn dtype reads other values from
/// the buffers, never a NaN or an infinity.
void fill_finite(kt::buffer& b) {
  constexpr unsigned char finite[] = {0x38, 0x3a, 0x3c, 0xb8, 0xba, 0xbc};
  for (std::size_t j = 0; j < b.bytes.size(); ++j) b.bytes[j] = finite[(j * 7 + j / 5) % 6];
}

/// Draws fields of a valid problem `good` from values that are invalid, edge cases, or valid and
/// no larger than good's buffers (so that an accepted problem stays inside them), and logs them.
/// The arrays the problem points to are the mutator's, restored by reset().
template <class Params>
struct mutator {
  Params good;
  std::vector<std::int32_t> ints;   // seq_lens or the two indptr arrays
  std::vector<std::int32_t> pages;  // the page table; empty for contiguous prefill
  std::vector<float> sinks;         // one a query head
  attncap::test::prng rng;
  std::vector<std::byte> workspace = {};
  std::string log = {};
  std::vector<std::int32_t> ints_now = ints, pages_now = pages;

  /// Logs "name=value " (an enum by its number).
  template <class T>
  void note(const char* name, T value) {
    if constexpr (std::is_enum_v<T>)
      note(name, static_cast<int>(value));
    else
      log += std::string(name) + "=" + std::to_string(value) + " ";
  }
  template <class T, std::size_t N>
  void set(T& field, const char* name, const T (&values)[N]) {
    field = rng.pick(values);
    note(name, field);
  }
  /// good, its arrays restored, the log cleared.
  Params reset() {
    ints_now = ints;
    pages_now = pages;
    log.clear();
    return good;
  }
  /// Mutates one of the fields decode and prefill share; false for a draw past them.
  bool common(Params& p, unsigned which) {
    const int d = good.head_dim, hq = good.num_q_heads, hkv = good.num_kv_heads;
    switch (which) {
      case 0:
        return set(p.num_q_heads, "num_q_heads", {-8, 0, 1, 2, 3, hq, small}), true;
      case 1:
        return set(p.num_kv_heads, "num_kv_heads", {-1, 0, 1, hkv, small}), true;
      case 2:
        return set(p.head_dim, "head_dim", {-128, -1, 0, 1, 16, d / 2, d - 16, d, small}), true;
      case 3:
        return set(p.v_head_dim, "v_head_dim", {-1, 0, 1, 64, d, big}), true;
      case 4:
        return set(p.scale, "scale", {0.0f, 0.05f, -1.0f, nan, inf, -inf}), true;
      case 5:
        return set(p.softcap, "softcap", {0.0f, 1.0f, 30.0f, -1.0f, nan, inf}), true;
      case 6:
        return set(p.window_left, "window_left", {-2, -1, 0, 5, big, small}), true;
      case 7:
        set(sinks[0], "sinks", {0.0f, 3.0f, -inf, inf, nan});
        std::fill(sinks.begin(), sinks.end(), sinks[0]);
        p.sinks = sinks.data();
        return true;
      case 8:
        set(p.num_threads, "num_threads", {-1, 0, 1, 2, 1000});
        workspace.assign(rng.pick({std::size_t{0}, std::size_t{64}, std::size_t{1} << 20}), std::byte{0});
        p.workspace = workspace.empty() ? nullptr : workspace.data();
        p.workspace_bytes = workspace.size();
        note("workspace_bytes", workspace.size());
        return true;
      default:
        return false;
    }
  }
  /// Mutates one field of a paged cache's description.
  void paged(Params& p, unsigned which) {
    const int npages = good.num_pages, maxp = good.max_pages_per_seq, page = good.page_size;
    switch (which % 5) {
      case 0:
        return set(p.page_size, "page_size", {-16, 0, 1, page / 2, page, small});
      case 1:
        return set(p.num_pages, "num_pages", {-1, 0, 1, npages - 1, small});
      case 2:
        return set(p.max_pages_per_seq, "max_pages_per_seq", {-1, 0, 1, maxp - 1, small});
      case 3:
        return set(pages_now[rng.below(pages_now.size())], "a page id", {-1, 0, npages - 1, npages, big, small});
      default:
        return set(p.layout, "layout", layouts);
    }
  }
};

/// Runs `call` on `draws` problems m.reset() gives, each with one to three fields mutated by
/// `mutate`. A refused call (shape_error, kernel_unsupported) leaves every byte of o as it was;
/// an accepted one writes o, and every value of it, read as the problem's output dtype (the
/// member `out`), is finite (the sentinel bytes read as finite numbers in every dtype).
template <class Params, class Mutate, class Call>
void run_or_refused(mutator<Params>& m, kt::buffer& o, dtype Params::*out, Mutate mutate, Call call, int draws) {
  fill_finite(o);
  const std::vector<unsigned char> sentinel = o.bytes;
  int run = 0;
  for (int i = 0; i < draws; ++i) {
    Params p = m.reset();
    for (auto n = 1 + m.rng.below(3); n > 0; --n) mutate(p);
    CAPTURE(i);
    CAPTURE(m.log);  // before the call: a crash reports what was drawn
    o.bytes = sentinel;
    bool refused = false;
    try {
      call(p);
      ++run;
    } catch (const shape_error&) {
      refused = true;
    } catch (const kernel_unsupported&) {
      refused = true;
    }
    if (refused) {
      CHECK_MESSAGE(o.bytes == sentinel, "a refused call wrote an output");
      continue;
    }
    CHECK_MESSAGE(o.bytes != sentinel, "an accepted call wrote no output");
    const dtype t = p.*out;
    for (std::size_t j = 0; j < o.bytes.size() / attncap::size_of(t); ++j)
      if (!std::isfinite(load_as_float(o.bytes.data(), t, j))) {
        CAPTURE(j);
        FAIL_CHECK("an accepted call wrote an output that is not finite");
        break;
      }
  }
  CHECK(run > draws / 20);  // the draws reach the kernels, not only the checks
}

/// Decode and MLA decode: the shared fields, the paged cache, the batch, seq_lens and dtypes.
template <class Call>
void decode_mutations(kt::paged_problem& t, std::uint64_t seed, Call call, int draws) {
  for (kt::buffer* b : {&t.q, &t.k, &t.v}) fill_finite(*b);
  mutator<decode_params> m{t.p, t.seq_lens, t.page_table, std::vector<float>(std::size_t(t.p.num_q_heads)),
                           attncap::test::prng(seed)};
  m.good.seq_lens = m.ints_now.data();
  m.good.page_table = m.pages_now.data();
  const int cap = t.p.max_pages_per_seq * t.p.page_size;
  const auto mutate = [&](decode_params& p) {
    const auto which = static_cast<unsigned>(m.rng.below(18));
    if (m.common(p, which)) return;
    if (which < 14) return m.paged(p, which);
    if (which == 14) return m.set(p.batch, "batch", {-1, 0, 1, small});
    if (which == 15)
      return m.set(m.ints_now[m.rng.below(m.ints_now.size())], "a seq_len", {-1, 0, 1, cap, cap + 1, big});
    m.set(which == 16 ? p.q_dtype : p.kv_dtype, which == 16 ? "q_dtype" : "kv_dtype", dtypes);
  };
  run_or_refused(m, t.o, &decode_params::q_dtype, mutate, call, draws);
}

/// Prefill, paged extend and cross attention: the shared fields, the indptr arrays, the type, the
/// mask, and for an extend the paged cache.
template <class Call>
void prefill_mutations(kt::ragged_problem& t, bool paged, std::uint64_t seed, Call call, int draws) {
  std::vector<std::int32_t> indptr = t.q_indptr;
  indptr.insert(indptr.end(), t.kv_indptr.begin(), t.kv_indptr.end());
  const std::vector<std::int32_t> pages(t.p.page_table,
                                        t.p.page_table + (paged ? t.p.batch * t.p.max_pages_per_seq : 0));
  mutator<prefill_params> m{t.p, indptr, pages, std::vector<float>(std::size_t(t.p.num_q_heads)),
                            attncap::test::prng(seed)};
  const std::size_t n = t.q_indptr.size();
  m.good.q_indptr = m.ints_now.data();
  m.good.kv_indptr = m.ints_now.data() + n;
  if (paged) m.good.page_table = m.pages_now.data();
  const auto mutate = [&](prefill_params& p) {
    const auto which = static_cast<unsigned>(m.rng.below(paged ? 18 : 13));
    if (m.common(p, which)) return;
    if (which == 9) return m.set(p.type, "type", dtypes);
    if (which == 10) return m.set(p.batch, "batch", {-1, 0, 1, small});
    if (which == 11) return m.set(p.causal, "causal", {false, true});
    if (which > 12) return m.paged(p, which);
    // An indptr entry, from the valid problem's: never past its array's total (the rows the
    // buffers hold), which a smaller batch may read as any sequence's end.
    const std::size_t at = m.rng.below(indptr.size());
    const std::int32_t e = indptr[at], total = indptr[at < n ? n - 1 : 2 * n - 1];
    m.set(m.ints_now[at], "an indptr", {-1, 0, e - 1, e, std::min(e + 1, total), total});
  };
  run_or_refused(m, t.o, &prefill_params::type, mutate, call, draws);
}

}  // namespace

TEST_CASE("decode and MLA decode run or refuse every mutation of a valid problem") {
  std::mt19937 rng(7);
  // fp32 q and K/V: the widest dtypes, so that no drawn dtype reads past the buffers.
  kt::paged_problem t(2, 8, 2, 128, 128, 16, {40, 7}, dtype::fp32, dtype::fp32, rng);
  decode_mutations(
      t, 1, [](const decode_params& p) { decode(p); }, 4000);
  kt::paged_problem mla(2, 8, 1, 576, 512, 16, {40, 7}, dtype::fp32, dtype::fp32, rng, true);
  decode_mutations(
      mla, 2, [](const decode_params& p) { mla_decode(p); }, 2000);
}

TEST_CASE("prefill, paged extend and cross attention run or refuse every mutation of a valid problem") {
  std::mt19937 rng(8);
  kt::ragged_problem t(4, 2, 64, {{5, 9}, {3, 3}}, dtype::fp32, rng);
  for (kt::buffer* b : {&t.q, &t.k, &t.v}) fill_finite(*b);
  prefill_mutations(
      t, false, 3, [](const prefill_params& p) { prefill(p); }, 3000);
  prefill_mutations(
      t, false, 4, [](const prefill_params& p) { cross_attention(p); }, 2000);
  kt::paged_kv cache(t, 4, kv_layout::hnd);
  fill_finite(cache.k);
  fill_finite(cache.v);
  prefill_mutations(
      t, true, 5, [](const prefill_params& p) { prefill(p); }, 3000);
}
