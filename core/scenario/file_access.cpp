// Which files a scenario may read (LoadOptions): its own folder and the
// folders it was allowed, compared after resolving symlinks and "..", so
// neither "../../.ssh/id_rsa" nor a symlink in the lesson's folder reaches
// out of it.
#include <algorithm>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "core/scenario/scenario_io.hpp"

namespace ws::core {
namespace {
namespace fs = std::filesystem;

// The absolute path with every existing part's symlinks resolved.
fs::path resolved(const fs::path& p) {
  std::error_code ec;
  fs::path r = fs::weakly_canonical(fs::absolute(p, ec), ec);
  return ec ? fs::absolute(p, ec).lexically_normal() : r;
}

bool isInside(const fs::path& file, const fs::path& folder) {
  auto [f, d] = std::mismatch(file.begin(), file.end(), folder.begin(), folder.end());
  // A trailing separator gives an empty last element: still inside.
  return d == folder.end() || (std::next(d) == folder.end() && d->empty());
}

}  // namespace

FileReader confinedReader(std::string dir, std::vector<std::string> allowedDirs,
                          std::shared_ptr<std::vector<std::string>> refused, std::uint64_t maxBytes) {
  const fs::path base = dir.empty() ? fs::path(".") : fs::path(dir);
  std::vector<fs::path> roots{resolved(base)};
  for (const std::string& a : allowedDirs) roots.push_back(resolved(a));
  return [base, roots = std::move(roots), refused = std::move(refused), maxBytes](
             const std::string& path, std::string& error) -> std::optional<std::string> {
    const fs::path p = fs::path(path).is_absolute() ? fs::path(path) : base / path;
    const fs::path real = resolved(p);
    if (std::none_of(roots.begin(), roots.end(), [&](const fs::path& r) { return isInside(real, r); })) {
      error = fmt::format("'{}' is outside the scenario's folder ({}); a scenario reads only files in its own "
                          "folder and the bundled lessons unless allowed: run with --allow-files {}, or accept "
                          "the question a viewer asks",
                          path, roots.front().string(), real.parent_path().string());
      if (refused) refused->push_back(real.string());
      return std::nullopt;
    }
    return readFileCapped(real.string(), maxBytes, error);
  };
}

FileReader scenarioReader(const SourceInfo& src) {
  if (!src.confined) return diskReader(src.dir);
  return confinedReader(src.dir, src.allowedDirs);
}

}  // namespace ws::core
