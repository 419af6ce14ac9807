#pragma once
// Where the files shipped with warpscope are: the bundled lessons and the
// assets (themes, fonts, mufu tables).
#include <string>

namespace ws::ui {

// $WARPSCOPE_SCENARIOS if set, else the source tree's scenarios/ (a build
// tree runs from there).
std::string bundledScenarioDir();

// $WARPSCOPE_ASSETS if set, else the source tree's assets/.
std::string bundledAssetDir();

}  // namespace ws::ui
