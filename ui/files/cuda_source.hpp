#pragma once
// A CUDA source file (.cu) where a PTX module is expected: every front end
// opens it the same way, through the one loader (launch_request.hpp), by
// compiling it to PTX with nvcc:
//   nvcc -std=c++17 -arch=<target> -lineinfo -ptx FILE.cu -o DIR/FILE.ptx
// -lineinfo makes nvcc write .loc/.file, so the listings show the CUDA
// source beside the PTX. The target is the one the file asks for with a
// comment line `// warpscope: -arch=sm_80` (anywhere in the file; the first
// one counts), else sm_90a: a comment, because the target is a choice of the
// lesson's author that the source itself does not state (`#if
// __CUDA_ARCH__ >= 900` is a test, not a request). Without nvcc the error
// says the file is CUDA source and how to make the PTX by hand.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ws::ui {

inline constexpr std::string_view kDefaultCudaTarget = "sm_90a";
// nvcc compiling one kernel file takes seconds; a minute means it is stuck.
inline constexpr std::chrono::seconds kNvccTimeLimit{120};

bool isCudaSourcePath(const std::string& path);

// nvcc: $WS_NVCC when set (taken as given, so a test or a user can point at
// one, or at nothing), else nvcc on the PATH, else /usr/local/cuda/bin/nvcc;
// "" when none is an executable file.
std::string findNvcc();

// The target `source` asks for (`// warpscope: -arch=sm_80`), else
// kDefaultCudaTarget; an error ("SHOWN:LINE: error: ...") when the comment
// names no GPU target.
struct CudaTarget {
  std::string target;
  std::string error;  // non-empty: the comment's target is not valid
};
CudaTarget cudaTargetOf(std::string_view source, const std::string& shown);

// nvcc's arguments after its path (the Qt app runs them asynchronously).
std::vector<std::string> nvccArguments(const std::string& cuPath, const std::string& target,
                                       const std::string& ptxPath);

// The command a person runs to make the PTX themselves.
std::string nvccHint(const std::string& cuPath, const std::string& target);

// `cuPath` compiled: the PTX text, or the error (nvcc's own messages when it
// fails; how to make the PTX by hand when there is no nvcc). The PTX is
// written to a temporary directory, removed before this returns.
struct CudaCompiled {
  std::string ptx;     // the module's text
  std::string target;  // what it was compiled for
};
std::variant<CudaCompiled, std::string> compileCudaFile(const std::string& cuPath);

}  // namespace ws::ui
