// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Two teams in one warp, each using warp collectives with a membermask that
// names exactly the lanes executing them:
//   lanes 0..15  (mask 0x0000ffff) sum their values with a 16-lane butterfly;
//   lanes 16..31 (mask 0xffff0000) pass values one lane down and ask, with a
//   ballot, which of them hold a multiple of 4.
// out[lane] = team result, out[32 + lane] = ballot (team 2 only; team 1 keeps 0).
#include <cstdio>
#include <cstring>

__global__ void two_teams(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  unsigned v = in[lane];
  if (lane < 16) {
    const unsigned team = 0x0000ffffu;
    for (int offset = 8; offset > 0; offset /= 2)  // lane ^ offset stays in 0..15
      v += __shfl_xor_sync(team, v, offset);
    out[lane] = v;  // sum of in[0..15]
  } else {
    const unsigned team = 0xffff0000u;
    out[lane] = __shfl_down_sync(team, v, 1);  // lane 31 has no lane below: keeps v
    out[32 + lane] = __ballot_sync(team, v % 4 == 0);
  }
}

int main() {
  const int kIn = 32, kOut = 2 * 32;
  unsigned h_in[kIn], h_out[kOut];
  for (int i = 0; i < kIn; ++i) h_in[i] = i * 3 + 1;  // 1, 4, 7, ... 94
  for (int i = 0; i < kOut; ++i) h_out[i] = 0;
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  two_teams<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(h_in, d_in, sizeof h_in, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const unsigned* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
    printf("]");
  };
  printf("{");
  print("in", h_in, kIn);
  printf(", ");
  print("out", h_out, kOut);
  printf("}\n");
  return 0;
}
