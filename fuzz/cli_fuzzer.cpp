// SPDX-License-Identifier: MIT
// libFuzzer target: the attncap command line over arbitrary JSON configurations and flag lists,
// checking the invariants of its exit codes and JSON output.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app.hpp"

namespace {
void require(bool ok) {
  if (!ok) __builtin_trap();
}

int run_cli(const std::vector<std::string>& args, const std::string& stdin_text, std::string& out) {
  std::vector<const char*> argv{"attncap"};
  for (const auto& a : args) argv.push_back(a.c_str());
  std::istringstream in(stdin_text);
  std::ostringstream o, e;
  const int rc = attncap::cli::run(static_cast<int>(argv.size()), argv.data(), in, o, e);
  out = o.str();
  require(rc >= 0 && rc <= 2);
  if (rc == 2) require(!e.str().empty());
  return rc;
}

/// The JSON of `check --format json` agrees with its exit code.
void check_json_output(int rc, const std::string& out) {
  if (rc == 2) return require(out.empty());
  const auto j = nlohmann::json::parse(out);
  require(j.at("verdict") == (rc == 0 ? "accept" : "reject"));
  if (rc == 0) return require(j.at("error").is_null() && j.at("errors").empty());
  require(!j.at("errors").empty());
  require(!j.at("error").at("message").get<std::string>().empty());
  require(j.at("error").at("message") == j.at("errors").at(0).at("message"));
}
}  // namespace

/// A model folder holding `config_json`, checked through a launch line.
void check_model_folder(const std::string& config_json) {
  namespace fs = std::filesystem;
  static const fs::path dir = fs::temp_directory_path() / ("attncap-fuzz-model-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "config.json", std::ios::binary | std::ios::trunc) << config_json;
  std::string out;
  const int rc = run_cli({"check", "--format", "json", "--hardware", "sm90", "--", "python", "-m",
                          "sglang.launch_server", "--model-path", dir.string(), "--tp-size", "2"},
                         "", out);
  check_json_output(rc, out);
}

// Input starting with '-' or a letter: newline-separated arguments (`check\n--hardware\nsm90`),
// which may hold a launch line after `--`. Input starting with '@': a model's config.json,
// checked through a launch line naming its folder. Anything else: a configuration file read
// from stdin by `check` and `select`.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!text.empty() && text[0] == '@') {
    check_model_folder(text.substr(1));
    return 0;
  }
  std::string out;
  if (!text.empty() && (text[0] == '-' || (text[0] >= 'a' && text[0] <= 'z'))) {
    std::vector<std::string> args;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line) && args.size() < 64;) args.push_back(line);
    const int rc = run_cli(args, "", out);
    // `check --format json ...` prints the JSON result unless help is asked for or --format repeated.
    bool plain_json = args.size() >= 3 && args[0] == "check" && args[1] == "--format" && args[2] == "json";
    for (std::size_t i = 3; i < args.size(); ++i) plain_json = plain_json && args[i].find("--format") != 0;
    if (plain_json && out.find("Usage:") == std::string::npos) check_json_output(rc, out);
    return 0;
  }
  const int rc = run_cli({"check", "--format", "json", "--config", "-"}, text, out);
  check_json_output(rc, out);
  if (rc == 2) return 0;
  // Accepted input: the text renderings and select, called directly (no second parse of flags).
  const auto in = attncap::cli::from_json(nlohmann::json::parse(text));
  const auto j = nlohmann::json::parse(out);
  const std::string t = attncap::cli::check_text(j);
  const std::string first = t.substr(0, t.find('\n'));
  require(rc == 0 ? first.rfind("accepted: ", 0) == 0 : first == j.at("error").at("message").get<std::string>());
  (void)attncap::cli::select_text(attncap::cli::select_json(in));
  return 0;
}
