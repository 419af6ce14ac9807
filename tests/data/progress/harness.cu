// Runs one kernel of kernels.cu on the GPU and prints what it left, as JSON:
//   nvcc -O3 -arch=sm_90a -o harness harness.cu && ./harness KERNEL
// A kernel that has not finished after 10 s is reported as hung
// ({"finished": false}); the process then ends without waiting for it.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "kernels.cu"

namespace {

int* deviceWords(const std::vector<int>& host) {
  int* d = nullptr;
  cudaMalloc(&d, host.size() * sizeof(int));
  cudaMemcpy(d, host.data(), host.size() * sizeof(int), cudaMemcpyHostToDevice);
  return d;
}

void print(const char* name, const int* d, std::size_t n) {
  std::vector<int> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
  std::printf(", \"%s\": [", name);
  for (std::size_t i = 0; i < n; ++i) std::printf("%s%d", i ? ", " : "", h[i]);
  std::printf("]");
}

// Waits up to 10 s; true when the kernel finished.
bool finishes() {
  const auto start = std::chrono::steady_clock::now();
  while (cudaStreamQuery(nullptr) == cudaErrorNotReady) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(10)) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::string k = argv[1];
  std::printf("{\"kernel\": \"%s\"", k.c_str());
  bool done = false;
  if (k == "intra_warp_lock") {
    int* lock = deviceWords({0});
    int* out = deviceWords(std::vector<int>(1 + 128, 0));
    intra_warp_lock<<<2, 64>>>(lock, out);
    done = finishes();
    if (done) print("out", out, 1 + 128);
  } else if (k == "ticket_lock") {
    int* next = deviceWords({0});
    int* serving = deviceWords({0});
    int* out = deviceWords(std::vector<int>(1 + 128, 0));
    ticket_lock<<<2, 64>>>(reinterpret_cast<unsigned*>(next), reinterpret_cast<unsigned*>(serving), out);
    done = finishes();
    if (done) print("out", out, 1 + 128);
  } else if (k == "bucket_locks") {
    int* locks = deviceWords(std::vector<int>(4, 0));
    int* sums = deviceWords(std::vector<int>(4, 0));
    bucket_locks<<<1, 64>>>(locks, sums, 4);
    done = finishes();
    if (done) print("sums", sums, 4);
  } else if (k == "mismatched_tx") {
    std::vector<int> src(256);
    for (int i = 0; i < 256; ++i) src[i] = i;
    int* s = deviceWords(src);
    int* out = deviceWords(std::vector<int>(32, 0));
    mismatched_tx<<<1, 32>>>(s, out);
    done = finishes();
  } else if (k == "wrong_parity") {
    std::vector<int> in(4 * 32);
    for (int i = 0; i < 4 * 32; ++i) in[i] = i;
    int* d = deviceWords(in);
    int* out = deviceWords(std::vector<int>(32, 0));
    wrong_parity<<<1, 64>>>(d, out, 4);
    done = finishes();
  } else if (k == "unset_flag") {
    int* flag = deviceWords({0});
    int* out = deviceWords(std::vector<int>(32, 0));
    unset_flag<<<1, 32>>>(flag, out);
    done = finishes();
  } else {
    return 2;
  }
  std::printf(", \"finished\": %s, \"error\": \"%s\"}\n", done ? "true" : "false",
              done ? cudaGetErrorString(cudaGetLastError()) : "none (still running after 10 s)");
  std::fflush(stdout);
  if (!done) std::_Exit(3);  // leave the hung kernel to the driver's teardown
  return 0;
}
