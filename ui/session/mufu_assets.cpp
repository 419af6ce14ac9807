#include "ui/session/mufu_assets.hpp"

#include <string>

#include "core/scenario/mufu_files.hpp"
#include "ui/frame/bundled_dirs.hpp"

namespace ws::ui {

std::shared_ptr<const core::MufuTables> bundledMufuTables() {
  static const std::shared_ptr<const core::MufuTables> kTables =
      core::mufuTablesFrom(bundledAssetDir() + "/mufu");
  return kTables;
}

}  // namespace ws::ui
