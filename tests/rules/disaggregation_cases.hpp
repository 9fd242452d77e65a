// SPDX-License-Identifier: MIT
// Cases for rules/disaggregation.hpp: a PD decode server's radix cache.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr auto decode_server =
    on(H::sm90).backend(id::fa3).with(&launch_config::disaggregation_mode, disaggregation_mode::decode);

inline constexpr std::array disaggregation_rewrites{
    rewrite_case{&sa::decode_server_radix_cache::info, decode_server, "Radix cache is disabled for decode server",
                 "True", decode_server.with(&launch_config::disaggregation_mode, disaggregation_mode::prefill)},
    rewrite_case{&sa::decode_server_radix_cache::info, decode_server, "Radix cache is disabled for decode server",
                 "True", decode_server.flag(&launch_config::disable_radix_cache)},
};

}  // namespace attncap::test
