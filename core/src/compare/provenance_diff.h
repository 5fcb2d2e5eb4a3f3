// What changed between the binaries (or machines) behind two sets of numbers: a comparison
// across another .so, library version or host is flagged, never silently made.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/results.h"

namespace rb::compare {

// "plugin .so changed (sha256 1a2b3c4d -> 5e6f7a8b)", "libevent 2.1.12 -> 2.1.13", ...;
// empty when both are the same binary. A side without provenance is a change too.
std::vector<std::string> provenance_changes(const std::optional<Provenance>& base,
                                            const std::optional<Provenance>& next);

// The cell's provenance and, for a two-process cell, each role's ("client: ...").
std::vector<std::string> cell_provenance_changes(const CellResult& base, const CellResult& next);

// "host: a -> b", "governor: powersave -> performance", ...: the circumstances that differ.
std::vector<std::string> context_changes(const RunContext& base, const RunContext& next);

}  // namespace rb::compare
