#pragma once
// Shared memory laid out per entry, the way ptxas and the driver do it on an
// H100 (measured: tests/data/smem): the first 1 KB of every CTA's shared
// window is reserved for the system (cooperative groups keep multi-warp
// scratch there, at %reserved_smem_offset_1); an entry's own variables follow
// it: the function-scope .shared variables of the entry and the functions it
// calls, then the module-scope ones they use, each group in declaration order
// and each variable at its alignment. Every `extern .shared` array is the one
// dynamic window, aligned (16 bytes or more) after them; the padding before
// it is part of the allocation.
#include "core/ptx/program.hpp"

namespace ws::core {

// sm_90: %reserved_smem_offset_cap, the reserved region at the start of the
// shared window, and %reserved_smem_offset_end, the part of it in use.
inline constexpr std::uint64_t kSharedReservedBytes = 1024;
inline constexpr std::uint64_t kSharedReservedEnd = 288;

// Fills Function::shared for every entry, Program::sharedBytes (the largest
// static size) and the default Symbol::offset of each .shared variable (its
// offset in the first entry that uses it).
void layoutShared(Program& p);

// The bytes a CTA of `entry` allocates with `dynamicBytes` of dynamic shared
// memory (reserved region, static variables, padding, dynamic window): the
// window's end, which is %aggr_smem_size.
std::uint64_t sharedAllocation(const Function& entry, std::uint64_t dynamicBytes);

// The static .shared variable of `entry`'s layout that holds shared offset
// `offset` (variables of other entries share offsets with it); nullptr when
// none does. An unknown entry name looks at every static .shared variable.
const Symbol* sharedSymbolAt(const Program& p, std::string_view entry, std::uint64_t offset);

// %total_smem_size: the entry's own shared memory (static, padding, dynamic)
// in the 128-byte units the hardware allocates.
std::uint64_t sharedTotalSize(const Function& entry, std::uint64_t dynamicBytes);

}  // namespace ws::core
