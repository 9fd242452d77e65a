// SPDX-License-Identifier: MIT
/// @file
/// The attncap command line (check, select, explain, matrix) as one function over streams, so
/// the executable, the tests and the fuzzer run the same code.
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "catalog.hpp"
#include "check_command.hpp"
#include "options.hpp"
#include "select_command.hpp"

namespace attncap::cli {

/// Runs `attncap argv[1..]`; returns the exit code (0 accepted, 1 rejected, 2 bad input).
inline int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"attncap: attention-backend capabilities and the engine's start-up checks", "attncap"};
  app.require_subcommand(1);

  std::string check_format = "text";
  CLI::App* check = app.add_subcommand("check", "Validate a configuration: exit 0 accepted, 1 rejected, 2 bad input");
  check->add_option("--format", check_format, "text or json")->check(CLI::IsMember({"text", "json"}));
  const config_options check_options(*check);

  std::string select_format = "text";
  CLI::App* select = app.add_subcommand(
      "select", "Show what the default selection picks and why, and the resolved prefill/decode/draft backends");
  select->add_option("--format", select_format, "text or json")->check(CLI::IsMember({"text", "json"}));
  const config_options select_options(*select);

  std::string explain_format = "text";
  std::string explain_name;
  CLI::App* explain = app.add_subcommand("explain", "Show a backend's capabilities and rules");
  explain->add_option("backend", explain_name, "backend name; accepted: " + backend_list())->required();
  explain->add_option("--format", explain_format, "text or json")->check(CLI::IsMember({"text", "json"}));

  std::string matrix_format = "markdown";
  CLI::App* matrix = app.add_subcommand("matrix", "Print the capability matrix, one row per backend");
  matrix->add_option("--format", matrix_format, "markdown or json")->check(CLI::IsMember({"markdown", "json"}));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError& e) {
    err << "attncap: error: " << e.what() << "; accepted: --config, --format, " << input_flags()
        << " (see attncap <command> --help)\n";
    return exit_bad_input;
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, out, err);
    return code == 0 ? exit_accepted : exit_bad_input;
  }

  try {
    if (check->parsed()) {
      const auto j = check_json(check_options.read(in));
      out << (check_format == "json" ? pretty(j) : check_text(j));
      return j.at("verdict") == "accept" ? exit_accepted : exit_rejected;
    }
    if (select->parsed()) {
      const auto j = select_json(select_options.read(in));
      out << (select_format == "json" ? pretty(j) : select_text(j));
      return j.at("verdict") == "accept" ? exit_accepted : exit_rejected;
    }
    if (explain->parsed()) {
      const auto b = builtin_registry::find(explain_name);
      if (!b) throw input_error("backend: unknown backend '" + explain_name + "'; accepted: " + backend_list());
      const auto j = explain_json(*b);
      out << (explain_format == "json" ? pretty(j) : explain_text(j));
      return exit_accepted;
    }
    if (matrix->parsed()) {
      out << (matrix_format == "json" ? pretty(matrix_json()) : matrix_markdown());
      return exit_accepted;
    }
  } catch (const input_error& e) {
    err << "attncap: error: " << e.what() << "\n";
    return exit_bad_input;
  }
  return exit_bad_input;
}

}  // namespace attncap::cli
