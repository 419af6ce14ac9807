// The scene of a 4-warp, 32-register step: every warp's lanes and every
// shuffle arrow are there, and the view models and the SVG build from it.
// How long that takes is measured by bench/ (BM_BuildScene4Warps32Regs), not here.
#include <gtest/gtest.h>

#include "tests/ui/ui_test_util.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/files/svg_writer.hpp"

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

TEST(SceneFourWarps, ThirtyTwoRegistersAndEveryShuffleArrow) {
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
  const Scene scene = buildScene(f, &ix, theme, o);
  for (std::uint32_t w = 0; w < 4; ++w) EXPECT_NE(scene.findId("w" + std::to_string(w) + "-lane31"), nullptr);
  EXPECT_EQ(scene.find("flow shuffle").size(), 32u);
  const ViewSet views = buildViews(f, ix);
  EXPECT_EQ(views.registers.columns.size(), 32u);
  EXPECT_FALSE(toSvg(scene).empty());
}

}  // namespace
}  // namespace ws::ui
