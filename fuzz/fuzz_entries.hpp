#pragma once
// The fuzzed entry points. Each takes arbitrary bytes, drives one part of
// warpscope the way a user's file would, and checks invariants that must hold
// for every input. A crash, hang, leak or sanitizer report is a finding, and
// so is a non-empty returned string (a broken invariant, described).
//
// The libFuzzer targets (fuzz/libfuzzer_main.cpp) and the regression test
// (tests/fuzz/), which replays every committed finding in the normal build,
// call exactly these functions.
#include <string>
#include <string_view>

namespace ws::fuzz {

// PTX text -> parsePtx.
std::string parsePtxInput(std::string_view data);

// A scenario file, optionally followed by the files it names, each after a
// line `#@file NAME` (a TOML comment, so the scenario part stays a valid
// file). A scenario that loads is run for a bounded number of steps, its
// expectations checked, and saved and loaded again.
std::string loadScenarioInput(std::string_view data);

// PTX text, optionally starting with a line `//@ key=value ...` that picks
// the launch (entry, grid, block, cluster, mode, sched, async, steps, hist,
// cp). The launch runs under a step budget twice (plainly and through a
// recording History, which must agree), then moves back and forth through its
// history and builds the UI's views and scene at a few positions.
std::string runProgramInput(std::string_view data);

}  // namespace ws::fuzz
