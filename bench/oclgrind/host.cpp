// Runs bench/oclgrind/block_reduce.cl through the OpenCL API, for timing the
// same work as ws_bench's BM_BlockReduceHeadless in Oclgrind:
//   oclgrind ws_oclgrind_host block_reduce.cl [ctas] [repetitions]
// Prints one line per repetition ("seconds <wall> cpu_seconds <process CPU>")
// and checks every sum. Run with OCLGRIND_NUM_THREADS=1 for a single core.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const char* what, cl_int err) {
  std::fprintf(stderr, "ws_oclgrind_host: %s failed (OpenCL error %d)\n", what, static_cast<int>(err));
  std::exit(2);
}

void check(cl_int err, const char* what) {
  if (err != CL_SUCCESS) fail(what, err);
}

double processCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ws_oclgrind_host KERNEL.cl [ctas=1024] [repetitions=1]\n");
    return 2;
  }
  const std::size_t ctas = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1024;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 1;
  const std::size_t threads = 256;
  std::ifstream f(argv[1]);
  if (!f) {
    std::fprintf(stderr, "ws_oclgrind_host: cannot read %s\n", argv[1]);
    return 2;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string source = ss.str();

  cl_platform_id platform = nullptr;
  cl_uint n = 0;
  check(clGetPlatformIDs(1, &platform, &n), "clGetPlatformIDs");
  if (n == 0) fail("finding an OpenCL platform (run under `oclgrind`)", CL_DEVICE_NOT_FOUND);
  cl_device_id device = nullptr;
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), "clGetDeviceIDs");
  cl_int err = CL_SUCCESS;
  cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  check(err, "clCreateContext");
  cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err);
  check(err, "clCreateCommandQueue");
  const char* src = source.c_str();
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  check(clBuildProgram(prog, 1, &device, "", nullptr, nullptr), "clBuildProgram");
  cl_kernel kernel = clCreateKernel(prog, "block_reduce", &err);
  check(err, "clCreateKernel");

  // The same input as ws_bench: word i holds i & 0xff.
  std::vector<cl_uint> in(ctas * threads);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<cl_uint>(i & 0xff);
  std::vector<cl_uint> out(ctas, 0);
  cl_mem inBuf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in.size() * 4, in.data(), &err);
  check(err, "clCreateBuffer(in)");
  cl_mem outBuf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, out.size() * 4, nullptr, &err);
  check(err, "clCreateBuffer(out)");
  check(clSetKernelArg(kernel, 0, sizeof(cl_mem), &inBuf), "clSetKernelArg(0)");
  check(clSetKernelArg(kernel, 1, sizeof(cl_mem), &outBuf), "clSetKernelArg(1)");

  const std::size_t global = ctas * threads, local = threads;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = processCpuSeconds();
    check(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    check(clFinish(queue), "clFinish");
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("seconds %.6f cpu_seconds %.6f\n", s, processCpuSeconds() - c0);
    std::fflush(stdout);
  }
  check(clEnqueueReadBuffer(queue, outBuf, CL_TRUE, 0, out.size() * 4, out.data(), 0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  for (std::size_t c = 0; c < ctas; ++c) {
    cl_uint want = 0;
    for (std::size_t t = 0; t < threads; ++t) want += in[c * threads + t];
    if (out[c] != want) {
      std::fprintf(stderr, "ws_oclgrind_host: CTA %zu sums to %u, expected %u\n", c, out[c], want);
      return 1;
    }
  }
  clReleaseMemObject(inBuf);
  clReleaseMemObject(outBuf);
  clReleaseKernel(kernel);
  clReleaseProgram(prog);
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
  return 0;
}
