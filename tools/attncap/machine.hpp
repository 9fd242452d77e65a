// SPDX-License-Identifier: MIT
/// @file
/// The machine attncap runs on, as a launch there would meet it: the first GPU's compute
/// capability and the driver's CUDA version (nvidia-smi), a ROCm GPU's gfx name
/// (rocm_agent_enumerator), or the CPU and whether it has AMX (/proc/cpuinfo).
#pragma once

#include <cstdio>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>

#include "config_io.hpp"

namespace attncap::cli {

/// What the probes printed (empty when a probe is absent or found nothing).
struct machine_probe {
  std::string compute_capability;  ///< `nvidia-smi --query-gpu=compute_cap`: "9.0"
  std::string nvidia_smi;          ///< `nvidia-smi`'s table, whose header names the CUDA version
  std::string rocm_agents;         ///< `rocm_agent_enumerator`: "gfx000\ngfx942\n"
  std::string cpu_flags;           ///< the "flags" line of /proc/cpuinfo
};

/// The hardware target and CUDA version the probes show, and how they were found.
struct detected_machine {
  hardware target = hardware::cpu;
  std::optional<std::int32_t> cuda;  ///< major * 100 + minor
  bool gpu = false;                  ///< whether a GPU was found
  std::string evidence;              ///< e.g. "nvidia-smi: compute capability 9.0"
};

/// What `probe` shows; a machine without a GPU is `cpu`, or `cpu_amx` with AMX tiles.
inline detected_machine detect_machine(const machine_probe& probe) {
  detected_machine m;
  std::smatch match;
  static const std::regex cc(R"((\d+)\.(\d+))"), cuda(R"(CUDA Version: (\d+)\.(\d+))"), gfx(R"(gfx([0-9a-f]{3,4}))");
  if (std::regex_search(probe.compute_capability, match, cc)) {
    const std::string name = std::string("sm").append(match[1].str()).append(match[2].str());
    if (const auto hw = from_string<hardware>(name)) {
      m.target = *hw;
      m.gpu = true;
      m.evidence = std::string("nvidia-smi: compute capability ").append(match[0].str());
      if (std::regex_search(probe.nvidia_smi, match, cuda)) {
        m.cuda = std::stoi(match[1].str()) * 100 + std::stoi(match[2].str());
        m.evidence += ", driver CUDA " + match[1].str() + "." + match[2].str();
      }
      return m;
    }
  }
  for (auto it = std::sregex_iterator(probe.rocm_agents.begin(), probe.rocm_agents.end(), gfx);
       it != std::sregex_iterator(); ++it)
    if (const auto hw = from_string<hardware>(it->str())) {
      m.target = *hw;
      m.gpu = true;
      m.evidence = std::string("rocm_agent_enumerator: ").append(it->str());
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
          detail::command_output("rocm_agent_enumerator 2>/dev/null"), detail::cpu_flags()};
}

}  // namespace attncap::cli
