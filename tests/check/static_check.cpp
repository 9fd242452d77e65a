// SPDX-License-Identifier: MIT
// Compile-time and run-time verdicts agree: a sweep of configurations validated in a constant
// expression and again at run time, and static_config types checked against validate().
#include <doctest/doctest.h>

#include <array>
#include <attncap/check/static_check.hpp>
#include <boost/mp11/algorithm.hpp>
#include <type_traits>
#include <utility>

using namespace attncap;

namespace {
constexpr std::array archs{model_arch::gqa, model_arch::mla};
constexpr std::array targets{hardware::sm80,   hardware::sm90, hardware::sm100, hardware::sm120,
                             hardware::gfx942, hardware::npu,  hardware::cpu};
constexpr std::size_t sweep_size = builtin_registry::size * archs.size() * targets.size() * 2;

constexpr launch_config sweep_config(std::size_t i) {
  launch_config c;
  c.attention_backend = static_cast<backend_id>(i % builtin_registry::size);
  i /= builtin_registry::size;
  c.model_arch = archs[i % archs.size()];
  i /= archs.size();
  c.hardware = targets[i % targets.size()];
  i /= targets.size();
  if (i % 2 == 1) {
    c.speculative_algorithm = speculative_algorithm::eagle;
    c.speculative_eagle_topk = 1;
    c.speculative_num_steps = 3;
  }
  return c;
}

struct verdict {
  bool accepted = false;
  const rule_info* first = nullptr;
  std::size_t errors = 0;
  backend_id resolved = backend_id::none;
  std::int32_t page_size = 0;
  constexpr bool operator==(const verdict&) const = default;
};

constexpr verdict summarize(const report& r) {
  return {r.accepted(), r.first_error() ? r.first_error()->rule : nullptr, r.errors().size(),
          r.resolved().attention_backend, r.resolved().page_size};
}

// Evaluated by the compiler, a chunk of the sweep a constant expression: clang bounds the steps
// of each (-fconstexpr-steps, 2^20 by default) and one validate() takes some 20,000-25,000.
constexpr std::size_t chunk = 8;
template <std::size_t C>
constexpr auto compile_time_chunk = [] {
  std::array<verdict, chunk> out{};
  for (std::size_t i = 0; i < chunk && C * chunk + i < sweep_size; ++i)
    out[i] = summarize(validate(sweep_config(C * chunk + i)));
  return out;
}();

// compile_time[i / chunk][i % chunk]: sweep configuration i's verdict.
constexpr auto compile_time = []<std::size_t... C>(std::index_sequence<C...>) {
  return std::array{compile_time_chunk<C>...};
}
(std::make_index_sequence<(sweep_size + chunk - 1) / chunk>{});
}  // namespace

TEST_CASE("validate() gives the same verdict in a constant expression and at run time") {
  std::size_t rejected = 0;
  for (std::size_t i = 0; i < sweep_size; ++i) {
    const launch_config c = sweep_config(i);
    const verdict run_time = summarize(validate(c));
    CAPTURE(i);
    CHECK(run_time == compile_time[i / chunk][i % chunk]);
    rejected += run_time.accepted ? 0 : 1;
  }
  // The sweep must exercise both outcomes, or it proves nothing.
  CHECK(rejected > sweep_size / 10);
  CHECK(rejected < sweep_size);
}

namespace {
namespace mp = boost::mp11;
template <model_arch A>
using arch_c = std::integral_constant<model_arch, A>;
template <hardware H>
using hw_c = std::integral_constant<hardware, H>;
// Static configurations over a product of backend types, architectures and hardware.
using static_sweep =
    mp::mp_product<mp::mp_list,
                   mp::mp_list<backends::hpc_ops, backends::trtllm_mla, backends::trtllm_mha, backends::triton,
                               backends::fa3, backends::flashinfer, backends::cutedsl_mla, backends::flashmla>,
                   mp::mp_list<arch_c<model_arch::gqa>, arch_c<model_arch::mla>>,
                   mp::mp_list<hw_c<hardware::sm80>, hw_c<hardware::sm90>, hw_c<hardware::sm100>>>;
}  // namespace

TEST_CASE("static_config types and validate() agree") {
  std::size_t n = 0;
  mp::mp_for_each<static_sweep>([&]<class B, class A, class H>(mp::mp_list<B, A, H>) {
    using config = static_config<cfg::backend<B>, cfg::arch<A::value>, cfg::on<H::value>>;
    launch_config c;
    c.attention_backend = builtin_id<B>;
    c.model_arch = A::value;
    c.hardware = H::value;
    const report r = validate(c);
    CHECK(accepted_v<config> == r.accepted());
    CHECK(summarize(static_report_v<config>) == summarize(r));
    ++n;
  });
  CHECK(n == 8 * 2 * 3);
}
