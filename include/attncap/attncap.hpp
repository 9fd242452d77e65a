// SPDX-License-Identifier: MIT
/// @file
/// The umbrella header: every public attncap header except the kernels.
#pragma once

#include <attncap/backends/all.hpp>
#include <attncap/capabilities/backend_traits.hpp>
#include <attncap/capabilities/rule.hpp>
#include <attncap/check/static_check.hpp>
#include <attncap/check/suggest.hpp>
#include <attncap/check/validate.hpp>
#include <attncap/concepts/attention_backend.hpp>
#include <attncap/fwd.hpp>
#include <attncap/model/model_facts.hpp>
#include <attncap/select/default_backend.hpp>
#include <attncap/select/explain.hpp>
#include <attncap/version.hpp>
#include <attncap/vocabulary/field.hpp>
#include <attncap/vocabulary/launch_config.hpp>
#include <attncap/vocabulary/phase.hpp>
#include <attncap/vocabulary/stage.hpp>
