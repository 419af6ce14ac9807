#pragma once
// Steps built by hand the way the engine's handlers record them
// (step_record.hpp conventions: shfl flows source -> destination, all-to-all
// vote/redux flows, match flows numbered by group, atomics in serialization
// order, red.async issue/complete/complete-tx), for view and scene tests that
// must not depend on every handler being merged.
#include "tests/ui/ui_test_util.hpp"

namespace ws::test::ui {

// shfl.sync.bfly.b32 %r1, %r0, 1, 0x1f, 0xffffffff with %r0 = 10 * lane.
Bench butterflyStep(int xorMask = 1);
// shfl.sync.up.b32 %r1|%p1, %r0, 1, 0x0, 0xff on 8 lanes, %r0 = 100 + lane.
Bench shflUpStep();
// vote.sync.ballot.b32 %r1, %p1, 0xffffffff with %p1 = (lane even).
Bench ballotStep();
// redux.sync.add.u32 %r1, %r0, 0xffffffff with %r0 = lane.
Bench reduxStep();
// match.any.sync.b32 %r1, %r0, 0xffffffff with %r0 = 7 * (lane % 3).
Bench matchStep();
// atom.global.add.u32 %r1, [%rd1], %r0 on 4 lanes, %r0 = lane + 1, all into out[0].
Bench atomicStep();

// pub_red_async_add (tests/data/golden/kernels.ptx) on a 2-CTA cluster.
struct AsyncSteps {
  Bench b;
  std::uint64_t acc = 0, bar = 0;  // shared offsets of acc[] and bar_mem
};
// mbarrier.init in both CTAs, then CTA rank 0's red.async issue of 32 lanes
// (%r17 = lane + 1) into CTA rank 1's acc[lane]; then `completed` completions.
AsyncSteps redAsyncSteps(int completed);

std::uint64_t symbolOffset(const core::Program& p, std::string_view suffix);

}  // namespace ws::test::ui
