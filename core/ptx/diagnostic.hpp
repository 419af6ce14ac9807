#pragma once
// A load-time problem (parse error, unknown name, target gate): where and what.
#include <string>
#include <vector>

#include "core/isa/instr.hpp"

namespace ws::core {

struct LoadError {
  std::string file;  // as given by the caller ("kernels.ptx", "<snippet>")
  std::uint32_t line = 0, col = 0;
  std::string message;  // what was found and what was expected
  // "file:line:col: error: message"
  std::string str() const;
};

}  // namespace ws::core
