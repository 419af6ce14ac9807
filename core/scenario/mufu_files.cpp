#include "core/scenario/mufu_files.hpp"

#include <zlib.h>

#include <fstream>
#include <sstream>

namespace ws::core {

std::string readMaybeGzFile(const std::string& path) {
  if (!path.ends_with(".gz")) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) return {};
  std::string out;
  char buf[1 << 16];
  for (int n; (n = gzread(f, buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  gzclose(f);
  return out;
}

std::shared_ptr<const MufuTables> mufuTablesFrom(const std::string& dir) {
  auto t = std::make_shared<MufuTables>();
  for (const auto& e : MufuTables::layout())
    ((*t).*e.table).setSource([path = dir + "/" + e.file + ".bin.gz"] { return readMaybeGzFile(path); }, e.entries);
  return t;
}

}  // namespace ws::core
