// SPDX-License-Identifier: MIT
// Message placeholders are checked when a rule is declared.
#include <doctest/doctest.h>

#include <attncap/capabilities/message_keys.hpp>

using attncap::placeholders_known;

static_assert(placeholders_known("no placeholder"));
static_assert(placeholders_known("got {page_size}, {attention_backend!r}, {new_kv_cache_dtype}"));
static_assert(placeholders_known("{prefill_backend} / {decode_backend} on {sm} ({tp_kv_heads}, {allowed})"));
static_assert(placeholders_known("page_size in {{32, 64}}, got {page_size}"));

TEST_CASE("an unknown key, a stray brace or an unclosed placeholder is refused") {
  CHECK_FALSE(placeholders_known("got {page_sise}"));
  CHECK_FALSE(placeholders_known("got {page_size!s}"));
  CHECK_FALSE(placeholders_known("a set {32, 64}"));
  CHECK_FALSE(placeholders_known("unclosed {page_size"));
  CHECK_FALSE(placeholders_known("stray } brace"));
  CHECK_FALSE(placeholders_known("{new_}"));
}
