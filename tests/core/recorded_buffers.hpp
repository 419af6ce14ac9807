#pragma once
// The one rule for comparing a finished run with what a GPU wrote
// (hw-h100.json / hw-h200.json beside a lesson's or a corpus case's
// kernel.cu): {"buffer name": [u32 words], "printed": "..."} for a kernel
// whose result is the same every run, {"runs": [{...}, ...]} for one whose
// result varies, and the run must end like one of them. Every buffer the
// recording names is compared word for word (the length must match too);
// buffers it does not name are not compared; printed lines are compared as a
// multiset (CUDA orders no two threads' printf).
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/exec/engine/engine.hpp"
#include "core/scenario/scenario_io.hpp"

namespace ws::core::test {

// The launch-buffer index of the buffer `name` (by the launch's own buffer
// names, so buffers that other kinds of parameters create count too), or -1.
long recordedBufferIndex(const PreparedScenario& p, const std::string& name);

// The differences between the run and one recorded run (a JSON object of
// buffers); `compared` counts the buffers (and printed text) compared.
std::vector<std::string> recordedDifferences(const PreparedScenario& p, const Engine& e, const RunResult& r,
                                             const nlohmann::json& recorded, std::size_t& compared);

// Checks the run against a whole recording file's JSON (one run or
// {"runs": [...]}): the failures, empty when the run ends like the recording
// (like one of its runs). A recording that names none of the scenario's
// buffers is a failure.
std::vector<std::string> recordingMismatches(const PreparedScenario& p, const Engine& e, const RunResult& r,
                                             const nlohmann::json& recording);

}  // namespace ws::core::test
