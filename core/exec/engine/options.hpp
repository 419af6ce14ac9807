#pragma once
// Policies of a run, chosen by the user: plain values, so a session can store
// them, compare them and switch them between steps.
#include <cstdint>
#include <memory>

namespace ws::core {

struct MufuTables;

// Strict: stop at undefined behaviour and explain it. Hardware: report it and
// go on as an H100 does.
enum class ExecMode : std::uint8_t { Strict, Hardware };

// Which lanes of a diverged warp run first. MinPc runs the group with the
// lowest PC, which reconverges structured code at its join point (the order
// nvcc lays blocks out in) and matches what an H100 shows for activemask.
enum class Reconvergence : std::uint8_t { MinPc };

// Which warp runs next. RoundRobin: one warp instruction per warp in turn (the
// picture a debugger shows). RunToBlock: keep running a warp until it blocks
// (fast headless runs; same results for race-free programs).
enum class WarpScheduling : std::uint8_t { RoundRobin, RunToBlock };

// When in-flight red.async operations complete. Each policy is deterministic.
// Oldest/Newest: the async unit takes a turn after every round of warps and
// retires the oldest (or newest) operation. Lazy: only when every warp is
// blocked (the latest completion a program can observe). Manual: only when the
// user retires a chosen operation (Engine::completeAsync).
enum class AsyncCompletion : std::uint8_t { Oldest, Newest, Lazy, Manual };

// Steps a run may take before it is stopped as a probable endless loop, unless
// the user (--max-steps) or the scenario (engine.max_steps) says otherwise.
inline constexpr std::uint64_t kDefaultMaxSteps = 50'000'000;

struct EngineOptions {
  ExecMode mode = ExecMode::Strict;
  Reconvergence reconvergence = Reconvergence::MinPc;
  WarpScheduling scheduling = WarpScheduling::RoundRobin;
  AsyncCompletion asyncCompletion = AsyncCompletion::Oldest;
  bool reportUninitializedReads = true;
  // The race detector (core/exec/races/, docs/races.md): on in `check` and
  // the viewers, off by default in headless run/trace (an option there).
  bool checkRaces = false;
  // What the H100's MUFU returns (assets/mufu), loaded by the front end: with
  // it the .approx instructions are bit-exact, without it correctly rounded.
  std::shared_ptr<const MufuTables> mufu = nullptr;
  bool operator==(const EngineOptions&) const = default;
};

}  // namespace ws::core
