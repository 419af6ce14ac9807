#include "ui/session/mufu_assets.hpp"

#include <string>

#include "core/scenario/mufu_files.hpp"

namespace ws::ui {

std::shared_ptr<const core::MufuTables> bundledMufuTables() {
  static const std::shared_ptr<const core::MufuTables> kTables =
      core::mufuTablesFrom(std::string(WS_ASSETS_DIR) + "/mufu");
  return kTables;
}

}  // namespace ws::ui
