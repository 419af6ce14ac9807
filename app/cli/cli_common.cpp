#include "app/cli/cli_common.hpp"

#include <charconv>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/scenario/scenario_io.hpp"

namespace ws::cli {

std::optional<core::Dim3> parseDim3(const std::string& text, std::string& error) {
  core::Dim3 d{1, 1, 1};
  std::size_t i = 0, k = 0;
  while (i <= text.size()) {
    if (k == 3) {
      error = fmt::format("'{}' has more than three dimensions", text);
      return std::nullopt;
    }
    std::size_t j = text.find_first_of(",x", i);
    if (j == std::string::npos) j = text.size();
    const std::string part = text.substr(i, j - i);
    std::uint32_t v = 0;
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || p != part.data() + part.size() || v == 0) {
      error = fmt::format("'{}' is not a dimension: expected positive numbers like 2 or 2,1,1", text);
      return std::nullopt;
    }
    d[k++] = v;
    i = j + 1;
  }
  return d;
}

std::optional<std::string> readTextFile(const std::string& path, std::string& error) {
  return core::readFileCapped(path, core::kMaxInputFileBytes, error);
}

namespace {
// 1-based line and column of a byte offset.
std::pair<std::size_t, std::size_t> lineCol(const std::string& text, std::size_t offset) {
  std::size_t line = 1, col = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') { ++line; col = 1; } else { ++col; }
  }
  return {line, col};
}
}  // namespace

std::optional<std::vector<std::uint32_t>> readWordsFile(const std::string& path, std::string& error) {
  auto text = readTextFile(path, error);
  if (!text) return std::nullopt;
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(*text);
  } catch (const nlohmann::json::parse_error& e) {
    auto [line, col] = lineCol(*text, e.byte == 0 ? 0 : e.byte - 1);
    error = fmt::format("{}:{}:{}: error: not valid JSON ({})", path, line, col, e.what());
    return std::nullopt;
  }
  if (j.is_object() && j.contains("words")) j = j["words"];
  if (!j.is_array()) {
    error = fmt::format("{}:1:1: error: expected a JSON array of 32-bit words", path);
    return std::nullopt;
  }
  std::vector<std::uint32_t> words;
  words.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) {
    const auto& v = j[i];
    if (v.is_number_unsigned() && v.get<std::uint64_t>() <= 0xffffffffull) {
      words.push_back(static_cast<std::uint32_t>(v.get<std::uint64_t>()));
    } else if (v.is_number_integer() && v.get<std::int64_t>() >= INT32_MIN && v.get<std::int64_t>() < 0) {
      words.push_back(static_cast<std::uint32_t>(static_cast<std::int32_t>(v.get<std::int64_t>())));
    } else {
      error = fmt::format("{}:1:1: error: element {} is not a 32-bit integer", path, i);
      return std::nullopt;
    }
  }
  return words;
}

std::string stopName(core::StopReason r) {
  switch (r) {
    case core::StopReason::None: return "paused";
    case core::StopReason::Finished: return "finished";
    case core::StopReason::Diagnostic: return "stopped at a diagnostic";
    case core::StopReason::Deadlock: return "deadlock";
    case core::StopReason::StepBudget: return "step budget exhausted";
    case core::StopReason::Trap: return "trap";
    case core::StopReason::Breakpoint: return "breakpoint";
  }
  return "";
}

}  // namespace ws::cli
