// SPDX-License-Identifier: MIT
// The configuration schema: keys, their spellings and kinds, the launch_config members they
// name, and the constant-expression lookups rules use.
#include <doctest/doctest.h>

#include <attncap/vocabulary/launch_config.hpp>
#include <string>

using namespace attncap;

static_assert(enum_count<field>() == 104 && field_schema.size() == 104);
static_assert(to_string(field::speculative_ngram_max_bfs_breadth) == "speculative_ngram_max_bfs_breadth");
static_assert(from_string<field>("page_size") == field::page_size);
static_assert(is_field_name("disable_cuda_graph") && !is_field_name("prefill_backend") && !is_field_name(""));
static_assert(is_input(field::disable_radix_cache) && !is_input(field::enable_multi_layer_eagle) &&
              is_input(field::model));
static_assert(schema_of(field::chunked_prefill_size).lo == -1 && ::attncap::unset < -1);
static_assert(schema_of(field::cuda).kind == field_kind::version);
static_assert(schema_of(field::sliding_window).lo == -1 && schema_of(field::page_size).hi == 1 << 30);
static_assert(schema_of(field::logit_cap).kind == field_kind::real);

// Attention DP in either spelling: --attn-dp-size, or --dp-size under --enable-dp-attention where
// no attention DP size is given (then --dp-size stays replicas).
static_assert([] {
  launch_config deprecated, current, both, replicas;
  deprecated.enable_dp_attention = true;
  deprecated.dp_size = 4;
  deprecated.tp_size = current.tp_size = replicas.tp_size = 8;
  current.attn_dp_size = 4;
  both = deprecated;
  both.attn_dp_size = 2;
  replicas.dp_size = 4;
  return deprecated.attn_dp_groups() == 4 && deprecated.dp_replicas() == 1 && deprecated.head_ranks() == 2 &&
         current.attn_dp_groups() == 4 && current.dp_replicas() == 1 && current.attn_tp_size() == 2 &&
         current.attn_dp_enabled() && both.attn_dp_groups() == 2 && both.dp_replicas() == 4 &&
         !replicas.attn_dp_enabled() && replicas.dp_replicas() == 4 && replicas.head_ranks() == 8;
}());

// Visiting reaches the member the key names, in constant expressions too.
static_assert([] {
  launch_config c;
  visit_field(c, field::page_size, []<class T>(T& v, auto key) {
    if constexpr (decltype(key)::kind == field_kind::integer) v = 64;
  });
  return c.page_size;
}() == 64);

TEST_CASE("each key is its own entry, spelled as its member, in field order") {
  for (std::size_t i = 0; i < field_schema.size(); ++i) {
    const field_info& info = field_schema[i];
    CAPTURE(info.name);
    CHECK(static_cast<std::size_t>(info.key) == i);
    CHECK(to_string(info.key) == info.name);
    CHECK(!info.doc.empty());
    CHECK((info.kind == field_kind::integer) == (info.lo != 0 || info.hi != 0));
  }
}

TEST_CASE("the defaults are the engine's") {
  const launch_config c;
  CHECK(c.attention_backend == backend_id::none);
  CHECK(c.page_size == unset);
  CHECK(c.kv_cache_dtype == kv_cache_dtype::auto_);
  CHECK(c.speculative_algorithm == speculative_algorithm::none);
  CHECK(c.tp_size == 1);
  CHECK(c.attn_cp_size == 1);
  CHECK(c.hardware == hardware::sm90);
  CHECK(c.model_arch == model_arch::mha);
  CHECK(c.model == model_family::other);
  CHECK(c.logit_cap == 0.0);
  CHECK(!c.disable_cuda_graph);
}

TEST_CASE("a sliding window is a size of 0 or more, unset and -1 are full attention") {
  launch_config c;
  CHECK_FALSE(c.has_sliding_window());
  c.sliding_window = -1;
  CHECK_FALSE(c.has_sliding_window());
  c.sliding_window = 0;
  CHECK(c.has_sliding_window());
  c.sliding_window = 4096;
  CHECK(c.has_sliding_window());
}

TEST_CASE("a mutable visit writes the member, a const visit reads it") {
  launch_config c;
  for (const auto& info : field_schema) {
    if (info.kind != field_kind::flag) continue;
    visit_field(c, info.key, [](auto& v, auto key) {
      if constexpr (decltype(key)::kind == field_kind::flag) v = true;
    });
    const launch_config& view = c;
    CHECK(visit_field(view, info.key, [](const auto& v, auto key) {
      if constexpr (decltype(key)::kind == field_kind::flag)
        return v;
      else
        return false;
    }));
  }
  CHECK(c.enable_mis);
  CHECK(c.disable_radix_cache);
  CHECK(c.asymmetric_kv);
}
