#pragma once
// Watch and REPL expressions over the lanes of one warp: the scenario
// expression language (core/expr: lane, tid, warp, C operators), where a
// register name (%r5, %p1, %fd3) stands for that lane's value. An expression
// gives one value per lane (32 for a full warp); a trailing "[lane 7]" (or
// "[7]") picks one lane. A launch buffer's word ("out[3]") is one value.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ui/frame/frame.hpp"

namespace ws::dap {

struct WatchResult {
  std::string error;                  // set when the expression does not evaluate
  std::vector<std::string> values;    // per lane of the warp ("" where the lane does not exist)
  std::optional<int> lane;            // the lane picked by [lane N]
  std::int32_t reg = -1;              // the expression is exactly this register (a Warp row)
  std::optional<std::string> memory;  // a buffer word ("out[3]"): its value, the same in every lane
};

// `text` evaluated for every lane of `warp` at the frame's moment.
WatchResult evaluateWatch(const ui::Frame& f, std::uint32_t warp, std::string_view text);

}  // namespace ws::dap
