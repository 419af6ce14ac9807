#include "core/ptx/diagnostic.hpp"

#include <fmt/format.h>

namespace ws::core {

std::string LoadError::str() const { return fmt::format("{}:{}:{}: error: {}", file, line, col, message); }

}  // namespace ws::core
