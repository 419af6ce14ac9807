// A CUDA source file where PTX is expected (issue 27): warpscope-cli compiles
// it with nvcc through the one loader every front end opens, and says
// clearly what to do when there is no nvcc.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>

#include "tests/cli/cli_test_util.hpp"

namespace {

using ws::test::cli::cli;
using ws::test::cli::contains;
using ws::test::cli::Dir;

const char* const kCuda = R"(// warpscope: -arch=sm_80
__global__ void triple(unsigned* out) {
  out[threadIdx.x] = threadIdx.x * 3;
}
)";

// Sets an environment variable for one test; the CLI it starts inherits it.
class EnvVar {
 public:
  EnvVar(const char* name, const char* value) : m_name(name) {
    if (const char* old = std::getenv(name)) m_old = old;
    ::setenv(name, value, 1);
  }
  ~EnvVar() {
    if (m_old.empty()) ::unsetenv(m_name);
    else ::setenv(m_name, m_old.c_str(), 1);
  }

 private:
  const char* m_name;
  std::string m_old;
};

bool nvccInstalled() {
  if (std::getenv("WS_NVCC")) return ::access(std::getenv("WS_NVCC"), X_OK) == 0;
  return ::access("/usr/local/cuda/bin/nvcc", X_OK) == 0 || std::system("command -v nvcc >/dev/null 2>&1") == 0;
}

TEST(CliCuda, ACudaFileRunsCompiledWithNvcc) {
  if (!nvccInstalled()) GTEST_SKIP() << "nvcc is not installed";
  Dir d;
  const std::string cu = d.write("triple.cu", kCuda);
  auto r = cli({"run", cu, "--buffer", "zeros:32"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "93")) << r.out;  // lane 31's word: 31 * 3
  EXPECT_FALSE(contains(r.err, "unexpected '#'")) << r.err;
}

TEST(CliCuda, NvccsOwnMessagesAreTheErrorWhenItFails) {
  if (!nvccInstalled()) GTEST_SKIP() << "nvcc is not installed";
  Dir d;
  const std::string cu = d.write("broken.cu", "__global__ void k() { undeclared_name = 1; }\n");
  auto r = cli({"run", cu});
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "broken.cu: error: nvcc -arch=sm_90a failed")) << r.err;
  EXPECT_TRUE(contains(r.err, "undeclared_name")) << r.err;
}

TEST(CliCuda, WithoutNvccTheErrorSaysHowToMakeThePtx) {
  Dir d;
  const std::string cu = d.write("kernel.cu", "#include <cstdio>\n__global__ void k() { printf(\"%d\\n\", 1); }\n");
  EnvVar nvcc("WS_NVCC", "/nonexistent/nvcc");
  auto r = cli({"run", cu});
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "this is CUDA source, and warpscope opens PTX")) << r.err;
  EXPECT_TRUE(contains(r.err, "nvcc -ptx -lineinfo -arch=sm_90a " + cu)) << r.err;
  EXPECT_FALSE(contains(r.err, "unexpected '#'")) << r.err;  // no PTX lexer errors
  EXPECT_LT(r.err.size(), 1000u) << r.err;
}

TEST(CliCuda, ATargetCommentThatNamesNoTargetIsRefused) {
  Dir d;
  const std::string cu = d.write("bad.cu", "// a kernel\n// warpscope: -arch=sm_banana\n__global__ void k() {}\n");
  auto r = cli({"run", cu});
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "bad.cu:2: error: 'sm_banana' is not a GPU target like sm_90a")) << r.err;
}

}  // namespace
