// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A grid-wide barrier: cooperative_groups::this_grid().sync() in a kernel
// launched with cudaLaunchCooperativeKernel, 4 CTAs of 32 threads.
//   Phase 1: CTA b sums its 32 words of `in` and lane 0 writes partial[b].
//   grid.sync(): every CTA waits until every CTA has written its partial.
//   Phase 2: lane k < 4 of every CTA reads partial[k] (written by CTA k);
//            the warp adds them up: the grand total, in every CTA.
//   out[4 b + k] = partial[k] as CTA b read it;  out[16 + b] = CTA b's total.
// main() then launches the same kernel with <<<4, 32>>> (no cooperative
// launch) and prints what the launch and the synchronisation returned.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kCtas = 4;

extern "C" __global__ void grid_total(const unsigned* in, unsigned* partial, unsigned* out) {
  const unsigned cta = blockIdx.x, lane = threadIdx.x;
  const unsigned mine = __reduce_add_sync(0xffffffffu, in[32 * cta + lane]);
  if (lane == 0) partial[cta] = mine;

  cg::this_grid().sync();  // all partials are written, and visible to every CTA

  const unsigned p = lane < gridDim.x ? partial[lane] : 0;
  const unsigned total = __reduce_add_sync(0xffffffffu, p);
  if (lane < gridDim.x) out[4 * cta + lane] = p;
  if (lane == 0) out[16 + cta] = total;
}

// Host: the scenario's launch, prints the buffers as one JSON object.
#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::printf("{\"error\": \"%s\"}\n", cudaGetErrorName(e_));              \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static void printWords(const char* name, const unsigned* w, int n, const char* sep) {
  std::printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", w[i]);
  std::printf("]%s", sep);
}

int main() {
  const int kIn = 32 * kCtas, kOut = 4 * kCtas + kCtas;
  unsigned in[kIn], partial[kCtas], out[kOut];
  for (int i = 0; i < kIn; ++i) in[i] = i + 1;
  for (int i = 0; i < kCtas; ++i) partial[i] = 0;
  for (int i = 0; i < kOut; ++i) out[i] = 0;
  int dev = 0, coop = 0;
  CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  if (!coop) {
    std::printf("{\"error\": \"no cooperative launch on this device\"}\n");
    return 1;
  }
  unsigned *dIn, *dPartial, *dOut;
  CHECK(cudaMalloc(&dIn, sizeof in));
  CHECK(cudaMalloc(&dPartial, sizeof partial));
  CHECK(cudaMalloc(&dOut, sizeof out));
  CHECK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dPartial, partial, sizeof partial, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dOut, out, sizeof out, cudaMemcpyHostToDevice));
  void* args[] = {&dIn, &dPartial, &dOut};
  CHECK(cudaLaunchCooperativeKernel((const void*)grid_total, dim3(kCtas), dim3(32), args, 0, 0));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(partial, dPartial, sizeof partial, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  std::printf("{");
  printWords("in", in, kIn, ", ");
  printWords("partial", partial, kCtas, ", ");
  printWords("out", out, kOut, ", ");
  // The same kernel with a plain <<<...>>> launch: grid.sync() finds no grid
  // workspace. What the GPU reports is recorded (after the cooperative run's
  // buffers were read: an error here may end the context).
  grid_total<<<kCtas, 32>>>(dIn, dPartial, dOut);
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  std::printf("\"plain_launch\": {\"launch\": \"%s\", \"sync\": \"%s\"}", cudaGetErrorName(launch),
              cudaGetErrorName(sync));
  std::printf("}\n");
  return 0;
}
