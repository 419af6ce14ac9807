// The CUDA system calls (PTX ISA, "System Calls") as nvcc declares them:
// printf lowers to vprintf(format, args) -> int, assert to
// __assertfail(message, file, line, function, charSize).
#include "core/isa/instr.hpp"

namespace ws::core {

SysCall systemCallNamed(std::string_view name, std::size_t returns, std::size_t params) {
  if (name == "vprintf" && returns == 1 && params == 2) return SysCall::Vprintf;
  if (name == "__assertfail" && returns == 0 && params == 5) return SysCall::AssertFail;
  return SysCall::None;
}

}  // namespace ws::core
