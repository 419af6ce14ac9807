// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// cg::tiled_partition<16> splits the warp into two tiles of 16 lanes;
// cg::inclusive_scan and cg::exclusive_scan (cooperative_groups/scan.h) give
// each lane the sum of its tile's values up to and including (inclusive) or
// strictly before (exclusive) its own. The typical use: every lane knows how
// many items it has (v) and where in its tile's output its items start
// (the exclusive scan); the last lane's inclusive scan is the tile's total.
// out[row * 32 + lane]: 0 tile.thread_rank()  1 tile.meta_group_rank()
//   2 inclusive scan  3 exclusive scan
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void scans(const unsigned* in, unsigned* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  const unsigned lane = threadIdx.x % 32;
  const unsigned v = in[lane];
  out[0 * 32 + lane] = tile.thread_rank();
  out[1 * 32 + lane] = tile.meta_group_rank();
  out[2 * 32 + lane] = cg::inclusive_scan(tile, v);
  out[3 * 32 + lane] = cg::exclusive_scan(tile, v);
}

int main() {
  const unsigned kIn[32] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3,
                            2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5};
  const int kOut = 4 * 32;
  unsigned h_in[32], h_out[kOut];
  for (int i = 0; i < 32; ++i) h_in[i] = kIn[i];
  for (int i = 0; i < kOut; ++i) h_out[i] = 0xcdcdcdcdu;
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  scans<<<1, 32>>>(d_in, d_out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  printf("{\"in\": [");
  for (int i = 0; i < 32; ++i) printf("%s%u", i ? ", " : "", h_in[i]);
  printf("], \"out\": [");
  for (int i = 0; i < kOut; ++i) printf("%s%u", i ? ", " : "", h_out[i]);
  printf("]}\n");
  return 0;
}
