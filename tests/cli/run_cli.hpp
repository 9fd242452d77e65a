// SPDX-License-Identifier: MIT
// Runs the attncap executable with arguments and optional stdin; captures exit code and output.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace cli_test {

struct result {
  int rc = -1;
  std::string out;
  std::string err;
};

/// A fresh path in the temporary directory, unique per process and call.
inline std::filesystem::path temp_path(const std::string& stem) {
  static int counter = 0;
  return std::filesystem::temp_directory_path() /
         ("attncap-cli-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + stem);
}

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

/// `attncap <args>` with `stdin_text` on its standard input. `args` is passed to the shell.
inline result run(const std::string& args, const std::string& stdin_text = {}) {
  const auto in = temp_path("in"), out = temp_path("out"), err = temp_path("err");
  write_file(in, stdin_text);
  const std::string cmd = std::string("'") + ATTNCAP_CLI_PATH + "' " + args + " <'" + in.string() + "' >'" +
                          out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(cmd.c_str());
  result r;
  r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

}  // namespace cli_test
