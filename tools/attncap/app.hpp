// SPDX-License-Identifier: MIT
/// @file
/// The attncap command line (check, select, explain, matrix) as one function over streams, so
/// the executable, the tests and the fuzzer run the same code.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "check_command.hpp"
#include "options.hpp"
#include "select_command.hpp"

namespace attncap::cli {

namespace detail {
/// The subcommands, their options and where parsing leaves them.
struct commands {
  CLI::App app{"attncap: attention-backend capabilities and the engine's start-up checks", "attncap"};
  std::string check_format = "text", select_format = "text", explain_format = "text", matrix_format = "markdown";
  std::string explain_name;
  CLI::App* check = add("check",
                        "Validate a configuration, or an sglang launch line given after '--' "
                        "(attncap check [options] -- --model-path DIR --attention-backend …): exit 0 accepted, 1 "
                        "rejected, 2 bad input",
                        check_format, {"text", "json"});
  CLI::App* select =
      add("select", "Show what the default selection picks and why, and the resolved prefill/decode/draft backends",
          select_format, {"text", "json"});
  CLI::App* explain = add("explain", "Show a backend's capabilities and rules", explain_format, {"text", "json"});
  CLI::App* matrix =
      add("matrix", "Print the capability matrix, one row per backend", matrix_format, {"markdown", "json"});
  const config_options check_options{*check};
  const config_options select_options{*select};

  commands() {
    app.require_subcommand(1);
    app.set_version_flag("--version", version_text(), "Print the version and the engine release the rules follow");
    explain->add_option("backend", explain_name, "backend name; accepted: " + backend_list())->required();
  }

 private:
  CLI::App* add(const char* name, const char* what, std::string& format, std::vector<std::string> formats) {
    CLI::App* sub = app.add_subcommand(name, what);
    sub->add_option("--format", format, formats[0] + " or " + formats[1])->check(CLI::IsMember(formats));
    return sub;
  }
};

/// The commands, for a message that needs one.
inline constexpr std::string_view command_list = "check, select, explain, matrix (attncap --help)";

/// What went wrong parsing the command line: no command, an unknown one, or CLI11's own account
/// of an option's value (which names the option).
inline std::string parse_failure(const commands& c, const CLI::ParseError& e, std::string_view first) {
  const std::vector<CLI::App*> parsed = c.app.get_subcommands();  // the command, even when its parse threw
  const std::string accepted = "accepted: " + std::string(command_list);
  if (parsed.empty() && !first.empty() && first[0] != '-')
    return "unknown command '" + std::string(first) + "'; " + accepted;
  if (parsed.empty()) return "a command is required; " + accepted;
  return std::string(e.what()) + " (attncap " + parsed.front()->get_name() + " --help)";
}

/// What the parsed command accepts besides what it was given: its options, then its words.
inline std::string accepted_arguments(const commands& c) {
  const std::vector<CLI::App*> parsed = c.app.get_subcommands();
  if (parsed.empty()) return std::string(command_list);
  const CLI::App* command = parsed.front();
  const std::string help = " (attncap " + command->get_name() + " --help)";
  if (command == c.check || command == c.select)
    return "--config, --format, " + input_flags() + ", and after '--' an sglang launch line" + help;
  if (command == c.explain) return "--format and one backend name" + help;
  return "--format" + help;
}

/// Whether `word` (`--name` or `--name=value`) names one of `command`'s options other than --help.
inline bool own_option(const CLI::App* command, std::string_view word) {
  if (command == nullptr || !word.starts_with("--")) return false;
  const CLI::Option* o = command->get_option_no_throw(std::string(word.substr(0, word.find('='))));
  return o != nullptr && o != command->get_help_ptr();
}

/// What is wrong with the words `first`..`last` that CLI11 would read otherwise: `--flag=`
/// (which it reads as `--flag`, on) and an option of the command given twice (which it reports
/// in its own words); an unknown option is left to CLI11, which names it.
inline std::optional<std::string> option_problem(const commands& c, const char* const* first, const char* const* last) {
  const CLI::App* command = nullptr;
  for (const CLI::App* sub : {c.check, c.select, c.explain, c.matrix})
    if (first != last && sub->get_name() == *first) command = sub;
  const auto name = [](std::string_view word) { return word.substr(0, word.find('=')); };
  for (auto a = first; a != last; ++a) {
    const std::string_view s(*a);
    if (s.size() > 3 && s.starts_with("--") && s.ends_with('='))
      return std::string(s) + ": nothing after '='; accepted: a value after '=', or an on/off flag alone";
    if (own_option(command, s) &&
        std::any_of(first, a, [&](const char* b) { return own_option(command, b) && name(b) == name(s); }))
      return std::string(name(s)) + ": given more than once; accepted: each option once";
  }
  return std::nullopt;
}

/// Runs the parsed subcommand on the launch line given after `--` (if any); returns the exit code.
inline int dispatch(const commands& c, const std::optional<std::vector<std::string>>& launch, std::istream& in,
                    std::ostream& out) {
  if (launch && !c.check->parsed() && !c.select->parsed())
    throw input_error("a launch line after '--' is read by check and select only");
  if (c.check->parsed()) {
    const auto j = check_json(c.check_options.read(in, launch));
    out << (c.check_format == "json" ? pretty(j) : check_text(j));
    return j.at("verdict") == "accept" ? exit_accepted : exit_rejected;
  }
  if (c.select->parsed()) {
    const auto j = select_json(c.select_options.read(in, launch));
    out << (c.select_format == "json" ? pretty(j) : select_text(j));
    return j.at("verdict") == "accept" ? exit_accepted : exit_rejected;
  }
  if (c.explain->parsed()) {
    const auto b = builtin_registry::find(c.explain_name);
    if (!b) throw input_error("backend: unknown backend '" + c.explain_name + "'; accepted: " + backend_list());
    const auto j = explain_json(*b);
    out << (c.explain_format == "json" ? pretty(j) : explain_text(j));
    return exit_accepted;
  }
  out << (c.matrix_format == "json" ? pretty(matrix_json()) : matrix_markdown());
  return exit_accepted;
}
}  // namespace detail

/// Runs `attncap argv[1..]`; the words after the first `--` are an sglang launch line. Returns
/// the exit code (0 accepted, 1 rejected, 2 bad input).
inline int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err) {
  detail::commands c;
  const auto dashes =
      std::find_if(argv + std::min(argc, 1), argv + argc, [](const char* a) { return std::string_view(a) == "--"; });
  std::optional<std::vector<std::string>> launch;
  if (dashes != argv + argc) launch.emplace(dashes + 1, argv + argc);
  if (const auto problem = detail::option_problem(c, argv + std::min(argc, 1), dashes)) {
    err << "attncap: error: " << *problem << "\n";
    return exit_bad_input;
  }
  try {
    c.app.parse(static_cast<int>(dashes - argv), argv);
  } catch (const CLI::ExtrasError& e) {
    err << "attncap: error: " << e.what() << "; accepted: " << detail::accepted_arguments(c) << "\n";
    return exit_bad_input;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return c.app.exit(e, out, err), exit_accepted;  // --help, --version
    err << "attncap: error: " << detail::parse_failure(c, e, argc > 1 ? argv[1] : "") << "\n";
    return exit_bad_input;
  }
  try {
    return detail::dispatch(c, launch, in, out);
  } catch (const input_error& e) {
    err << "attncap: error: " << e.what() << "\n";
    return exit_bad_input;
  } catch (const std::bad_alloc&) {
    err << "attncap: error: out of memory\n";
    return exit_bad_input;
  }
}

}  // namespace attncap::cli
