#include "tests/core/recorded_buffers.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sstream>

namespace ws::core::test {

long recordedBufferIndex(const PreparedScenario& p, const std::string& name) {
  for (std::size_t i = 0; i < p.launch.buffers.size(); ++i)
    if (p.launch.buffers[i].name == name) return static_cast<long>(i);
  return -1;
}

std::vector<std::string> recordedDifferences(const PreparedScenario& p, const Engine& e, const RunResult& r,
                                             const nlohmann::json& j, std::size_t& compared) {
  std::vector<std::string> out;
  compared = 0;
  for (std::size_t i = 0; i < p.launch.buffers.size(); ++i) {
    const BufferSpec* b = &p.launch.buffers[i];
    if (!j.contains(b->name)) continue;
    const auto& bytes = e.buffer(static_cast<std::uint32_t>(i));
    const auto& words = j[b->name];
    ++compared;
    if (words.size() * 4 != bytes.size()) {
      out.push_back(b->name + ": " + std::to_string(words.size()) + " words recorded, " +
                    std::to_string(bytes.size() / 4) + " simulated");
      continue;
    }
    for (std::size_t w = 0; w < words.size(); ++w) {
      std::uint32_t v = 0;
      std::memcpy(&v, bytes.data() + 4 * w, 4);
      if (v != words[w].get<std::uint32_t>())
        out.push_back(b->name + "[" + std::to_string(w) + "]: recorded " + std::to_string(words[w].get<std::uint32_t>()) +
                      ", simulated " + std::to_string(v));
    }
  }
  if (j.contains("printed")) {
    auto lines = [](const std::string& text) {
      std::vector<std::string> v;
      std::istringstream in(text);
      for (std::string line; std::getline(in, line);) v.push_back(line);
      std::sort(v.begin(), v.end());
      return v;
    };
    std::string printed;
    for (const auto& t : r.printed) printed += t.text;
    if (lines(printed) != lines(j["printed"].get<std::string>())) out.push_back("printed lines differ");
    ++compared;
  }
  return out;
}

std::vector<std::string> recordingMismatches(const PreparedScenario& p, const Engine& e, const RunResult& r,
                                             const nlohmann::json& j) {
  std::size_t compared = 0;
  if (!j.contains("runs")) {
    std::vector<std::string> d = recordedDifferences(p, e, r, j, compared);
    if (compared == 0) d.push_back("the recording names no buffer of the scenario");
    return d;
  }
  if (!j["runs"].is_array() || j["runs"].empty()) return {"\"runs\" is not a non-empty array"};
  std::vector<std::string> out;
  std::string closest;
  std::size_t fewest = SIZE_MAX;
  for (const nlohmann::json& run : j["runs"]) {
    const std::vector<std::string> d = recordedDifferences(p, e, r, run, compared);
    if (compared == 0) out.push_back("a recorded run names no buffer of the scenario");
    if (d.size() < fewest) {
      fewest = d.size();
      closest = d.empty() ? "" : d.front();
    }
  }
  if (fewest != 0)
    out.push_back("the run ends like none of the " + std::to_string(j["runs"].size()) +
                  " recorded runs; the closest differs in " + std::to_string(fewest) + " places, first " + closest);
  return out;
}

}  // namespace ws::core::test
