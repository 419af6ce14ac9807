// PTX: nvcc -O3 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// A spin lock taken by the lanes of one warp. Correct since Volta's
// independent thread scheduling: the lane holding the lock runs on while its
// warp-mates spin (on an H200, tests/data/progress/recorded: 128 threads of
// the same lock kernel counted 128 every run). Its broken twin forgets to
// release the lock: everybody else spins for ever.

// out[0] counts the critical sections (a plain read-modify-write that only
// the lock protects); out[1 + lane] is the count that lane saw: its turn.
extern "C" __global__ void intra_warp_lock(int* lock, int* out) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();  // acquire: the previous owner's writes are visible from here
  const int seen = *(volatile int*)&out[0];
  *(volatile int*)&out[0] = seen + 1;
  out[1 + threadIdx.x] = seen;
  __threadfence();
  atomicExch(lock, 0);
}

// BUG: the lane that takes the lock never gives it back.
extern "C" __global__ void forgotten_unlock(int* lock, int* out) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  __threadfence();
  const int seen = *(volatile int*)&out[0];
  *(volatile int*)&out[0] = seen + 1;
  out[1 + threadIdx.x] = seen;
}
