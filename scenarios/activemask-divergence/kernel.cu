// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Which lanes are active where? __activemask() (activemask.b32) at every site
// of an if/else and of a loop whose trip count differs per lane.
// out[site * 32 + lane] = the mask lane read at that site; a lane that never
// reached a site leaves its word 0 (a real mask always has the lane's own bit).
//   site 0: entry   1: if (v is odd)   2: else   3: after the if/else
//   site 4 + i: iteration i of the loop (lane runs lane / 8 + 1 iterations)
//   site 8: after the loop
#include <cstdio>
#include <cstring>

__global__ void who_is_active(const unsigned* in, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned v = in[lane];
  out[0 * 32 + lane] = __activemask();
  if (v % 2 == 1)
    out[1 * 32 + lane] = __activemask();
  else
    out[2 * 32 + lane] = __activemask();
  out[3 * 32 + lane] = __activemask();

  const unsigned trips = lane / 8 + 1;  // 1, 2, 3 or 4
  for (unsigned i = 0; i < trips; ++i) out[(4 + i) * 32 + lane] = __activemask();
  out[8 * 32 + lane] = __activemask();
}

int main() {
  const int kIn = 32, kOut = 9 * 32;
  unsigned h_in[kIn], h_out[kOut];
  for (int i = 0; i < kIn; ++i) h_in[i] = i * 3 + 1;  // odd for even lanes
  for (int i = 0; i < kOut; ++i) h_out[i] = 0;
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  who_is_active<<<1, 32>>>(d_in, d_out);
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
