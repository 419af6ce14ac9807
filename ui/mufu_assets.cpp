#include "ui/mufu_assets.hpp"

#include <zlib.h>

namespace ws::ui {
namespace {

std::string gunzipFile(const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) return {};
  std::string out;
  char buf[1 << 16];
  for (int n; (n = gzread(f, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  gzclose(f);
  return out;
}

}  // namespace

std::shared_ptr<const core::MufuTables> mufuTablesFrom(const std::string& dir) {
  auto t = std::make_shared<core::MufuTables>();
  for (const auto& e : core::MufuTables::layout())
    ((*t).*e.table).setSource([path = dir + "/" + e.file + ".bin.gz"] { return gunzipFile(path); }, e.entries);
  return t;
}

std::shared_ptr<const core::MufuTables> bundledMufuTables() {
  static const std::shared_ptr<const core::MufuTables> kTables = mufuTablesFrom(std::string(WS_ASSETS_DIR) + "/mufu");
  return kTables;
}

}  // namespace ws::ui
