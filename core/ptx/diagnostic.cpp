#include "core/ptx/diagnostic.hpp"

#include <fmt/format.h>

namespace ws::core {

std::string LoadError::str() const {
  return fmt::format("{}:{}:{}: {}: {}", file, line, col, warning ? "warning" : "error", message);
}

}  // namespace ws::core
