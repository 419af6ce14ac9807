#include "ui/frame/bundled_dirs.hpp"

#include <cstdlib>

// The source tree's paths are compiled into this file alone (ui/CMakeLists
// gives them to it): every other source of ws_ui then compiles to the same
// object in any checkout, and a shared compile cache serves it.
namespace ws::ui {
namespace {
std::string fromEnvOr(const char* name, const char* fallback) {
  if (const char* env = std::getenv(name); env && *env) return env;
  return fallback;
}
}  // namespace

std::string bundledScenarioDir() { return fromEnvOr("WARPSCOPE_SCENARIOS", WS_SCENARIOS_DIR); }

std::string bundledAssetDir() { return fromEnvOr("WARPSCOPE_ASSETS", WS_ASSETS_DIR); }

}  // namespace ws::ui
