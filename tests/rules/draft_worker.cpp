// SPDX-License-Identifier: MIT
// The draft worker's own backend (rules/draft_worker.hpp): DSPARK's fallback, its warning in the
// engine's words, the DeepSeek V4 draft that keeps dsv4, and the backend built for the draft.
#include <array>
#include <attncap/rules/draft_worker.hpp>

#include "rules/draft_worker_cases.hpp"

using namespace attncap;
using namespace attncap::test;

namespace {

bool adjusted(const report& rep) {
  for (const auto& a : rep.adjustments())
    if (a.rewrite == &dw::dspark_fallback::info) return true;
  return false;
}
}  // namespace

TEST_CASE("DSPARK's draft worker falls back from a backend it does not run") { check_rewrites(draft_worker_rewrites); }

TEST_CASE("the draft worker runs the backends that declare the draft phase, in the engine's order") {
  for (std::size_t i = 0; i < builtin_registry::size; ++i) {
    const auto b = static_cast<backend_id>(i);
    CAPTURE(builtin_registry::names[i]);
    CHECK(dw::runs(b) == builtin_registry::caps[i].phases.contains(phase::draft));
  }
  CHECK(dw::backends.front() == id::flashinfer);
  CHECK(dw::platform_fallback(platform{H::gfx950}) == id::triton);
  CHECK(dw::platform_fallback(platform{H::xpu}) == id::triton);
  CHECK(dw::platform_fallback(platform{H::sm90}) == id::flashinfer);
}

TEST_CASE("the backend the worker falls back to is the one built for the draft") {
  // Triton refuses cross attention where torch_native, which the worker cannot run, would not be asked.
  const conf whisper = on(H::gfx942).flag(&launch_config::encoder_decoder).backend(id::torch_native).spec(S::dspark);
  const report rep = validate(whisper);
  CHECK(adjusted(rep));
  CHECK(codes(rep).find("triton.cross_attention") != std::string::npos);
  // A DeepSeek V4 draft runs dsv4 and asks for nothing.
  const report v4 = validate(whisper.flag(&launch_config::deepseek_v4_draft));
  CHECK_FALSE(adjusted(v4));
  CHECK(codes(v4).find("triton.cross_attention") == std::string::npos);
}

TEST_CASE("only DSPARK's worker resolves a backend of its own, the launch keeps its arguments") {
  const conf mla = on(H::sm100).mla().backend(id::trtllm_mla);
  CHECK_FALSE(adjusted(validate(mla.spec(S::eagle))));
  CHECK_FALSE(adjusted(validate(mla.spec(S::dflash))));
  // A draft the checkpoint bundles (no draft path) is no DeepSeek V4 draft to the engine.
  CHECK(adjusted(validate(mla.spec(S::dspark)
                              .flag(&launch_config::speculative_draft_model_path, false)
                              .flag(&launch_config::dspark_draft_bundled)
                              .flag(&launch_config::deepseek_v4_draft))));
  CHECK(validate(mla.spec(S::dspark)).resolved().speculative_draft_attention_backend == backend_id::none);
}
