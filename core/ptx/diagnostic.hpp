#pragma once
// A load-time problem (parse error, unknown name, target gate): where and what.
#include <string>
#include <vector>

#include "core/isa/instr.hpp"

namespace ws::core {

// A load-time problem (parse error, unknown name, target gate) or, with
// `warning` set, something that loads but will not run (an instruction the
// engine does not execute).
struct LoadError {
  std::string file;  // as given by the caller ("kernels.ptx", "<snippet>")
  std::uint32_t line = 0, col = 0;
  std::string message;  // what was found and what was expected
  bool warning = false;
  // "file:line:col: error: message" (or "warning:")
  std::string str() const;
};

}  // namespace ws::core
