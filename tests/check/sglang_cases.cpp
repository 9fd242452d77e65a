// SPDX-License-Identifier: MIT
// The engine's recorded outcomes (tests/data/sglang-cases.json) through validate(): verdict,
// first error (message, exception, stage), warning, and resolved values.
#include <doctest/doctest.h>

#include <fstream>

#include "config_io.hpp"

using namespace attncap;

namespace {
nlohmann::json load_cases() {
  std::ifstream in(ATTNCAP_TEST_DATA_DIR "/sglang-cases.json");
  REQUIRE(in.good());
  return nlohmann::json::parse(in);
}
}  // namespace

TEST_CASE("every recorded sglang case gets the engine's outcome") {
  const auto cases = load_cases();
  REQUIRE(cases.size() >= 70);
  for (const auto& c : cases) {
    const std::string id = c.at("id");
    CAPTURE(id);
    const auto in = cli::from_json(c.at("config"));
    const report rep = validate(in.config);
    const bool accept = c.at("expect") == "accept";
    CHECK(rep.accepted() == accept);
    if (!accept && rep.first_error() != nullptr) {
      const auto& e = *rep.first_error();
      CHECK(rep.message(e) == c.at("message").get<std::string>());
      CHECK(to_string(e.rule->exception) == c.at("exception").get<std::string>());
      const std::string stage = c.at("stage");
      CHECK(to_string(e.rule->stage) == stage);
    }
    if (c.contains("warning")) {
      bool found = false;
      for (const auto& a : rep.adjustments()) found = found || rep.message(a) == c.at("warning").get<std::string>();
      CHECK_MESSAGE(found, c.at("warning").get<std::string>());
    }
    if (c.contains("resolved")) {
      const auto out = cli::to_json(in, rep.resolved(), rep.names());
      for (const auto& item : c.at("resolved").items()) {
        const std::string key = item.key();
        CAPTURE(key);
        CHECK(out.at(key) == item.value());
      }
    }
  }
}
