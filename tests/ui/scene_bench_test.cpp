// The scene of a 4-warp, 32-register step must build well under a
// millisecond (a front end rebuilds it on every revision). Measured as the
// median of repeated builds; the bound is loose enough for a busy CI machine.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "tests/ui/ui_test_util.hpp"
#include "ui/scene_builder.hpp"
#include "ui/svg_writer.hpp"

namespace ws::ui {
namespace {

const char* kPtx = R"(.version 8.7
.target sm_90a
.address_size 64

.visible .entry k(.param .u64 k_out)
{
	.reg .b32 %r<28>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [k_out];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r0, %tid.x;
	mov.u32 %r1, %laneid;
	mul.lo.u32 %r2, %r1, 7;
	add.u32 %r3, %r2, %r0;
	add.u32 %r4, %r3, 1;
	add.u32 %r5, %r4, 2;
	add.u32 %r6, %r5, 3;
	add.u32 %r7, %r6, 4;
	shfl.sync.bfly.b32 %r8, %r7, 16, 0x1f, 0xffffffff;
	add.u32 %r9, %r8, %r7;
	mul.wide.u32 %rd2, %r0, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r9;
	ret;
}
)";

using Clock = std::chrono::steady_clock;

double medianMicros(const std::function<void()>& f, int runs) {
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const auto a = Clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::micro>(Clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

TEST(SceneBench, FourWarpsThirtyTwoRegistersWellUnderAMillisecond) {
  core::LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {128, 1, 1};
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(512, 0)});
  cfg.params = {core::ParamValue::buf(0)};
  auto s = test::ui::session(kPtx, cfg);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->program().functions[0].regEnd - s->program().functions[0].regBegin, 32u);
  ASSERT_TRUE(test::ui::stepUntil(*s, core::Opcode::Shfl));
  ASSERT_EQ(s->state().warps.size(), 4u);
  const Theme theme = builtinTheme("light");
  SceneOptions o;
  o.allWarpsOfCta = true;
  const Frame f = s->frame();
  const HistoryIndex& ix = s->index();
  Scene scene;
  const double scene_us = medianMicros([&] { scene = buildScene(f, &ix, theme, o); }, 60);
  for (std::uint32_t w = 0; w < 4; ++w) EXPECT_NE(scene.findId("w" + std::to_string(w) + "-lane31"), nullptr);
  EXPECT_EQ(scene.find("flow shuffle").size(), 32u);
  const double views_us = medianMicros([&] { (void)buildViews(f, ix); }, 60);
  const double svg_us = medianMicros([&] { (void)toSvg(scene); }, 30);
  RecordProperty("scene_us", std::to_string(scene_us));
  std::printf("scene %.0f us, all view models %.0f us, SVG %.0f us (%zu primitives)\n", scene_us, views_us, svg_us, scene.items.size());
  EXPECT_LT(scene_us, 1000.0);
  EXPECT_LT(views_us, 2000.0);
}

}  // namespace
}  // namespace ws::ui
