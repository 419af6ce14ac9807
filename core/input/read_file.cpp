// Reading a whole input file with a size cap. Files come from classmates and
// the internet: a path may name a device (/dev/zero), a FIFO or a huge file,
// and none of them may hang the program or exhaust its memory.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "core/input/read_file.hpp"

namespace ws::core {

std::optional<std::string> readFileCapped(const std::string& path, std::uint64_t maxBytes, std::string& error) {
  // The system reads a name only up to a NUL: another file would open.
  if (path.find('\0') != std::string::npos) {
    error = fmt::format("'{}' holds a NUL character: a file name cannot", path.substr(0, path.find('\0')));
    return std::nullopt;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    const int err = errno;
    error = fmt::format("'{}': {}", path, err == ENOENT ? "no such file" : std::strerror(err));
    return std::nullopt;
  }
  if (S_ISDIR(st.st_mode)) {
    error = fmt::format("'{}' is a directory", path);
    return std::nullopt;
  }
  // Devices and FIFOs can be endless or block forever.
  if (!S_ISREG(st.st_mode)) {
    error = fmt::format("'{}' is not a regular file", path);
    return std::nullopt;
  }
  if (static_cast<std::uint64_t>(st.st_size) > maxBytes) {
    error = fmt::format("'{}' is {} bytes; files larger than {} MiB are not read", path, st.st_size, maxBytes >> 20);
    return std::nullopt;
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) {
    error = fmt::format("'{}': cannot open it: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  std::string out;
  char buf[1 << 16];
  // The file may grow while it is read: the cap holds for what is read too.
  while (true) {
    const std::size_t n = std::fread(buf, 1, sizeof buf, f.get());
    if (n > 0) {
      if (out.size() + n > maxBytes) {
        error = fmt::format("'{}': files larger than {} MiB are not read", path, maxBytes >> 20);
        return std::nullopt;
      }
      out.append(buf, n);
    }
    if (n < sizeof buf) break;
  }
  if (std::ferror(f.get())) {
    error = fmt::format("'{}': read error", path);
    return std::nullopt;
  }
  return out;
}

}  // namespace ws::core
