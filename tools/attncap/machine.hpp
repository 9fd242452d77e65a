// SPDX-License-Identifier: MIT
/// @file
/// The machine attncap runs on, as a launch there would meet it: the first GPU's compute
/// capability and the driver's CUDA version (nvidia-smi), a ROCm GPU's gfx name
/// (rocm_agent_enumerator), or the CPU and whether it has AMX (/proc/cpuinfo).
#pragma once

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "config_io.hpp"

namespace attncap::cli {

/// What the probes printed (empty when a probe is absent or found nothing).
struct machine_probe {
  std::string compute_capability;  ///< `nvidia-smi --query-gpu=compute_cap`: "9.0"
  std::string nvidia_smi;          ///< `nvidia-smi`'s table, whose header names the CUDA version
  std::string rocm_agents;         ///< `rocm_agent_enumerator`: "gfx000\ngfx942\n"
  std::string cpu_flags;           ///< the "flags" line of /proc/cpuinfo
  std::string host_machine;        ///< `uname -m`: "x86_64", "aarch64"
};

/// The hardware target and CUDA version the probes show, and how they were found.
struct detected_machine {
  hardware target = hardware::cpu;
  std::optional<std::int32_t> cuda;  ///< major * 100 + minor
  bool gpu = false;                  ///< whether a GPU was found
  std::string evidence;              ///< e.g. "nvidia-smi: compute capability 9.0"
};

namespace detail {
/// The first "MAJOR.MINOR" in `text` at or after `from`, as {major, minor}.
inline std::optional<std::pair<int, int>> version_in(std::string_view text, std::size_t from = 0) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  for (std::size_t i = text.find_first_of("0123456789", from); i < text.size();
       i = text.find_first_of("0123456789", i + 1)) {
    std::size_t j = i;
    while (j < text.size() && digit(text[j])) ++j;
    if (j + 1 < text.size() && text[j] == '.' && digit(text[j + 1])) {
      std::size_t k = j + 1;
      while (k < text.size() && digit(text[k])) ++k;
      return std::pair{std::stoi(std::string(text.substr(i, j - i))),
                       std::stoi(std::string(text.substr(j + 1, k - j - 1)))};
    }
    i = j;
  }
  return std::nullopt;
}
}  // namespace detail

/// What `probe` shows; a machine without a GPU is `cpu`, `cpu_amx` with AMX tiles, or `cpu_arm64`
/// on an ARM64 host.
inline detected_machine detect_machine(const machine_probe& probe) {
  detected_machine m;
  if (const auto cc = detail::version_in(probe.compute_capability)) {
    const std::string cap = std::to_string(cc->first) + "." + std::to_string(cc->second);
    if (const auto hw = from_string<hardware>(std::string("sm").append(std::to_string(cc->first * 10 + cc->second)))) {
      m.target = *hw;
      m.gpu = true;
      m.evidence = std::string("nvidia-smi: compute capability ").append(cap);
      const std::string_view table = probe.nvidia_smi;
      if (const auto at = table.find("CUDA Version:"); at != std::string_view::npos)
        if (const auto cuda = detail::version_in(table, at)) {
          m.cuda = cuda->first * 100 + cuda->second;
          m.evidence.append(", driver CUDA ").append(version_string(*m.cuda));
        }
      return m;
    }
  }
  std::istringstream agents(probe.rocm_agents);
  for (std::string agent; agents >> agent;)
    if (const auto hw = agent.rfind("gfx", 0) == 0 ? from_string<hardware>(agent) : std::nullopt) {
      m.target = *hw;
      m.gpu = true;
      m.evidence = std::string("rocm_agent_enumerator: ").append(agent);
      return m;
    }
  if (probe.host_machine.starts_with("aarch64") || probe.host_machine.starts_with("arm64")) {
    m.target = hardware::cpu_arm64;
    m.evidence = "no GPU found; uname -m: " + probe.host_machine.substr(0, probe.host_machine.find('\n'));
    return m;
  }
  const bool amx = probe.cpu_flags.find(" amx_tile") != std::string::npos;
  m.target = amx ? hardware::cpu_amx : hardware::cpu;
  m.evidence = amx ? "no GPU found; /proc/cpuinfo: amx_tile" : "no GPU found; /proc/cpuinfo: no amx_tile";
  return m;
}

namespace detail {
inline std::string command_output(const char* command) {
  std::string out;
  if (FILE* p = ::popen(command, "r")) {
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    ::pclose(p);
  }
  return out;
}

inline std::string cpu_flags() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("flags", 0) == 0) return line + " ";
  return {};
}
}  // namespace detail

/// Runs the probes on this machine.
inline machine_probe probe_machine() {
  return {detail::command_output("nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1"),
          detail::command_output("nvidia-smi 2>/dev/null | head -n 5"),
          detail::command_output("rocm_agent_enumerator 2>/dev/null"), detail::cpu_flags(),
          detail::command_output("uname -m 2>/dev/null")};
}

}  // namespace attncap::cli
