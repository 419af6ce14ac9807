// PTX: nvcc -arch=sm_90 -O3 -lineinfo -ptx kernel.cu -o kernel.ptx
// Lesson: one block of 1,024 threads builds a 16-bin histogram of n byte
// values in shared memory with atomicAdd, then writes it out. Correct in
// every schedule: the adds commute, and the two __syncthreads() order the
// zeroing before the adds and the adds before the read-out.

constexpr unsigned kBins = 16;  // bin b counts the values 16 b .. 16 b + 15

extern "C" __global__ void block_histogram(const unsigned* in, unsigned* hist, int n) {
  __shared__ unsigned bins[kBins];
  const unsigned t = threadIdx.x;
  if (t < kBins) bins[t] = 0;
  __syncthreads();  // every bin is zero before any thread adds to it
  // Block-stride loop: thread t takes values t, t + 1024, ...; threads of a
  // warp read consecutive words (one coalesced load per warp per pass).
  for (int i = t; i < n; i += blockDim.x) atomicAdd(&bins[in[i] / 16], 1u);
  __syncthreads();  // every add is done before the bins are read
  if (t < kBins) hist[t] = bins[t];
}
