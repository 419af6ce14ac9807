// Launches one entry of a PTX module on the GPU and prints what it printed,
// the launch's error and its out words, for a lesson's hw-h100.json.
// Usage: rec_launch PTX ENTRY GRID BLOCK IN.json OUT_WORDS [coop]
// (in.json: an array of 32-bit words; the kernel takes (in, out); coop:
// launched with cuLaunchCooperativeKernel, as cooperative groups' grid
// synchronization needs).
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <cuda.h>
#include <cuda_runtime.h>

int main(int argc, char** argv) {
  if (argc != 7 && argc != 8) return 2;
  const bool coop = argc == 8 && std::string(argv[7]) == "coop";
  cudaFree(nullptr);
  CUmodule m;
  CUfunction k;
  if (cuModuleLoad(&m, argv[1]) != CUDA_SUCCESS || cuModuleGetFunction(&k, m, argv[2]) != CUDA_SUCCESS) return 2;
  std::ifstream f(argv[5]);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  for (char& c : text)
    if (c == '[' || c == ']' || c == ',') c = ' ';
  std::istringstream words(text);
  std::vector<unsigned> in;
  for (unsigned w; words >> w;) in.push_back(w);
  std::vector<unsigned> out(std::stoul(argv[6]), 0);
  unsigned *din, *dout;
  cudaMalloc(&din, in.size() * 4);
  cudaMalloc(&dout, out.size() * 4);
  cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dout, out.data(), out.size() * 4, cudaMemcpyHostToDevice);
  void* args[] = {&din, &dout};
  const unsigned grid = std::stoul(argv[3]), block = std::stoul(argv[4]);
  if (coop) cuLaunchCooperativeKernel(k, grid, 1, 1, block, 1, 1, 0, nullptr, args);
  else cuLaunchKernel(k, grid, 1, 1, block, 1, 1, 0, nullptr, args, nullptr);
  const cudaError_t e = cudaDeviceSynchronize();
  fflush(stdout);
  printf("== end: %s\n", cudaGetErrorString(e));
  cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost);
  printf("== out");
  for (unsigned w : out) printf(" %u", w);
  printf("\n");
  return e == cudaSuccess ? 0 : 1;
}
