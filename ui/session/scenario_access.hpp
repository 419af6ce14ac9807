#pragma once
// Where the bundled lessons are, and which folders a scenario opened in any
// front end may read files from (core::LoadOptions): its own, the bundled
// lessons', and those the user allowed (--allow-files, a viewer's question).
#include <string>
#include <vector>

#include "core/scenario/scenario_io.hpp"
#include "ui/frame/bundled_dirs.hpp"

namespace ws::ui {

// The bundled lessons' folder plus `allowFiles`.
core::LoadOptions scenarioLoadOptions(const std::vector<std::string>& allowFiles);

// The folders of `files` (resolved paths a load refused), each once, for
// loading again once the user has allowed them.
std::vector<std::string> foldersOf(const std::vector<std::string>& files);

}  // namespace ws::ui
