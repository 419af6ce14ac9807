#pragma once
// Helpers shared by the atom/red, red.async and mbarrier handlers
// (exec/atomics.cpp, exec/red_async.cpp, exec/mbarrier.cpp). Internal to
// core/exec: the engine sees only execAtomic, execMbarrier and completeAsyncOp.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/exec/engine/exec_ctx.hpp"

namespace ws::core {

// One instruction's diagnostics, grouped so that lanes breaking the same rule
// share one report with their lane mask; the message keeps the real values of
// the first such lane and counts the others.
class DiagBatch {
 public:
  explicit DiagBatch(ExecCtx& ctx) : m_ctx(ctx) {}
  DiagBatch(const DiagBatch&) = delete;
  DiagBatch& operator=(const DiagBatch&) = delete;
  ~DiagBatch() { flush(); }
  void add(DiagKind kind, int lane, std::string message);
  // Lane-less report (async completion): lanes is the mask to record.
  void addMask(DiagKind kind, LaneMask lanes, std::string message);
  void flush();

 private:
  struct Entry {
    DiagKind kind;
    LaneMask lanes = 0;
    std::string message;
    int count = 0;
  };
  ExecCtx& m_ctx;
  std::vector<Entry> m_entries;
};

// A location in some CTA's shared memory: linear CTA index and byte offset.
struct SharedLoc {
  std::uint32_t cta = 0;
  std::uint32_t offset = 0;
};

// Resolve a shared (::cta or ::cluster) or generic address to the CTA and
// offset it names, checking that `bytes` bytes there are in bounds and
// aligned to `bytes`. Reports (via `diags`, naming `what`) and returns nullopt
// when it is not a shared address, lies outside the cluster (reported as
// `outsideCluster`), or is out of bounds or misaligned.
std::optional<SharedLoc> resolveShared(ExecCtx& ctx, int lane, ExecCtx::Address a, unsigned bytes,
                                       std::string_view what, DiagBatch& diags,
                                       DiagKind outsideCluster = DiagKind::OutOfBounds);

// The memory cell an address names, for data-flow arrows.
Endpoint memoryEndpoint(const ExecCtx& ctx, ExecCtx::Address a);

// Index of the instruction's first address operand at or after `from`; -1 if none.
int addressOperand(const Instr& ins, std::size_t from = 0);

// The register an operand names (for flow endpoints), -1 if it is not one.
inline std::int32_t operandReg(const Operand& op) {
  if (op.kind == OperandKind::Reg) return static_cast<std::int32_t>(op.reg);
  if (op.kind == OperandKind::Vector && !op.elems.empty()) return operandReg(op.elems.front());
  return -1;
}

// The lanes of `lanes` in the order their atomic read-modify-writes take
// effect (ascending lane order; see atomics.cpp).
std::vector<int> serialisationOrder(LaneMask lanes);

// atom/red (atomics.cpp) and red.async issue (red_async.cpp).
void execAtomRed(ExecCtx& ctx);
void execRedAsync(ExecCtx& ctx);

// A complete-tx of `bytes` on the mbarrier at `loc` performed by the async
// unit for issuer lane `lane` when operation `what` ("red.async",
// "cp.async.bulk", ...) completes (exec/mbarrier.cpp), with its diagnostics
// and a CompleteTx flow from `from`.
void mbarrierCompleteTx(ExecCtx& ctx, int lane, SharedLoc loc, std::uint32_t bytes, const Endpoint& from,
                        std::uint32_t order, DiagBatch& diags, std::string_view what = "red.async");

}  // namespace ws::core
