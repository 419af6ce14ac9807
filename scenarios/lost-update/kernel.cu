// PTX: nvcc -arch=sm_90 -O3 -ptx kernel.cu -o kernel.ptx
// Four warps; lane 0 of each adds one to a counter without an atomic.
__global__ void lost_update(unsigned* count) {
  if (threadIdx.x % 32 == 0) *count = *count + 1;
}
__global__ void fixed_update(unsigned* count) {
  if (threadIdx.x % 32 == 0) atomicAdd(count, 1u);
}
