// mbarrier (PTX ISA 9.7.13.15): init, inval, arrive, arrive_drop (with
// .expect_tx / .noComplete), expect_tx, complete_tx, test_wait, try_wait and
// pending_count on the object encoded by mbarrier_object.hpp. Lanes act on the
// object one at a time in ascending lane order; each lane's operation sees the
// previous lanes' effects.
#include <fmt/format.h>

#include "core/exec/async/async_copy.hpp"
#include "core/exec/memory/atomic_exec.hpp"
#include "core/exec/async/mbarrier_object.hpp"

namespace ws::core {
namespace {

enum class MbarOp : std::uint8_t { Init, Inval, Arrive, ExpectTx, CompleteTx, Wait, PendingCount, Unknown };

MbarOp classify(const Instr& ins) {
  if (ins.has(Mod::PendingCount)) return MbarOp::PendingCount;
  if (ins.has(Mod::Init)) return MbarOp::Init;
  if (ins.has(Mod::Inval)) return MbarOp::Inval;
  if (ins.has(Mod::Arrive) || ins.has(Mod::ArriveDrop)) return MbarOp::Arrive;  // also .expect_tx forms
  if (ins.has(Mod::ExpectTx)) return MbarOp::ExpectTx;
  if (ins.has(Mod::CompleteTx)) return MbarOp::CompleteTx;
  if (ins.has(Mod::TestWait) || ins.has(Mod::TryWait)) return MbarOp::Wait;
  return MbarOp::Unknown;
}

std::string describe(const mbar::Mbarrier& m) {
  return fmt::format("phase {} (mod 4), {} of {} arrivals pending, tx-count {}", m.phase, m.pending, m.expected, m.tx);
}

// Everything one lane's operation needs, read before any lane writes.
struct LaneInput {
  int lane = 0;
  ExecCtx::Address addr;
  std::uint64_t arg = 0;     // count, txCount, state token or parity
  bool hasArg = false;
};

class MbarrierStep {
 public:
  explicit MbarrierStep(ExecCtx& ctx) : m_ctx(ctx), m_ins(ctx.ins()), m_diags(ctx) {}

  void run(MbarOp kind, int addrIdx) {
    const Operand& addrOp = m_ins.ops[static_cast<std::size_t>(addrIdx)];
    const auto argIdx = static_cast<std::size_t>(addrIdx) + 1;
    const bool hasArg = argIdx < m_ins.ops.size();
    // Token (b64) for test_wait/try_wait without .parity; 32-bit otherwise.
    const DataType argType = kind == MbarOp::Wait && !m_ins.has(Mod::Parity) ? DataType::B64 : DataType::U32;
    std::vector<LaneInput> inputs;
    for (int lane : serialisationOrder(m_ctx.lanes())) {
      LaneInput in;
      in.lane = lane;
      in.addr = m_ctx.address(lane, addrOp);
      in.hasArg = hasArg;
      if (hasArg) in.arg = m_ctx.read(lane, m_ins.ops[argIdx], argType);
      inputs.push_back(in);
    }
    const Operand* dst = addrIdx >= 1 ? &m_ins.ops[static_cast<std::size_t>(addrIdx) - 1] : nullptr;
    for (const LaneInput& in : inputs) lane(kind, in, dst);
    if (m_yield != m_ctx.warp().ctl.yielded) m_ctx.ctl().yielded = m_yield;
    if (m_polling != m_ctx.warp().ctl.polling) m_ctx.ctl().polling = m_polling;
  }

 private:
  void lane(MbarOp kind, const LaneInput& in, const Operand* dst) {
    const auto loc = resolveShared(m_ctx, in.lane, in.addr, mbar::kBytes, "mbarrier", m_diags);
    if (!loc) return;
    std::uint64_t word = 0;
    if (!m_ctx.loadShared(loc->cta, loc->offset, mbar::kBytes, word, false)) return;
    const mbar::Mbarrier m = mbar::decode(word);
    const bool remote = loc->cta != m_ctx.warp().cta;
    const int l = in.lane;
    const std::string_view name = kindName(kind);
    // 9.7.13.15.8: only arrive, arrive_drop, expect_tx and complete_tx may
    // reach another CTA's object.
    if (remote && (kind == MbarOp::Init || kind == MbarOp::Inval || kind == MbarOp::Wait))
      m_diags.add(DiagKind::MbarrierRemoteUnsupported, l,
                  fmt::format("lane {}: mbarrier.{} on CTA rank {}'s object from CTA rank {}", l, name,
                              m_ctx.state().ctas[loc->cta].clusterRank, m_ctx.cta().clusterRank));
    if (kind != MbarOp::Init && !m.initialised) {
      m_diags.add(DiagKind::MbarrierUninitialized, l,
                  fmt::format("lane {}: mbarrier.{} on shared offset {:#x}, which holds no initialised mbarrier object "
                              "(word {:#018x})", l, name, loc->offset, word));
      if (kind == MbarOp::Wait) finishWait(l, dst, false, *loc);
      return;
    }
    switch (kind) {
      case MbarOp::Init: init(l, m, *loc, in); break;
      case MbarOp::Inval:
        store(*loc, mbar::invalidate(m));
        flow(l, *loc, 0);
        break;
      case MbarOp::Arrive: arrive(l, m, *loc, in, dst, remote); break;
      case MbarOp::ExpectTx: case MbarOp::CompleteTx: {
        const auto tx = static_cast<std::uint32_t>(in.arg);
        const mbar::Outcome o = kind == MbarOp::ExpectTx ? mbar::expectTx(m, tx) : mbar::completeTx(m, tx);
        report(l, m, o, name, tx);
        store(*loc, o.after);
        m_ctx.raceMbarrierArrive(loc->cta, loc->offset, LaneMask{1} << l, kind == MbarOp::CompleteTx, o.completed);
        flow(l, *loc, tx);
        break;
      }
      case MbarOp::Wait: wait(l, m, *loc, in, dst); break;
      default: break;
    }
  }

  // mbarrier.init (9.7.13.15.9)
  void init(int l, const mbar::Mbarrier& m, SharedLoc loc, const LaneInput& in) {
    const auto count = static_cast<std::uint32_t>(in.arg);
    if (count == 0 || count > mbar::kMaxCount)
      m_diags.add(DiagKind::MbarrierCountRange, l, fmt::format("lane {}: mbarrier.init count {} is outside [1, 2^20-1]", l, count));
    if (m.initialised)
      m_diags.add(DiagKind::MbarrierReinit, l,
                  fmt::format("lane {}: mbarrier.init on shared offset {:#x}, which holds a valid object: {}", l,
                              loc.offset, describe(m)));
    store(loc, mbar::init(count));
    flow(l, loc, count);
  }

  // mbarrier.arrive / arrive_drop (9.7.13.15.13/14), with .expect_tx or .noComplete.
  void arrive(int l, const mbar::Mbarrier& m, SharedLoc loc, const LaneInput& in, const Operand* dst, bool remote) {
    const bool drop = m_ins.has(Mod::ArriveDrop);
    const bool expect = m_ins.has(Mod::ExpectTx);
    // "When both qualifiers .arrive and .expect_tx are specified, then the
    // count argument of the arrive-on operation is assumed to be 1."
    const std::uint32_t count = expect ? 1u : in.hasArg ? static_cast<std::uint32_t>(in.arg) : 1u;
    const std::uint32_t tx = expect ? static_cast<std::uint32_t>(in.arg) : 0u;
    if (count == 0 || count > mbar::kMaxCount)
      m_diags.add(DiagKind::MbarrierCountRange, l, fmt::format("lane {}: arrive count {} is outside [1, 2^20-1]", l, count));
    const mbar::Outcome o = mbar::apply(m, {count, drop, static_cast<std::int64_t>(tx)});
    report(l, m, o, drop ? "arrive_drop" : "arrive", count);
    if (m_ins.has(Mod::NoComplete) && o.completed)
      m_diags.add(DiagKind::MbarrierNoCompleteCompletes, l,
                  fmt::format("lane {}: arrive.noComplete with count {} completed phase {} (mod 4): {}", l, count, m.phase,
                              describe(m)));
    store(loc, o.after);
    // An arrive-on releases what the lane did before it (.release is its
    // default semantics; .relaxed releases nothing).
    m_ctx.raceMbarrierArrive(loc.cta, loc.offset, LaneMask{1} << l, m_ins.sem != Mod::Relaxed, o.completed);
    flow(l, loc, expect ? tx : count);
    if (!dst || dst->kind == OperandKind::Sink) return;
    if (remote) {
      m_diags.add(DiagKind::MbarrierRemoteUnsupported, l,
                  fmt::format("lane {}: an arrive on CTA rank {}'s mbarrier cannot return a state (use _)", l,
                              m_ctx.state().ctas[loc.cta].clusterRank));
      return;
    }
    m_ctx.write(l, *dst, mbar::tokenOf(m));
  }

  // mbarrier.test_wait / try_wait (9.7.13.15.16). try_wait's suspension is a
  // yield here: the lane gets the answer at once and other lanes run first.
  void wait(int l, const mbar::Mbarrier& m, SharedLoc loc, const LaneInput& in, const Operand* dst) {
    std::uint32_t parity = 0;
    if (m_ins.has(Mod::Parity)) {
      parity = static_cast<std::uint32_t>(in.arg) & 1u;  // "integer parity" of the operand
    } else {
      parity = mbar::tokenParity(in.arg);
      const std::uint32_t age = mbar::tokenAge(m, in.arg);
      if (age >= 2)
        m_diags.add(DiagKind::MbarrierStalePhase, l,
                    fmt::format("lane {}: the state token names phase {} (mod 4) but the object is at phase {} (mod 4)", l,
                                mbar::decode(in.arg).phase, m.phase));
    }
    finishWait(l, dst, mbar::parityCompleted(m, parity), loc);
  }

  void finishWait(int l, const Operand* dst, bool complete, SharedLoc loc) {
    if (dst) m_ctx.write(l, *dst, complete ? 1u : 0u);
    // A wait that sees its phase complete acquires what the phase's arrivals released.
    if (complete && m_ins.sem != Mod::Relaxed) m_ctx.raceMbarrierAcquire(loc.cta, loc.offset, LaneMask{1} << l);
    const LaneMask bit = LaneMask{1} << l;
    m_yield = complete ? (m_yield & ~bit) : (m_yield | bit);
    m_polling = complete ? (m_polling & ~bit) : (m_polling | bit);
    flow(l, loc, complete ? 1u : 0u);
  }

  void report(int l, const mbar::Mbarrier& before, const mbar::Outcome& o, std::string_view what, std::uint32_t count) {
    if (o.expectedUnderflow)
      m_diags.add(DiagKind::MbarrierOverArrive, l,
                  fmt::format("lane {}: {} count {} exceeds the expected arrival count: {}", l, what, count, describe(before)));
    else if (o.overArrive)
      m_diags.add(DiagKind::MbarrierOverArrive, l,
                  fmt::format("lane {}: {} count {} exceeds the pending arrival count: {}", l, what, count, describe(before)));
    if (o.txOutOfRange)
      m_diags.add(DiagKind::MbarrierTxOverflow, l,
                  fmt::format("lane {}: {} {} takes the tx-count from {} outside [-(2^20-1), 2^20-1]", l, what, count, before.tx));
  }

  void store(SharedLoc loc, const mbar::Mbarrier& m) {
    m_ctx.storeShared(loc.cta, loc.offset, mbar::kBytes, mbar::encode(m), false);
  }

  void flow(int l, SharedLoc loc, std::uint64_t value) {
    Flow f;
    f.kind = FlowKind::MbarrierOp;
    f.from = Endpoint::ofLane(m_ctx.warpIndex(), l);
    f.to = Endpoint::ofMbarrier(loc.cta, loc.offset);
    f.value = value;
    f.order = m_order++;
    m_ctx.flow(f);
  }

  std::string_view kindName(MbarOp k) const {
    switch (k) {
      case MbarOp::Init: return "init";
      case MbarOp::Inval: return "inval";
      case MbarOp::Arrive: return m_ins.has(Mod::ArriveDrop) ? "arrive_drop" : "arrive";
      case MbarOp::ExpectTx: return "expect_tx";
      case MbarOp::CompleteTx: return "complete_tx";
      case MbarOp::Wait: return m_ins.has(Mod::TryWait) ? "try_wait" : "test_wait";
      default: return "?";
    }
  }

  ExecCtx& m_ctx;
  const Instr& m_ins;
  DiagBatch m_diags;
  std::uint32_t m_order = 0;
  LaneMask m_yield = m_ctx.warp().ctl.yielded;
  LaneMask m_polling = m_ctx.warp().ctl.polling;
};

// mbarrier.pending_count (9.7.13.15.17): the pending count "prior to the
// arrive-on operation from which the state register was obtained".
void pendingCount(ExecCtx& ctx) {
  const Instr& ins = ctx.ins();
  if (ins.ops.size() < 2) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), "mbarrier.pending_count needs a destination and a state operand");
    return;
  }
  std::vector<std::pair<int, std::uint64_t>> tokens;
  for (int lane : serialisationOrder(ctx.lanes())) tokens.emplace_back(lane, ctx.read(lane, ins.ops[1], DataType::B64));
  for (const auto& [lane, token] : tokens) ctx.write(lane, ins.ops[0], mbar::tokenPendingCount(token));
}

}  // namespace

void execMbarrier(ExecCtx& ctx) {
  const MbarOp kind = classify(ctx.ins());
  if (kind == MbarOp::PendingCount) {
    pendingCount(ctx);
    return;
  }
  const int addrIdx = addressOperand(ctx.ins());
  if (kind == MbarOp::Unknown || addrIdx < 0) {
    ctx.diag(DiagKind::Unsupported, ctx.lanes(), "mbarrier: unknown operation or no address operand");
    return;
  }
  MbarrierStep(ctx).run(kind, addrIdx);
}

namespace {

// The object at `loc` for an operation of the async unit, or nullopt (reported
// when it is not an initialised mbarrier).
std::optional<mbar::Mbarrier> asyncTarget(ExecCtx& ctx, int lane, SharedLoc loc, std::string_view what,
                                          DiagBatch& diags) {
  std::uint64_t word = 0;
  if (loc.cta >= ctx.state().ctas.size() || !ctx.loadShared(loc.cta, loc.offset, mbar::kBytes, word, false)) return std::nullopt;
  const mbar::Mbarrier m = mbar::decode(word);
  if (m.initialised) return m;
  diags.add(DiagKind::MbarrierUninitialized, lane,
            fmt::format("{} on shared offset {:#x} of CTA rank {}, which holds no initialised mbarrier object "
                        "(word {:#018x})",
                        what, loc.offset, ctx.state().ctas[loc.cta].clusterRank, word));
  return std::nullopt;
}

}  // namespace

// The complete-tx that retires a red.async (9.7.13.7), a bulk copy or
// reduction (9.7.9.25.4) or an st.async (9.7.9.12): 9.7.13.15.5.2.
void mbarrierCompleteTx(ExecCtx& ctx, int lane, SharedLoc loc, std::uint32_t bytes, const Endpoint& from,
                        std::uint32_t order, DiagBatch& diags, std::string_view what) {
  const auto m = asyncTarget(ctx, lane, loc, fmt::format("{} complete-tx of {} bytes", what, bytes), diags);
  if (!m) return;
  const mbar::Outcome o = mbar::completeTx(*m, bytes);
  if (o.txOutOfRange)
    diags.add(DiagKind::MbarrierTxOverflow, lane,
              fmt::format("{} complete-tx of {} bytes takes the tx-count from {} outside [-(2^20-1), 2^20-1]", what,
                          bytes, m->tx));
  ctx.storeShared(loc.cta, loc.offset, mbar::kBytes, mbar::encode(o.after), false);
  ctx.raceMbarrierArrive(loc.cta, loc.offset, 0, false, o.completed);
  Flow f;
  f.kind = FlowKind::CompleteTx;
  f.from = from;
  f.to = Endpoint::ofMbarrier(loc.cta, loc.offset);
  f.value = bytes;
  f.order = order;
  f.bytes = bytes;
  f.issuerLane = static_cast<std::uint8_t>(lane);
  ctx.flow(f);
}

}  // namespace ws::core

namespace ws::core {

// cp.async.mbarrier.arrive (9.7.13.15.15) at issue, without .noinc.
void mbarrierIncrementPending(ExecCtx& ctx, int lane, SharedLoc loc, DiagBatch& diags) {
  const auto m = asyncTarget(ctx, lane, loc, fmt::format("lane {}: cp.async.mbarrier.arrive", lane), diags);
  if (!m) return;
  const mbar::Outcome o = mbar::addPending(*m, 1);
  if (o.pendingOverflow)
    diags.add(DiagKind::CpAsyncArriveOverflow, lane,
              fmt::format("lane {}: cp.async.mbarrier.arrive takes the pending count from {} past 2^20-1: {}", lane,
                          m->pending, describe(*m)));
  ctx.storeShared(loc.cta, loc.offset, mbar::kBytes, mbar::encode(o.after), false);
  Flow f;
  f.kind = FlowKind::MbarrierOp;
  f.from = Endpoint::ofLane(ctx.warpIndex(), lane);
  f.to = Endpoint::ofMbarrier(loc.cta, loc.offset);
  f.value = 1;
  ctx.flow(f);
}

// Its arrive-on (9.7.13.15.7) with count 1, once the issuer's prior cp.async completed.
void mbarrierAsyncArrive(ExecCtx& ctx, int lane, SharedLoc loc, std::uint32_t order, DiagBatch& diags) {
  const auto m = asyncTarget(ctx, lane, loc, "the arrive-on of cp.async.mbarrier.arrive", diags);
  if (!m) return;
  const mbar::Outcome o = mbar::arrive(*m, 1);
  if (o.overArrive)
    diags.add(DiagKind::MbarrierOverArrive, lane,
              fmt::format("lane {}: the arrive-on of cp.async.mbarrier.arrive exceeds the pending arrival count: {}",
                          lane, describe(*m)));
  ctx.storeShared(loc.cta, loc.offset, mbar::kBytes, mbar::encode(o.after), false);
  ctx.raceMbarrierArrive(loc.cta, loc.offset, 0, false, o.completed);
  Flow f;
  f.kind = FlowKind::AsyncArrive;
  f.from = Endpoint::ofLane(ctx.warpIndex(), lane);
  f.to = Endpoint::ofMbarrier(loc.cta, loc.offset);
  f.value = 1;
  f.order = order;
  f.issuerLane = static_cast<std::uint8_t>(lane);
  ctx.flow(f);
}

}  // namespace ws::core
