// SPDX-License-Identifier: MIT
// Launch lines in the form of sglang's documented examples over the model folders of
// tests/data/models (the config.json facts of real checkpoints), end to end through the CLI;
// and bad model folders, values and flag pairs, each an exit 2 naming what was wrong.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "run_cli.hpp"

using cli_test::run;

namespace {
const std::string models = std::string(ATTNCAP_TEST_DATA_DIR) + "/models/";

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

struct launch_case {
  const char* model;
  const char* hardware;
  const char* extra;
  int rc;
  const char* first;  ///< the first line of the text report
};

// clang-format off
const launch_case cases[] = {
    {"deepseek-v3", "sm90", "--attention-backend hpc_ops --host 0.0.0.0 --port 30000 --trust-remote-code", 1,
     "hpc_ops backend can only be used with non-MLA models."},
    {"whisper-large-v3", "sm90", "--attention-backend hpc_ops --host 0.0.0.0 --port 30000", 1,
     "Cross attention is not supported in the hpc_ops attention backend."},
    {"llama-3.1-8b-instruct", "sm90", "--attention-backend hpc_ops --speculative-algorithm EAGLE "
     "--speculative-eagle-topk 1 --speculative-num-steps 3 --speculative-num-draft-tokens 4", 1,
     "hpc_ops backend does not support speculative decoding for now."},
    {"llama-3.1-8b-instruct", "sm90", "--attention-backend hpc_ops --speculative-algorithm EAGLE "
     "--speculative-eagle-topk 4 --speculative-num-steps 3 --speculative-num-draft-tokens 4", 1,
     "speculative_eagle_topk > 1 with page_size > 1 is only supported on ('flashinfer', 'fa3', 'triton'); got "
     "attention_backend='hpc_ops'. Use page_size == 1 or one of those backends."},
    {"llama-3.1-8b-instruct", "sm90", "--attention-backend hpc_ops --tp 16", 1,
     "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got "
     "head_dim=128, num_q_heads=2, num_kv_heads=1."},
    {"mistral-7b-v0.1", "sm90", "--attention-backend hpc_ops", 1,
     "The hpc_ops attention backend does not support sliding window."},
    {"qwen2.5-7b-instruct", "sm90", "--attention-backend triton --tp-size 2", 0,
     "accepted: attention_backend=triton prefill=triton decode=triton page_size=1 kv_cache_dtype=auto"},
    {"gemma-2-9b-it", "sm90", "--attention-backend hpc_ops --dtype bfloat16", 1,
     "The hpc_ops attention backend requires head_dim == 128 and num_q_heads // num_kv_heads in (4, 8), got "
     "head_dim=256, num_q_heads=16, num_kv_heads=8."},
    {"qwen3-next-80b-a3b-instruct", "sm100", "--attention-backend flex_attention --tp 4", 1,
     "Only {'triton', 'trtllm_mha', 'fa4', 'flashinfer'} backends are supported on Blackwell GPUs for hybrid GDN "
     "models. Got prefill=flex_attention, decode=flex_attention."},
    {"gpt-oss-20b", "sm90", "--attention-backend hpc_ops --dtype bfloat16", 1,
     "GptOssForCausalLM requires one of ['triton', 'trtllm_mha', 'fa3', 'fa4', 'ascend', 'intel_amx', 'intel_xpu', "
     "'aiter'] attention backend, but got the following backends"},
    {"gpt-oss-20b", "sm90", "--attention-backend triton", 0,
     "accepted: attention_backend=triton prefill=triton decode=triton page_size=1 kv_cache_dtype=auto"},
    {"llama-4-scout-17b-16e-instruct", "sm90", "--attention-backend fa3 --tp-size 8", 0,
     "accepted: attention_backend=fa3 prefill=fa3 decode=fa3 page_size=1 kv_cache_dtype=auto"},
    {"flan-t5-base", "sm90", "--attention-backend triton", 0,
     "accepted: attention_backend=triton prefill=triton decode=triton page_size=1 kv_cache_dtype=auto"},
};
// clang-format on
}  // namespace

TEST_CASE("launch lines over real model folders") {
  for (const auto& c : cases) {
    const std::string what = std::string(c.model) + " " + c.extra;
    CAPTURE(what);
    const auto r = run(std::string("check --hardware ") + c.hardware +
                       " -- python -m sglang.launch_server --model-path " + models + c.model + " " + c.extra);
    CHECK(r.rc == c.rc);
    CHECK(first_line(r.out) == c.first);
    CHECK(r.err.empty());
  }
}

TEST_CASE("the JSON report lists ignored flags and where each fact came from") {
  const auto r = run("check --format json --hardware sm90 -- --model-path " + models +
                     "deepseek-v3 --attention-backend hpc_ops --host 0.0.0.0 --port 30000 --trust-remote-code --tp 8");
  REQUIRE(r.rc == 1);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["ignored"] == nlohmann::json({"--host", "--port", "--trust-remote-code"}));
  CHECK(j["facts"]["model_arch"]["value"] == "mla");
  CHECK(j["facts"]["model_arch"]["origin"] == "config.json");
  CHECK(j["facts"]["model"]["value"] == "DeepseekV3ForCausalLM");
  CHECK(j["facts"]["num_q_heads_per_rank"]["value"] == 16);
  CHECK(j["facts"]["hardware"]["origin"] == "flag");
  CHECK(j["facts"]["sliding_window"]["origin"] == "default");
  CHECK(j["resolved"]["tp_size"] == 8);
}

TEST_CASE("heads the ranks do not split are a note, in text and JSON") {
  const std::string launch = " --hardware sm90 -- --model-path " + models + "llama-3.1-8b-instruct --tp ";
  const std::string note =
      "config.json num_attention_heads (32) does not split evenly over 3 ranks (tp_size); most "
      "of the engine's model classes refuse this split when they load";
  const auto j = nlohmann::json::parse(run("check --format json" + launch + "3").out);
  CHECK(j["notes"] == nlohmann::json::array({note}));
  CHECK(run("check" + launch + "3").out.find("note: " + note + "\n") != std::string::npos);
  CHECK(nlohmann::json::parse(run("check --format json" + launch + "4").out)["notes"].empty());
  // Context-parallel attention leaves fewer attention ranks to split the heads over.
  const auto cp = nlohmann::json::parse(run("check --format json" + launch + "8 --attn-cp-size 2").out);
  CHECK(cp["facts"]["num_q_heads_per_rank"]["value"] == 8);
  CHECK(cp["facts"]["num_q_heads_per_rank"]["source"] == "config.json num_attention_heads / (tp_size / attn_cp_size)");
}

TEST_CASE("explicit fact flags override config.json, and --json-model-override-args edits it") {
  auto r = run("check --format json --hardware sm90 --model-arch gqa -- --model-path " + models + "deepseek-v3");
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["facts"]["model_arch"]["value"] == "gqa");
  CHECK(j["facts"]["model_arch"]["origin"] == "flag");
  r = run("check --format json --hardware sm90 -- --model-path " + models +
          "llama-3.1-8b-instruct --json-model-override-args '{\"num_key_value_heads\": 32}'");
  j = nlohmann::json::parse(r.out);
  CHECK(j["facts"]["model_arch"]["value"] == "mha");
  // An object for a text sub-config updates its keys; the others stay.
  r = run(
      "check --format json --hardware sm90 -- --model-path " + models +
      "llama-4-scout-17b-16e-instruct --json-model-override-args '{\"text_config\": {\"num_key_value_heads\": 40}}'");
  REQUIRE(r.rc != 2);
  j = nlohmann::json::parse(r.out);
  CHECK(j["facts"]["model_arch"]["value"] == "mha");
  CHECK(j["facts"]["head_dim"]["value"] == 128);
}

TEST_CASE("--hardware auto on a machine without a GPU is the CPU") {
  const auto r = run("check --format json --hardware auto -- --model-path " + models + "llama-3.1-8b-instruct");
  const auto j = nlohmann::json::parse(r.out);
  const std::string hw = j["facts"]["hardware"]["value"];
  CHECK((hw == "cpu" || hw == "cpu_amx"));
  CHECK(j["facts"]["hardware"]["origin"] == "machine");
  CHECK(j["facts"]["hardware"]["source"].get<std::string>().rfind("no GPU found", 0) == 0);
}

TEST_CASE("bad model folders, values and flag pairs are exit 2 naming what was wrong") {
  namespace fs = std::filesystem;
  const fs::path dir = cli_test::temp_path("model");
  fs::create_directories(dir);
  const auto check = [&](const std::string& launch, const std::string& message) {
    CAPTURE(launch);
    const auto r = run("check --hardware sm90 -- " + launch);
    CHECK(r.rc == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(message) != std::string::npos);
  };
  check("--model-path deepseek-ai/DeepSeek-V3", "not a local folder, and attncap works offline");
  check("--model-path " + dir.string(), "config.json: cannot read it");
  cli_test::write_file(dir / "config.json", "{\"architectures\": [");
  check("--model-path " + dir.string(), "config.json is not valid JSON");
  cli_test::write_file(dir / "config.json", "[1]");
  check("--model-path " + dir.string(), "config.json must hold a JSON object");
  cli_test::write_file(dir / "config.json", "{\"architectures\": [\"LlamaForCausalLM\"], \"hidden_size\": 4096}");
  check("--model-path " + dir.string(), "config.json: num_attention_heads: missing or not a positive integer");
  cli_test::write_file(dir / "config.json", "{\"hidden_size\": 4096}");
  check("--model-path " + dir.string(), "config.json: architectures: missing or empty");
  cli_test::write_file(dir / "config.json", "{\"architectures\": \"LlamaForCausalLM\"}");
  check("--model-path " + dir.string(),
        "config.json: architectures: not a list; the engine loads the class its first "
        "item names; accepted: a list of HF architecture classes such as [\"LlamaForCausalLM\"]");
  // 2^32 + 8 KV heads: refused, not wrapped to 8; 2^64 - 1 is no 64-bit integer.
  const std::string llama_keys = R"("architectures": ["LlamaForCausalLM"], "hidden_size": 4096, )";
  cli_test::write_file(dir / "config.json",
                       "{" + llama_keys + R"("num_attention_heads": 32, "num_key_value_heads": 4294967304})");
  check("--model-path " + dir.string(),
        "config.json: num_kv_heads_per_rank: 4294967304 (from config.json num_key_value_heads / tp_size) is out of "
        "range");
  cli_test::write_file(dir / "config.json", "{" + llama_keys + R"("num_attention_heads": 18446744073709551615})");
  check("--model-path " + dir.string(),
        "config.json: num_attention_heads: a whole number past the 64-bit integers is out of range");
  cli_test::write_file(dir / "config.json", "{" + llama_keys + R"("num_attention_heads": 32, "x": )" +
                                                std::string(40000, '[') + std::string(40000, ']') + "}");
  check("--model-path " + dir.string(), "config.json nests objects and arrays deeper than 64 levels");
  check("--model-path " + models + "llama-3.1-8b-instruct --json-model-override-args '{\"x\": " +
            std::string(40000, '[') + std::string(40000, ']') + "}'",
        "--json-model-override-args nests objects and arrays deeper than 64 levels");
  cli_test::write_file(dir / "config.json",
                       "{" + llama_keys + R"("num_attention_heads": 32, "torch_dtype": "float64"})");
  check("--model-path " + dir.string(),
        "config.json: dtype: \"float64\" (from config.json torch_dtype) is a torch "
        "dtype attncap does not model; accepted: float16 (half), bfloat16, float32 (float, cast down for serving)");
  CHECK(run("check --hardware sm90 --dtype bfloat16 -- --model-path " + dir.string()).rc == 0);
  cli_test::write_file(dir / "config.json", "{" + llama_keys + R"("num_attention_heads": 32, "torch_dtype": 16})");
  check("--model-path " + dir.string(), "config.json: dtype: 16 (from config.json torch_dtype) is not a dtype name");
  CHECK(run("check --hardware sm90 --dtype bfloat16 -- --model-path " + dir.string()).rc == 0);
  // An override's dtype is a string the engine maps itself (an unknown one is float32, cast down);
  // the file's own is still converted first.
  auto o = nlohmann::json::parse(run("check --format json --hardware sm90 -- --model-path " + dir.string() +
                                     R"( --json-model-override-args '{"torch_dtype": "fp16"}')")
                                     .out);
  CHECK(o["facts"]["dtype"]["value"] == "float16");
  CHECK(o["facts"]["dtype"]["source"] == "--json-model-override-args torch_dtype (float32 cast down for serving)");
  // A name torch lacks stops the engine before --dtype matters.
  cli_test::write_file(dir / "config.json", "{" + llama_keys + R"("num_attention_heads": 32, "torch_dtype": "fp16"})");
  check("--model-path " + dir.string() + " --dtype bfloat16", "config.json: torch_dtype: torch has no dtype \"fp16\"");
  check("--model-path " + dir.string() + R"( --json-model-override-args '{"torch_dtype": "bfloat16"}')",
        "config.json: torch_dtype: torch has no dtype \"fp16\"");
  // The engine reads config.json with Python's json: a key given twice takes its last value.
  cli_test::write_file(dir / "config.json",
                       "{" + llama_keys + R"("num_attention_heads": 8, "num_attention_heads": 32})");
  CHECK(nlohmann::json::parse(run("check --format json --hardware sm90 -- --model-path " + dir.string())
                                  .out)["facts"]["num_q_heads_per_rank"]["value"] == 32);
  // An explicit fact replaces the file's, also one the file states out of range.
  cli_test::write_file(dir / "config.json", "{" + llama_keys + R"("num_attention_heads": 32, "sliding_window": -5})");
  check("--model-path " + dir.string(), "sliding_window: -5 (from config.json sliding_window) is out of range");
  CHECK(run("check --hardware sm90 --sliding-window 4096 -- --model-path " + dir.string()).rc != 2);
  fs::create_directories(dir / "as_folder" / "config.json");
  check("--model-path " + (dir / "as_folder").string(), "config.json is a folder");
  check("--model-path " + models + "llama-3.1-8b-instruct --json-model-override-args '[1'",
        "--json-model-override-args is not valid JSON");
  check("--page-size x", "argument --page-size: invalid int value: 'x'");
  check("--page-size 0", "page_size: 0 is out of range");
  check("--config x.yaml", "sglang's YAML config file is not read");
  check("--attention-backend fa5", "argument --attention-backend: invalid choice: 'fa5' (choose from 'triton', ");
  check("--no-such-flag", "unrecognized arguments: --no-such-flag (nearest known flag to --no-such-flag:");
  const auto r = run("check --hardware sm90 --page-size 16 -- --page-size 32");
  CHECK(r.rc == 2);
  CHECK(r.err.find("page_size: --page-size 16 before '--' contradicts --page-size 32 in the launch line") !=
        std::string::npos);
  CHECK(run("explain fa3 -- --port 1").rc == 2);
  fs::remove_all(dir);
}

TEST_CASE("the draft model's class comes from its folder's config.json") {
  namespace fs = std::filesystem;
  const fs::path draft = cli_test::temp_path("draft");
  fs::create_directories(draft);
  const auto facts = [&](const std::string& cls) {
    cli_test::write_file(draft / "config.json", "{\"architectures\": [\"" + cls + "\"]}");
    const auto r = run("check --format json --hardware sm100 -- --model-path " + models +
                       "deepseek-v3 --speculative-algorithm DSPARK --speculative-draft-model-path " + draft.string());
    return nlohmann::json::parse(r.out)["facts"];
  };
  auto f = facts("DeepseekV4ForCausalLMDSpark");
  CHECK(f["deepseek_v4_draft"]["value"] == true);
  CHECK(f["deepseek_v4_draft"]["origin"] == "config.json");
  CHECK(f["gemma4_assistant_draft"]["value"] == false);
  f = facts("Gemma4AssistantForCausalLM");
  CHECK(f["gemma4_assistant_draft"]["value"] == true);
  CHECK(f["deepseek_v4_draft"]["value"] == false);
  f = facts("Qwen3ForCausalLM");
  CHECK(f["deepseek_v4_draft"]["origin"] == "default");
  fs::remove_all(draft);
}

TEST_CASE("the block a DFLASH or DSPARK draft declares comes from its config.json") {
  namespace fs = std::filesystem;
  const fs::path draft = cli_test::temp_path("draft-block");
  fs::create_directories(draft);
  const auto block = [&](const std::string& config, const std::string& algorithm) {
    cli_test::write_file(draft / "config.json", config);
    const auto r = run("check --format json --hardware sm90 -- --model-path " + models +
                       "llama-3.1-8b-instruct --speculative-algorithm " + algorithm +
                       " --speculative-draft-model-path " + draft.string());
    return nlohmann::json::parse(r.out)["facts"]["draft_block_size"];
  };
  const std::string both = R"({"architectures": ["X"], "dspark_block_size": 5, "dflash_config": {"block_size": 8}})";
  auto f = block(both, "DSPARK");
  CHECK(f["value"] == 5);
  CHECK(f["source"].get<std::string>().ends_with("dspark_block_size"));
  CHECK(block(both, "DFLASH")["value"] == 8);
  CHECK(block(R"({"architectures": ["X"], "block_size": 4})", "DFLASH")["value"] == 4);
  CHECK(block(R"({"architectures": ["X"]})", "DFLASH")["origin"] == "default");
  // The draft's window follows: DSPARK verifies gamma + 1 tokens.
  cli_test::write_file(draft / "config.json", both);
  const auto r = run("check --format json --hardware sm90 -- --model-path " + models +
                     "llama-3.1-8b-instruct --speculative-algorithm DSPARK --speculative-num-draft-tokens 4 "
                     "--speculative-draft-model-path " +
                     draft.string());
  CHECK(r.out.find("must equal gamma + 1 (= 6 for gamma=5)") != std::string::npos);
  fs::remove_all(draft);
}

TEST_CASE("select takes a launch line too") {
  const auto r = run("select --format json --hardware sm100 -- --model-path " + models + "deepseek-v3 --tp 8");
  REQUIRE(r.rc == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.dump().find("trtllm_mla") != std::string::npos);
}
