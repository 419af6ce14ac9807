// The benchmark's two-level block reduction (bench/data/block_reduce.cu) in
// OpenCL 1.2 for Oclgrind. OpenCL 1.2 has no warp shuffles, so the first
// level reduces each group of 32 work-items through local memory with the
// same offsets (16, 8, 4, 2, 1) and a barrier where the shuffle would
// synchronise; the 32-item group sums meet in local memory behind a barrier,
// and the first work-item adds them up (a barrier may not sit in the
// `warp == 0` branch, so the second level is a plain loop).
__kernel void block_reduce(__global const uint* in, __global uint* out) {
  __local uint lanes[1024];
  __local uint partial[32];
  const uint tid = get_local_id(0);
  const uint lane = tid & 31, warp = tid >> 5;
  uint v = in[get_group_id(0) * get_local_size(0) + tid];
  for (uint o = 16; o > 0; o >>= 1) {
    lanes[tid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lane + o < 32) v += lanes[tid + o];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lane == 0) partial[warp] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid == 0) {
    uint sum = 0;
    for (uint w = 0; w < (get_local_size(0) + 31) / 32; ++w) sum += partial[w];
    out[get_group_id(0)] = sum;
  }
}
