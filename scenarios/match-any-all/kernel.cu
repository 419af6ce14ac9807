// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// Warp-aggregated histogram with match.any, and a uniformity check with
// match.all. Each lane holds one pixel: a colour 0..3 and the image row it
// came from (in = 32 colours, then 32 rows).
//   match.any: lanes with the same colour find each other; the lowest lane of
//   each group (the leader) adds the group's size to hist[colour] with one
//   atomic instead of one per lane.
//   match.all: "does every lane hold the same value?" No for colours (mask 0,
//   predicate false), yes for rows (mask of all lanes, predicate true).
// out row k, word lane: 0 match.any mask  1 leader lane  2 group size
//   3 match.all(colour) mask  4 its predicate  5 match.all(row) mask  6 its predicate
#include <cstdio>
#include <cstring>

constexpr unsigned kAll = 0xffffffffu;

__global__ void pixels(const unsigned* in, unsigned* out, unsigned* hist) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned colour = in[lane];
  const unsigned row = in[32 + lane];

  const unsigned same = __match_any_sync(kAll, colour);  // my colour group
  const unsigned leader = __ffs(same) - 1;              // its lowest lane
  const unsigned size = __popc(same);
  if (lane == leader) atomicAdd(&hist[colour], size);
  out[0 * 32 + lane] = same;
  out[1 * 32 + lane] = leader;
  out[2 * 32 + lane] = size;

  int all_colour = 0, all_row = 0;
  out[3 * 32 + lane] = __match_all_sync(kAll, colour, &all_colour);
  out[4 * 32 + lane] = all_colour;
  out[5 * 32 + lane] = __match_all_sync(kAll, row, &all_row);
  out[6 * 32 + lane] = all_row;
}

int main() {
  const unsigned kColours[32] = {2, 0, 1, 2, 3, 3, 0, 2, 1, 2, 2, 0, 3, 1, 2, 2,
                                 0, 2, 3, 1, 2, 2, 1, 0, 2, 3, 2, 1, 0, 2, 2, 3};
  const int kIn = 64, kOut = 7 * 32, kHist = 4;
  unsigned h_in[kIn], h_out[kOut], h_hist[kHist];
  for (int i = 0; i < 32; ++i) h_in[i] = kColours[i];
  for (int i = 0; i < 32; ++i) h_in[32 + i] = 7;  // every pixel from row 7
  for (int i = 0; i < kOut; ++i) h_out[i] = 0xcdcdcdcdu;
  for (int i = 0; i < kHist; ++i) h_hist[i] = 0;
  unsigned *d_in, *d_out, *d_hist;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMalloc(&d_hist, sizeof h_hist);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  cudaMemcpy(d_hist, h_hist, sizeof h_hist, cudaMemcpyHostToDevice);
  pixels<<<1, 32>>>(d_in, d_out, d_hist);
  cudaMemcpy(h_in, d_in, sizeof h_in, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_hist, d_hist, sizeof h_hist, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const unsigned* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
    printf("]");
  };
  printf("{");
  print("in", h_in, kIn);
  printf(", ");
  print("out", h_out, kOut);
  printf(", ");
  print("hist", h_hist, kHist);
  printf("}\n");
  return 0;
}
