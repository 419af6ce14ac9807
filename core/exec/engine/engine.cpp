#include "core/exec/engine/engine.hpp"
#include "core/exec/engine/candidates.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include <fmt/format.h>

#include "core/exec/engine/exec_ctx.hpp"
#include "core/exec/diagnostics/hw_rules.hpp"
#include "core/exec/memory/memory_map.hpp"
#include "core/ptx/shared_layout.hpp"

namespace ws::core {
namespace {

// Saturates instead of wrapping: three 32-bit dimensions can overflow 64 bits,
// and a wrapped product would slip past the thread limit.
std::uint64_t product(const Dim3& d) {
  const std::uint64_t xy = static_cast<std::uint64_t>(d[0]) * d[1];
  if (d[2] != 0 && xy > UINT64_MAX / d[2]) return UINT64_MAX;
  return xy * d[2];
}

Dim3 unflatten(std::uint64_t i, const Dim3& d) {
  return {static_cast<std::uint32_t>(i % d[0]), static_cast<std::uint32_t>((i / d[0]) % d[1]),
          static_cast<std::uint32_t>(i / (static_cast<std::uint64_t>(d[0]) * d[1]))};
}

std::string dimStr(const Dim3& d) { return fmt::format("({}, {}, {})", d[0], d[1], d[2]); }

std::string mib(std::uint64_t bytes) { return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1 << 20)); }

// Every size the state will have, checked before anything is allocated, so a
// hostile module or launch gets a message instead of exhausting memory. The
// per-thread and per-CTA sizes are bounded first, which keeps the products
// below from overflowing.
// Whether any instruction reads %envreg1 or %envreg2 (the grid workspace).
bool readsGridWorkspace(const Program& p) {
  for (const Instr& ins : p.instrs)
    for (const Operand& o : ins.ops)
      if (o.kind == OperandKind::Special && o.sreg == SpecialReg::Envreg && (o.comp == 1 || o.comp == 2)) return true;
  return false;
}

std::optional<std::string> checkStateSize(const Program& p, const Function& fn, const LaunchConfig& launch,
                                          std::uint64_t numCtas, std::uint64_t blockThreads, const Limits& limits) {
  if (p.globalBytes >= memmap::kGlobalStride) return "the module's .global variables exceed 256 MiB";
  if (p.constBytes >= memmap::kGlobalStride) return "the module's .const variables exceed 256 MiB";
  const std::uint64_t staticUser = fn.shared.staticBytes - kSharedReservedBytes;
  if (staticUser > limits.maxStaticSharedBytes)
    return fmt::format("'{}' declares {} bytes of static shared memory; sm_90 allows at most {} ({} KB) of static "
                       ".shared variables per CTA (use dynamic shared memory for more)",
                       fn.name, staticUser, limits.maxStaticSharedBytes, limits.maxStaticSharedBytes >> 10);
  const std::uint64_t shared = sharedAllocation(fn, launch.dynamicSharedBytes) - kSharedReservedBytes;
  if (shared > limits.maxSharedBytes)
    return fmt::format("a CTA of '{}' needs {} bytes of shared memory ({} static{}); sm_90 allows at most {} ({} KB) "
                       "per CTA",
                       fn.name, shared, staticUser,
                       launch.dynamicSharedBytes
                           ? fmt::format(", {} dynamic from offset {:#x}", launch.dynamicSharedBytes,
                                         fn.shared.dynamicOffset)
                           : std::string(),
                       limits.maxSharedBytes, limits.maxSharedBytes >> 10);
  if (p.localBytes > limits.maxLocalBytes)
    return fmt::format("the kernel needs {} bytes of local memory per thread; at most {} are allowed", p.localBytes,
                       limits.maxLocalBytes);
  std::uint64_t buffers = 0;
  for (const BufferSpec& b : launch.buffers) {
    if (b.bytes.size() > limits.maxBufferBytes)
      return fmt::format("buffer '{}' has {} bytes; at most {} are allowed", b.name, b.bytes.size(),
                         limits.maxBufferBytes);
    buffers += b.bytes.size();
  }
  if (buffers > limits.maxTotalBufferBytes)
    return fmt::format("the launch buffers hold {} together; at most {} are allowed", mib(buffers),
                       mib(limits.maxTotalBufferBytes));
  const std::uint64_t warps = numCtas * ((blockThreads + kWarpSize - 1) / kWarpSize);
  const std::uint64_t perWarp = sizeof(WarpState) + p.regs.size() * (kWarpSize * 8 + 4) + p.localBytes * kWarpSize;
  const std::uint64_t perCta = sizeof(CtaState) + shared;
  const std::uint64_t total = warps * perWarp + numCtas * perCta + p.globalBytes + p.constBytes + buffers;
  if (total > limits.maxStateBytes)
    return fmt::format("this launch needs about {} of machine state ({} warps x {} registers: each warp holds the "
                       "registers of every function in the module, {} of them declared by '{}'; {} local bytes per "
                       "thread, {} shared bytes per CTA, {} of buffers); at most {} are allowed: use a smaller grid "
                       "or block{}",
                       mib(total), warps, p.regs.size(), fn.regEnd - fn.regBegin, fn.name, p.localBytes, shared,
                       mib(buffers), mib(limits.maxStateBytes),
                       p.regs.size() > 2 * (fn.regEnd - fn.regBegin) ? ", or a module of only the kernels you run"
                                                                      : "");
  return std::nullopt;
}

// The launched entry's shared layout (Function::shared) in the symbols that
// the handlers and views read. A module's first entry already has it; another
// entry gets a copy of the program with its own offsets.
void applySharedLayout(std::shared_ptr<const Program>& program, std::uint32_t entry) {
  const SharedLayout& layout = program->functions[entry].shared;
  auto matches = [&](const Program& p) {
    for (const auto& [s, off] : layout.offsets)
      if (p.symbols[s].offset != off) return false;
    for (const Symbol& s : p.symbols)
      if (s.space == Space::Shared && s.isExtern && s.offset != layout.dynamicOffset) return false;
    return true;
  };
  if (matches(*program)) return;
  auto copy = std::make_shared<Program>(*program);
  for (const auto& [s, off] : layout.offsets) copy->symbols[s].offset = off;
  for (Symbol& s : copy->symbols)
    if (s.space == Space::Shared && s.isExtern) s.offset = layout.dynamicOffset;
  program = std::move(copy);
}

// An address in an initializer: the target's address in its own state
// space (generic for .global and functions, and with generic()).
void writeRelocation(const Program& p, const Relocation& r, MachineState& st) {
  const Symbol& var = p.symbols[r.symbol];
  std::vector<std::uint8_t>* seg = var.space == Space::Global ? &st.global[0].bytes
                                   : var.space == Space::Const ? &st.constSeg
                                                               : nullptr;
  if (!seg || var.offset + r.offset + r.width > seg->size()) return;
  std::uint64_t value = 0;
  if (r.kind == Relocation::Kind::Function) {
    value = r.target == ~0u ? 0 : memmap::kFunctionWindow + r.target * memmap::kFunctionStride;
  } else {
    const Symbol& t = p.symbols[r.target];
    switch (t.space) {
      case Space::Global: value = memmap::kGlobalBase + t.offset; break;
      case Space::Const: value = (r.generic ? memmap::kConstWindow : 0) + t.offset; break;
      case Space::Shared: value = (r.generic ? memmap::kSharedWindow : 0) + t.offset; break;
      default: value = t.offset; break;
    }
  }
  value += static_cast<std::uint64_t>(r.addend);
  for (std::uint32_t b = 0; b < r.width; ++b)
    (*seg)[var.offset + r.offset + b] = static_cast<std::uint8_t>(value >> (8 * b));
}

}  // namespace

std::variant<Engine, std::string> Engine::create(std::shared_ptr<const Program> program, const LaunchConfig& launch,
                                                 const EngineOptions& options, const Limits& limits) {
  Engine e;
  e.m_program = std::move(program);
  e.m_launch = launch;
  e.m_options = options;
  e.m_limits = limits;
  auto fi = e.m_program->findFunction(launch.entry);
  if (!fi) return fmt::format("no entry named '{}' in the module", launch.entry);
  if (!e.m_program->functions[*fi].isEntry) return fmt::format("'{}' is a .func, not a kernel entry", launch.entry);
  e.m_entry = *fi;
  applySharedLayout(e.m_program, *fi);
  const Program& p = *e.m_program;
  const Function& fn = p.functions[*fi];

  for (int i = 0; i < 3; ++i) {
    if (launch.grid[static_cast<std::size_t>(i)] == 0 || launch.block[static_cast<std::size_t>(i)] == 0)
      return fmt::format("grid {} and block {} must have no zero dimension", dimStr(launch.grid), dimStr(launch.block));
  }
  const std::uint64_t blockThreads = product(launch.block);
  if (blockThreads > limits.maxBlockThreads)
    return fmt::format("block {} has {} threads; at most {} are allowed", dimStr(launch.block), blockThreads,
                       limits.maxBlockThreads);
  const std::uint64_t numCtas = product(launch.grid);
  if (numCtas > limits.maxThreads / blockThreads)
    return fmt::format("grid {} x block {} is more than {} threads, the most this engine runs", dimStr(launch.grid),
                       dimStr(launch.block), limits.maxThreads);
  if (fn.hints.reqntid) {
    const auto& r = *fn.hints.reqntid;
    if (product(r) != blockThreads || r[0] != launch.block[0] || r[1] != launch.block[1] || r[2] != launch.block[2])
      return fmt::format("'{}' requires .reqntid {}, but the block is {}", fn.name, dimStr(r), dimStr(launch.block));
  }
  if (fn.hints.maxntid && blockThreads > product(*fn.hints.maxntid))
    return fmt::format("'{}' allows at most .maxntid {} threads, but the block is {}", fn.name,
                       dimStr(*fn.hints.maxntid), dimStr(launch.block));

  Dim3 cl{1, 1, 1};
  const bool launchCluster = launch.cluster[0] || launch.cluster[1] || launch.cluster[2];
  if (launchCluster) {
    cl = {std::max(launch.cluster[0], 1u), std::max(launch.cluster[1], 1u), std::max(launch.cluster[2], 1u)};
    if (fn.hints.reqnctapercluster && *fn.hints.reqnctapercluster != cl)
      return fmt::format("'{}' requires .reqnctapercluster {}, but the launch asks for cluster {}", fn.name,
                         dimStr(*fn.hints.reqnctapercluster), dimStr(cl));
  } else if (fn.hints.reqnctapercluster) {
    cl = *fn.hints.reqnctapercluster;
  }
  if (product(cl) > limits.maxClusterSize)
    return fmt::format("cluster {} has {} CTAs; at most {} are allowed", dimStr(cl), product(cl), limits.maxClusterSize);
  for (std::size_t i = 0; i < 3; ++i) {
    if (launch.grid[i] % cl[i] != 0)
      return fmt::format("grid {} is not a whole number of clusters {}", dimStr(launch.grid), dimStr(cl));
  }
  e.m_clusterDim = cl;
  e.m_ctasPerCluster = static_cast<std::uint32_t>(product(cl));

  if (launch.params.size() != fn.params.size())
    return fmt::format("'{}' takes {} parameters, but {} were given", fn.name, fn.params.size(), launch.params.size());
  if (auto err = checkStateSize(p, fn, launch, numCtas, blockThreads, limits)) return *err;

  MachineState& st = e.m_state;
  // Global memory: buffer 0 = the module's .global variables, then one per launch buffer.
  {
    GlobalBuffer g;
    g.name = "module globals";
    g.base = memmap::kGlobalBase;
    g.bytes.assign(p.globalBytes, 0);
    // A kernel that reads the grid workspace (cooperative groups'
    // this_grid().sync(): %envreg1:%envreg2, a trap when it is null) runs as
    // cudaLaunchCooperativeKernel launches it: the driver hands it zeroed
    // global memory there, here 16 bytes after the module's variables.
    if (readsGridWorkspace(p)) {
      const std::uint64_t at = (p.globalBytes + 15) / 16 * 16;
      g.bytes.resize(at + 16, 0);
      e.m_gridWorkspace = g.base + at;
    }
    st.global.push_back(std::move(g));
  }
  st.constSeg.assign(p.constBytes, 0);
  for (const Symbol& s : p.symbols) {
    std::vector<std::uint8_t>* seg = s.space == Space::Global ? &st.global[0].bytes
                                     : s.space == Space::Const ? &st.constSeg
                                                               : nullptr;
    if (seg && !s.init.empty() && s.offset + s.init.size() <= seg->size())
      std::copy(s.init.begin(), s.init.end(), seg->begin() + static_cast<std::ptrdiff_t>(s.offset));
  }
  for (const Relocation& r : p.relocations) writeRelocation(p, r, st);
  for (std::size_t i = 0; i < launch.buffers.size(); ++i) {
    const BufferSpec& b = launch.buffers[i];
    GlobalBuffer g;
    g.name = b.name;
    g.base = memmap::kGlobalBase + (i + 1) * memmap::kGlobalStride;
    g.bytes = b.bytes;
    st.global.push_back(std::move(g));
  }

  // The kernel parameter buffer.
  std::uint64_t paramBytes = 0;
  for (std::uint32_t si : fn.params) {
    const Symbol& s = p.symbols[si];
    paramBytes = std::max(paramBytes, s.offset + s.size);
  }
  st.params.assign(paramBytes, 0);
  for (std::size_t i = 0; i < fn.params.size(); ++i) {
    const Symbol& s = p.symbols[fn.params[i]];
    const ParamValue& v = launch.params[i];
    std::uint64_t bits = v.bits;
    if (v.kind == ParamValue::Kind::Bytes) {
      if (v.addressAt != ParamValue::kNoAddress && (v.buffer >= launch.buffers.size() || v.addressAt + 8 > v.bytes.size()))
        return fmt::format("parameter {} names buffer {}, but only {} buffers were given", i, v.buffer,
                           launch.buffers.size());
      std::vector<std::uint8_t> blob = v.bytes;
      if (v.addressAt != ParamValue::kNoAddress)
        for (std::uint32_t b = 0; b < 8; ++b)
          blob[v.addressAt + b] = static_cast<std::uint8_t>(st.global[v.buffer + 1].base >> (8 * b));
      std::copy_n(blob.begin(), std::min<std::uint64_t>(s.size, blob.size()), st.params.begin() + static_cast<std::ptrdiff_t>(s.offset));
      continue;
    }
    if (v.kind == ParamValue::Kind::Buffer) {
      if (v.buffer >= launch.buffers.size())
        return fmt::format("parameter {} names buffer {}, but only {} buffers were given", i, v.buffer,
                           launch.buffers.size());
      bits = st.global[v.buffer + 1].base;
    }
    for (std::uint64_t b = 0; b < std::min<std::uint64_t>(s.size, 8); ++b)
      st.params[s.offset + b] = static_cast<std::uint8_t>(bits >> (8 * b));
  }

  const std::uint64_t shared = sharedAllocation(fn, launch.dynamicSharedBytes);
  e.m_localBytes = p.localBytes;
  e.m_numRegs = static_cast<std::uint32_t>(p.regs.size());
  for (const RegInfo& r : p.regs) {
    const int bits = r.type == DataType::Pred ? 1 : bitWidth(r.type);
    e.m_regMask.push_back(bits >= 64 ? ~0ull : (1ull << bits) - 1);
  }
  e.m_threadsPerCta = static_cast<std::uint32_t>(blockThreads);
  e.m_warpsPerCta = static_cast<std::uint32_t>((blockThreads + kWarpSize - 1) / kWarpSize);

  const Dim3 nclusters{launch.grid[0] / cl[0], launch.grid[1] / cl[1], launch.grid[2] / cl[2]};
  st.clusters.resize(product(nclusters));
  st.ctas.resize(numCtas);
  // CTAs are numbered cluster by cluster so each cluster's CTAs are contiguous.
  std::uint32_t c = 0;
  for (std::uint64_t k = 0; k < st.clusters.size(); ++k) {
    const Dim3 cid = unflatten(k, nclusters);
    st.clusters[k].firstCta = c;
    st.clusters[k].numCtas = e.m_ctasPerCluster;
    for (std::uint32_t r = 0; r < e.m_ctasPerCluster; ++r, ++c) {
      const Dim3 inCl = unflatten(r, cl);
      CtaState& cta = st.ctas[c];
      cta.ctaid = {cid[0] * cl[0] + inCl[0], cid[1] * cl[1] + inCl[1], cid[2] * cl[2] + inCl[2]};
      cta.cluster = static_cast<std::uint32_t>(k);
      cta.clusterRank = r;
      cta.numThreads = e.m_threadsPerCta;
      cta.ctl.liveThreads = e.m_threadsPerCta;
      cta.shared.assign(shared, 0);
      cta.firstWarp = c * e.m_warpsPerCta;
      cta.numWarps = e.m_warpsPerCta;
    }
  }
  st.warps.resize(static_cast<std::size_t>(numCtas) * e.m_warpsPerCta);
  const std::size_t rowsPerWarp = static_cast<std::size_t>(e.m_numRegs) * kWarpSize;
  const RegisterAllocator<std::uint64_t> regAlloc(
      RegisterArena::make(st.warps.size() * rowsPerWarp * sizeof(std::uint64_t)));
  for (std::uint32_t ci = 0; ci < numCtas; ++ci) {
    for (std::uint32_t wi = 0; wi < e.m_warpsPerCta; ++wi) {
      WarpState& w = st.warps[static_cast<std::size_t>(ci) * e.m_warpsPerCta + wi];
      w.cta = ci;
      w.warpInCta = wi;
      const std::uint32_t first = wi * kWarpSize;
      const std::uint32_t n = std::min<std::uint32_t>(kWarpSize, e.m_threadsPerCta - first);
      w.ctl.valid = n == 32 ? ~0u : ((1u << n) - 1);
      w.ctl.pc.fill(fn.begin);
      w.regs = RegisterRows(rowsPerWarp, 0, regAlloc);
      w.written.assign(e.m_numRegs, 0);
      w.local.assign(e.m_localBytes * kWarpSize, 0);
    }
  }
  e.m_uniformPc.assign(st.warps.size(), {});
  e.m_splitPc.assign(st.warps.size(), {});
  e.classifyInstructions();
  e.resetRaces();
  return e;
}

Dim3 Engine::tidOf(std::uint32_t warp, int lane) const {
  const std::uint64_t t = static_cast<std::uint64_t>(m_state.warps[warp].warpInCta) * kWarpSize +
                          static_cast<std::uint64_t>(lane);
  return unflatten(t, m_launch.block);
}

std::uint64_t Engine::special(std::uint32_t warp, int lane, SpecialReg r, int comp) const {
  const WarpState& w = m_state.warps[warp];
  const CtaState& cta = m_state.ctas[w.cta];
  const std::size_t k = static_cast<std::size_t>(comp < 0 || comp > 2 ? 0 : comp);
  const std::uint32_t l = static_cast<std::uint32_t>(lane);
  const Dim3 ncl{m_launch.grid[0] / m_clusterDim[0], m_launch.grid[1] / m_clusterDim[1],
                 m_launch.grid[2] / m_clusterDim[2]};
  switch (r) {
    case SpecialReg::Tid: return tidOf(warp, lane)[k];
    case SpecialReg::Ntid: return m_launch.block[k];
    case SpecialReg::Ctaid: return cta.ctaid[k];
    case SpecialReg::Nctaid: return m_launch.grid[k];
    case SpecialReg::Laneid: return l;
    case SpecialReg::Warpid: return w.warpInCta;
    case SpecialReg::Nwarpid: return 64;  // H100: 64 warp slots per SM
    case SpecialReg::WarpSize: return kWarpSize;
    case SpecialReg::LanemaskEq: return 1u << l;
    case SpecialReg::LanemaskLt: return (1u << l) - 1;
    case SpecialReg::LanemaskLe: return l == 31 ? ~0u : (2u << l) - 1;
    case SpecialReg::LanemaskGt: return l == 31 ? 0u : ~((2u << l) - 1);
    case SpecialReg::LanemaskGe: return ~((1u << l) - 1);
    case SpecialReg::ClusterCtarank: return cta.clusterRank;
    case SpecialReg::ClusterNctarank: return m_ctasPerCluster;
    case SpecialReg::Clusterid: return cta.ctaid[k] / m_clusterDim[k];
    case SpecialReg::Nclusterid: return ncl[k];
    case SpecialReg::ClusterCtaid: return cta.ctaid[k] % m_clusterDim[k];
    case SpecialReg::ClusterNctaid: return m_clusterDim[k];
    case SpecialReg::IsExplicitCluster: return m_ctasPerCluster > 1 ? 1 : 0;
    case SpecialReg::Smid: return w.cta % 132;  // deterministic: CTAs spread over the H100's 132 SMs
    case SpecialReg::Nsmid: return 132;
    case SpecialReg::Gridid: return 1;
    case SpecialReg::Clock: case SpecialReg::Clock64: return m_state.step;  // deterministic clock: steps
    case SpecialReg::ClockHi: return m_state.step >> 32;
    case SpecialReg::Globaltimer: return m_state.step * 1000;
    case SpecialReg::GlobaltimerLo: return (m_state.step * 1000) & 0xffffffffu;
    case SpecialReg::GlobaltimerHi: return (m_state.step * 1000) >> 32;
    case SpecialReg::DynamicSmemSize: return m_launch.dynamicSharedBytes;
    case SpecialReg::TotalSmemSize: return sharedTotalSize(m_program->functions[m_entry], m_launch.dynamicSharedBytes);
    case SpecialReg::AggrSmemSize: return sharedAllocation(m_program->functions[m_entry], m_launch.dynamicSharedBytes);
    // The reserved region at the start of the shared window, as an H100
    // reports it (tests/data/smem): cooperative groups' scratch at offset 0.
    case SpecialReg::ReservedSmemBegin: return 0;
    case SpecialReg::ReservedSmemEnd: return kSharedReservedEnd;
    case SpecialReg::ReservedSmemCap: return kSharedReservedBytes;
    case SpecialReg::ReservedSmem0: case SpecialReg::ReservedSmem1: return 0;
    // The driver's environment registers: 1 and 2 hold the high and low
    // halves of a cooperative launch's grid workspace.
    case SpecialReg::Envreg:
      if (comp == 1) return m_gridWorkspace >> 32;
      if (comp == 2) return m_gridWorkspace & 0xffffffffu;
      return 0;
    // Performance counters and the graph handle have no meaning in a
    // simulated launch: they read as zero.
    case SpecialReg::Pm: case SpecialReg::Pm64: case SpecialReg::CurrentGraphExec:
      return 0;
  }
  return 0;
}

void Engine::specialLanes(std::uint32_t warp, SpecialReg r, int comp, LaneValues& out) const {
  switch (r) {
    case SpecialReg::Tid: {
      // Consecutive lanes are consecutive threads: count x, carrying into y and z.
      const std::size_t k = static_cast<std::size_t>(comp < 0 || comp > 2 ? 0 : comp);
      Dim3 t = tidOf(warp, 0);
      if (k == 0 && t[0] + kWarpSize <= m_launch.block[0]) {  // the warp within one row: x counts up
        for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = t[0] + l;
        return;
      }
      for (std::size_t l = 0; l < kWarpSize; ++l) {
        out[l] = t[k];
        if (++t[0] == m_launch.block[0]) {
          t[0] = 0;
          if (++t[1] == m_launch.block[1]) {
            t[1] = 0;
            ++t[2];
          }
        }
      }
      return;
    }
    case SpecialReg::Laneid:
      for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = l;
      return;
    case SpecialReg::LanemaskEq:
    case SpecialReg::LanemaskLt:
    case SpecialReg::LanemaskLe:
    case SpecialReg::LanemaskGt:
    case SpecialReg::LanemaskGe:
      for (std::size_t l = 0; l < kWarpSize; ++l) out[l] = special(warp, static_cast<int>(l), r, comp);
      return;
    default:  // the same for every lane of the warp
      out.fill(special(warp, 0, r, comp));
      return;
  }
}

namespace {

// One pass: the lowest PC so far and the lanes at it.
Engine::Group lowestPc(const WarpControl& c, LaneMask cand) {
  Engine::Group g{0, ~0u};
  for (LaneMask m = cand; m; m &= m - 1) {
    const int l = std::countr_zero(m);
    const std::uint32_t pc = c.pc[static_cast<std::size_t>(l)];
    if (pc < g.pc) {
      g.pc = pc;
      g.lanes = 0;
    }
    if (pc == g.pc) g.lanes |= 1u << l;
  }
  return g;
}

}  // namespace

std::optional<Engine::Group> Engine::nextGroup(std::uint32_t w) const {
  const WarpControl& c = m_state.warps[w].ctl;
  // A converged warp whose lanes the last step left together: no PC to compare.
  if (c.ready() != ~0u || (c.yielded != 0 && c.yielded != ~0u)) return nextGroupOf(c);
  UniformPc& u = m_uniformPc[w];
  if (u.gen == m_pcGen) return Group{~0u, u.pc};
  const bool strict = m_options.mode != ExecMode::Hardware;
  SplitPc& s = m_splitPc[w];
  if (s.gen == m_pcGen && strict) return s.lower();
  // A group of all 32 lanes means they all stand at its PC: keep it.
  const std::optional<Group> g = nextGroupOf(c);
  if (g && g->lanes == ~0u) {
    u = {g->pc, m_pcGen};
  } else if (g && strict) {
    // Two groups: the lanes outside the lowest one all at one PC.
    const LaneMask rest = ~g->lanes;
    const std::uint32_t restPc = c.pc[static_cast<std::size_t>(std::countr_zero(rest))];
    std::uint32_t differ = 0;
    for (std::size_t l = 0; l < kWarpSize; ++l) differ |= ((rest >> l) & 1u) != 0 ? c.pc[l] ^ restPc : 0u;
    if (differ == 0) s = {m_pcGen, g->lanes, g->pc, restPc};
  }
  return g;
}

std::optional<Engine::Group> Engine::minPcGroup(const WarpControl& c) {
  const LaneMask cand = schedulingCandidates(c);
  if (!cand) return std::nullopt;
  return lowestPc(c, cand);
}

std::optional<Engine::Group> Engine::nextGroupOf(const WarpControl& c) const {
  const LaneMask cand = schedulingCandidates(c);
  if (!cand) return std::nullopt;
  if (cand == ~0u) {
    // A full converged warp (the common case) is one OR over the PCs.
    const std::uint32_t pc0 = c.pc[0];
    std::uint32_t differ = 0;
    for (std::size_t l = 0; l < kWarpSize; ++l) differ |= c.pc[l] ^ pc0;
    if (differ == 0) return Group{cand, pc0};
  }
  if (m_options.mode == ExecMode::Hardware) return h100Group(c, cand);
  return lowestPc(c, cand);
}

hw::SyncLowering Engine::ptxasLowering(std::uint32_t pc) const {
  const std::uint32_t func = m_program->instrs[pc].func;
  auto it = m_lowering.find(func);
  if (it == m_lowering.end()) it = m_lowering.emplace(func, hw::ptxasLowering(*m_program, func)).first;
  return it->second[pc - m_program->functions[func].begin];
}

bool Engine::finished() const { return finishedAfter(0); }

// The scan starts at `from` and wraps: called with a warp whose last lanes
// just exited, the warps after it are the likeliest to be still live (warps
// run and exit roughly in index order), so a long launch does not rescan
// every exited warp on each exit.
bool Engine::finishedAfter(std::uint32_t from) const {
  if (!m_state.inflight.empty()) return false;
  const std::size_t n = m_state.warps.size();
  for (std::size_t i = 0; i < n; ++i)
    if (m_state.warps[(from + i) % n].ctl.live()) return false;
  return true;
}

std::optional<std::uint32_t> Engine::nextWarp() const {
  const std::uint32_t n = static_cast<std::uint32_t>(m_state.warps.size());
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t w = (m_state.nextWarp + i) % n;
    if (nextGroup(w)) return w;
  }
  return std::nullopt;
}

Engine::TouchedWarp& Engine::newTouchedWarp(std::uint32_t w, bool whole) {
  if (m_touched.numWarps == m_touched.warps.size()) m_touched.warps.emplace_back();
  TouchedWarp& t = m_touched.warps[m_touched.numWarps++];
  t.index = w;
  t.whole = whole;
  return t;
}

void Engine::recordWarp(std::uint32_t w) {
  const WarpControl& now = m_state.warps[w].ctl;
  for (std::size_t i = 0; i < m_touched.numWarps; ++i) {
    TouchedWarp& t = m_touched.warps[i];
    if (t.index != w) continue;
    if (t.whole) return;
    // Kept with its PCs alone so far: they may have moved since, and the
    // ones from before the step are what the journal needs.
    const std::array<std::uint32_t, kWarpSize> pcs = t.before.pc;
    t.before = now;
    t.before.pc = pcs;
    t.whole = true;
    return;
  }
  newTouchedWarp(w, true).before = now;
}

void Engine::recordWarpPcs(std::uint32_t w) {
  for (std::size_t i = 0; i < m_touched.numWarps; ++i)
    if (m_touched.warps[i].index == w) return;
  newTouchedWarp(w, false).before.pc = m_state.warps[w].ctl.pc;
}

void Engine::recordCta(std::uint32_t c) {
  if (std::find(m_touched.ctas.begin(), m_touched.ctas.end(), c) != m_touched.ctas.end()) return;
  m_touched.ctas.push_back(c);
  m_rec->ctaCtl.push_back({c, m_state.ctas[c].ctl, {}});
}

void Engine::recordCluster(std::uint32_t k) {
  if (std::find(m_touched.clusters.begin(), m_touched.clusters.end(), k) != m_touched.clusters.end()) return;
  m_touched.clusters.push_back(k);
  m_rec->clusterCtl.push_back({k, m_state.clusters[k], {}});
}

void Engine::recordGroups(std::uint32_t w) {
  if (std::find(m_touched.groups.begin(), m_touched.groups.end(), w) != m_touched.groups.end()) return;
  m_touched.groups.push_back(w);
  m_rec->groups.push_back({w, m_state.warps[w].groups, {}});
}

void Engine::touchInflight() {
  if (!m_rec || m_touched.inflight) return;
  m_touched.inflight = true;
  m_rec->inflight.emplace(m_state.inflight, std::vector<AsyncOp>{});
}

void Engine::startRecord(StepRecord* rec, std::uint32_t w, std::uint32_t pc) {
  m_touched.numWarps = 0;
  m_touched.ctas.clear();
  m_touched.clusters.clear();
  m_touched.groups.clear();
  m_touched.inflight = false;
  rec->reset();
  rec->step = m_state.step;
  rec->warp = w;
  rec->pc = pc;
  rec->nextWarpBefore = m_state.nextWarp;
  rec->nextAsyncIdBefore = m_state.nextAsyncId;
  rec->trappedBefore = m_state.trapped;
}

void Engine::finishRecord(StepRecord* rec) {
  // Most steps change a warp's PCs alone: then the PCs are what is kept.
  for (std::size_t i = 0; i < m_touched.numWarps; ++i) {
    TouchedWarp& t = m_touched.warps[i];
    const WarpControl& now = m_state.warps[t.index].ctl;
    // Built in place, field by field: clang 14 has no parenthesized
    // aggregate initialization for emplace_back(index, before, after).
    WarpPcChange& pcs = rec->warpPcs.emplace_back();
    pcs.index = t.index;
    pcs.before = t.before.pc;
    pcs.after = now.pc;
    if (!t.whole) continue;
    t.before.pc = now.pc;
    if (t.before == now) continue;
    t.before.pc = pcs.before;
    rec->warpPcs.pop_back();
    ControlChange<WarpControl>& ctl = rec->warpCtl.emplace_back();
    ctl.index = t.index;
    ctl.before = std::move(t.before);
    ctl.after = now;
  }
  for (auto& c : rec->ctaCtl) c.after = m_state.ctas[c.index].ctl;
  for (auto& c : rec->clusterCtl) c.after = m_state.clusters[c.index];
  for (auto& c : rec->groups) c.after = m_state.warps[c.index].groups;
  if (rec->inflight) rec->inflight->second = m_state.inflight;
  rec->nextWarpAfter = m_state.nextWarp;
  rec->nextAsyncIdAfter = m_state.nextAsyncId;
  rec->trappedAfter = m_state.trapped;
}

}  // namespace ws::core

namespace ws::core {

const std::vector<std::uint8_t>& Engine::buffer(std::uint32_t i) const { return m_state.global.at(i + 1).bytes; }
std::uint64_t Engine::bufferAddress(std::uint32_t i) const { return m_state.global.at(i + 1).base; }

}  // namespace ws::core
