#pragma once
// The hardware-mode matrix (tests/data/hwmode) as test cases: the recorded
// tests (golden-*.json.gz) and the ones the H100 did not finish
// (outcomes.json, launched from the recording plans), with cases.json's
// description of every out word.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/core/hw_recording.hpp"

namespace ws::test {

// What the H100 did. The watchdog modules (hwmode_cross, hwmode_hang) trap
// when warp 0 does not finish in time, which the runtime reports as
// "unspecified launch failure": there that is a hang, not a fault.
enum class Outcome : std::uint8_t { Recorded, Fault, Hang };

struct MatrixCase {
  HwCase hw;
  Outcome outcome = Outcome::Recorded;
  std::string detail;  // the CUDA error text of a fault
};

inline constexpr std::uint64_t kMatrixSteps = 2'000'000;

const nlohmann::json& casesJson();
const nlohmann::json& caseOf(const std::string& name);  // cases.json's entry
std::vector<MatrixCase> matrixCases();
// "site 2 shfl.sync.idx.b32 d, lane 5 (ISA source lane 20)".
std::string describeWord(const MatrixCase& mc, std::size_t index);

}  // namespace ws::test

namespace ws::test {
inline void PrintTo(const MatrixCase& c, std::ostream* os) { *os << c.hw.label; }
}  // namespace ws::test
