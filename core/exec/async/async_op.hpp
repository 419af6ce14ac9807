#pragma once
// Questions about in-flight asynchronous operations (machine_state.hpp,
// AsyncOp) that the engine's scheduler, the handlers and the views all ask:
// pure functions of the machine state.
#include <cstdint>
#include <string_view>

#include "core/exec/state/machine_state.hpp"
#include "core/trace/step_record.hpp"

namespace ws::core {

// "red.async", "cp.async", "cp.async.mbarrier.arrive", "cp.async.bulk", ...
std::string_view asyncKindName(AsyncKind k);

// Whether in-flight operation `index` may complete now. Every operation may,
// except a cp.async.mbarrier.arrive whose issuer still has an older cp.async
// in flight: its arrive-on is "triggered ... upon the completion of all prior
// cp.async operations initiated by the executing thread" (PTX ISA
// 9.7.13.15.15). The oldest operation in flight is always ready.
bool asyncReady(const MachineState& s, std::size_t index);

// Whether lane `lane` of warp `warp` has no operation in flight in the
// async-groups that cp.async.wait_group (bulk: cp.async.bulk.wait_group) with
// operand `pending` waits for: all its committed groups except the `pending`
// most recent ones (PTX ISA 9.7.9.25.3.3, 9.7.9.25.6.2). Empty groups are
// trivially complete.
bool asyncGroupsDone(const MachineState& s, std::uint32_t warp, int lane, bool bulk, std::uint32_t pending);

// Where an operation's data comes from (the issuing lane for red.async and
// st.async, which carry a register's value; the source memory otherwise) and
// where it goes (its destination memory, or its mbarrier for an arrive-on).
Endpoint asyncSource(const AsyncOp& op);
Endpoint asyncDestination(const AsyncOp& op);

}  // namespace ws::core
