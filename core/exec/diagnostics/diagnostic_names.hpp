#pragma once
// Stable short names for diagnostic kinds ("shfl-source-inactive"), for files
// that outlive a build: scenario expectations, CLI output, autograders.
//
// The name is the DiagKind enumerator in kebab case. It is part of the
// scenario file format: renaming an enumerator must keep the old name working
// by adding it to the alias table in diagnostic_names.cpp (a test pins every
// published name).
#include <optional>
#include <string_view>

#include "core/exec/diagnostics/diagnostic.hpp"

namespace ws::core {

std::string_view diagSlug(DiagKind k);
// Accepts the current names and retired aliases; nullopt when unknown.
std::optional<DiagKind> diagFromSlug(std::string_view slug);
// Number of kinds (for listings and "did you mean" hints).
std::size_t diagKindCount();

}  // namespace ws::core
