// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A warp of 32 students votes on two questions about their exam scores:
// "passed" (score >= 50) and "sat the exam" (score > 0).
// vote.sync.all / .any / .ballot answer them; ".none" and ".not_all" are not
// PTX modes but the ISA's idiom: vote on the negated predicate !p.
// out row k, word lane:
//   0 all(passed)   1 any(passed)   2 ballot(passed)
//   3 none(passed) = all(!passed)   4 not_all(passed) = any(!passed)
//   5 all(sat)      6 not_all(sat) = any(!sat)
#include <cstdio>
#include <cstring>

constexpr unsigned kAll = 0xffffffffu;

// The ISA's negated-source forms, written out so the PTX shows `!p`.
__device__ __forceinline__ unsigned vote_none(bool p) {
  unsigned r;
  asm volatile(
      "{\n\t.reg .pred p, d;\n\t"
      "setp.ne.u32 p, %1, 0;\n\t"
      "vote.sync.all.pred d, !p, 0xffffffff;\n\t"
      "selp.u32 %0, 1, 0, d;\n\t}"
      : "=r"(r)
      : "r"((unsigned)p));
  return r;
}
__device__ __forceinline__ unsigned vote_not_all(bool p) {
  unsigned r;
  asm volatile(
      "{\n\t.reg .pred p, d;\n\t"
      "setp.ne.u32 p, %1, 0;\n\t"
      "vote.sync.any.pred d, !p, 0xffffffff;\n\t"
      "selp.u32 %0, 1, 0, d;\n\t}"
      : "=r"(r)
      : "r"((unsigned)p));
  return r;
}

__global__ void exam_votes(const unsigned* score, unsigned* out) {
  const unsigned lane = threadIdx.x % 32;
  const bool passed = score[lane] >= 50;
  const bool sat = score[lane] > 0;
  out[0 * 32 + lane] = __all_sync(kAll, passed);
  out[1 * 32 + lane] = __any_sync(kAll, passed);
  out[2 * 32 + lane] = __ballot_sync(kAll, passed);
  out[3 * 32 + lane] = vote_none(passed);
  out[4 * 32 + lane] = vote_not_all(passed);
  out[5 * 32 + lane] = __all_sync(kAll, sat);
  out[6 * 32 + lane] = vote_not_all(sat);
}

int main() {
  const int kIn = 32, kOut = 7 * 32;
  unsigned h_in[kIn], h_out[kOut];
  for (int i = 0; i < kIn; ++i) h_in[i] = (i * 37 + 11) % 100;  // 32 distinct scores
  for (int i = 0; i < kOut; ++i) h_out[i] = 0xcdcdcdcdu;
  unsigned *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h_in);
  cudaMalloc(&d_out, sizeof h_out);
  cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
  cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
  exam_votes<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(h_in, d_in, sizeof h_in, cudaMemcpyDeviceToHost);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  auto print = [](const char* name, const unsigned* v, int n) {
    printf("\"%s\": [", name);
    for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", v[i]);
    printf("]");
  };
  printf("{");
  print("score", h_in, kIn);
  printf(", ");
  print("out", h_out, kOut);
  printf("}\n");
  return 0;
}
