#pragma once
// The instruction handlers' view of the machine while one warp instruction
// executes. Every register, memory and control write goes through here, so the
// journal sees {location, before, after} for each of them and the views get
// the data flows and diagnostics.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/exec/diagnostics/diagnostic.hpp"
#include "core/exec/state/machine_state.hpp"
#include "core/exec/engine/options.hpp"
#include "core/ptx/program.hpp"
#include "core/trace/step_record.hpp"

namespace ws::core {

class Engine;
namespace race {
class RaceChecker;
struct Finding;
}  // namespace race

// The state space an instruction's space modifier names (Generic when none).
Space spaceOf(Mod m);

// Where variable s starts in its own space: global variables live in the
// generic address space, the others at their offset in their segment.
std::uint64_t symbolBase(const Symbol& s);
// A variable's name (+ imm) read as a value: its address in its own space
// (a shared address is 32 bits). The same for every lane.
std::uint64_t symbolValue(const Symbol& s, std::int64_t imm);

class ExecCtx {
 public:
  ExecCtx(Engine& engine, std::uint32_t warp, const Instr& ins, LaneMask lanes, StepRecord* rec);

  const Program& program() const;
  const Instr& ins() const { return m_ins; }
  const MachineState& state() const;
  std::uint32_t warpIndex() const { return m_warp; }
  const WarpState& warp() const;
  const CtaState& cta() const;
  ExecMode mode() const;
  const EngineOptions& options() const;
  std::uint64_t step() const;
  const Engine& engine() const { return m_engine; }

  // Lanes executing this instruction (guard true, arrived), ascending lane order.
  LaneMask lanes() const { return m_lanes; }
  // For a collective: the membermask lanes that are live but did not arrive
  // (non-empty only in hardware mode, where the engine lets it go on).
  LaneMask missing() const { return m_missing; }
  void setMissing(LaneMask m) { m_missing = m; }

  // ---- operands
  // The operand's value as raw bits of type t: registers read their bits
  // (truncated to t's width), immediates convert to t (an integer immediate
  // for a float type is converted by value, as PTX does), special registers
  // and symbol addresses give their value.
  // Registers are the common case and are read inline; everything else (and
  // a register holding no defined value, which marks the lane's inputs
  // undefined: undefinedReads()) takes readOther().
  std::uint64_t read(int lane, const Operand& op, DataType t) {
    if (op.kind == OperandKind::Reg && !uninitialized(lane, op.reg)) [[likely]]
      return m_regs[regIndex(lane, op.reg)] & valueMask(t);
    return readOther(lane, op, t);
  }
  bool readPred(int lane, const Operand& op) {  // honours `!p`
    const bool v = (read(lane, op, DataType::Pred) & 1u) != 0;
    return op.negate ? !v : v;
  }
  // Writes bits to a register operand (no-op for `_`); the value is masked to
  // the register's declared width.
  void write(int lane, const Operand& dst, std::uint64_t bits) {
    if (dst.kind == OperandKind::Reg) [[likely]] {
      writeReg(lane, dst.reg, bits);
    } else if (dst.kind != OperandKind::Sink) {
      writeNonRegister(lane);
    }
  }
  void writeReg(int lane, std::uint32_t reg, std::uint64_t bits) {
    const std::uint64_t v = bits & m_regMask[reg];
    const std::size_t i = regIndex(lane, reg);
    if (m_rec) [[unlikely]] journalReg(lane, reg, v);
    m_regs[i] = v;
    m_written[reg] = (m_written[reg] | 1u << lane) & ~(m_undefIn & 1u << lane);
  }
  void writePred(int lane, std::uint32_t reg, bool v) { writeReg(lane, reg, v ? 1 : 0); }
  // ---- one collective at several call sites (rule X, docs/hardware-mode.md)
  // Lanes waiting at another call site of the same instruction may join a
  // collective (sm_70+); each lane then reads and writes the operands of its
  // own site. The operand `op` of ins() as lane `lane` sees it: `op` itself
  // unless the lane joined from another site.
  const Operand& laneOp(int lane, const Operand& op) const {
    if (m_siteOf == nullptr) [[likely]] return op;
    return siteOperand(lane, op);
  }
  // Lanes that joined from another call site (0 for a collective at one site).
  LaneMask otherSites() const;

  // ---- .b128 registers: two machine registers (RegInfo::hi holds bits
  // 64..127). The operand's 128 bits as {low, high}; any other operand reads
  // as read(B64) with a zero high half.
  std::array<std::uint64_t, 2> read128(int lane, const Operand& op);
  // Writes a .b128 register (both halves); a narrower register gets `lo`.
  void write128(int lane, const Operand& dst, std::uint64_t lo, std::uint64_t hi);

  // ---- definedness (as Valgrind's memcheck and MemorySanitizer track it,
  // one bit per lane and register: MachineState's `written`): a value
  // computed from a register that holds no defined value is undefined, and
  // it is reported only where it matters: a guard or branch decided on it
  // (Engine::execGroup), an address formed from it (address()), a store or
  // atomic of it (store()). Copies, packs, arithmetic and collectives pass
  // it on without a report (shfl: from the source lane, execShfl).
  // Lanes of this instruction that have read an undefined value so far;
  // what they write is undefined.
  LaneMask undefinedReads() const { return m_undefIn; }
  // A handler whose lanes' results do not come from their own inputs
  // (collectives) says which lanes' results are undefined before writing.
  void setUndefinedReads(LaneMask lanes) { m_undefIn = lanes; }
  // Lanes of `lanes` whose register `reg` holds no defined value.
  LaneMask undefinedIn(std::uint32_t reg, LaneMask lanes) const { return m_checkReads ? lanes & ~m_written[reg] : 0; }
  // Reports lane `lane` using an undefined value as `what` ("stores", "branches on").
  void reportUndefinedUse(int lane, std::string_view what);

  // Current bits of a register (no uninitialized-read report).
  std::uint64_t peekReg(int lane, std::uint32_t reg) const { return m_regs[regIndex(lane, reg)]; }

  // ---- whole-warp operand access, for handlers that treat every lane alike:
  // one pass over the warp instead of one call per lane.
  // read() of every executing lane, reporting as read() does (lane by lane).
  // Lanes that do not execute get a value too (unspecified, never reported),
  // so a handler may compute over all 32 lanes and write the executing ones.
  void gather(const Operand& op, DataType t, LaneValues& out) { gather(op, t, out, m_lanes); }
  // The same where only lanes `readers` read the operand (the others are not reported).
  void gather(const Operand& op, DataType t, LaneValues& out, LaneMask readers);
  // readPred() (0 or 1, `!p` applied) of every lane, likewise.
  void gatherPred(const Operand& op, LaneValues& out);
  // write() of v[lane] for every executing lane, in lane order.
  void scatter(const Operand& dst, const LaneValues& v) { scatter(dst, v, m_lanes); }
  // The same for the executing lanes of `lanes` only.
  void scatter(const Operand& dst, const LaneValues& v, LaneMask lanes);
  // ---- operands in place: no 32-lane copy where none is needed.
  // gather()'s values as a row of 32: a register that every reader has
  // written (or reads are not checked) and whose declared width fits t is
  // read where it is; anything else is gathered into `buf`.
  const std::uint64_t* row(const Operand& op, DataType t, LaneValues& buf) {
    if (op.kind == OperandKind::Reg && m_siteOf == nullptr && (m_regMask[op.reg] & ~valueMask(t)) == 0 &&
        (!m_checkReads || (m_lanes & ~m_written[op.reg]) == 0))
      return m_regs + regIndex(0, op.reg);  // every reader's value is defined
    gather(op, t, buf);
    return buf.data();
  }
  // scatter() of f(lane) for every executing lane. When the whole warp
  // executes one site unrecorded into a register, the values go straight
  // into its row (f may read the destination: lane l's value is computed
  // before lane l is written, and f must read lane l's operands only).
  // Four lanes are computed before any of them is stored: with f reading
  // lane l's operands only, a destination that is also a source gives the
  // same values, and the four independent lanes let the compiler use vector
  // registers, which it cannot in a loop that stores each lane before
  // reading the next (the rows may overlap). (Computing the whole row into a
  // local array first and copying it was tried: one pass more, no vector
  // code from it.)
  template <class F>
  void writeLanes(const Operand& dst, F&& f) {
    if (dst.kind == OperandKind::Reg && m_lanes == ~0u && m_rec == nullptr && m_siteOf == nullptr) {
      const std::uint64_t mask = m_regMask[dst.reg];
      std::uint64_t* out = m_regs + regIndex(0, dst.reg);
      for (std::size_t l = 0; l < kWarpSize; l += 4) {
        const std::uint64_t v0 = f(l) & mask, v1 = f(l + 1) & mask, v2 = f(l + 2) & mask, v3 = f(l + 3) & mask;
        out[l] = v0;
        out[l + 1] = v1;
        out[l + 2] = v2;
        out[l + 3] = v3;
      }
      m_written[dst.reg] = ~m_undefIn;
      return;
    }
    LaneValues v;
    for (std::size_t l = 0; l < kWarpSize; ++l) v[l] = f(l);
    scatter(dst, v);
  }
  // A `d|p` destination: d = v[lane] and, if the operand has the predicate
  // half, p = pred[lane], written lane by lane (d, then p, for each lane).
  void scatterWithPred(const Operand& dst, const LaneValues& v, const LaneValues& pred);

  // ---- memory
  // The state space an address operand refers to, from the instruction's
  // space modifier (Generic when none), and the effective address.
  struct Address {
    Space space = Space::Generic;
    std::uint64_t addr = 0;
  };
  Address address(int lane, const Operand& addrOp) { return address(lane, addrOp, instrSpace()); }
  // The same for an operand in `space` (a copy's source and destination
  // spaces differ: cp.async.shared.global).
  Address address(int lane, const Operand& addrOp, Space space);
  // Resolve a generic address to its window (Global/Shared/Local/Const/Param).
  Address toSpecific(Address a) const;
  // Loads/stores of 1..8 bytes, little-endian. On an out-of-bounds or
  // misaligned access they report a diagnostic and return false (the lane's
  // destination is left unchanged). Shared addresses may be ::cluster
  // addresses of another CTA.
  bool load(int lane, Address a, unsigned bytes, std::uint64_t& out);
  // load() of every executing lane from [register + imm] (addrOp.hasBase)
  // in one pass: out[lane] for the lanes returned, the others reported.
  // nullopt (nothing read, nothing reported) when some executing lane's
  // base register is uninitialized: the caller then goes lane by lane, so
  // the reports come in the usual order.
  std::optional<LaneMask> loadLanes(const Operand& addrOp, unsigned bytes, LaneValues& out);
  bool store(int lane, Address a, unsigned bytes, std::uint64_t value);
  // store() of `value` (a register or an immediate) by every executing lane
  // to [register + imm] (addrOp.hasBase), in lane order. False (nothing
  // stored, nothing reported) when some executing lane has not written the
  // base or value register: the caller then goes lane by lane, so the
  // reports come in the usual order.
  bool storeLanes(const Operand& addrOp, const Operand& value, DataType t, unsigned bytes);
  // The CTA a shared (::cta or ::cluster) address belongs to, and its offset
  // there; false if it is outside the cluster.
  bool sharedTarget(std::uint32_t sharedAddr, std::uint32_t& cta, std::uint32_t& offset) const;
  // Direct access to another CTA's shared memory (red.async completion, mbarrier).
  // data = false: the access is an mbarrier object's word, not data the race detector checks.
  bool loadShared(std::uint32_t cta, std::uint32_t offset, unsigned bytes, std::uint64_t& out, bool data = true);
  bool storeShared(std::uint32_t cta, std::uint32_t offset, unsigned bytes, std::uint64_t value, bool data = true);
  // Whether the `bytes` bytes from a lie inside one allocation (nothing reported).
  bool inBounds(Address a, std::uint64_t bytes) const;

  // ---- control (touching records them in the journal)
  // The executing warp's whole control block (the journal copies it whole
  // first; jump() and jumpLanes() write the PCs alone, which it keeps alone).
  WarpControl& ctl();
  CtaControl& ctaCtl(std::uint32_t cta);
  ClusterState& cluster(std::uint32_t index);
  std::vector<AsyncOp>& inflight();
  AsyncGroups& groups();  // the executing warp's async-group counters
  std::uint64_t takeAsyncId();
  // Set a lane's next PC (default after the step: pc + 1 for executed lanes).
  void jump(int lane, std::uint32_t pc);
  void jumpLanes(LaneMask lanes, std::uint32_t pc);
  bool jumped(int lane) const { return (m_jumped >> lane) & 1u; }
  // Block lanes (they keep their PC and re-execute when released), or release.
  void block(LaneMask lanes, WaitKind why, std::uint32_t arg);
  void exitLanes(LaneMask lanes);

  // ---- reporting
  void diag(DiagKind kind, LaneMask lanes, std::string message);
  // The same at another instruction (lanes waiting there).
  void diag(DiagKind kind, LaneMask lanes, std::string message, std::uint32_t pc);
  // A race (or memory-model warning) with its two accesses.
  void diagRace(DiagKind kind, LaneMask lanes, std::string message, const RaceInfo& race);

  // ---- race detection (core/exec/races/): null when the run does not
  // check races. Handlers tell it the synchronizations they perform; the
  // accesses of load()/store() reach it by themselves.
  race::RaceChecker* races() const { return m_races; }
  // The asynchronous operation whose completion this context performs: the
  // accesses from here on are that operation's (core/exec/async/).
  void raceAsOperation(const AsyncOp& op);
  // An mbarrier arrive-on by lanes (or, in an operation's completion, that
  // operation's complete-tx or arrive-on), `completed` when it completed the
  // phase; and lanes whose wait saw the phase complete.
  void raceMbarrierArrive(std::uint32_t cta, std::uint32_t offset, LaneMask lanes, bool release, bool completed);
  void raceMbarrierAcquire(std::uint32_t cta, std::uint32_t offset, LaneMask lanes);
  // Output of device printf / a failed assert by `lane` (core/exec/state/printed.hpp).
  void print(int lane, std::string text);
  void flow(const Flow& f) {
    if (m_rec) m_rec->flows.push_back(f);
  }
  // Strict mode: diag() of an Undefined/Error diagnostic asks the engine to
  // stop after this step.
  void requestBreak() { m_breakpoint = true; }
  bool stopRequested() const { return m_stop; }
  // Hardware mode: a note naming lanes that wait at a warp collective for
  // members that never come (where an H100 hangs), or "".
  std::string hangNote() const;

  StepRecord* record() { return m_rec; }

 private:
  static std::size_t regIndex(int lane, std::uint32_t reg) {
    return static_cast<std::size_t>(reg) * kWarpSize + static_cast<std::size_t>(lane);
  }
  // All bits of a value of type t (None: all 64; pred: bit 0).
  static std::uint64_t valueMask(DataType t) {
    const int bits = t == DataType::None ? 64 : bitWidth(t);
    return bits >= 64 ? ~0ull : (1ull << bits) - 1;
  }
  bool uninitialized(int lane, std::uint32_t reg) const {
    return m_checkReads && !((m_written[reg] >> lane) & 1u);
  }
  std::uint64_t readOther(int lane, const Operand& op, DataType t);
  const Operand& siteOperand(int lane, const Operand& op) const;
  Space instrSpace() const;  // the space modifier of the instruction (Generic when none)
  // The memory window the last access fell in: addresses [lo, hi) of `space`
  // are bytes base[0..hi-lo), journaled as region/index at offset addr - lo.
  // The lanes of one instruction mostly hit the same buffer, so an access
  // inside it skips the search. (Per-lane windows, local memory, are not kept.)
  struct Window {
    Space space = Space::Generic;  // Generic: nothing kept
    std::uint64_t lo = 0, hi = 0;
    std::uint8_t* base = nullptr;
    MemRegion region = MemRegion::Global;
    std::uint32_t index = 0;
    bool writable = false;
    bool holds(Address a, unsigned bytes) const {
      return a.space == space && a.addr >= lo && a.addr - lo <= hi - lo && hi - a.addr >= bytes;
    }
  };
  Window m_window;
  friend struct ExecCtxMemory;
  void scatterReg(std::uint32_t reg, const LaneValues& v, LaneMask lanes);
  void writeNonRegister(int lane);
  // Journals the write of v to a lane's register (if it changes anything).
  // The executing warp's PCs, journaled as PCs alone (jumps).
  std::array<std::uint32_t, kWarpSize>& pcs();
  void journalReg(int lane, std::uint32_t reg, std::uint64_t v) {
    const std::uint64_t before = m_regs[regIndex(lane, reg)];
    const bool was = (m_written[reg] >> lane) & 1u;
    const bool undefined = (m_undefIn >> lane) & 1u;
    if (before != v || !was || undefined) m_rec->regs.add(m_warp, reg, lane, was, before, v, undefined);
  }

  Engine& m_engine;
  std::uint32_t m_warp;
  const Instr& m_ins;
  LaneMask m_lanes;
  // The executing warp's registers (state.warps[m_warp]) and each register's
  // width mask, held here because every operand access needs them.
  std::uint64_t* m_regs;
  std::uint32_t* m_written;
  const std::uint64_t* m_regMask;
  bool m_checkReads;  // track definedness and report undefined values where they matter
  // Race detection: the detector, whether this instruction's accesses are
  // data accesses it checks (not an mbarrier object's word), and the
  // asynchronous operation performing them (m_raceOp valid when m_raceAsOp).
  race::RaceChecker* m_races = nullptr;
  bool m_raceTracked = false;
  bool m_raceAsOp = false;
  bool m_raceOpAtomic = false;
  std::uint64_t m_raceOp = 0;
  std::vector<std::pair<int, race::Finding>>* m_raceFindings = nullptr;
  void noteAccess(int lane, MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes, bool write,
                  bool unchanged) {
    if (m_raceTracked) [[unlikely]]
      noteAccessSlow(lane, region, index, offset, bytes, write, unchanged);
  }
  void noteAccessSlow(int lane, MemRegion region, std::uint32_t index, std::uint64_t offset, unsigned bytes,
                      bool write, bool unchanged);
  LaneMask m_undefIn = 0;  // undefinedReads()
  LaneMask m_missing = 0;
  LaneMask m_jumped = 0;
  // Where every lane of m_jumped went, while jumpLanes() sent them all to
  // one place and no other jump, exit or collective moved a lane (kNoPc
  // otherwise): the engine then knows their PCs without reading them.
  static constexpr std::uint32_t kNoPc = ~0u;
  std::uint32_t m_jumpedTo = kNoPc;
  // Each lane's own instruction where a collective runs at several call
  // sites (null entries: ins()); null otherwise.
  const std::array<const Instr*, kWarpSize>* m_siteOf = nullptr;
  StepRecord* m_rec;
  bool m_stop = false;
  bool m_breakpoint = false;  // brkpt executed

  friend class Engine;
};

// Whether the instruction's own memory accesses are data the race detector
// checks: loads, stores, atomics and matrix loads/stores; not asynchronous
// operations (checked when they complete) or mbarrier objects.
bool racedInstruction(const Instr& ins);

// Family handlers (one file each under core/exec/); the engine dispatches by
// the instruction table's family. Collective waits are resolved by the engine
// before execCollective runs: lanes() then holds every participating lane.
void execArith(ExecCtx& ctx);
void execBits(ExecCtx& ctx);
void execCompare(ExecCtx& ctx);
void execMove(ExecCtx& ctx);
void execMemory(ExecCtx& ctx);
void execControl(ExecCtx& ctx);
// Lanes `exiting` leave warp-mates waiting at an aligned barrier they will
// never reach: reported there (core/exec/control/control.cpp).
void reportLanesLeftAtBarrier(ExecCtx& ctx, LaneMask exiting);
void execSysCall(ExecCtx& ctx);  // call of vprintf / __assertfail (core/exec/control/syscalls.cpp)
void execCollective(ExecCtx& ctx);
void execAtomic(ExecCtx& ctx);
void execMbarrier(ExecCtx& ctx);
void execVideo(ExecCtx& ctx);
void execAsync(ExecCtx& ctx);
// Warp-matrix instructions (exec/matrix_*.cpp): lanes() is the whole warp
// (the engine waited for it), or the lanes that could still arrive.
void execMatrix(ExecCtx& ctx);
// Before any instruction of a warp that has used wgmma: its register
// operands against the warp's pending wgmma.mma_async operations (their
// accumulator and A registers may not be touched before the covering
// wgmma.wait_group) and, for wgmma.fence, the registers written since the
// last fence (core/exec/tensor/wgmma_watch.cpp).
void watchWgmmaRegisters(ExecCtx& ctx);
// setmaxnreg: the CTA's register pool (core/exec/control/setmaxnreg.cpp).
void execSetmaxnreg(ExecCtx& ctx);

// Index of the membermask operand of a collective instruction (shfl: 4, vote/
// match/redux: 2, bar.warp.sync: 0, elect: 1); -1 when it has none.
int membermaskOperand(const Instr& ins);

// Whether two warp collectives at different places of the program are the
// same instruction: opcode and qualifiers equal, the destination of the same
// shape; the source registers and immediates may differ (each lane reads its
// own). Not two shfl modes: the H100 then hands over values of registers
// ptxas allocated (b_mode_shfl_*), which no PTX-level rule gives. From sm_70 lanes at two such call sites run as one collective
// (the ISA requires "the same shfl.sync/vote.sync instruction in
// convergence" only for sm_6x and below; the CUDA guide's if/else
// __shfl_xor_sync example; tests/data/hwmode b_site_*).
bool sameCollective(const Instr& a, const Instr& b);

}  // namespace ws::core

namespace ws::core {
// Perform a retired async operation: its writes, then its complete-tx or
// arrive-on (exec/async_complete.cpp). The context's warp is the issuer's;
// lanes() is empty.
void completeAsyncOp(ExecCtx& ctx, const AsyncOp& op);
}  // namespace ws::core
