// SPDX-License-Identifier: MIT
// attncap's exit codes (0 accepted, 1 rejected, 2 bad input), its bad-input messages, stdin
// input, flags overriding --config, and the select / explain / matrix commands.
#include <doctest/doctest.h>

#include <algorithm>
#include <attncap/version.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "run_cli.hpp"

using cli_test::run;

namespace {
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// `attncap <args>` (with `stdin_text`) is bad input (exit 2, nothing on stdout) whose message holds `part`.
void refused(const std::string& args, const std::string& part, const std::string& stdin_text = {}) {
  CAPTURE(args);
  const auto r = run(args, stdin_text);
  CHECK(r.rc == 2);
  CHECK(r.out.empty());
  CHECK(contains(r.err, part));
}
}  // namespace

TEST_CASE("exit 0 when accepted, 1 when rejected") {
  auto r = run("check --hardware sm90 --cuda 12.4 --model-arch gqa");
  CHECK(r.rc == 0);
  CHECK(r.out.rfind("accepted: attention_backend=fa3 ", 0) == 0);
  r = run("check --hardware sm100 --attention-backend fa3");
  CHECK(r.rc == 1);
  CHECK(r.out.rfind("FlashAttention v3 Backend requires SM>=80 and SM<=90.", 0) == 0);
  CHECK(contains(r.out, "best first:"));
}

TEST_CASE("exit 2 on bad values, naming the key and what it accepts") {
  SUBCASE("missing hardware") {
    const auto r = run("check --attention-backend fa3");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "hardware: required"));
    CHECK(contains(r.err, "sm90"));
    CHECK(r.out.empty());
  }
  SUBCASE("unknown backend") {
    const auto r = run("check --hardware sm90 --attention-backend fa5");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "attention_backend: unknown backend 'fa5'; accepted: triton, torch_native"));
  }
  SUBCASE("unknown hardware and dtype") {
    auto r = run("check --hardware sm95");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "hardware: unknown hardware 'sm95'; accepted: auto, sm80"));
    r = run("check --hardware sm90 --kv-cache-dtype fp8");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "kv_cache_dtype: unknown"));
    CHECK(contains(r.err, "fp8_e4m3"));
  }
  SUBCASE("non-numeric and out-of-range numbers") {
    auto r = run("check --hardware sm90 --page-size abc");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "page_size: expected an integer in [1, "));
    r = run("check --hardware sm90 --page-size 0");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "page_size: 0 is out of range"));
    r = run("check --hardware sm90 --cuda twelve");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "cuda: expected a version MAJOR.MINOR"));
  }
  SUBCASE("bytes that are not UTF-8 in flag values") {
    auto r = run("check --hardware sm90 --cuda \"$(printf '12.\\377')\"");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "cuda: expected a version MAJOR.MINOR"));
    r = run("check --format json --hardware sm90 --model \"$(printf 'X\\377')\"");
    CHECK(r.rc == 0);
    CHECK(nlohmann::json::parse(r.out).at("resolved").at("model").is_string());
  }
}

TEST_CASE("exit 2 on bad configuration files and keys, naming what is wrong") {
  SUBCASE("the same message from a file as from a flag") {
    const auto flag = run("check --hardware sm90 --tp-size x");
    const auto file = run("check --config -", R"({"hardware": "sm90", "tp_size": "x"})");
    CHECK(flag.rc == 2);
    CHECK(file.rc == 2);
    const std::string prefix = "attncap: error: ";
    REQUIRE(flag.err.rfind(prefix, 0) == 0);
    CHECK(file.err == prefix + "config: stdin: " + flag.err.substr(prefix.size()));  // the file is named
  }
  SUBCASE("a key the file gives twice") {
    refused("check --config -",
            "config: stdin: key 'page_size' is given twice; accepted: a JSON object of "
            "configuration keys with each key once",
            R"({"hardware": "sm90", "page_size": 16, "page_size": 32})");
    const auto path = cli_test::temp_path("twice.json");
    cli_test::write_file(path, R"({"hardware": "sm90", "hardware": "sm100"})");
    refused("check --config '" + path.string() + "'", "config: '" + path.string() + "': key 'hardware' is given twice");
    std::filesystem::remove(path);
    // The keys are flat: inside a nested value a repeat is no slip of the file's keys, the value is.
    refused("check --config -", "unknown configuration key 'x'", R"({"hardware": "sm90", "x": {"a": 1, "a": 2}})");
    refused("check --config -", "page_size: expected an integer",
            R"({"hardware": "sm90", "page_size": [{"a": 1}, {"a": 2}]})");
    refused("check --config -", "config: stdin must hold a JSON object of configuration keys", R"([{"a": 1, "a": 2}])");
  }
  SUBCASE("unknown key in the file, unknown flag") {
    auto r = run("check --config -", R"({"hardware": "sm90", "pagesize": 16})");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "unknown configuration key 'pagesize'; accepted: attention_backend"));
    r = run("check --hardware sm90 --pagesize 16");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "--pagesize"));
    CHECK(contains(r.err, "--page-size"));
  }
  SUBCASE("resolved-only keys are not inputs") {
    const auto r = run("check --config -", R"({"hardware": "sm90", "enable_multi_layer_eagle": true})");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "enable_multi_layer_eagle"));
  }
  SUBCASE("malformed JSON, non-object JSON, unreadable file") {
    auto r = run("check --config -", R"({"hardware": "sm90",)");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "config: stdin is not valid JSON"));
    r = run("check --config -", "[1, 2]");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "must hold a JSON object"));
    r = run("check --config /nonexistent/attncap.json");
    CHECK(r.rc == 2);
    CHECK(contains(r.err, "cannot read"));
  }
  SUBCASE("an empty path, a folder, input too large or nested too deep") {
    refused("check --hardware sm90 --config ''", "config: an empty path; accepted: a JSON file, or '-' for stdin");
    refused("check --hardware sm90 --config /", "config: '/' is a folder; accepted: a JSON file");
    refused("check --hardware sm90 --config -", "config: stdin is larger than 16 MiB",
            "{\"x\": \"" + std::string((16 << 20) + 1, 'a') + "\"}");
    const auto nested = [](int depth) {
      return "{\"hardware\": \"sm90\", \"x\": " + std::string(std::size_t(depth), '[') +
             std::string(std::size_t(depth), ']') + "}";
    };
    // Deep enough to overflow a recursive walk's stack; 64 levels with the object are parsed, 65 not.
    refused("check --config -", "config: stdin nests objects and arrays deeper than 64 levels", nested(40000));
    refused("check --config -", "unknown configuration key 'x'", nested(63));
    refused("check --config -", "config: stdin nests objects and arrays deeper than 64 levels", nested(64));
  }
  SUBCASE("a file's value is checked where a flag overrides it, and null is unset") {
    refused("check --config - --hardware sm90", "config: stdin: hardware: unknown hardware 'bogus'",
            R"({"hardware": "bogus"})");
    refused("check --config - --page-size 16", "config: stdin: page_size: expected an integer",
            R"({"hardware": "sm90", "page_size": [1]})");
    refused("check --config -", "hardware: required", R"({"hardware": null})");  // null hardware is no hardware
  }
  SUBCASE("integers past 64 bits are echoed as given") {
    for (const std::string n : {"9223372036854775808", "18446744073709551615"})
      refused("check --hardware sm90 --page-size " + n, "page_size: " + n + " is out of range");
    // Past 2^64 a file's JSON holds a float: still out of range, not "expected an integer".
    refused("check --hardware sm90 --page-size 100000000000000000000",
            "page_size: 100000000000000000000 is out of range; accepted: integers in [1, 1073741824]");
    refused("check --hardware sm90 -- --page-size -100000000000000000000",
            "page_size: -100000000000000000000 is out of range");
    refused("check --config -", "config: stdin: page_size: -1e+20 is out of range",
            R"({"hardware": "sm90", "page_size": -100000000000000000000})");
    refused("check --hardware sm90 --page-size 1e3", "page_size: expected an integer in [1, 1073741824], got \"1e3\"");
    const std::string digits(400, '9');  // past what a double holds, too
    refused("check --hardware sm90 --page-size " + digits, "page_size: " + digits + " is out of range");
    refused("check --hardware sm90 -- --page-size " + digits, "page_size: " + digits + " is out of range");
  }
  SUBCASE("an on/off flag takes true or false, once") {
    for (const std::string v : {"=2", "=-1", "=on", "=off"})
      refused("check --hardware sm90 --enable-dp-attention" + v, "--enable-dp-attention: expected true or false");
    refused("check --hardware sm90 --enable-dp-attention=", "--enable-dp-attention=: nothing after '='");
    refused("check --hardware sm90 --page-size=", "--page-size=: nothing after '='");
    refused("check --hardware sm90 --enable-dp-attention --enable-dp-attention=false",
            "attncap: error: --enable-dp-attention: given more than once; accepted: each option once\n");
    const auto value = [](const std::string& flag) {
      const auto r = run("check --format json --hardware sm90 " + flag);
      return nlohmann::json::parse(r.out)["resolved"]["enable_dp_attention"];
    };
    CHECK(value("--enable-dp-attention") == true);
    CHECK(value("--enable-dp-attention=true") == true);
    CHECK(value("--enable-dp-attention=false") == false);
  }
  SUBCASE("bad --format and missing command") {
    CHECK(run("check --hardware sm90 --format yaml").rc == 2);
    CHECK(run("").rc == 2);
    CHECK(run("explain fa5").rc == 2);
  }
  SUBCASE("a missing or unknown command is named, with the commands") {
    const std::string commands = "accepted: check, select, explain, matrix (attncap --help)\n";
    CHECK(run("").err == "attncap: error: a command is required; " + commands);
    CHECK(run("chek --hardware sm90").err == "attncap: error: unknown command 'chek'; " + commands);
    refused("check --hardware sm90 --page-size 16 --page-size 32", "attncap: error: --page-size: given more than once");
    refused("select --format json --hardware sm90 --format=text", "attncap: error: --format: given more than once");
    refused("check --bogus --bogus", "The following arguments were not expected: --bogus --bogus; accepted: --config");
    refused("explain fa3 --format text --format=json", "attncap: error: --format: given more than once");
    CHECK(run("check --help --help").rc == 0);
    // A word a command does not take is answered with what that command takes.
    const std::string extra = "attncap: error: The following argument was not expected: ";
    CHECK(run("explain fa3 extra").err ==
          extra + "extra; accepted: --format and one backend name (attncap explain --help)\n");
    CHECK(run("matrix --hardware").err == extra + "--hardware; accepted: --format (attncap matrix --help)\n");
    for (const std::string command : {"check", "select"}) {
      const auto r = run(command + " --hardware sm90 extra");
      CHECK(r.rc == 2);
      CHECK(r.err.rfind(extra + "extra; accepted: --config, --format, --attention-backend, ", 0) == 0);
      CHECK(contains(r.err, ", and after '--' an sglang launch line (attncap " + command + " --help)\n"));
    }
    CHECK(run("--help").rc == 0);
    CHECK(run("--version").rc == 0);
  }
}

TEST_CASE("a launch line's numbers are read as Python reads them") {
  for (const std::string tp : {"08", "+8", "0_8", " 8"}) {
    CAPTURE(tp);
    const auto r = run("check --format json --hardware sm90 -- --tp '" + tp + "'");
    REQUIRE(r.rc == 0);
    CHECK(nlohmann::json::parse(r.out)["resolved"]["tp_size"] == 8);
  }
  CHECK(run("check --hardware sm90 --tp-size 08").rc == 0);  // and attncap's own flags take leading zeros
  for (const auto& number : {std::pair{".5", 0.5}, {"5.", 5.0}, {"1_0.5", 10.5}}) {
    CAPTURE(number.first);
    const auto r = run(std::string("check --format json --hardware sm90 -- --speculative-accept-threshold-single ") +
                       number.first);
    REQUIRE(r.rc == 0);
    CHECK(nlohmann::json::parse(r.out)["resolved"]["speculative_accept_threshold_single"] == number.second);
  }
  const auto r = run("check --hardware sm90 -- --tp 1__0");
  CHECK(r.rc == 2);
  CHECK(contains(r.err, "argument --tp-size/--tensor-parallel-size: invalid int value: '1__0'"));
  CHECK(run("check --hardware sm90 --logit-cap .5").rc == 0);
}

TEST_CASE("--config - reads stdin, flags override the file") {
  const std::string file =
      R"({"hardware": "sm90", "cuda": "12.4", "model_arch": "gqa", "attention_backend": "triton"})";
  auto r = run("check --format json --config -", file);
  CHECK(r.rc == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("resolved").at("attention_backend") == "triton");

  r = run("check --format json --config - --attention-backend flashinfer --page-size 16", file);
  CHECK(r.rc == 0);
  j = nlohmann::json::parse(r.out);
  CHECK(j.at("resolved").at("attention_backend") == "flashinfer");
  CHECK(j.at("resolved").at("page_size") == 16);

  r = run("check --config - --hardware sm100 --attention-backend fa3", file);
  CHECK(r.rc == 1);

  r = run("check --format json --config - --enable-deterministic-inference", file);
  j = nlohmann::json::parse(r.out);
  CHECK(j.at("resolved").at("enable_deterministic_inference") == true);
  r = run("check --format json --config - --enable-mis=false",
          R"({"hardware": "sm90", "enable_mis": true, "attention_backend": "triton"})");
  j = nlohmann::json::parse(r.out);
  CHECK(j.at("resolved").at("enable_mis") == false);
}

TEST_CASE("check --format json carries every documented member") {
  const auto r =
      run("check --format json --hardware sm90 --cuda 12.4 --model-arch gqa --kv-cache-dtype fp8_e5m2 "
          "--attention-backend fa3");
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"engine", "verdict", "error", "errors", "warnings", "adjustments", "resolved", "suggestions"})
    CHECK_MESSAGE(j.contains(key), key);
  CHECK(j.at("engine") == std::string(attncap::engine));
  for (const auto& a : j.at("adjustments"))
    for (const char* key : {"code", "field", "from", "to", "warning"}) CHECK(a.contains(key));
  for (const char* key : {"attention_backend", "prefill_attention_backend", "decode_attention_backend", "page_size",
                          "kv_cache_dtype", "speculative_algorithm", "disable_radix_cache"})
    CHECK_MESSAGE(j.at("resolved").contains(key), key);
}

TEST_CASE("--version names the engine release, exit 0") {
  const auto r = run("--version");
  CHECK(r.rc == 0);
  CHECK(r.out == "attncap 0.1.0 (rules of sglang 0.5.23)\n");
}

TEST_CASE("errors list every violated rule with field, value and allowed") {
  const auto r = run("check --format json --hardware sm90 --model-arch mla --attention-backend trtllm_mla");
  CHECK(r.rc == 1);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(!j.at("errors").empty());
  for (const auto& e : j.at("errors"))
    for (const char* key : {"message", "exception", "stage", "code", "field", "value", "allowed"})
      CHECK_MESSAGE(e.contains(key), key);
  CHECK(j.at("errors").at(0).at("value") == "sm90");
}

TEST_CASE("select shows the default and its reason") {
  auto r = run("select --hardware sm90 --cuda 12.4 --model-arch gqa");
  CHECK(r.rc == 0);
  CHECK(r.out.rfind("default table: fa3 (MHA on Hopper with CUDA >= 12.3", 0) == 0);
  r = run("select --format json --hardware sm100 --model-arch mla");
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("default").at("backend") == "flashinfer");
  CHECK(j.at("resolved").at("decode") == "flashinfer");
  REQUIRE(j.at("steps").size() == 1);
  CHECK(j.at("steps").at(0).at("code") == "default.fill");
  CHECK(j.at("steps").at(0).at("reason") == "MLA on SM100");
  r = run("select --hardware sm100 --model DeepseekV3ForCausalLM --model-arch mla");
  CHECK(contains(r.out, "trtllm_mla"));
  CHECK(run("select").rc == 2);
}

TEST_CASE("explain lists capabilities and rules") {
  auto r = run("explain fa3");
  CHECK(r.rc == 0);
  CHECK(contains(r.out, "fa3.compute_capability"));
  // fa3's factory assert reads CUDA and MUSA devices only; elsewhere the engine lets it through.
  CHECK(contains(r.out, "hardware: sm80, sm86, sm89, sm90, gfx90a, gfx942, gfx950, musa_mp31"));
  r = run("explain nsa --format json");
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("alias_of") == "dsa");
  CHECK(j.at("capabilities") == nlohmann::json::parse(run("explain dsa --format json").out).at("capabilities"));
  CHECK(j.at("capabilities").at("kv_cache_dtypes") == nlohmann::json::array({"bfloat16", "fp8_e4m3"}));
}

TEST_CASE("matrix has one row per backend") {
  auto r = run("matrix --format json");
  CHECK(r.rc == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.size() == 27);
  r = run("matrix");
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 29);
  CHECK(contains(r.out, "| `flashinfer` |"));
}

TEST_CASE("--help everywhere exits 0") {
  for (const char* cmd : {"--help", "check --help", "select --help", "explain --help", "matrix --help"}) {
    CAPTURE(cmd);
    const auto r = run(cmd);
    CHECK(r.rc == 0);
    CHECK(contains(r.out, "Usage"));
  }
  CHECK(contains(run("check --help").out, "--speculative-ngram-max-bfs-breadth"));
}
