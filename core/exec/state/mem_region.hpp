#pragma once
// Where a byte of the machine's memory lives: a launch buffer (Global), a
// CTA's shared memory, a warp's local memory, the constant bank, the kernel
// parameters. Journals and race reports name memory by region, index and offset.
#include <cstdint>

namespace ws::core {

enum class MemRegion : std::uint8_t { Global, Shared, Local, Const, Param };

}  // namespace ws::core
