#pragma once
// Drives long commands from a front end's timer tick or frame loop, a chunk
// at a time, so the window never freezes and a Stop button always answers:
// Continue / Reverse continue / Run to end / Run to cursor run `chunk` steps
// per tick until they stop; autoplay (presentation mode) takes one step of
// the chosen unit at a steady rate.
#include <cstdint>
#include <optional>
#include <string>

#include "ui/session/actions.hpp"

namespace ws::ui {

class RunDriver {
 public:
  // Starts a long action (actionIsLong); any other action runs at once.
  // Returns the outcome of the first chunk.
  core::RunOutcome start(ActionId id, Session& s, DebuggerChoices& c);
  void stop();
  bool running() const { return m_action.has_value(); }
  std::optional<ActionId> action() const { return m_action; }

  void startAutoplay(double stepsPerSecond);
  void stopAutoplay() { m_autoplay = false; }
  bool autoplaying() const { return m_autoplay; }
  void setAutoplaySpeed(double stepsPerSecond);
  double autoplaySpeed() const { return m_speed; }

  // Call from the timer / frame loop with the seconds since the last call.
  // Returns whether anything is still going on (a run or autoplay).
  bool tick(Session& s, DebuggerChoices& c, double elapsedSeconds);

  void setChunk(std::uint64_t steps) { m_chunk = steps ? steps : 1; }
  std::uint64_t chunk() const { return m_chunk; }
  // Steps taken by the current (or last) run, for a progress indicator.
  std::uint64_t stepsSoFar() const { return m_steps; }
  const core::RunOutcome& lastOutcome() const { return m_last; }

 private:
  core::RunOutcome runChunk(Session& s, DebuggerChoices& c);

  std::optional<ActionId> m_action;
  std::uint64_t m_chunk = 20'000;
  std::uint64_t m_steps = 0;
  core::RunOutcome m_last;
  bool m_autoplay = false;
  double m_speed = 2.0;   // steps per second
  double m_owed = 0.0;    // fractional steps accumulated between ticks
};

}  // namespace ws::ui
