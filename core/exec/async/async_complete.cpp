// What an asynchronous operation does when the completion policy retires it
// (machine_state.hpp, AsyncOp): the copy, reduction or store into its
// destination, then the complete-tx of its byte count on its mbarrier
// ("with completeCount argument equal to amount of data copied in bytes",
// PTX ISA 9.7.9.25.4.1, 9.7.9.25.4.2, 9.7.9.12) or, for
// cp.async.mbarrier.arrive, the arrive-on (9.7.13.15.15). Every write goes
// through ExecCtx, so the step's journal holds it.
#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/exec/async/async_copy.hpp"
#include "core/exec/memory/atomic_ops.hpp"

namespace ws::core {
namespace {

// The widest naturally aligned access (8, 4, 2 or 1 bytes) at addr with `left` bytes to go.
unsigned chunkAt(std::uint64_t addr, std::uint32_t left) {
  for (unsigned k : {8u, 4u, 2u}) {
    if (addr % k == 0 && left >= k) return k;
  }
  return 1;
}

bool loadAt(ExecCtx& ctx, int lane, const AsyncLoc& l, std::uint64_t offset, unsigned n, std::uint64_t& v) {
  if (l.space == Space::Shared)
    return l.cta < ctx.state().ctas.size() && ctx.loadShared(l.cta, static_cast<std::uint32_t>(l.addr + offset), n, v);
  return ctx.load(lane, {Space::Global, l.addr + offset}, n, v);
}

bool storeAt(ExecCtx& ctx, int lane, const AsyncLoc& l, std::uint64_t offset, unsigned n, std::uint64_t v) {
  if (l.space == Space::Shared)
    return l.cta < ctx.state().ctas.size() && ctx.storeShared(l.cta, static_cast<std::uint32_t>(l.addr + offset), n, v);
  return ctx.store(lane, {Space::Global, l.addr + offset}, n, v);
}

bool readBytes(ExecCtx& ctx, int lane, const AsyncLoc& l, std::uint32_t n, std::vector<std::uint8_t>& out) {
  for (std::uint32_t i = 0; i < n;) {
    const unsigned k = chunkAt(l.addr + i, n - i);
    std::uint64_t v = 0;
    if (!loadAt(ctx, lane, l, i, k, v)) return false;
    for (unsigned b = 0; b < k; ++b) out[i + b] = static_cast<std::uint8_t>(v >> (8 * b));
    i += k;
  }
  return true;
}

bool writeBytes(ExecCtx& ctx, int lane, const AsyncLoc& l, const std::vector<std::uint8_t>& bytes) {
  const auto n = static_cast<std::uint32_t>(bytes.size());
  for (std::uint32_t i = 0; i < n;) {
    const unsigned k = chunkAt(l.addr + i, n - i);
    std::uint64_t v = 0;
    for (unsigned b = 0; b < k; ++b) v |= static_cast<std::uint64_t>(bytes[i + b]) << (8 * b);
    if (!storeAt(ctx, lane, l, i, k, v)) return false;
    i += k;
  }
  return true;
}

std::uint64_t firstWord(const std::vector<std::uint8_t>& bytes) {
  std::uint64_t v = 0;
  for (std::size_t b = 0; b < bytes.size() && b < 8; ++b) v |= static_cast<std::uint64_t>(bytes[b]) << (8 * b);
  return v;
}

Endpoint endpointOf(const AsyncLoc& l) { return Endpoint::ofMemory(l.space, l.space == Space::Shared ? l.cta : 0, l.addr); }

// Reports an operation whose memory went away; false, for the caller to return.
bool lost(DiagBatch& diags, const AsyncOp& op, std::string_view what) {
  diags.add(DiagKind::OutOfBounds, static_cast<int>(op.issuerLane),
            fmt::format("{} #{}: its {} cannot be accessed any more", asyncKindName(op.kind), op.id, what));
  return false;
}

// The destination bytes of a copy, a reduction or a store.
bool perform(ExecCtx& ctx, const AsyncOp& op, DiagBatch& diags, std::vector<std::uint8_t>& out) {
  const auto lane = static_cast<int>(op.issuerLane);
  out.assign(op.size, 0);
  switch (op.kind) {
    case AsyncKind::CpAsync:
    case AsyncKind::BulkCopy: {
      // cp.async: "remaining bytes in destination dst are filled with zeros".
      std::vector<std::uint8_t> src(op.srcSize, 0);
      if (!readBytes(ctx, lane, op.src, op.srcSize, src)) return lost(diags, op, "source");
      std::copy(src.begin(), src.end(), out.begin());
      return true;
    }
    case AsyncKind::StAsync:
      for (std::uint32_t b = 0; b < op.size; ++b) out[b] = static_cast<std::uint8_t>(op.data[b / 8] >> (8 * (b % 8)));
      return true;
    case AsyncKind::BulkReduce: {
      // Each element of the destination reduced with the source's (relaxed.gpu
      // each); f32 .add flushes subnormals (the current implementation) and
      // f16/bf16 .add.noftz keeps them, as the atom/red rules say.
      std::vector<std::uint8_t> src(op.size, 0);
      if (!readBytes(ctx, lane, op.src, op.size, src)) return lost(diags, op, "source");
      if (!readBytes(ctx, lane, op.dst, op.size, out)) return lost(diags, op, "destination");
      const auto elem = static_cast<std::uint32_t>(byteWidth(op.type));
      atomics::ElementArgs args;
      args.op = op.op;
      args.type = op.type;
      args.global = op.dst.space == Space::Global;
      for (std::uint32_t i = 0; elem > 0 && i + elem <= op.size; i += elem) {
        std::uint64_t old = 0, b = 0;
        for (std::uint32_t k = 0; k < elem; ++k) {
          old |= static_cast<std::uint64_t>(out[i + k]) << (8 * k);
          b |= static_cast<std::uint64_t>(src[i + k]) << (8 * k);
        }
        args.b = b;
        const std::uint64_t r = atomics::apply(args, old);
        for (std::uint32_t k = 0; k < elem; ++k) out[i + k] = static_cast<std::uint8_t>(r >> (8 * k));
      }
      return true;
    }
    default: return false;
  }
}

}  // namespace

void completeAsyncOp(ExecCtx& ctx, const AsyncOp& op) {
  if (op.tensor) {
    completeTensorOp(ctx, op);
    return;
  }
  const auto lane = static_cast<int>(op.issuerLane);
  const auto order = static_cast<std::uint32_t>(op.id);
  switch (op.kind) {
    case AsyncKind::RedAsync:
    case AsyncKind::RedAsyncRelease: completeRedAsync(ctx, op); return;
    case AsyncKind::CpAsyncArrive: {
      DiagBatch diags(ctx);
      mbarrierAsyncArrive(ctx, lane, SharedLoc{op.mbar.cta, static_cast<std::uint32_t>(op.mbar.addr)}, order, diags);
      return;
    }
    case AsyncKind::CpAsync:
    case AsyncKind::BulkCopy:
    case AsyncKind::BulkReduce:
    case AsyncKind::StAsync: break;
  }
  DiagBatch diags(ctx);
  std::vector<std::uint8_t> bytes;
  if (!perform(ctx, op, diags, bytes)) return;
  if (!writeBytes(ctx, lane, op.dst, bytes)) {
    lost(diags, op, "destination");
    return;
  }
  const Endpoint cell = endpointOf(op.dst);
  Flow f;
  f.kind = FlowKind::AsyncComplete;
  f.from = asyncSource(op);
  f.to = cell;
  f.value = firstWord(bytes);
  f.order = order;
  f.bytes = op.size;
  f.issuerLane = static_cast<std::uint8_t>(lane);
  ctx.flow(f);
  if (op.hasMbar)
    mbarrierCompleteTx(ctx, lane, SharedLoc{op.mbar.cta, static_cast<std::uint32_t>(op.mbar.addr)}, op.size, cell, order,
                       diags, asyncKindName(op.kind));
}

}  // namespace ws::core
