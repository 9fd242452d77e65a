// SPDX-License-Identifier: MIT
// Every recorded engine case (tests/data/sglang-cases.json) through `attncap check --config`:
// exit code, verdict, first error, warning and resolved values, in JSON and in text.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "run_cli.hpp"

namespace {
nlohmann::json load_cases() {
  std::ifstream in(ATTNCAP_TEST_DATA_DIR "/sglang-cases.json");
  REQUIRE(in.good());
  return nlohmann::json::parse(in);
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }
}  // namespace

TEST_CASE("every recorded case through attncap check --format json --config FILE") {
  const auto cases = load_cases();
  REQUIRE(cases.size() >= 70);
  for (const auto& c : cases) {
    const std::string id = c.at("id");
    CAPTURE(id);
    const auto file = cli_test::temp_path(id + ".json");
    cli_test::write_file(file, c.at("config").dump());
    const auto r = cli_test::run("check --format json --config '" + file.string() + "'");
    std::filesystem::remove(file);
    CAPTURE(r.err);
    const bool accept = c.at("expect") == "accept";
    CHECK(r.rc == (accept ? 0 : 1));
    REQUIRE(r.err.empty());
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j.at("verdict") == (accept ? "accept" : "reject"));
    if (accept) {
      CHECK(j.at("error").is_null());
      CHECK(j.at("errors").empty());
    } else {
      REQUIRE(j.at("error").is_object());
      CHECK(j.at("error").at("message") == c.at("message"));
      CHECK(j.at("error").at("exception") == c.at("exception"));
      CHECK(j.at("error").at("stage") == c.at("stage"));
      REQUIRE(!j.at("errors").empty());
      CHECK(j.at("errors").at(0).at("message") == c.at("message"));
      CHECK(j.at("errors").at(0).at("code") == j.at("error").at("code"));
    }
    if (c.contains("warning")) {
      bool found = false;
      for (const auto& w : j.at("warnings")) found = found || w == c.at("warning");
      CHECK_MESSAGE(found, c.at("warning").get<std::string>());
    }
    if (c.contains("resolved"))
      for (const auto& item : c.at("resolved").items()) {
        const std::string& key = item.key();
        CAPTURE(key);
        CHECK(j.at("resolved").at(key) == item.value());
      }
    for (const auto& s : j.at("suggestions")) CHECK(s.is_string());
  }
}

TEST_CASE("rejected cases print the engine's exact message first in text format") {
  for (const auto& c : load_cases()) {
    if (c.at("expect") == "accept") continue;
    const std::string id = c.at("id");
    CAPTURE(id);
    const auto r = cli_test::run("check --config -", c.at("config").dump());
    CHECK(r.rc == 1);
    CHECK(first_line(r.out) == c.at("message").get<std::string>());
  }
}
