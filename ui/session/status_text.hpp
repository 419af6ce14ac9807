#pragma once
// The short texts around the views that every front end shows in its title
// bar, status bar and timeline: where in time the session is and what a
// running command is doing.
#include <string>

namespace ws::ui {

class Session;
class RunDriver;

// "warpscope — Butterfly sum", or "warpscope" with no session.
std::string windowTitle(const Session* s);
// "step 12 of 340" once the end is known, else "step 12 (40 recorded)".
std::string positionText(const Session& s);
// What the status bar says: a running command and its progress, autoplay and
// its speed, else why the last command stopped (describeOutcome).
std::string runStatusText(const RunDriver& d, const Session& s);
// "Opened kernels.ptx", and when the module uses instructions warpscope does
// not execute, how many kinds and where they are listed.
std::string openedText(const Session& s, const std::string& path);
// "2 steps/s", "0.5 steps/s", "1 step/s".
std::string speedText(double stepsPerSecond);

}  // namespace ws::ui
