// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Cooperative groups made of the lanes that happen to be somewhere, or that
// share a label.
//   cg::coalesced_threads() inside a divergent branch (lanes whose value is
//   odd): a group of just those lanes. Its thread_rank() counts the group's
//   lanes from 0; it is not the lane id. size() is the number of lanes.
//   cg::reduce over that group sums the odd values only.
//   cg::labeled_partition(warp, label): one group per distinct label (here
//   value % 3); each lane gets the group of the lanes with its label.
// out[row * 32 + lane]: 0 coalesced rank  1 coalesced size  2 coalesced sum
//   (rows 0-2 stay 0xcdcdcdcd in lanes with an even value)
//   3 labeled rank  4 labeled size  5 labeled sum
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void groups(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned v = in[lane];
  if (v % 2 == 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    out[0 * 32 + lane] = odd.thread_rank();
    out[1 * 32 + lane] = odd.size();
    out[2 * 32 + lane] = cg::reduce(odd, v, cg::plus<unsigned>());
  }
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  cg::coalesced_group same = cg::labeled_partition(warp, v % 3);
  out[3 * 32 + lane] = same.thread_rank();
  out[4 * 32 + lane] = same.size();
  out[5 * 32 + lane] = cg::reduce(same, v, cg::plus<unsigned>());
}

int main() {
  const unsigned kIn[32] = {4, 7, 1, 8, 2, 5, 9, 6, 3, 10, 11, 14, 13, 12, 15, 16,
                            17, 20, 19, 18, 21, 22, 25, 24, 23, 26, 27, 30, 29, 28, 31, 32};
  const int kOut = 6 * 32;
  unsigned h_in[32], h_out[kOut];
  for (int i = 0; i < 32; ++i) h_in[i] = kIn[i];
  for (int i = 0; i < kOut; ++i) h_out[i] = 0xcdcdcdcdu;
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  groups<<<1, 32>>>(d_in, d_out);
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
