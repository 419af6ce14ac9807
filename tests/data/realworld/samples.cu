// Real-world corpus, module "samples": CUDA-samples-style kernels, the code people
// copy from the samples, the programming guide and the NVIDIA blog.
// Covers the reduction family reduce0..reduce7 (interleaved addressing with divergent
// modulo, strided index, sequential addressing, first add during load, unrolled last
// warp with tile shuffles and with __syncwarp'ed shared memory, completely unrolled
// with a template block size, several elements per thread, warp-shuffle reduce7) on
// `extern __shared__` dynamic shared memory, one kernel mixing dynamic and static
// __shared__ arrays, the shfl_scan sample (block scan + uniform add), the GPU Gems
// work-efficient (Blelloch) scan with bank-conflict padding, the threadFenceReduction
// single-pass reduction (__device__ ticket counter + __threadfence), warp-aggregated
// atomics (__activemask / __popc / leader, and the cooperative-groups form),
// shared-atomic histograms, the transpose sample (padded tile, diagonal block order),
// a warp-per-row matrix-vector product, a grid-stride saxpy, the programming guide's
// tiled matrix multiply (16x16 blocks), the bitonicSortShared sorting network and two
// stencils (2-D with a shared-memory halo, 3-D blocks on a 3-D grid).
//
// Every entry: extern "C" __global__ void NAME(const unsigned* in, unsigned* out).
// The in/out layout of each entry is in the comment above it; gen_plans.py sizes the
// buffers to exactly that layout (and sets the dynamic shared memory size).
//
// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx samples.cu -o samples.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;
typedef unsigned int u32;

// The samples' SharedMemory<T> helper: a typed view of `extern __shared__` memory.
template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
  __device__ inline operator const T*() const {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};

// ================================================================ reduction family
// All reductions: in[0] = n, data (int) in[1 .. 1 + n); out[blockIdx.x] = the block's
// partial sum. Dynamic shared memory = blockDim.x * 4 bytes.

// reduce0: interleaved addressing, divergent `tid % (2*s)`.
template <class T>
__device__ void reduce0(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  cg::sync(cta);
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0) sdata[tid] += sdata[tid + s];
    cg::sync(cta);
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
// Grid 4, block 128, n = 500.
extern "C" __global__ void reduce0_interleaved(const u32* in, u32* out) {
  reduce0<int>((const int*)in + 1, (int*)out, in[0]);
}

// reduce1: interleaved addressing, contiguous threads with a strided index.
template <class T>
__device__ void reduce1(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  cg::sync(cta);
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    cg::sync(cta);
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
// Grid 4, block 128, n = 512.
extern "C" __global__ void reduce1_strided_index(const u32* in, u32* out) {
  reduce1<int>((const int*)in + 1, (int*)out, in[0]);
}

// reduce2: sequential addressing.
template <class T>
__device__ void reduce2(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  cg::sync(cta);
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    cg::sync(cta);
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
// Grid 4, block 256, n = 1000.
extern "C" __global__ void reduce2_sequential(const u32* in, u32* out) {
  reduce2<int>((const int*)in + 1, (int*)out, in[0]);
}

// reduce3: first add during the global load (2 elements per thread).
template <class T>
__device__ void reduce3(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
  sdata[tid] = mySum;
  cg::sync(cta);
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    cg::sync(cta);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
// Grid 4, block 128, n = 1000 (block b covers [256b, 256b + 256)).
extern "C" __global__ void reduce3_first_add(const u32* in, u32* out) {
  reduce3<int>((const int*)in + 1, (int*)out, in[0]);
}

// reduce4: as reduce3, but the last warp reduces with tile shuffles (no __syncthreads).
template <class T, unsigned int blockSize>
__device__ void reduce4(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  cg::sync(cta);
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    cg::sync(cta);
  }
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (cta.thread_rank() < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2) mySum += tile32.shfl_down(mySum, offset);
  }
  if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
}
// Grid 4, block 128, n = 1024.
extern "C" __global__ void reduce4_tile_shfl(const u32* in, u32* out) {
  reduce4<int, 128>((const int*)in + 1, (int*)out, in[0]);
}

// The "unrolled last warp" of the classic reduction talk, written Volta-safe (the
// Using-CUDA-Warp-Level-Primitives form): read, __syncwarp, write, __syncwarp.
__device__ void warpReduce(volatile int* sdata, unsigned int tid) {
  int v = sdata[tid];
  v += sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp();
  v += sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp();
  v += sdata[tid + 8];  __syncwarp(); sdata[tid] = v; __syncwarp();
  v += sdata[tid + 4];  __syncwarp(); sdata[tid] = v; __syncwarp();
  v += sdata[tid + 2];  __syncwarp(); sdata[tid] = v; __syncwarp();
  v += sdata[tid + 1];  __syncwarp(); sdata[tid] = v;
}
// Grid 2, block 256, n = 1000: first add during load, tree down to 64, warpReduce.
extern "C" __global__ void reduce4_warp_unrolled(const u32* in, u32* out) {
  extern __shared__ int s_red[];
  const int* g = (const int*)in + 1;
  unsigned int n = in[0], tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + tid;
  int s0 = (i < n) ? g[i] : 0;
  if (i + blockDim.x < n) s0 += g[i + blockDim.x];
  s_red[tid] = s0;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) s_red[tid] += s_red[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce(s_red, tid);
  if (tid == 0) out[blockIdx.x] = (u32)s_red[0];
}

// reduce5: completely unrolled with a template block size.
template <class T, unsigned int blockSize>
__device__ void reduce5(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  cg::sync(cta);
  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
  cg::sync(cta);
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
  cg::sync(cta);
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
  cg::sync(cta);
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (cta.thread_rank() < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2) mySum += tile32.shfl_down(mySum, offset);
  }
  if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
}
// Grid 2, block 256, n = 1000.
extern "C" __global__ void reduce5_unrolled(const u32* in, u32* out) {
  reduce5<int, 256>((const int*)in + 1, (int*)out, in[0]);
}

// reduce6: several elements per thread (grid-stride), unrolled, nIsPow2 template.
template <class T, unsigned int blockSize, bool nIsPow2>
__device__ void reduce6(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * gridDim.x;
  T mySum = 0;
  if (nIsPow2) {
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    gridSize = gridSize << 1;
    while (i < n) {
      mySum += g_idata[i];
      if ((i + blockSize) < n) mySum += g_idata[i + blockSize];
      i += gridSize;
    }
  } else {
    unsigned int i = blockIdx.x * blockSize + threadIdx.x;
    while (i < n) {
      mySum += g_idata[i];
      i += gridSize;
    }
  }
  sdata[tid] = mySum;
  cg::sync(cta);
  if ((blockSize >= 512) && (tid < 256)) sdata[tid] = mySum = mySum + sdata[tid + 256];
  cg::sync(cta);
  if ((blockSize >= 256) && (tid < 128)) sdata[tid] = mySum = mySum + sdata[tid + 128];
  cg::sync(cta);
  if ((blockSize >= 128) && (tid < 64)) sdata[tid] = mySum = mySum + sdata[tid + 64];
  cg::sync(cta);
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  if (cta.thread_rank() < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2) mySum += tile32.shfl_down(mySum, offset);
  }
  if (cta.thread_rank() == 0) g_odata[blockIdx.x] = mySum;
}
// Grid 4, block 128, n = 2048 (a power of two: two elements per step, stride 1024).
extern "C" __global__ void reduce6_multi_element_pow2(const u32* in, u32* out) {
  reduce6<int, 128, true>((const int*)in + 1, (int*)out, in[0]);
}

// Grid 4, block 128, n = 1500 (not a power of two: one element per step, stride 512).
extern "C" __global__ void reduce6_multi_element(const u32* in, u32* out) {
  reduce6<int, 128, false>((const int*)in + 1, (int*)out, in[0]);
}

// reduce7: warp shuffles with an explicit member mask, per-warp sums in dynamic smem.
template <class T>
__device__ __forceinline__ T warpReduceSum(unsigned int mask, T mySum) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) mySum += __shfl_down_sync(mask, mySum, offset);
  return mySum;
}
template <class T, unsigned int blockSize, bool nIsPow2>
__device__ void reduce7(const T* __restrict__ g_idata, T* __restrict__ g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * gridDim.x;
  unsigned int maskLength = (blockSize & 31);
  maskLength = (maskLength > 0) ? (32 - maskLength) : maskLength;
  const unsigned int mask = (0xffffffff) >> maskLength;
  T mySum = 0;
  if (nIsPow2) {
    unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;
    gridSize = gridSize << 1;
    while (i < n) {
      mySum += g_idata[i];
      if ((i + blockSize) < n) mySum += g_idata[i + blockSize];
      i += gridSize;
    }
  } else {
    unsigned int i = blockIdx.x * blockSize + threadIdx.x;
    while (i < n) {
      mySum += g_idata[i];
      i += gridSize;
    }
  }
  mySum = warpReduceSum<T>(mask, mySum);
  if ((tid % warpSize) == 0) sdata[tid / warpSize] = mySum;
  __syncthreads();
  const unsigned int shmem_extent = (blockSize / warpSize) > 0 ? (blockSize / warpSize) : 1;
  const unsigned int ballot_result = __ballot_sync(mask, tid < shmem_extent);
  if (tid < shmem_extent) {
    mySum = sdata[tid];
    mySum = warpReduceSum<T>(ballot_result, mySum);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}
// Grid 4, block 256, n = 3000 (not a power of two). Dynamic smem = 8 * 4 bytes.
extern "C" __global__ void reduce7_warp_shfl(const u32* in, u32* out) {
  reduce7<int, 256, false>((const int*)in + 1, (int*)out, in[0]);
}

// Dynamic AND static shared memory in one kernel: per-thread values in `extern __shared__`
// (blockDim.x ints), per-warp sums and the block max in static arrays.
// Grid 4, block 128, in[0] = n (<= 512), data in[1..1+n).
// out[b*2 + 0] = block sum, out[b*2 + 1] = block max (signed) of its 128 elements
// (missing elements count as 0).
extern "C" __global__ void reduce_mixed_smem(const u32* in, u32* out) {
  extern __shared__ int vals[];
  __shared__ int warp_sums[4];
  __shared__ int block_max;
  unsigned int tid = threadIdx.x, lane = tid % 32, w = tid / 32;
  unsigned int i = blockIdx.x * blockDim.x + tid;
  int v = i < in[0] ? (int)in[1 + i] : 0;
  vals[tid] = v;
  if (tid == 0) block_max = INT_MIN;
  __syncthreads();
  atomicMax(&block_max, v);
  // Each warp sums its slice of vals[] through shared memory, lane 0 stores it.
  int s = vals[tid];
  for (int d = 16; d > 0; d >>= 1) s += __shfl_xor_sync(0xffffffffu, s, d);
  if (lane == 0) warp_sums[w] = s;
  __syncthreads();
  if (tid == 0) {
    int total = 0;
    for (int k = 0; k < 4; ++k) total += warp_sums[k];
    out[blockIdx.x * 2 + 0] = (u32)total;
    out[blockIdx.x * 2 + 1] = (u32)block_max;
  }
}

// ================================================================ scans

// shfl_scan sample, kernel 1: per-block inclusive scan with __shfl_up_sync, warp sums
// in dynamic shared memory (blockDim/32 ints), block totals to partial_sums.
// Grid 4, block 256. in[0..1024) data. out[0..1024) scanned per block,
// out[1024 + b] = block b's total.
extern "C" __global__ void shfl_scan_test(const u32* in, u32* out) {
  extern __shared__ int sums[];
  int* data = (int*)out;
  int* partial_sums = (int*)out + 1024;
  const int width = 32;
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  int lane_id = id % warpSize;
  int warp_id = threadIdx.x / warpSize;
  int value = (int)in[id];
  for (int i = 1; i <= width; i *= 2) {
    unsigned int mask = 0xffffffff;
    int n = __shfl_up_sync(mask, value, i, width);
    if (lane_id >= i) value += n;
  }
  if (threadIdx.x % warpSize == warpSize - 1) sums[warp_id] = value;
  __syncthreads();
  if (warp_id == 0 && lane_id < (blockDim.x / warpSize)) {
    int warp_sum = sums[lane_id];
    int mask = (1 << (blockDim.x / warpSize)) - 1;
    for (int i = 1; i <= (blockDim.x / warpSize); i *= 2) {
      int n = __shfl_up_sync(mask, warp_sum, i, (blockDim.x / warpSize));
      if (lane_id >= i) warp_sum += n;
    }
    sums[lane_id] = warp_sum;
  }
  __syncthreads();
  int blockSum = 0;
  if (warp_id > 0) blockSum = sums[warp_id - 1];
  value += blockSum;
  data[id] = value;
  if (threadIdx.x == blockDim.x - 1) partial_sums[blockIdx.x] = value;
}

// shfl_scan sample, kernel 2: uniform_add of the scanned block totals.
// Grid 4, block 256. in[0..1024) data, in[1024..1028) partial sums, in[1028] = len.
// out[id] = data[id] + partial[b] for id <= len (len = 1023: every thread).
extern "C" __global__ void shfl_uniform_add(const u32* in, u32* out) {
  __shared__ int buf;
  int len = (int)in[1028];
  int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
  if (id > len) return;
  if (threadIdx.x == 0) buf = (int)in[1024 + blockIdx.x];
  __syncthreads();
  out[id] = (u32)((int)in[id] + buf);
}

// GPU Gems 3 ch. 39 work-efficient (Blelloch) exclusive scan with bank-conflict padding.
// Grid 1, block 256, n = in[0] = 512, data in[1..513). Dynamic smem = (512 + 16) * 4.
// out[0..512) = exclusive scan.
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
extern "C" __global__ void prescan_blelloch(const u32* in, u32* out) {
  extern __shared__ int temp[];
  int n = (int)in[0];
  const int* g_idata = (const int*)in + 1;
  int* g_odata = (int*)out;
  int thid = threadIdx.x;
  int offset = 1;
  int ai = thid;
  int bi = thid + (n / 2);
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = g_idata[ai];
  temp[bi + bankOffsetB] = g_idata[bi];
  for (int d = n >> 1; d > 0; d >>= 1) {  // up-sweep
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      ai += CONFLICT_FREE_OFFSET(ai);
      bi += CONFLICT_FREE_OFFSET(bi);
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0) temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;
  for (int d = 1; d < n; d *= 2) {  // down-sweep
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      ai += CONFLICT_FREE_OFFSET(ai);
      bi += CONFLICT_FREE_OFFSET(bi);
      int t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  g_odata[ai] = temp[ai + bankOffsetA];
  g_odata[bi] = temp[bi + bankOffsetB];
}

// ================================================================ threadFenceReduction

// The threadFenceReduction sample: one pass; each block writes its partial sum, makes
// it visible with __threadfence(), takes a ticket; the last block to arrive sums the
// partials and resets the counter (so the next launch starts from 0 again).
__device__ unsigned int retirementCount = 0;

template <unsigned int blockSize>
__device__ void reduceBlock(volatile float* sdata, float mySum, const unsigned int tid, cg::thread_block cta) {
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  sdata[tid] = mySum;
  cg::sync(tile32);
  const int VEC = 32;
  const int vid = tid & (VEC - 1);
  float beta = mySum;
  float temp;
  for (int i = VEC / 2; i > 0; i >>= 1) {
    if (vid < i) {
      temp = sdata[tid + i];
      beta += temp;
      sdata[tid] = beta;
    }
    cg::sync(tile32);
  }
  cg::sync(cta);
  if (cta.thread_rank() == 0) {
    beta = 0;
    for (int i = 0; i < blockDim.x; i += VEC) beta += sdata[i];
    sdata[0] = beta;
  }
  cg::sync(cta);
}

template <unsigned int blockSize, bool nIsPow2>
__device__ void reduceBlocks(const float* g_idata, float* g_odata, unsigned int n, cg::thread_block cta) {
  extern __shared__ float sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  float mySum = 0;
  while (i < n) {
    mySum += g_idata[i];
    if (nIsPow2 || i + blockSize < n) mySum += g_idata[i + blockSize];
    i += gridSize;
  }
  reduceBlock<blockSize>(sdata, mySum, tid, cta);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Grid 8, block 128, dynamic smem 128 * 4. in[0] = n (2000), float data in[1..1+n).
// out[b] = partial sum of block b (float bits), then out[0] = the total (the last block
// overwrites it, as in the sample).
extern "C" __global__ void threadfence_reduction(const u32* in, u32* out) {
  const unsigned int blockSize = 128;
  cg::thread_block cta = cg::this_thread_block();
  const float* g_idata = (const float*)(in + 1);
  float* g_odata = (float*)out;
  unsigned int n = in[0];
  reduceBlocks<blockSize, false>(g_idata, g_odata, n, cta);
  if (gridDim.x > 1) {
    const unsigned int tid = threadIdx.x;
    __shared__ bool amLast;
    extern float __shared__ smem[];
    __threadfence();
    if (tid == 0) {
      unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
      amLast = (ticket == gridDim.x - 1);
    }
    cg::sync(cta);
    if (amLast) {
      int i = tid;
      float mySum = 0;
      while (i < gridDim.x) {
        mySum += g_odata[i];
        i += blockSize;
      }
      reduceBlock<blockSize>(smem, mySum, tid, cta);
      if (tid == 0) {
        g_odata[0] = smem[0];
        retirementCount = 0;
      }
    }
  }
}

// ================================================================ warp-aggregated atomics

__device__ __forceinline__ unsigned int lanemask_lt() {
  unsigned int m;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  return m;
}

// The "Optimized Filtering with Warp-Aggregated Atomics" blog post: the leader of the
// active lanes does one atomicAdd for all of them.
__device__ int atomicAggInc(int* ctr) {
  unsigned int active = __activemask();
  int leader = __ffs(active) - 1;
  int change = __popc(active);
  unsigned int rank = __popc(active & lanemask_lt());
  int warp_res;
  if (rank == 0) warp_res = atomicAdd(ctr, change);
  warp_res = __shfl_sync(active, warp_res, leader);
  return warp_res + rank;
}

// Grid 4, block 128. in[0] = n (512), src in[1..1+n) (signed). Keeps src[i] > 0:
// dst[atomicAggInc(nres)] = src[i]. out[0] = nres (out_init[0] = 0: the counter),
// out[1..1+n) = dst: the kept values in an order the scheduler decides (multiset),
// the unused tail keeps out_init.
extern "C" __global__ void warp_agg_filter(const u32* in, u32* out) {
  int* nres = (int*)out;
  int* dst = (int*)out + 1;
  const int* src = (const int*)in + 1;
  int n = (int)in[0];
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}

// The programming guide's cooperative-groups form of the same thing.
__device__ int cg_atomicAggInc(int* p) {
  cg::coalesced_group g = cg::coalesced_threads();
  int prev;
  if (g.thread_rank() == 0) prev = atomicAdd(p, g.num_threads());
  prev = g.thread_rank() + g.shfl(prev, 0);
  return prev;
}

// Same layout as warp_agg_filter; keeps values with (src[i] & 3) == 1.
extern "C" __global__ void cg_agg_filter(const u32* in, u32* out) {
  int* nres = (int*)out;
  int* dst = (int*)out + 1;
  const int* src = (const int*)in + 1;
  int n = (int)in[0];
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && (src[i] & 3) == 1) dst[cg_atomicAggInc(nres)] = src[i];
}

// ================================================================ histograms

// 256-bin histogram of bytes, histogram256-style: shared-memory atomics per block, then
// the block's partial histogram to global (no global atomics: a merge pass would add them).
// Grid 4, block 192, in[0] = word count (1000), data in[1..1001) (4 bytes per word).
// out[b*256 + bin] = block b's count; blocks take words b*192 + t, stepping by 768.
extern "C" __global__ void histogram256_partial(const u32* in, u32* out) {
  __shared__ u32 s_hist[256];
  u32 tid = threadIdx.x;
  for (u32 i = tid; i < 256; i += blockDim.x) s_hist[i] = 0;
  __syncthreads();
  u32 count = in[0];
  for (u32 pos = blockIdx.x * blockDim.x + tid; pos < count; pos += blockDim.x * gridDim.x) {
    u32 data = in[1 + pos];
    atomicAdd(&s_hist[(data >> 0) & 0xFFU], 1);
    atomicAdd(&s_hist[(data >> 8) & 0xFFU], 1);
    atomicAdd(&s_hist[(data >> 16) & 0xFFU], 1);
    atomicAdd(&s_hist[(data >> 24) & 0xFFU], 1);
  }
  __syncthreads();
  for (u32 bin = tid; bin < 256; bin += blockDim.x) out[blockIdx.x * 256 + bin] = s_hist[bin];
}

// 64-bin histogram with shared atomics and a global atomicAdd merge. Grid 4, block 128,
// in[0] = n (2000), samples in[1..1+n) (< 64, skewed). out[bin] += counts: out_init is 0
// (the counters, as after cudaMemset); integer atomics, so the totals are order-free.
extern "C" __global__ void histogram64_global_atomic(const u32* in, u32* out) {
  __shared__ u32 s_hist[64];
  u32 tid = threadIdx.x;
  if (tid < 64) s_hist[tid] = 0;
  __syncthreads();
  u32 n = in[0];
  for (u32 i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) atomicAdd(&s_hist[in[1 + i]], 1u);
  __syncthreads();
  if (tid < 64 && s_hist[tid] != 0) atomicAdd(&out[tid], s_hist[tid]);
}

// ================================================================ transpose

#define TILE_DIM 32
#define BLOCK_ROWS 8

// transposeNoBankConflicts from the transpose sample: padded shared tile.
// Grid (2, 3), block (32, 8): width 64, height 96 (in is height rows of width words).
// out = the 96 x 64 -> 64 x 96 transpose: out[x * 96 + y] = in[y * 64 + x].
extern "C" __global__ void transpose_padded(const u32* in, u32* out) {
  __shared__ u32 tile[TILE_DIM][TILE_DIM + 1];
  const int width = 64, height = 96;
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + (yIndex)*width;
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + (yIndex)*height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) tile[threadIdx.y + i][threadIdx.x] = in[index_in + i * width];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) out[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

// transposeDiagonal from the transpose sample (square matrix, diagonal block order).
// Grid (2, 2), block (32, 8): 64 x 64 floats copied as words; out[x * 64 + y] = in[y * 64 + x].
extern "C" __global__ void transpose_diagonal(const u32* in, u32* out) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  const int width = 64, height = 64;
  const float* idata = (const float*)in;
  float* odata = (float*)out;
  int blockIdx_x, blockIdx_y;
  if (width == height) {
    blockIdx_y = blockIdx.x;
    blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    blockIdx_y = bid % gridDim.y;
    blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
  }
  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + (yIndex)*width;
  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + (yIndex)*height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

// ================================================================ linear algebra

// y = A x, one warp per row, lanes stride over the columns, __shfl_down_sync tree.
// Grid 8, block (32, 4): row = blockIdx.x * 4 + threadIdx.y. in[0] = rows (32), in[1] =
// cols (96), A (row-major floats) in[2 .. 2 + rows*cols), x in[2 + rows*cols .. + cols).
// out[row] = y[row] (float bits).
extern "C" __global__ void matvec_warp_per_row(const u32* in, u32* out) {
  int rows = (int)in[0], cols = (int)in[1];
  const float* A = (const float*)(in + 2);
  const float* x = A + rows * cols;
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= rows) return;
  float sum = 0.f;
  for (int c = threadIdx.x; c < cols; c += 32) sum += A[row * cols + c] * x[c];
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (threadIdx.x == 0) ((float*)out)[row] = sum;
}

// Grid-stride saxpy. Grid 4, block 64. in[0] = n (1000), in[1] = a (float bits),
// x in[2 .. 2+n), y in[2+n .. 2+2n). out[i] = a * x[i] + y[i].
extern "C" __global__ void saxpy_grid_stride(const u32* in, u32* out) {
  int n = (int)in[0];
  float a = __uint_as_float(in[1]);
  const float* x = (const float*)(in + 2);
  const float* y = x + n;
  float* r = (float*)out;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) r[i] = a * x[i] + y[i];
}

// The programming guide's shared-memory matrix multiply, BLOCK_SIZE 16.
// C (32 x 32) = A (32 x 48) * B (48 x 32), row-major floats: A in[0 .. 1536), B in[1536 .. 3072).
// Grid (2, 2), block (16, 16). out[row * 32 + col] = C (float bits).
#define BLOCK_SIZE 16
extern "C" __global__ void matmul_tiled(const u32* in, u32* out) {
  const int M = 32, K = 48, N = 32;
  const float* A = (const float*)in;
  const float* B = A + M * K;
  float* C = (float*)out;
  int blockRow = blockIdx.y, blockCol = blockIdx.x;
  int row = threadIdx.y, col = threadIdx.x;
  float Cvalue = 0;
  for (int m = 0; m < K / BLOCK_SIZE; ++m) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[row][col] = A[(blockRow * BLOCK_SIZE + row) * K + m * BLOCK_SIZE + col];
    Bs[row][col] = B[(m * BLOCK_SIZE + row) * N + blockCol * BLOCK_SIZE + col];
    __syncthreads();
    for (int e = 0; e < BLOCK_SIZE; ++e) Cvalue += As[row][e] * Bs[e][col];
    __syncthreads();
  }
  C[(blockRow * BLOCK_SIZE + row) * N + blockCol * BLOCK_SIZE + col] = Cvalue;
}

// ================================================================ sorting network

#define SHARED_SIZE_LIMIT 512U
__device__ inline void Comparator(u32& keyA, u32& valA, u32& keyB, u32& valB, u32 dir) {
  u32 t;
  if ((keyA > keyB) == dir) {
    t = keyA; keyA = keyB; keyB = t;
    t = valA; valA = valB; valB = t;
  }
}

// bitonicSortShared from the sortingNetworks sample (key + value, 512 per block).
// Grid 2, block 256. in[0] = dir (1 ascending), keys in[1 .. 1025), values in[1025 .. 2049).
// out[0 .. 1024) = keys, out[1024 .. 2048) = values; block b sorts [512b, 512b + 512).
extern "C" __global__ void bitonic_sort_shared(const u32* in, u32* out) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ u32 s_key[SHARED_SIZE_LIMIT];
  __shared__ u32 s_val[SHARED_SIZE_LIMIT];
  const u32 arrayLength = SHARED_SIZE_LIMIT;
  u32 dir = in[0];
  const u32* d_SrcKey = in + 1 + blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  const u32* d_SrcVal = in + 1025 + blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  u32* d_DstKey = out + blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  u32* d_DstVal = out + 1024 + blockIdx.x * SHARED_SIZE_LIMIT + threadIdx.x;
  s_key[threadIdx.x + 0] = d_SrcKey[0];
  s_val[threadIdx.x + 0] = d_SrcVal[0];
  s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcKey[(SHARED_SIZE_LIMIT / 2)];
  s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)] = d_SrcVal[(SHARED_SIZE_LIMIT / 2)];
  for (u32 size = 2; size < arrayLength; size <<= 1) {
    u32 ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
    for (u32 stride = size / 2; stride > 0; stride >>= 1) {
      cg::sync(cta);
      u32 pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], ddd);
    }
  }
  for (u32 stride = arrayLength / 2; stride > 0; stride >>= 1) {
    cg::sync(cta);
    u32 pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    Comparator(s_key[pos + 0], s_val[pos + 0], s_key[pos + stride], s_val[pos + stride], dir);
  }
  cg::sync(cta);
  d_DstKey[0] = s_key[threadIdx.x + 0];
  d_DstVal[0] = s_val[threadIdx.x + 0];
  d_DstKey[(SHARED_SIZE_LIMIT / 2)] = s_key[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
  d_DstVal[(SHARED_SIZE_LIMIT / 2)] = s_val[threadIdx.x + (SHARED_SIZE_LIMIT / 2)];
}

// ================================================================ stencils

// 2-D 5-point Jacobi step with a shared-memory tile and a one-cell halo loaded by the edge
// threads; cells outside the 32 x 32 domain read as 0. Grid (2, 2), block (16, 16).
// in[y*32 + x] = u (int, small); out[y*32 + x] = 4*u - (N + S + E + W).
extern "C" __global__ void stencil2d_shared_halo(const u32* in, u32* out) {
  const int W = 32, H = 32, B = 16;
  __shared__ int tile[B + 2][B + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * B + tx, y = blockIdx.y * B + ty;
  auto at = [&](int xx, int yy) -> int { return (xx >= 0 && xx < W && yy >= 0 && yy < H) ? (int)in[yy * W + xx] : 0; };
  tile[ty + 1][tx + 1] = at(x, y);
  if (tx == 0) tile[ty + 1][0] = at(x - 1, y);
  if (tx == B - 1) tile[ty + 1][B + 1] = at(x + 1, y);
  if (ty == 0) tile[0][tx + 1] = at(x, y - 1);
  if (ty == B - 1) tile[B + 1][tx + 1] = at(x, y + 1);
  __syncthreads();
  int c = tile[ty + 1][tx + 1];
  int r = 4 * c - (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
  out[y * W + x] = (u32)r;
}

// 3-D 7-point stencil on a 16 x 8 x 8 volume straight from global memory (clamped at the
// border). Grid (2, 2, 2), block (8, 4, 4): 3-D blocks on a 3-D grid.
// in[(z*8 + y)*16 + x] = u (int, small); out[same] = sum of the 6 neighbours - 6*u.
extern "C" __global__ void stencil3d_global(const u32* in, u32* out) {
  const int NX = 16, NY = 8, NZ = 8;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  auto U = [&](int xx, int yy, int zz) -> int {
    xx = min(max(xx, 0), NX - 1);
    yy = min(max(yy, 0), NY - 1);
    zz = min(max(zz, 0), NZ - 1);
    return (int)in[(zz * NY + yy) * NX + xx];
  };
  int c = U(x, y, z);
  int s = U(x - 1, y, z) + U(x + 1, y, z) + U(x, y - 1, z) + U(x, y + 1, z) + U(x, y, z - 1) + U(x, y, z + 1);
  out[(z * NY + y) * NX + x] = (u32)(s - 6 * c);
}
