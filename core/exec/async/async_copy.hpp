#pragma once
// Helpers shared by the asynchronous-copy handlers (exec/async_copy.cpp:
// cp.async, its groups and mbarrier arrive; exec/async_bulk.cpp: the bulk
// copies, reductions and st.async; exec/async_complete.cpp: what each does
// when it completes). Internal to core/exec: the engine sees execAsync and
// completeAsyncOp only.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/exec/async/async_op.hpp"
#include "core/exec/memory/atomic_exec.hpp"
#include "core/exec/state/tensor_map.hpp"

namespace ws::core {

// A new operation issued by `lane` of the executing warp at its current PC.
AsyncOp newAsyncOp(ExecCtx& ctx, int lane, AsyncKind kind);
// Puts `op` in flight and draws its AsyncIssue arrow from `from` (the lane
// for red.async/st.async, the source memory for copies) to its destination.
void issueAsync(ExecCtx& ctx, const AsyncOp& op, const Endpoint& from, std::uint64_t value);

// How an address that names a range is checked, and which diagnostic each
// broken rule gets (bulk copies have their own kinds, cp.async the general ones).
struct RangeRules {
  DiagKind outside = DiagKind::OutOfBounds;     // not in the state space the operand must be in
  DiagKind misaligned = DiagKind::Misaligned;   // not aligned to `align`
  DiagKind overflow = DiagKind::OutOfBounds;    // the range leaves the allocation
  std::uint32_t align = 1;
};
// A shared (::cta or ::cluster) location of `bytes` bytes from an address,
// or nullopt (reported, naming `what`).
std::optional<SharedLoc> sharedRange(ExecCtx& ctx, int lane, ExecCtx::Address a, std::uint32_t bytes,
                                     const RangeRules& rules, std::string_view what, DiagBatch& diags);
// The same for a global address (bytes == 0: no range to check).
std::optional<std::uint64_t> globalRange(ExecCtx& ctx, int lane, ExecCtx::Address a, std::uint32_t bytes,
                                         const RangeRules& rules, std::string_view what, DiagBatch& diags);

inline AsyncLoc sharedAt(SharedLoc l) { return {Space::Shared, l.cta, l.offset}; }
inline AsyncLoc globalAt(std::uint64_t addr) { return {Space::Global, 0, addr}; }

// An integer operand's value (register or immediate) as u32, for sizes and masks.
std::uint32_t readU32(ExecCtx& ctx, int lane, const Operand& op);

// The handlers (async_copy.cpp, async_bulk.cpp).
void execCpAsync(ExecCtx& ctx);
void execCpAsyncArrive(ExecCtx& ctx);
void execAsyncCommit(ExecCtx& ctx, bool bulk);
void execAsyncWait(ExecCtx& ctx, bool bulk, bool all);
void execBulkCopy(ExecCtx& ctx);
void execBulkReduce(ExecCtx& ctx);
void execBulkPrefetch(ExecCtx& ctx);
void execStAsync(ExecCtx& ctx);
// The tensor (TMA) copies (async_tensor.cpp) and their completion.
void execTensorCopy(ExecCtx& ctx);
void execTensorReduce(ExecCtx& ctx);
void execTensorPrefetch(ExecCtx& ctx);
void completeTensorOp(ExecCtx& ctx, const AsyncOp& op);
// The element type a tensor reduction `op` applies to a map's elements.
DataType tensorReduceType(TensorDataType t, Mod op);
// cp.reduce.async.bulk's valid .redOp/.type pairs (PTX ISA 9.7.9.25.4.2),
// into global memory or shared::cluster; f16/bf16 .add needs .noftz.
bool bulkReduceFormValid(bool global, Mod op, DataType t, bool noftz);

// red.async's completion (red_async.cpp): both forms.
void completeRedAsync(ExecCtx& ctx, const AsyncOp& op);

// The mbarrier effects of async operations (exec/mbarrier.cpp).
// cp.async.mbarrier.arrive without .noinc: the pending count goes up by one
// at issue (PTX ISA 9.7.13.15.15).
void mbarrierIncrementPending(ExecCtx& ctx, int lane, SharedLoc loc, DiagBatch& diags);
// Its arrive-on, performed by the async unit once the issuer's prior
// cp.async completed.
void mbarrierAsyncArrive(ExecCtx& ctx, int lane, SharedLoc loc, std::uint32_t order, DiagBatch& diags);

}  // namespace ws::core
