#include "ui/files/cuda_source.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "core/isa/isa.hpp"
#include "core/scenario/scenario_io.hpp"
#include "ui/files/run_process.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

bool executable(const std::string& path) {
  std::error_code ec;
  return !path.empty() && fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

// A directory of our own under the system's temporary directory, removed
// with everything in it when this goes out of scope.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "warpscope-nvcc-XXXXXX").string();
    if (::mkdtemp(tmpl.data())) m_path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!m_path.empty()) fs::remove_all(m_path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return m_path; }

 private:
  std::string m_path;
};

}  // namespace

bool isCudaSourcePath(const std::string& path) { return path.ends_with(".cu"); }

std::string findNvcc() {
  if (const char* env = std::getenv("WS_NVCC")) return executable(env) ? std::string(env) : std::string();
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest(path);
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      const std::string_view dir = rest.substr(0, colon);
      if (!dir.empty() && executable((fs::path(dir) / "nvcc").string())) return (fs::path(dir) / "nvcc").string();
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  const std::string standard = "/usr/local/cuda/bin/nvcc";
  return executable(standard) ? standard : std::string();
}

CudaTarget cudaTargetOf(std::string_view source, const std::string& shown) {
  constexpr std::string_view kTag = "warpscope:";
  std::size_t lineNo = 0;
  while (!source.empty()) {
    ++lineNo;
    const std::size_t nl = source.find('\n');
    std::string_view line = source.substr(0, nl);
    source.remove_prefix(nl == std::string_view::npos ? source.size() : nl + 1);
    const std::size_t comment = line.find("//");
    if (comment == std::string_view::npos) continue;
    line.remove_prefix(comment + 2);
    const std::size_t tag = line.find(kTag);
    if (tag == std::string_view::npos || line.substr(0, tag).find_first_not_of(" \t") != std::string_view::npos)
      continue;
    line.remove_prefix(tag + kTag.size());
    const std::size_t arch = line.find("-arch=");
    if (arch == std::string_view::npos) continue;
    line.remove_prefix(arch + 6);
    const std::string_view name = line.substr(0, line.find_first_of(" \t\r"));
    if (core::Target::parse(name)) return {std::string(name), {}};
    return {{}, fmt::format("{}:{}: error: '{}' is not a GPU target like sm_90a (the `// warpscope: -arch=` "
                            "comment names the target to compile for)",
                            shown, lineNo, name)};
  }
  return {std::string(kDefaultCudaTarget), {}};
}

std::vector<std::string> nvccArguments(const std::string& cuPath, const std::string& target,
                                       const std::string& ptxPath) {
  // The absolute source path goes into .file, so the listings can read it.
  return {"-std=c++17", "-arch=" + target, "-lineinfo", "-ptx", fs::absolute(cuPath).string(), "-o", ptxPath};
}

std::string nvccHint(const std::string& cuPath, const std::string& target) {
  const fs::path cu(cuPath);
  return fmt::format("nvcc -ptx -lineinfo -arch={} {} -o {}", target, cu.string(),
                     fs::path(cu).replace_extension(".ptx").string());
}

std::variant<CudaCompiled, std::string> compileCudaFile(const std::string& cuPath) {
  std::string err;
  auto source = core::diskReader("")(cuPath, err);
  if (!source) return fmt::format("{}: error: {}", cuPath, err);
  const CudaTarget t = cudaTargetOf(*source, cuPath);
  if (!t.error.empty()) return t.error;
  const std::string nvcc = findNvcc();
  if (nvcc.empty()) {
    const char* env = std::getenv("WS_NVCC");
    return fmt::format("{}: error: this is CUDA source, and warpscope opens PTX: {} to compile it. Make the PTX "
                       "with\n  {}\nand open the .ptx file",
                       cuPath,
                       env ? fmt::format("WS_NVCC={} is not an executable file", env)
                           : std::string("nvcc was not found on the PATH or in /usr/local/cuda/bin"),
                       nvccHint(cuPath, t.target));
  }
  TempDir dir;
  if (dir.path().empty()) return fmt::format("{}: error: cannot make a temporary directory for nvcc", cuPath);
  const std::string ptxPath = (fs::path(dir.path()) / fs::path(cuPath).filename()).replace_extension(".ptx").string();
  std::vector<std::string> argv{nvcc};
  for (auto& a : nvccArguments(cuPath, t.target, ptxPath)) argv.push_back(std::move(a));
  const ProcessResult run = runProcess(argv, kNvccTimeLimit);
  if (!run.started) return fmt::format("{}: error: {}", cuPath, run.error);
  if (run.timedOut)
    return fmt::format("{}: error: nvcc did not finish within {} s; it was stopped", cuPath, kNvccTimeLimit.count());
  if (run.exitCode != 0) {
    std::string messages = run.output;
    while (!messages.empty() && (messages.back() == '\n' || messages.back() == '\r')) messages.pop_back();
    return fmt::format("{}: error: nvcc -arch={} failed (exit status {}):\n{}", cuPath, t.target, run.exitCode,
                       messages);
  }
  auto ptx = core::diskReader("")(ptxPath, err);
  if (!ptx) return fmt::format("{}: error: nvcc wrote no PTX: {}", cuPath, err);
  return CudaCompiled{std::move(*ptx), t.target};
}

}  // namespace ws::ui
