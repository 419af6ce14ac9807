// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// vote.sync.uni (__uni_sync) and elect.sync (sm_90).
//   __uni_sync(mask, p) is true when p has the same value in every lane of
//   mask. The limit n is the same for the whole warp, so "n > 8" is uniform;
//   "lane < n" is not.
//   elect.sync d|p, membermask elects one leader among membermask's lanes:
//   d = its lane id in every lane, p = true in the leader only. First for the
//   whole warp, then inside a branch taken by lanes 3, 7, 11, ... (lane % 4
//   == 3) with the branch's ballot as membermask.
// out[row * 32 + lane]: 0 uni(n > 8)  1 uni(lane < n)  2 elect d (warp)
//   3 elect p (warp)  4 elect d (branch)  5 elect p (branch)  6 branch mask
#include <cstdio>

__device__ __forceinline__ unsigned elect(unsigned membermask, unsigned* is_leader) {
  unsigned d, p;
  asm volatile(
      "{\n\t.reg .pred p;\n\t"
      "elect.sync %0|p, %2;\n\t"
      "selp.u32 %1, 1, 0, p;\n\t}"
      : "=r"(d), "=r"(p)
      : "r"(membermask));
  *is_leader = p;
  return d;
}

__global__ void vote_elect(const unsigned* limit, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned n = *limit;  // 20, the same in every lane
  out[0 * 32 + lane] = __uni_sync(0xffffffffu, n > 8);
  out[1 * 32 + lane] = __uni_sync(0xffffffffu, lane < n);

  unsigned leader;
  out[2 * 32 + lane] = elect(0xffffffffu, &leader);
  out[3 * 32 + lane] = leader;

  const unsigned branch = __ballot_sync(0xffffffffu, lane % 4 == 3);
  out[6 * 32 + lane] = branch;
  if (lane % 4 == 3) {
    out[4 * 32 + lane] = elect(branch, &leader);
    out[5 * 32 + lane] = leader;
  }
}

int main() {
  const int kOut = 7 * 32;
  unsigned h_limit[1] = {20}, h_out[kOut];
  for (int i = 0; i < kOut; ++i) h_out[i] = 0xcdcdcdcdu;
  unsigned *d_limit, *d_out;
  cudaMalloc(&d_limit, sizeof h_limit);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_limit, h_limit, sizeof h_limit, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  vote_elect<<<1, 32>>>(d_limit, d_out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  printf("{\"limit\": [%u], \"out\": [", h_limit[0]);
  for (int i = 0; i < kOut; ++i) printf("%s%u", i ? ", " : "", h_out[i]);
  printf("]}\n");
  return 0;
}
