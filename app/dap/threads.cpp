// threads, stackTrace, source: one DAP thread per warp ("CTA (x,y,z) warp
// w"), its frames at the focused lane's PC: the CUDA line of the .loc, the
// lines it was inlined at, and the PTX instruction (docs/dap.md).
#include <fmt/format.h>

#include <filesystem>

#include "app/dap/adapter.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::dap {
namespace {

// A frame id names the warp and the frame's depth.
constexpr std::int64_t kFramesPerWarp = 64;

}  // namespace

Adapter::Reply Adapter::threads() {
  Reply r;
  r.body["threads"] = Json::array();
  const core::MachineState& s = m_session->state();
  for (std::uint32_t w = 0; w < s.warps.size(); ++w) {
    const core::WarpState& ws = s.warps[w];
    const core::Dim3& c = s.ctas[ws.cta].ctaid;
    r.body["threads"].push_back(
        {{"id", w + 1}, {"name", fmt::format("CTA ({},{},{}) warp {}", c[0], c[1], c[2], ws.warpInCta)}});
  }
  return r;
}

Adapter::Reply Adapter::stackTrace(const Json& args) {
  const std::uint32_t warp = warpOfThread(args);
  const core::Program& p = m_session->program();
  const core::WarpControl& ctl = m_session->state().warps[warp].ctl;
  const int lane = laneShown(warp);
  Json frames = Json::array();
  const std::int64_t base = static_cast<std::int64_t>(warp) * kFramesPerWarp + 1;
  const std::uint32_t pc = pcOf(warp);
  const bool done = ((ctl.valid & ~ctl.exited) >> lane & 1u) == 0;
  const core::Instr* ins = done ? nullptr : ui::instrAt(p, pc);
  const std::string ip = fmt::format("0x{:x}", pc);
  std::string funcName = "(exited)";
  for (const auto& f : p.functions)
    if (pc >= f.begin && pc < f.end) funcName = f.name;
  const int line0 = m_linesStartAt1 ? 0 : -1;
  if (ins && ins->cuda.file >= 0 && ins->cuda.line > 0) {
    // The CUDA frame, then the line it was inlined at (nvcc's inlined_at).
    frames.push_back({{"id", base},
                      {"name", fmt::format("{} (lane {})", ins->cuda.inlinedFunc >= 0 ? "inlined" : funcName, lane)},
                      {"source", sourceOf(ins->cuda.file)},
                      {"line", ins->cuda.line + line0},
                      {"column", std::max(ins->cuda.col, 1)},
                      {"instructionPointerReference", ip}});
    if (ins->cuda.inlinedFile >= 0 && ins->cuda.inlinedLine > 0) {
      const std::string caller =
          ins->cuda.inlinedFunc >= 0 && static_cast<std::size_t>(ins->cuda.inlinedFunc) < p.functions.size()
              ? p.functions[static_cast<std::size_t>(ins->cuda.inlinedFunc)].name
              : funcName;
      frames.push_back({{"id", base + 1},
                        {"name", caller},
                        {"source", sourceOf(ins->cuda.inlinedFile)},
                        {"line", ins->cuda.inlinedLine + line0},
                        {"column", 1},
                        {"instructionPointerReference", ip}});
    }
  }
  Json ptx = {{"id", base + kFramesPerWarp - 1},
              {"name", done ? fmt::format("{} (every lane exited)", funcName)
                            : fmt::format("{} [PTX] (lane {})", funcName, lane)},
              {"source", sourceOf(0)},
              {"line", (ins ? static_cast<std::int32_t>(ins->pos.line) : 0) + line0},
              {"column", ins ? std::max<std::uint32_t>(ins->pos.col, 1) : 0},
              {"instructionPointerReference", ip}};
  if (!frames.empty()) ptx["presentationHint"] = "subtle";
  if (!ins) ptx.erase("source");
  frames.push_back(std::move(ptx));
  Reply r;
  r.body = {{"stackFrames", frames}, {"totalFrames", frames.size()}};
  return r;
}

Adapter::Reply Adapter::source(const Json& args) {
  // Only the PTX module is served (its text as loaded, for an inline program).
  const core::Program& p = m_session->program();
  std::string text;
  for (const auto& l : p.sourceLines) text += l + "\n";
  (void)args;
  Reply r;
  r.body = {{"content", text}, {"mimeType", "text/x-ptx"}};
  return r;
}

}  // namespace ws::dap
