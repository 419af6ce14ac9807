// Atomic file replacement (POSIX): the new contents go to a temporary file in
// the target's directory (same file system, so rename is atomic), are flushed
// to disk with fsync, and only then renamed over the target. Any failure
// removes the temporary file and leaves the old file as it was.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fmt/format.h>

#include "core/scenario/scenario_io.hpp"

namespace ws::core {
namespace {

std::string sysError(int err) { return std::strerror(err); }

SaveResult fail(std::string msg) { return {false, std::move(msg)}; }

}  // namespace

SaveResult writeFileAtomic(const std::string& path, std::string_view bytes) {
  namespace fs = std::filesystem;
  if (path.empty()) return fail("no file name given");
  fs::path target(path);
  std::error_code ec;
  // Saving through a symbolic link replaces the file it points to, not the link.
  if (fs::is_symlink(target, ec)) {
    const fs::path resolved = fs::weakly_canonical(target, ec);
    if (!ec) target = resolved;
  }
  if (fs::is_directory(target, ec)) return fail(fmt::format("cannot save to '{}': it is a directory", path));
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");

  std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    const int err = errno;
    return fail(fmt::format("cannot save '{}': cannot create a file in '{}': {}; the old file is unchanged", path,
                            dir.string(), sysError(err)));
  }
  const std::string tmp(name.data());
  auto abandon = [&](const char* what, int err) {
    ::close(fd);
    ::unlink(tmp.c_str());
    return fail(fmt::format("cannot save '{}': {}: {}; the old file is unchanged", path, what, sysError(err)));
  };

  // Keep the permissions of the file being replaced (mkstemp makes 0600).
  struct stat st {};
  const mode_t mode = ::stat(target.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644;
  if (::fchmod(fd, mode) != 0) return abandon("setting permissions failed", errno);

  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return abandon("writing failed", errno);
    }
    if (n == 0) return abandon("writing failed", EIO);
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) return abandon("flushing to disk failed", errno);
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return fail(fmt::format("cannot save '{}': closing failed: {}; the old file is unchanged", path, sysError(err)));
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return fail(fmt::format("cannot save '{}': replacing the file failed: {}; the old file is unchanged", path,
                            sysError(err)));
  }
  // Make the rename itself durable. Some file systems refuse fsync on a
  // directory; the data is already safe then, so that is not an error.
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return {true, {}};
}

SaveResult saveScenarioFile(const Scenario& s, const std::string& path) {
  return writeFileAtomic(path, formatScenario(s));
}

}  // namespace ws::core
