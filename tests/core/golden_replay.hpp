#pragma once
// Replaying hardware-golden tests: a JSON file of launches recorded on a real
// GPU ({"tests": [{"name","grid","block","cluster","in","out_init","out"}]})
// against the PTX they came from.
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/exec/engine/engine.hpp"

namespace ws::test {

struct GoldenCase {
  std::string label;  // gtest-safe name: family_entry
  std::string ptxPath;
  nlohmann::json json;
};

std::string slurp(const std::string& path);
// Every test of one golden file, labelled with `prefix`.
std::vector<GoldenCase> loadGoldenFile(const std::string& jsonPath, const std::string& ptxPath,
                                       const std::string& prefix);
// The launch a case describes (in and out buffers as the two parameters).
core::LaunchConfig goldenLaunch(const GoldenCase& c);
// Runs one case in hardware mode and checks `out` word for word (gtest assertions).
void replayGolden(const GoldenCase& c);

}  // namespace ws::test

namespace ws::test {
// Readable test names in gtest output instead of a byte dump.
inline void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.label; }
}  // namespace ws::test
