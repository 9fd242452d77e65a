// SPDX-License-Identifier: MIT
// fuzz/attncap.dict lists exactly the words the command line understands: every configuration
// key (as a JSON key) and flag, backend name, enum spelling a key accepts, known model class,
// command and format. A word the library gains or loses fails here until the dictionary follows.
#include <doctest/doctest.h>

#include <cctype>
#include <fstream>
#include <set>
#include <string>

#include "options.hpp"

using namespace attncap;

namespace {
/// The entries of a libFuzzer dictionary: each line `"…"` (escapes \\ \" \xNN), `#` comments.
std::set<std::string> read_dictionary(const char* path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::set<std::string> words;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto open = line.find('"');
    const auto close = line.rfind('"');
    REQUIRE_MESSAGE((open != std::string::npos && close > open), line);
    std::string word;
    for (std::size_t i = open + 1; i < close; ++i) {
      if (line[i] != '\\') {
        word += line[i];
      } else if (line[i + 1] == 'x') {
        word += static_cast<char>(std::stoi(line.substr(i + 2, 2), nullptr, 16));
        i += 3;
      } else {
        word += line[++i];
      }
    }
    CHECK_MESSAGE(words.insert(word).second, "listed twice: " << word);
  }
  return words;
}

/// Every word the command line understands.
std::set<std::string> known_words() {
  std::set<std::string> words{"check",    "select",   "explain",  "matrix",  // commands
                              "text",     "json",     "markdown",            // --format values
                              "--config", "--format", "true",     "false",  "null", "12.4"};
  static constexpr launch_config defaults{};
  for (const auto& info : field_schema) {
    std::string json_key(1, '"');  // the key in a --config file
    json_key.append(info.name).push_back('"');
    words.insert(json_key);
    if (is_input(info.key)) words.insert(cli::flag_name(info.key));
    if (is_environment(info.key)) {  // a launch line's `NAME=value`
      std::string name(info.name);
      for (auto& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      words.insert(name + "=");
    }
    visit_field(defaults, info.key, [&]<class T>(const T&, auto key) {
      if constexpr (decltype(key)::kind == field_kind::choice)
        for (const auto& s : enum_spellings<T>::table) words.insert(std::string(s.name));
    });
  }
  for (auto name : builtin_registry::names) words.insert(std::string(name));
  for (const auto& m : known_model_classes) words.insert(std::string(m.name));
  return words;
}
}  // namespace

TEST_CASE("the fuzz dictionary lists every word the command line understands, and only those") {
  const auto listed = read_dictionary(ATTNCAP_FUZZ_DICTIONARY);
  const auto known = known_words();
  for (const auto& w : known) CHECK_MESSAGE(listed.count(w) == 1, "missing from fuzz/attncap.dict: " << w);
  for (const auto& w : listed) CHECK_MESSAGE(known.count(w) == 1, "not a word attncap understands: " << w);
}
