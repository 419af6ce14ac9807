// A warp sum by butterfly shuffles, for the "open a .cu file" test.
extern "C" __global__ void butterfly_sum(int* out) {
  int v = threadIdx.x;
  for (int d = 1; d < 32; d *= 2)
    v += __shfl_xor_sync(0xffffffff, v, d);
  out[threadIdx.x] = v;
}
