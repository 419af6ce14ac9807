#include "tests/support/test_paths.hpp"

namespace ws::test {
namespace {
std::string join(std::string_view dir, std::string_view rel) {
  std::string s(dir);
  s += rel;
  return s;
}
}  // namespace

std::string sourcePath(std::string_view rel) { return join(WS_SOURCE_DIR, rel); }
std::string dataPath(std::string_view rel) { return join(WS_SOURCE_DIR "/tests/data", rel); }
std::string scenarioPath(std::string_view rel) { return join(WS_SOURCE_DIR "/scenarios", rel); }
std::string assetsPath(std::string_view rel) { return join(WS_SOURCE_DIR "/assets", rel); }
std::string withXvfbPath() { return WS_SOURCE_DIR "/scripts/with-xvfb.sh"; }

std::string cliPath() { return WS_CLI_PATH; }
std::string appPath() { return WS_APP_PATH; }
std::string imguiPath() { return WS_IMGUI_PATH; }
std::string autosaveProbePath() { return WS_AUTOSAVE_PROBE; }

}  // namespace ws::test
