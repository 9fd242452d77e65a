// SPDX-License-Identifier: MIT
// The capability declarations and the rules cannot disagree: for every backend and every value
// of each capability-covered field, the declaration excludes the value exactly when a rule of
// that backend rejects it or a rewrite moves it.
#include <doctest/doctest.h>

#include <attncap/check/validate.hpp>
#include <string>
#include <vector>

using namespace attncap;

namespace {
using registry = builtin_registry;

template <class E>
E first_of(const enum_set<E>& s, E preferred) {
  if (s.contains(preferred)) return preferred;
  for (std::size_t i = 0; i < enum_count<E>(); ++i)
    if (s.contains(static_cast<E>(i))) return static_cast<E>(i);
  return preferred;
}

/// A launch the declaration of backend `b` admits: its first declared hardware, architecture,
/// KV dtype and page size, and the model traits and family it requires.
launch_config home(backend_id b) {
  const capabilities& k = registry::caps[static_cast<std::size_t>(b)];
  launch_config c;
  c.attention_backend = b;
  c.hardware = first_of(k.targets, hardware::sm90);
  c.model_arch = first_of(k.architectures, model_arch::gqa);
  c.kv_cache_dtype = first_of(k.kv_cache_dtypes, kv_cache_dtype::auto_);
  if (!k.pages.any) c.page_size = k.pages.values[0];
  if (!k.head_dims.any) c.head_dim = k.head_dims.values[0];
  c.encoder_decoder = k.required_traits.contains(model_trait::encoder_decoder);
  c.hybrid_gdn = k.required_traits.contains(model_trait::hybrid_gdn);
  c.dsa = k.required_traits.contains(model_trait::dsa);
  c.dual_chunk_attention = k.required_traits.contains(model_trait::dual_chunk_attention);
  c.minicpm_sparse = k.required_traits.contains(model_trait::minicpm_sparse);
  if (!(k.model_families == enum_set<model_family>::all())) c.model = first_of(k.model_families, model_family::other);
  return c;
}

/// True when validating `c` rejects backend `b` (a violated rule of `b`, about `f`, or about a
/// backend field that names `b`) or moves what `f` holds (a rewrite of `f`, or one that swaps
/// `b` out).
bool rejects_or_moves(const launch_config& c, backend_id b, field f) {
  const report rep = validate(c);
  const std::string prefix = std::string(registry::names[static_cast<std::size_t>(b)]) + ".";
  auto names_b = [&](field rf) {
    return (rf == field::attention_backend && c.attention_backend == b) ||
           (rf == field::prefill_attention_backend && c.prefill_backend() == b) ||
           (rf == field::decode_attention_backend && c.decode_backend() == b);
  };
  for (const auto& v : rep.errors())
    if (v.subject == b || v.rule->code.starts_with(prefix) || v.rule->field == f || names_b(v.rule->field)) return true;
  // A rewrite that logs but keeps the value (FlashMLA's page size 64) moves nothing.
  for (const auto& a : rep.adjustments())
    if ((a.rewrite->field == f &&
         format_value(a.before, f, registry::names) != format_value(a.after, f, registry::names)) ||
        (a.before.names(b) && !a.after.names(b)))
      return true;
  return false;
}

/// The backends that are not aliases, among those the engine's argparse accepts (a name it
/// rejects has no launch to hold a declaration to: every launch is argparse's rejection).
std::vector<backend_id> canonical_backends() {
  std::vector<backend_id> out;
  for (std::size_t i = 0; i < registry::size; ++i)
    if (registry::canonical[i] == static_cast<backend_id>(i) && registry::argparse_choices[i])
      out.push_back(static_cast<backend_id>(i));
  return out;
}

struct mismatches {
  std::vector<std::string> lines;
  void check(backend_id b, std::string_view what, bool excluded, bool rejected) {
    if (excluded == rejected) return;
    lines.push_back(std::string(registry::names[static_cast<std::size_t>(b)]) + " " + std::string(what) + ": " +
                    (excluded ? "declared unsupported, but accepted" : "declared supported, but rejected or moved"));
  }
  std::string text() const {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
  }
};

template <class E, class Set>
void sweep_enum(mismatches& m, backend_id b, const Set& declared, field f, E launch_config::*member) {
  for (std::size_t i = 0; i < enum_count<E>(); ++i) {
    const auto e = static_cast<E>(i);
    launch_config c = home(b);
    c.*member = e;
    m.check(b, to_string(e), !declared.contains(e), rejects_or_moves(c, b, f));
  }
}
}  // namespace

TEST_CASE("every backend's home launch is accepted") {
  std::string rejected;
  for (auto b : canonical_backends()) {
    const report rep = validate(home(b));
    if (!rep.accepted() || !rep.resolved().names(b))
      rejected += std::string(registry::names[static_cast<std::size_t>(b)]) + " ";
  }
  CHECK_MESSAGE(rejected.empty(), rejected);
}

TEST_CASE("architecture, hardware and KV dtype: declared exactly where no rule rejects") {
  mismatches m;
  for (auto b : canonical_backends()) {
    const capabilities& k = registry::caps[static_cast<std::size_t>(b)];
    sweep_enum(m, b, k.architectures, field::model_arch, &launch_config::model_arch);
    sweep_enum(m, b, k.targets, field::hardware, &launch_config::hardware);
    sweep_enum(m, b, k.kv_cache_dtypes, field::kv_cache_dtype, &launch_config::kv_cache_dtype);
  }
  CHECK_MESSAGE(m.lines.empty(), m.text());
}

TEST_CASE("page sizes: declared exactly where no rule rejects and no snap moves them") {
  mismatches m;
  for (auto b : canonical_backends()) {
    const capabilities& k = registry::caps[static_cast<std::size_t>(b)];
    for (int page : {1, 8, 16, 32, 64, 128, 256}) {
      launch_config c = home(b);
      c.page_size = page;
      m.check(b, "page " + std::to_string(page), !k.pages.contains(page), rejects_or_moves(c, b, field::page_size));
    }
  }
  CHECK_MESSAGE(m.lines.empty(), m.text());
}

TEST_CASE("phases: a backend serves prefill or decode exactly where it declares the phase") {
  mismatches m;
  for (auto b : canonical_backends()) {
    const capabilities& k = registry::caps[static_cast<std::size_t>(b)];
    for (auto p : {phase::prefill, phase::decode}) {
      // The phase's field names the backend; triton, which serves every phase, the other.
      launch_config c = home(b);
      c.attention_backend = id::triton;
      const bool prefill = p == phase::prefill;
      (prefill ? c.prefill_attention_backend : c.decode_attention_backend) = b;
      const field f = prefill ? field::prefill_attention_backend : field::decode_attention_backend;
      m.check(b, to_string(p), !k.phases.contains(p), rejects_or_moves(c, b, f));
    }
  }
  CHECK_MESSAGE(m.lines.empty(), m.text());
}

TEST_CASE("the draft phase: a DFLASH draft worker runs on a backend exactly where it declares the phase") {
  mismatches m;
  for (auto b : canonical_backends()) {
    // trtllm_mha is a draft backend, but DFLASH keeps it only for a checkpoint whose layers are
    // all sliding or that is declared causal, which a plain decoder config is not.
    if (b == id::trtllm_mha) continue;
    launch_config c = home(b);
    c.attention_backend = id::triton;
    c.speculative_algorithm = speculative_algorithm::dflash;
    c.speculative_draft_model_path = true;
    c.speculative_draft_attention_backend = b;
    const bool declared = registry::caps[static_cast<std::size_t>(b)].phases.contains(phase::draft);
    m.check(b, "draft", !declared, rejects_or_moves(c, b, field::speculative_draft_attention_backend));
  }
  CHECK_MESSAGE(m.lines.empty(), m.text());
}

TEST_CASE("EAGLE's draft backends: built on a backend exactly where it declares a builder") {
  mismatches m;
  for (auto b : canonical_backends()) {
    launch_config c = home(b);
    c.attention_backend = id::triton;
    c.speculative_algorithm = speculative_algorithm::eagle;
    c.speculative_eagle_topk = 1;
    c.speculative_num_steps = 3;
    c.speculative_num_draft_tokens = 4;
    c.speculative_draft_attention_backend = b;
    const bool declared = registry::caps[static_cast<std::size_t>(b)].eagle_draft == support::yes;
    const report rep = validate(c);
    const bool refused = rep.violates(rules::eagle_draft::decode_backend::info) ||
                         rep.violates(rules::eagle_draft::extend_backend::info);
    m.check(b, "eagle draft", !declared, refused);
  }
  CHECK_MESSAGE(m.lines.empty(), m.text());
}

TEST_CASE("speculative decoding: chain and tree drafts are declared exactly where no rule rejects") {
  mismatches m;
  for (auto b : canonical_backends()) {
    const capabilities& k = registry::caps[static_cast<std::size_t>(b)];
    for (int topk : {1, 4}) {
      launch_config c = home(b);
      c.speculative_algorithm = speculative_algorithm::eagle;
      c.speculative_eagle_topk = topk;
      c.speculative_num_steps = 3;
      c.speculative_num_draft_tokens = topk == 1 ? 4 : 8;
      // EAGLE's draft worker also builds its draft backends on it.
      const bool excluded = k.speculative == speculative_support::none || k.eagle_draft != support::yes ||
                            (topk > 1 && k.speculative != speculative_support::tree);
      m.check(b, topk == 1 ? "topk=1" : "topk>1", excluded, rejects_or_moves(c, b, field::speculative_algorithm));
    }
  }
  CHECK_MESSAGE(m.lines.empty(), m.text());
}
