// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Warp-aggregated atomic append. Lanes whose value is a multiple of 3 append
// it to a shared list (list = out, length = *count). Instead of one atomicAdd
// per appending lane, the appending lanes elect a leader (the lowest active
// lane), the leader reserves room for all of them with ONE atomicAdd of
// popc(mask), broadcasts the old length (the base) with a shuffle, and every
// lane writes at base + (number of appending lanes below it).
// slot[lane]: the index lane wrote to, or 0xffffffff if it did not append.
// info[lane]: 0 mask, 1 leader, 2 base, 3 rank (popc(mask & lanemask_lt)).
#include <cstdio>

__global__ void append(const unsigned* in, unsigned* out, unsigned* count, unsigned* slot,
                       unsigned* info) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned v = in[lane];
  unsigned my_slot = 0xffffffffu;
  if (v % 3 == 0) {                              // only some lanes append
    const unsigned mask = __activemask();        // the lanes here now
    const int leader = __ffs(mask) - 1;          // lowest of them
    unsigned lanemask_lt;                        // bits of the lanes below me
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lanemask_lt));
    unsigned base = 0;
    if (lane == leader) base = atomicAdd(count, __popc(mask));  // one atomic
    base = __shfl_sync(mask, base, leader);      // everyone learns the base
    const unsigned rank = __popc(mask & lanemask_lt);
    my_slot = base + rank;
    out[my_slot] = v;
    info[0 * 32 + lane] = mask;
    info[1 * 32 + lane] = leader;
    info[2 * 32 + lane] = base;
    info[3 * 32 + lane] = rank;
  }
  slot[lane] = my_slot;
}

static void print(const char* name, const unsigned* v, int n, bool comma) {
  printf("\"%s\": [", name);
  for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
  printf("]%s", comma ? ", " : "");
}

int main() {
  const unsigned kIn[32] = {7, 9, 4, 12, 5, 3, 8, 10, 15, 1, 2, 6, 11, 13, 21, 14,
                            16, 18, 17, 19, 20, 22, 24, 23, 25, 26, 27, 28, 29, 30, 31, 33};
  const int kOut = 32, kInfo = 4 * 32;
  unsigned h_in[32], h_out[kOut], h_count[1] = {5}, h_slot[32], h_info[kInfo];
  for (int i = 0; i < 32; ++i) h_in[i] = kIn[i];
  for (int i = 0; i < kOut; ++i) h_out[i] = 0;
  for (int i = 0; i < 32; ++i) h_slot[i] = 0xcdcdcdcdu;
  for (int i = 0; i < kInfo; ++i) h_info[i] = 0xcdcdcdcdu;
  unsigned *d_in, *d_out, *d_count, *d_slot, *d_info;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMalloc(&d_count, sizeof h_count);
  cudaMalloc(&d_slot, sizeof h_slot);
  cudaMalloc(&d_info, sizeof h_info);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  cudaMemcpy(d_count, h_count, sizeof h_count, cudaMemcpyHostToDevice);
  cudaMemcpy(d_slot, h_slot, sizeof h_slot, cudaMemcpyHostToDevice);
  cudaMemcpy(d_info, h_info, sizeof h_info, cudaMemcpyHostToDevice);
  append<<<1, 32>>>(d_in, d_out, d_count, d_slot, d_info);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_count, d_count, sizeof h_count, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_slot, d_slot, sizeof h_slot, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_info, d_info, sizeof h_info, cudaMemcpyDeviceToHost);
  printf("{");
  print("in", h_in, 32, true);
  print("out", h_out, kOut, true);
  print("count", h_count, 1, true);
  print("slot", h_slot, 32, true);
  print("info", h_info, kInfo, false);
  printf("}\n");
  return 0;
}
