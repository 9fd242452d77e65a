// SPDX-License-Identifier: MIT
// The sglang launch-line parser (arity, `=` values, prefixes, argparse's errors), the machine
// detection over probe outputs, and how a launch line, flags and a model folder combine.
#include <doctest/doctest.h>

#include "launch_input.hpp"

using namespace attncap;
using namespace attncap::cli;

namespace {
std::string error_of(const std::vector<std::string>& args) {
  try {
    parse_launch_line(args);
  } catch (const input_error& e) {
    return e.what();
  }
  return "<accepted>";
}
}  // namespace

TEST_CASE("the flag table is sglang's: spellings, destinations, arities") {
  const auto find = [](std::string_view dest) {
    for (const auto& f : sglang_flags)
      if (f.dest == dest) return &f;
    return static_cast<const sglang_flag*>(nullptr);
  };
  REQUIRE(find("attention_backend") != nullptr);
  CHECK(find("attention_backend")->choices.find("hpc_ops") != std::string_view::npos);
  CHECK(find("tp_size")->options == "--tp-size --tensor-parallel-size");
  CHECK(find("trust_remote_code")->arity == flag_arity::none);
  CHECK(find("page_size")->type == flag_type::integer);
  CHECK(std::size(sglang_flags) > 500);
}

TEST_CASE("values as `--flag v` and `--flag=v`, store-true flags, launchers stripped") {
  const auto line = parse_launch_line({"python3", "-m", "sglang.launch_server", "--model-path=/m", "--tp", "2",
                                       "--trust-remote-code", "--page-size", "16", "--page-size", "32"});
  REQUIRE(line.flags.size() == 5);
  CHECK(line.flags[0].spelling == "--model-path");
  CHECK(line.flags[0].values == std::vector<std::string>{"/m"});
  CHECK(line.flags[1].spelling == "--tp-size");  // a unique prefix
  CHECK(line.flags[2].values.empty());
  CHECK(line.last("page_size")->values.back() == "32");
  CHECK(parse_launch_line({"sglang", "serve", "--port", "-1"}).last("port")->values.back() == "-1");
  CHECK(parse_launch_line({"sglang", "serve", "--model-type", "llm", "--port=1", "--model-type=x"}).flags.size() == 1);
  CHECK(error_of({"--model-type", "llm"}).find("unrecognized arguments: --model-type llm") != std::string::npos);
  CHECK(parse_launch_line({"--lora-paths", "a", "b", "--port", "1"}).last("lora_paths")->values.size() == 2);
}

TEST_CASE("argparse's errors") {
  CHECK(error_of({"--hots", "x"}) ==
        "sglang serve: error: unrecognized arguments: --hots x (nearest known flag to --hots: --host)");
  CHECK(error_of({"stray"}) == "sglang serve: error: unrecognized arguments: stray");
  CHECK(error_of({"--port", "abc"}) == "sglang serve: error: argument --port: invalid int value: 'abc'");
  CHECK(error_of({"--page-size"}) == "sglang serve: error: argument --page-size: expected one argument");
  CHECK(error_of({"--trust-remote-code=yes"}) ==
        "sglang serve: error: argument --trust-remote-code: ignored explicit argument 'yes'");
  CHECK(error_of({"--tp-size", "x"}) ==
        "sglang serve: error: argument --tp-size/--tensor-parallel-size: invalid int value: 'x'");
  CHECK(error_of({"--spec"}).rfind("sglang serve: error: ambiguous option: --spec could match --speculative-", 0) == 0);
  CHECK(error_of({"--lora-paths"}) == "<accepted>");  // nargs '*'
}

TEST_CASE("numbers as Python's int() and float() read them") {
  const auto port = [](std::string v) { return error_of({"--port", std::move(v)}); };
  const auto fraction = [](std::string v) { return error_of({"--mem-fraction-static", std::move(v)}); };
  for (const char* ok : {"8", "08", "+8", "-8", "0_8", "1_000", " 8\t", "-0"}) {
    CAPTURE(ok);
    CHECK(port(ok) == "<accepted>");
  }
  for (const char* bad : {"1__0", "_1", "1_", "0x10", "8.0", "1e3", "+-8", "", " ", "8 8"}) {
    CAPTURE(bad);
    CHECK(port(bad) == "sglang serve: error: argument --port: invalid int value: '" + std::string(bad) + "'");
  }
  for (const char* ok : {".5", "5.", "0.5", "1_0.5e-1_0", "1E5", "+.5e+3", " -Inf ", "nan", "infinity", "1_0"}) {
    CAPTURE(ok);
    CHECK(fraction(ok) == "<accepted>");
  }
  for (const char* bad : {"1_.5", "1._5", "1.5_", ".", "e5", "1e", "1e+", "0x1p3", "in f", "infin", "1,5"}) {
    CAPTURE(bad);
    CHECK(fraction(bad) ==
          "sglang serve: error: argument --mem-fraction-static: invalid float value: '" + std::string(bad) + "'");
  }
}

TEST_CASE("machine detection from probe outputs") {
  auto m = detect_machine({"9.0\n", "| NVIDIA-SMI 550.54  Driver Version: 550.54  CUDA Version: 12.4 |", "", "", ""});
  CHECK(m.gpu);
  CHECK(m.target == hardware::sm90);
  CHECK(m.cuda == 1204);
  m = detect_machine({"", "", "gfx000\ngfx942\n", "", ""});
  CHECK(m.target == hardware::gfx942);
  CHECK_FALSE(m.cuda);
  m = detect_machine({"", "", "", "flags : fpu avx2 amx_bf16 amx_tile ", "x86_64\n"});
  CHECK_FALSE(m.gpu);
  CHECK(m.target == hardware::cpu_amx);
  CHECK(detect_machine({"", "", "", "flags : fpu avx2 ", ""}).target == hardware::cpu);
  m = detect_machine({"", "", "", "", "aarch64\n"});
  CHECK(m.target == hardware::cpu_arm64);
  CHECK(m.evidence == "no GPU found; uname -m: aarch64");
  CHECK(detect_machine({"", "", "", "flags : fpu avx2 ", "x86_64\n"}).target == hardware::cpu);
  CHECK(detect_machine({"7.5\n", "", "", "", ""}).target ==
        hardware::cpu);  // no such target: not a GPU of the engine's
}

TEST_CASE("flags and the launch line combine, a disagreement is an error, facts override config.json") {
  const std::string llama = std::string(ATTNCAP_TEST_DATA_DIR) + "/models/llama-3.1-8b-instruct";
  given_input g;
  g.flags["hardware"] = "sm90";
  g.launch =
      std::vector<std::string>{"--model-path", llama, "--tp-size", "4", "--host", "h", "--attention-backend", "triton"};
  auto in = assemble_input(g);
  CHECK(in.config.attention_backend == id::triton);
  CHECK(in.config.num_q_heads_per_rank == 8);
  CHECK(in.sources.at("head_dim").origin == "config.json");
  CHECK(in.sources.at("tp_size").origin == "launch_line");
  CHECK(in.ignored == std::vector<std::string>{"--host"});
  g.flags["head_dim"] = 64;
  in = assemble_input(g);
  CHECK(in.config.head_dim == 64);
  CHECK(in.sources.at("head_dim").origin == "flag");
  g.flags["attention_backend"] = "fa3";
  CHECK_THROWS_WITH_AS(assemble_input(g), doctest::Contains("attention_backend: --attention-backend fa3 before '--'"),
                       input_error);
}

TEST_CASE("hardware: auto detects, a GPU here is the default, given hardware wins") {
  const auto gpu = [] { return machine_probe{"10.0", "CUDA Version: 12.8", "", "", ""}; };
  const auto none = [] { return machine_probe{}; };
  given_input g;
  auto in = assemble_input(g, gpu);
  CHECK(in.config.hardware == hardware::sm100);
  CHECK(in.config.cuda == 1208);
  CHECK(in.sources.at("hardware").origin == "machine");
  CHECK_FALSE(assemble_input(g, none).sources.contains("hardware"));
  g.flags["hardware"] = "auto";
  CHECK(assemble_input(g, none).config.hardware == hardware::cpu);
  g.flags["hardware"] = "sm90";
  in = assemble_input(g, gpu);
  CHECK(in.config.hardware == hardware::sm90);
  CHECK(in.machine.empty());
}

TEST_CASE("data-parallel attention divides the ranks heads are split over") {
  const std::string llama = std::string(ATTNCAP_TEST_DATA_DIR) + "/models/llama-3.1-8b-instruct";
  given_input g;
  g.flags["hardware"] = "sm90";
  g.launch = std::vector<std::string>{"--model-path", llama, "--tp-size", "8", "--attn-dp-size", "2"};
  auto in = assemble_input(g);
  CHECK(in.config.num_q_heads_per_rank == 8);
  CHECK(in.config.num_kv_heads_per_rank == 2);
  CHECK(in.config.attn_dp_size == 2);
  CHECK(in.ignored.empty());
  // A given attention DP size keeps --dp-size as replicas: the heads split over 8 / 2 ranks (not
  // 8 / 4), and the checks refuse replicas beside the groups.
  g.launch = std::vector<std::string>{
      "--model-path", llama, "--tp", "8", "--attn-dp-size", "2", "--dp-size", "4", "--enable-dp-attention"};
  in = assemble_input(g);
  CHECK(in.config.num_q_heads_per_rank == 8);
  CHECK(validate(in.config).violates(rules::server_args::attn_dp_with_replicas::info));
  g.launch = std::vector<std::string>{"--model-path", llama, "--tp", "8", "--dp-size", "2", "--enable-dp-attention"};
  in = assemble_input(g);
  CHECK(in.config.num_q_heads_per_rank == 8);
  CHECK(in.config.enable_dp_attention);
  g.launch = std::vector<std::string>{"--model-path", llama, "--tp", "8", "--dp-size", "2"};
  CHECK(assemble_input(g).config.num_q_heads_per_rank == 4);
}

TEST_CASE("a launch line's environment: the server's SGLANG_* variables as keys, read as the engine reads them") {
  const auto line = parse_launch_line(
      {"env", "SGLANG_RAGGED_VERIFY_MODE=compact", "CUDA_VISIBLE_DEVICES=0,1", "sglang", "serve", "--tp-size", "2"});
  REQUIRE(line.environment.size() == 2);
  CHECK(line.environment[0].name == "SGLANG_RAGGED_VERIFY_MODE");
  CHECK(line.environment[1].value == "0,1");
  REQUIRE(line.flags.size() == 1);
  CHECK(line.flags[0].spelling == "--tp-size");
  // Only leading assignments are the environment; one among the flags is an unknown argument.
  CHECK(error_of({"--tp-size", "2", "SGLANG_USE_MLX=1"}).find("unrecognized arguments: SGLANG_USE_MLX=1") !=
        std::string::npos);

  given_input g;
  g.flags["hardware"] = "gfx942";
  g.launch = std::vector<std::string>{"SGLANG_MINICPM_FORCE_DENSE=Yes",
                                      "SGLANG_AITER_KV_CACHE_LAYOUT=Vectorized_5D",
                                      "SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR=0.5",
                                      "SGLANG_ENABLE_DP_SPEC_PREFILL_COORDINATION=0",
                                      "HIP_VISIBLE_DEVICES=0",
                                      "sglang",
                                      "serve"};
  auto in = assemble_input(g);
  CHECK(in.config.sglang_minicpm_force_dense);
  CHECK(in.config.sglang_aiter_kv_cache_layout == aiter_kv_cache_layout::vectorized_5d);
  CHECK(in.config.sglang_skip_softmax_prefill_threshold_scale_factor == 0.5);
  CHECK_FALSE(in.config.sglang_enable_dp_spec_prefill_coordination);
  CHECK(in.sources.at("sglang_minicpm_force_dense").detail == "SGLANG_MINICPM_FORCE_DENSE=Yes");
  CHECK(in.ignored == std::vector<std::string>{"HIP_VISIBLE_DEVICES"});

  // The engine reads its numeric variables with Python's float().
  for (const auto& number : {std::pair{"+0.5", 0.5}, {" 0.5", 0.5}, {"0_0.5e0_1", 5.0}, {".5e1", 5.0}}) {
    CAPTURE(number.first);
    g.launch = std::vector<std::string>{std::string("SGLANG_SIMULATE_ACC_LEN=") + number.first, "sglang", "serve"};
    CHECK(assemble_input(g).config.sglang_simulate_acc_len == number.second);
  }
  g.launch = std::vector<std::string>{"SGLANG_MINICPM_FUSE_TOPK=maybe", "sglang", "serve"};
  CHECK_THROWS_WITH_AS(assemble_input(g),
                       doctest::Contains("SGLANG_MINICPM_FUSE_TOPK=maybe in the launch line: not a "
                                         "boolean; accepted (any case): true, 1, yes"),
                       input_error);
  // The ragged-verify mode is matched exactly, as the engine does.
  g.launch = std::vector<std::string>{"SGLANG_RAGGED_VERIFY_MODE=Compact", "sglang", "serve"};
  CHECK_THROWS_WITH_AS(assemble_input(g), doctest::Contains("static, cap-accept, compact"), input_error);
  // A key given before '--' and a variable that disagrees with it.
  g.flags["sglang_ragged_verify_mode"] = "static";
  g.launch = std::vector<std::string>{"SGLANG_RAGGED_VERIFY_MODE=compact", "sglang", "serve"};
  CHECK_THROWS_WITH_AS(assemble_input(g), doctest::Contains("SGLANG_RAGGED_VERIFY_MODE=compact in the launch line"),
                       input_error);
}
