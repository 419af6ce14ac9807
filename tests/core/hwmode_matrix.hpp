#pragma once
// The hardware-mode matrix (tests/data/hwmode) as test cases: the recorded
// tests (golden-*.json.gz) and the ones the H100 did not finish
// (outcomes.json, launched from the recording plans), with cases.json's
// description of every out word. The extra kernels of tests/data/hwmode_extra
// (the same layout, each asking one question the matrix left open) load the
// same way.
#include <cstdint>
#include <map>
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

// Runs a kernel of the matrix, the extra kernels or the probes as the tests
// replay them: hardware mode, no uninitialized-read warnings, kMatrixSteps.
HwRun runInHardwareMode(const HwCase& c);

const nlohmann::json& casesJson();
const nlohmann::json& caseOf(const std::string& name);  // cases.json's entry
std::vector<MatrixCase> matrixCases();
std::vector<MatrixCase> extraCases();  // tests/data/hwmode_extra
// Every test of a recording plan (DIR/MODULE.plan.gz, written by
// tests/hwrec/plan.py) by name, as the golden format's JSON without "out".
std::map<std::string, nlohmann::json> planTests(const std::string& dir, const std::string& module);
// "site 2 shfl.sync.idx.b32 d, lane 5 (ISA source lane 20)".
std::string describeWord(const MatrixCase& mc, std::size_t index);

}  // namespace ws::test

namespace ws::test {
inline void PrintTo(const MatrixCase& c, std::ostream* os) { *os << c.hw.label; }
}  // namespace ws::test
