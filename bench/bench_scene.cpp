// The view layer: building the scene (and the view models, and the SVG) of
// one step of 4 warps with 32 registers, the shuffle of bench/data/scene_step.ptx,
// as a front end does on every revision.
#include <benchmark/benchmark.h>

#include <variant>

#include "bench/bench_util.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/session.hpp"
#include "ui/files/svg_writer.hpp"
#include "ui/scene/theme.hpp"

namespace ws::bench {
namespace {

std::unique_ptr<ui::Session> shuffleStep() {
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {128, 1, 1};
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(512, 0)});
  cfg.params = {core::ParamValue::buf(0)};
  auto made = ui::Session::create(loadProgram("scene_step.ptx"), cfg);
  auto s = std::move(std::get<std::unique_ptr<ui::Session>>(made));
  for (int i = 0; i < 1000; ++i) {
    s->step();
    const core::StepRecord* r = s->history().current();
    if (r && !r->userEdit && s->program().instrs[r->pc].op == core::Opcode::Shfl) return s;
  }
  std::fprintf(stderr, "ws_bench: the scene kernel never reached its shuffle\n");
  std::exit(2);
}

ui::SceneOptions allWarps() {
  ui::SceneOptions o;
  o.allWarpsOfCta = true;
  return o;
}

void BM_BuildScene4Warps32Regs(benchmark::State& state) {
  auto s = shuffleStep();
  const ui::Theme theme = ui::builtinTheme("light");
  const ui::Frame f = s->frame();
  const ui::HistoryIndex& ix = s->index();
  for (auto _ : state) benchmark::DoNotOptimize(ui::buildScene(f, &ix, theme, allWarps()));
  state.counters["primitives"] = static_cast<double>(ui::buildScene(f, &ix, theme, allWarps()).items.size());
}
BENCHMARK(BM_BuildScene4Warps32Regs)->Unit(benchmark::kMicrosecond);

void BM_BuildViews4Warps32Regs(benchmark::State& state) {
  auto s = shuffleStep();
  const ui::Frame f = s->frame();
  const ui::HistoryIndex& ix = s->index();
  for (auto _ : state) benchmark::DoNotOptimize(ui::buildViews(f, ix));
}
BENCHMARK(BM_BuildViews4Warps32Regs)->Unit(benchmark::kMicrosecond);

void BM_SceneToSvg4Warps32Regs(benchmark::State& state) {
  auto s = shuffleStep();
  const ui::Scene scene = ui::buildScene(s->frame(), &s->index(), ui::builtinTheme("light"), allWarps());
  for (auto _ : state) benchmark::DoNotOptimize(ui::toSvg(scene));
}
BENCHMARK(BM_SceneToSvg4Warps32Regs)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace ws::bench
