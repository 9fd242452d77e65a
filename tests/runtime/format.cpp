// SPDX-License-Identifier: MIT
// Placeholders are filled the way the engine's Python formats values.
#include <doctest/doctest.h>

#include <attncap/backends/all.hpp>
#include <attncap/runtime/format.hpp>

using namespace attncap;

namespace {
const backend_names names{builtin_registry::names};
}

TEST_CASE("unset values print as None, booleans as True/False, names with repr quotes") {
  launch_config c;
  c.attention_backend = id::hpc_ops;
  CHECK(format_message("from {page_size} to 64", c, backend_id::none, names) == "from None to 64");
  c.page_size = 16;
  CHECK(format_message("from {page_size} to 64", c, backend_id::none, names) == "from 16 to 64");
  CHECK(format_message("got {attention_backend!r}.", c, backend_id::none, names) == "got 'hpc_ops'.");
  CHECK(format_message("got {attention_backend}.", c, backend_id::none, names) == "got hpc_ops.");
  CHECK(format_message("{prefill_backend!r}", launch_config{}, backend_id::none, names) == "None");
  CHECK(format_value(c, field::enable_mis, names) == "False");
  CHECK(format_message("x {not_a_key} y", c, backend_id::none, names) == "x {not_a_key} y");
}

TEST_CASE("engine-specific keys") {
  launch_config c;
  c.hardware = hardware::sm100;
  c.num_q_heads_per_rank = 32;
  c.num_kv_heads_per_rank = 4;
  c.kv_cache_dtype = kv_cache_dtype::fp8_e5m2;
  CHECK(format_message("{sm}", c, backend_id::none, names) == "sm100");
  CHECK(format_message("SM{sm_major}", c, backend_id::none, names) == "SM10");
  CHECK(format_message("{tp_kv_heads}", c, backend_id::none, names) == "4");
  // The model's KV heads over every tensor-parallel rank, when the model's count is known.
  launch_config split = c;
  split.tp_size = 4;
  split.num_kv_heads = 8;
  CHECK(format_message("{tp_kv_heads}", split, backend_id::none, names) == "2");
  split.num_kv_heads = 2;
  CHECK(format_message("{tp_kv_heads}", split, backend_id::none, names) == "1");
  CHECK(format_message("{torch_kv_dtype}", c, backend_id::none, names) == "torch.float8_e5m2");
  c.kv_cache_dtype = kv_cache_dtype::auto_;
  c.dtype = model_dtype::float16;
  CHECK(format_message("{torch_kv_dtype}", c, backend_id::none, names) == "torch.float16");
  CHECK(format_message("{subject}", c, id::triton, names) == "triton");
  launch_config after = c;
  after.page_size = 128;
  CHECK(format_message("{page_size} -> {new_page_size}", c, backend_id::none, names, &after) == "None -> 128");
}

TEST_CASE("the device string and the platform class, as the engine prints them") {
  launch_config c;
  c.hardware = hardware::gfx942;  // ROCm's device string is "cuda"
  CHECK(format_message("{platform_class} on {device!r}", c, backend_id::none, names) == "RocmSRTPlatform on 'cuda'");
  c.hardware = hardware::cpu_amx;
  CHECK(format_message("{platform_class} on {device!r}", c, backend_id::none, names) == "CpuSRTPlatform on 'cpu'");
  c.hardware = hardware::sm90;
  CHECK(format_message("{platform_class} on {device}", c, backend_id::none, names) == "CudaSRTPlatform on cuda");
  c.hardware = hardware::npu;
  CHECK(format_message("{platform_class} on {device!r}", c, backend_id::none, names) == "NPUSRTPlatform on 'npu'");
}

TEST_CASE("floats print as Python's repr") {
  launch_config c;
  c.softmax_scale = 0.125;
  CHECK(format_value(c, field::softmax_scale, names) == "0.125");
  c.logit_cap = 30;
  CHECK(format_value(c, field::logit_cap, names) == "30.0");
  c.cuda = 1204;
  CHECK(format_value(c, field::cuda, names) == "12.4");
}

TEST_CASE("{architecture} is the class the caller names, else the family's first class") {
  launch_config c{};
  CHECK(format_message("{architecture}", c, backend_id::none, names) == "the model");
  CHECK(format_message("{architecture!r}", c, backend_id::none, names, nullptr, "MistralForCausalLM") ==
        "'MistralForCausalLM'");
  c.model = model_family::hyv4;
  CHECK(format_message("{architecture}", c, backend_id::none, names) == "HYV4ForCausalLM");
  CHECK(format_message("{architecture}", c, backend_id::none, names, nullptr, "HYV4ForCausalLMNextN") ==
        "HYV4ForCausalLMNextN");
}
