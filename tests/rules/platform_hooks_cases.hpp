// SPDX-License-Identifier: MIT
// Cases for rules/platform_hooks.hpp: backend aliases and the NPU / CPU platform defaults.
#pragma once

#include <array>

#include "rules/rule_table.hpp"

namespace attncap::test {

inline constexpr std::array platform_hooks_rewrites{
    rewrite_case{&sa::nsa_alias::info, on(H::sm90).mla().backend(id::nsa),
                 "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
                 "release.",
                 "nsa", on(H::sm90).mla().backend(id::dsa)},
    rewrite_case{&sa::nsa_alias::info, on(H::sm90).mla().backend(id::dsa).decode(id::nsa),
                 "attention-backend='nsa' is deprecated; use 'dsa' instead. The alias will be removed in a future "
                 "release.",
                 "dsa", on(H::sm90).mla().backend(id::dsa).decode(id::dsa)},
    rewrite_case{&sa::compressed_alias::info, on(H::sm90).mla().backend(id::compressed), "", "dsv4",
                 on(H::sm90).mla().backend(id::dsv4)},
    rewrite_case{&sa::npu_forces_ascend::info, on(H::npu).backend(id::triton), "", "ascend",
                 on(H::sm90).backend(id::triton)},
    rewrite_case{&sa::npu_forces_ascend::info, on(H::npu), "", "ascend", on(H::sm90)},
    rewrite_case{&sa::npu_page_size::info, on(H::npu), "", "128", on(H::npu).page(64)},
    rewrite_case{&sa::cpu_default::info, on(H::cpu_amx), "", "intel_amx", on(H::cpu_amx).backend(id::torch_native)},
};

}  // namespace attncap::test
