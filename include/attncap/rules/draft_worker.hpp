// SPDX-License-Identifier: MIT
/// @file
/// The attention backend a draft worker builds for its draft model. DSPARK's worker asks for one
/// when its draft is not a DeepSeek V4 (whose MoE draft runs `dsv4`): the draft backend given,
/// else the prefill backend, and one the draft worker cannot run falls back, with a warning, to
/// the platform's (sglang 0.5.23 speculative/draft_worker_common.py:32-62, from
/// speculative/dspark_components/dspark_worker_v2.py:199-240). The launch's arguments keep their
/// value: only the worker uses the backend it resolves.
#pragma once

#include <array>
#include <attncap/backends/all.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/detail/static_text.hpp>
#include <attncap/runtime/resolution.hpp>

namespace attncap::rules::draft_worker {

/// The backends a draft worker runs, in the engine's order (its DRAFT_ATTENTION_BACKEND_CHOICES):
/// the built-in backends that declare the draft phase, as the check below holds.
inline constexpr std::array backends{id::flashinfer, id::fa3,        id::fa4,      id::triton,
                                     id::ascend,     id::trtllm_mha, id::intel_xpu};

/// Whether a draft worker runs backend `b`.
constexpr bool runs(backend_id b) noexcept {
  for (backend_id l : backends)
    if (l == b) return true;
  return false;
}
/// The backend a draft worker falls back to: FlashInfer is CUDA-only, so Triton on XPU and ROCm.
constexpr backend_id platform_fallback(const platform& hw) noexcept {
  return hw.is_xpu() || hw.is_hip() ? id::triton : id::flashinfer;
}

namespace detail {
constexpr bool list_is_declared() noexcept {
  for (std::size_t i = 0; i < builtin_registry::size; ++i)
    if (builtin_registry::caps[i].phases.contains(phase::draft) != runs(static_cast<backend_id>(i))) return false;
  return true;
}
static_assert(list_is_declared(), "attncap: the draft worker's list must be the backends that declare the draft phase");

constexpr void write_fallback_warning(::attncap::detail::text_sink& sink) noexcept {
  sink.put("DSPARK draft worker only supports attention_backend in ");
  ::attncap::detail::list_writer<::attncap::detail::list_style::python> list{sink};
  list.open();
  for (backend_id b : backends) list.item(builtin_registry::names[static_cast<std::size_t>(b)]);
  list.close();
  sink.put(
      " for now, but got {speculative_draft_attention_backend!r}. Falling back to "
      "'{new_speculative_draft_attention_backend}'.");
}
}  // namespace detail

/// DSPARK's draft asks for a backend its worker does not run: the platform's instead (Triton on
/// XPU and ROCm, else FlashInfer). Before and after name the backend asked for and the one built.
struct dspark_fallback {
  static constexpr rewrite_info info{"draft_worker.dspark_fallback", field::speculative_draft_attention_backend,
                                     ::attncap::detail::static_text<&detail::write_fallback_warning>::value};
};

/// The backend the draft model's runner builds for the launch of `r` (none where it builds none
/// of its own), recording DSPARK's fallback.
template <class Registry>
constexpr backend_id backend_of(resolution<Registry>& r) {
  const launch_config& c = r.cfg;
  if (c.speculative_algorithm != speculative_algorithm::dspark) return c.speculative_draft_attention_backend;
  if (c.speculative_draft_model_path && c.deepseek_v4_draft) return id::dsv4;
  launch_config asked = c;
  if (!is_set(asked.speculative_draft_attention_backend))
    asked.speculative_draft_attention_backend = c.prefill_backend();
  const backend_id b = asked.speculative_draft_attention_backend;
  if (!is_set(b)) return platform_fallback(r.hw);
  if (runs(b)) return b;
  launch_config built = asked;
  built.speculative_draft_attention_backend = platform_fallback(r.hw);
  r.rep.add(dspark_fallback::info, asked, built);
  return built.speculative_draft_attention_backend;
}

}  // namespace attncap::rules::draft_worker
