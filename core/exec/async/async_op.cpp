#include "core/exec/async/async_op.hpp"

#include <algorithm>

namespace ws::core {

std::string_view asyncKindName(AsyncKind k) {
  switch (k) {
    case AsyncKind::RedAsync: return "red.async";
    case AsyncKind::RedAsyncRelease: return "red.async.release";
    case AsyncKind::CpAsync: return "cp.async";
    case AsyncKind::CpAsyncArrive: return "cp.async.mbarrier.arrive";
    case AsyncKind::BulkCopy: return "cp.async.bulk";
    case AsyncKind::BulkReduce: return "cp.reduce.async.bulk";
    case AsyncKind::StAsync: return "st.async";
  }
  return "async";
}

bool asyncReady(const MachineState& s, std::size_t index) {
  const AsyncOp& op = s.inflight[index];
  if (op.kind != AsyncKind::CpAsyncArrive) return true;
  // inflight is in issue order: only the operations before it can be older.
  return std::none_of(s.inflight.begin(), s.inflight.begin() + static_cast<std::ptrdiff_t>(index), [&](const AsyncOp& o) {
    return o.kind == AsyncKind::CpAsync && o.issuerWarp == op.issuerWarp && o.issuerLane == op.issuerLane;
  });
}

bool asyncGroupsDone(const MachineState& s, std::uint32_t warp, int lane, bool bulk, std::uint32_t pending) {
  const AsyncGroups& g = s.warps[warp].groups;
  const std::uint32_t committed = (bulk ? g.bulk : g.cpAsync)[static_cast<std::size_t>(lane)];
  if (committed <= pending) return true;
  const std::uint32_t limit = committed - pending;  // groups [0, limit) must be complete
  return std::none_of(s.inflight.begin(), s.inflight.end(), [&](const AsyncOp& o) {
    const bool mine = o.issuerWarp == warp && o.issuerLane == static_cast<std::uint32_t>(lane);
    const bool kind = bulk ? (o.kind == AsyncKind::BulkCopy || o.kind == AsyncKind::BulkReduce) : o.kind == AsyncKind::CpAsync;
    return mine && kind && o.group != kNoAsyncGroup && o.group < limit;
  });
}

namespace {

Endpoint memoryOf(const AsyncLoc& l) { return Endpoint::ofMemory(l.space, l.space == Space::Shared ? l.cta : 0, l.addr); }

}  // namespace

Endpoint asyncSource(const AsyncOp& op) {
  switch (op.kind) {
    case AsyncKind::RedAsync: case AsyncKind::RedAsyncRelease: case AsyncKind::StAsync: case AsyncKind::CpAsyncArrive:
      return Endpoint::ofLane(op.issuerWarp, static_cast<int>(op.issuerLane));
    case AsyncKind::CpAsync: case AsyncKind::BulkCopy: case AsyncKind::BulkReduce: return memoryOf(op.src);
  }
  return {};
}

Endpoint asyncDestination(const AsyncOp& op) {
  if (op.kind == AsyncKind::CpAsyncArrive) return Endpoint::ofMbarrier(op.mbar.cta, op.mbar.addr);
  return memoryOf(op.dst);
}

}  // namespace ws::core
