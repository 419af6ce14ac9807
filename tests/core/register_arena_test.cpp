// The register files of a large launch come from one arena
// (core/exec/state/register_arena.hpp): that changes where the rows live, never
// what they hold. Copies of the state (checkpoints, copied engines) are
// rows of their own on the heap, and a history moves back and forth over a
// launch in an arena exactly as over one on the heap.
#include <gtest/gtest.h>

#include <memory>

#include "core/exec/state/register_arena.hpp"
#include "core/trace/history.hpp"
#include "tests/core/test_util.hpp"

namespace ws::core {
namespace {

TEST(RegisterArena, SmallLaunchesKeepToTheHeap) { EXPECT_EQ(RegisterArena::make(1u << 20), nullptr); }

TEST(RegisterArena, HandsOutAlignedBlocksUntilItIsUsedUp) {
  auto arena = RegisterArena::make(16u << 20);
  ASSERT_NE(arena, nullptr);
  void* a = arena->take(100);
  void* b = arena->take(8);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a) % 64, 0u);
  EXPECT_EQ(static_cast<std::byte*>(b) - static_cast<std::byte*>(a), 128);
  EXPECT_TRUE(arena->owns(a));
  int onTheStack = 0;
  EXPECT_FALSE(arena->owns(&onTheStack));
  EXPECT_EQ(arena->take(64u << 20), nullptr);  // more than is left
  EXPECT_NE(arena->take(1024), nullptr);       // a smaller one still fits
}

TEST(RegisterArena, RowsFallBackToTheHeapAndCopiesLeaveTheArena) {
  const RegisterAllocator<std::uint64_t> alloc(RegisterArena::make(16u << 20));
  ASSERT_NE(alloc.arena, nullptr);
  RegisterRows big(std::size_t{3} << 20, 7, alloc);  // 24 MB: past the arena's room
  EXPECT_FALSE(alloc.arena->owns(big.data()));
  RegisterRows rows(64, 5, alloc);
  EXPECT_TRUE(alloc.arena->owns(rows.data()));
  const RegisterRows copy = rows;
  EXPECT_EQ(copy, rows);
  EXPECT_EQ(copy.get_allocator().arena, nullptr);
  // Assigning into rows of the arena writes them where they are.
  RegisterRows heap(64, 9);
  const std::uint64_t* where = rows.data();
  rows = heap;
  EXPECT_EQ(rows.data(), where);
  EXPECT_EQ(rows, heap);
}

// Each thread adds its index to a register 10 times; 97 registers a thread,
// 128 CTAs of 256 threads: 25 MB of registers, in an arena.
Engine largeEngine() {
  const std::string ptx = R"(.version 8.7
.target sm_90a
.address_size 64
.visible .entry big()
{
	.reg .pred %p<2>;
	.reg .b32 %r<95>;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, 0;
	mov.u32 %r3, 0;
$L_top:
	add.u32 %r2, %r2, %r1;
	add.u32 %r3, %r3, 1;
	setp.lt.u32 %p1, %r3, 10;
	@%p1 bra $L_top;
	ret;
}
)";
  LaunchConfig cfg;
  cfg.entry = "big";
  cfg.grid = {128, 1, 1};
  cfg.block = {256, 1, 1};
  return test::makeEngine(ptx, cfg);
}

TEST(RegisterArena, ALargeLaunchRunsAndStepsBackInItsArena) {
  const Engine start = largeEngine();
  const auto& arena = start.state().warps.front().regs.get_allocator().arena;
  ASSERT_NE(arena, nullptr);
  EXPECT_TRUE(arena->owns(start.state().warps.back().regs.data()));
  // A copied engine has rows of its own, on the heap, with the same values.
  Engine copy = start;
  EXPECT_EQ(copy.state().warps.front().regs.get_allocator().arena, nullptr);
  EXPECT_EQ(copy.state().hash(), start.state().hash());

  // Run to the end unrecorded, and recorded with history, which then goes
  // back to the start and forward again.
  EngineOptions o;
  o.scheduling = WarpScheduling::RunToBlock;
  copy.setOptions(o);
  ASSERT_EQ(copy.run(1u << 24).stop, StopReason::Finished);
  Engine recorded = largeEngine();
  recorded.setOptions(o);
  History h(std::move(recorded), {.checkpointEvery = 5000, .maxBytes = 0});
  std::uint64_t steps = 0;
  for (; h.forward().executed; ++steps) {
  }
  EXPECT_EQ(h.state().hash(), copy.state().hash());
  // Lane 5 of warp 77 (warp 5 of its CTA) is thread 165: %r2 = 10 * 165.
  std::size_t r2 = 0;
  while (h.engine().program().regs.at(r2).name != "%r2") ++r2;
  EXPECT_EQ(h.state().warps[77].regs[r2 * kWarpSize + 5], 10u * (5 + 32 * (77 % 8)));
  EXPECT_EQ(h.seek(steps / 3), steps / 3);
  EXPECT_EQ(h.seek(steps), steps);
  EXPECT_EQ(h.state().hash(), copy.state().hash());
  EXPECT_TRUE(h.state().warps.front().regs.get_allocator().arena != nullptr);
}

}  // namespace
}  // namespace ws::core
