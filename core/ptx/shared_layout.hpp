#pragma once
// Shared memory laid out per entry, the way ptxas does it: an entry gets only
// the .shared variables that it and the functions it calls use (module- and
// function-scope alike), in declaration order, each at its alignment; every
// `extern .shared` array is the one dynamic window, which starts aligned
// after them. The padding before the window is part of the allocation.
#include "core/ptx/program.hpp"

namespace ws::core {

// Fills Function::shared for every entry, Program::sharedBytes (the largest
// static size) and the default Symbol::offset of each .shared variable (its
// offset in the first entry that uses it).
void layoutShared(Program& p);

// The bytes a CTA of `entry` allocates with `dynamicBytes` of dynamic shared
// memory (static variables, padding, dynamic window).
std::uint64_t sharedAllocation(const Function& entry, std::uint64_t dynamicBytes);

}  // namespace ws::core
