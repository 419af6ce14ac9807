// PTX: nvcc -O3 -std=c++17 -arch=sm_90a -ptx kernel.cu -o kernel.ptx
// Run: nvcc -std=c++17 -gencode arch=compute_90a,code=sm_90a -O3 -o bin kernel.cu -lcuda && ./bin  (prints the buffers as JSON;
// ./bin --inputs prints only the input buffers, without a GPU).
// fence.proxy.async between generic smem writes and a TMA store, then a TMA load of the result
// ---- shared helpers (the same text heads every kernel.cu of the corpus) ----
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#include <cuda.h>
#include <cuda_runtime.h>

// -- shared memory, mbarriers, proxies --
__device__ __forceinline__ uint32_t smem_u32(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_u32(bar)), "r"(count) : "memory");
}
// Makes the initialised mbarrier visible to the async proxy (TMA) and to the cluster.
__device__ __forceinline__ void fence_mbarrier_init() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
// Orders this thread's generic-proxy shared-memory accesses before later async-proxy ones (TMA, wgmma).
__device__ __forceinline__ void fence_proxy_async() {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("{\n.reg .b64 st;\nmbarrier.arrive.expect_tx.shared::cta.b64 st, [%0], %1;\n}" ::"r"(smem_u32(bar)),
               "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(smem_u32(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("{\n.reg .b64 st;\nmbarrier.arrive.shared::cta.b64 st, [%0];\n}" ::"r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ uint32_t mbar_try_wait(uint64_t* bar, uint32_t parity) {
  uint32_t ok;
  asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
               : "=r"(ok) : "r"(smem_u32(bar)), "r"(parity) : "memory");
  return ok;
}
__device__ __forceinline__ uint32_t mbar_test_wait(uint64_t* bar, uint32_t parity) {
  uint32_t ok;
  asm volatile("{\n.reg .pred p;\nmbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
               : "=r"(ok) : "r"(smem_u32(bar)), "r"(parity) : "memory");
  return ok;
}
// Waits for the phase with the given parity to complete; traps after a
// bounded number of tries so a wrong byte count fails instead of hanging.
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  for (uint32_t i = 0; !mbar_try_wait(bar, parity); ++i)
    if (i == (1u << 22)) __trap();
}

// -- TMA (cp.async.bulk.tensor) --
__device__ __forceinline__ uint64_t tmap_ptr(const CUtensorMap* m) { return reinterpret_cast<uint64_t>(m); }
__device__ __forceinline__ void tma_load_1d(void* dst, const CUtensorMap* m, uint64_t* bar, int c0) {
  asm volatile("cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];"
               ::"r"(smem_u32(dst)), "l"(tmap_ptr(m)), "r"(c0), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void tma_load_2d(void* dst, const CUtensorMap* m, uint64_t* bar, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
               ::"r"(smem_u32(dst)), "l"(tmap_ptr(m)), "r"(c0), "r"(c1), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void tma_load_3d(void* dst, const CUtensorMap* m, uint64_t* bar, int c0, int c1, int c2) {
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];"
               ::"r"(smem_u32(dst)), "l"(tmap_ptr(m)), "r"(c0), "r"(c1), "r"(c2), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void tma_load_4d(void* dst, const CUtensorMap* m, uint64_t* bar, int c0, int c1, int c2, int c3) {
  asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6];"
               ::"r"(smem_u32(dst)), "l"(tmap_ptr(m)), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void tma_load_5d(void* dst, const CUtensorMap* m, uint64_t* bar, int c0, int c1, int c2, int c3, int c4) {
  asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7];"
               ::"r"(smem_u32(dst)), "l"(tmap_ptr(m)), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4), "r"(smem_u32(bar)) : "memory");
}
__device__ __forceinline__ void tma_load_2d_multicast(void* dst, const CUtensorMap* m, uint64_t* bar, int c0, int c1, uint16_t mask) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;"
               ::"r"(smem_u32(dst)), "l"(tmap_ptr(m)), "r"(c0), "r"(c1), "r"(smem_u32(bar)), "h"(mask) : "memory");
}
__device__ __forceinline__ void tma_prefetch_2d(const CUtensorMap* m, int c0, int c1) {
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(tmap_ptr(m)), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void tma_store_2d(const CUtensorMap* m, const void* src, int c0, int c1) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(tmap_ptr(m)), "r"(smem_u32(src)), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void tma_reduce_add_2d(const CUtensorMap* m, const void* src, int c0, int c1) {
  asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(tmap_ptr(m)), "r"(smem_u32(src)), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void tma_reduce_min_2d(const CUtensorMap* m, const void* src, int c0, int c1) {
  asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.min.tile.bulk_group [%0, {%2, %3}], [%1];"
               ::"l"(tmap_ptr(m)), "r"(smem_u32(src)), "r"(c0), "r"(c1) : "memory");
}
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
__device__ __forceinline__ void bulk_wait_all() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }

// -- wgmma --
// Shared-memory matrix descriptor (PTX ISA, "Matrix Descriptor Format"):
// bits 0-13 start address >> 4, 16-29 leading-dimension byte offset >> 4,
// 32-45 stride-dimension byte offset >> 4, 62-63 swizzle (0 none, 1 128B, 2 64B, 3 32B).
__device__ __forceinline__ uint64_t make_desc(const void* smem, uint32_t lbo, uint32_t sbo, uint32_t swizzle_bits) {
  uint64_t d = 0;
  d |= static_cast<uint64_t>((smem_u32(smem) & 0x3FFFF) >> 4);
  d |= static_cast<uint64_t>((lbo >> 4) & 0x3FFF) << 16;
  d |= static_cast<uint64_t>((sbo >> 4) & 0x3FFF) << 32;
  d |= static_cast<uint64_t>(swizzle_bits) << 62;
  return d;
}
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void wgmma_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory"); }

// The swizzle of shared-memory byte offsets (tile base 1024-aligned): the
// 16-byte chunk index (bits 4-6) is XORed with bits 7-9 of the offset,
// three bits for 128B, two for 64B, one for 32B.
__device__ __forceinline__ uint32_t swizzle_off(uint32_t off, uint32_t span) {
  const uint32_t mask = span == 128 ? 7 : span == 64 ? 3 : span == 32 ? 1 : 0;
  return off ^ (((off >> 7) & mask) << 4);
}
// Copies a rows x row_bytes tile (row-major in global, rows contiguous) into
// shared memory in wgmma's canonical K-major layout, by the 128 threads of
// one warpgroup. span 0: no swizzle, 8x16-byte core matrices, core (r/8, c)
// at ((r/8) * chunks + c) * 128, so LBO = 128 and SBO = chunks * 128.
// span 32/64/128: row r at (r/8) * 8 * span + (r%8) * span, swizzled; SBO = 8 * span.
__device__ __forceinline__ void load_canonical(uint8_t* smem, const uint32_t* g, int rows, int row_bytes, int span, int tid) {
  const int chunks = row_bytes / 16;
  for (int i = tid; i < rows * chunks; i += 128) {
    const int r = i / chunks, c = i % chunks;
    const uint4 v = reinterpret_cast<const uint4*>(g)[i];
    uint32_t off;
    if (span == 0) off = ((r / 8) * chunks + c) * 128 + (r % 8) * 16;
    else off = swizzle_off((r / 8) * 8 * span + (r % 8) * span + c * 16, span);
    *reinterpret_cast<uint4*>(smem + off) = v;
  }
}

// ---- host side ----
#define CHECK(x)                                                                        \
  do {                                                                                  \
    cudaError_t e_ = (x);                                                               \
    if (e_ != cudaSuccess) {                                                            \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      return 1;                                                                         \
    }                                                                                   \
  } while (0)

// Inputs: Marsaglia's xorshift32, as the scenario format's `random` key.
struct Rng {
  uint32_t s;
  explicit Rng(uint32_t seed) : s(seed ? seed : 0x9e3779b9u) {}
  uint32_t next() { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }
};
// f16 with a random sign and mantissa and an exponent from 2^-4 to 2^4.
inline uint32_t rand_f16(Rng& r) { uint32_t x = r.next(); return ((x >> 31) << 15) | ((11 + (x >> 16) % 9) << 10) | (x & 0x3ff); }
inline uint32_t rand_bf16(Rng& r) { uint32_t x = r.next(); return ((x >> 31) << 15) | ((123 + (x >> 16) % 9) << 7) | (x & 0x7f); }
inline void gen_f16(std::vector<uint32_t>& v, uint32_t seed) { Rng r(seed); for (auto& w : v) { uint32_t lo = rand_f16(r); w = lo | rand_f16(r) << 16; } }
inline void gen_bf16(std::vector<uint32_t>& v, uint32_t seed) { Rng r(seed); for (auto& w : v) { uint32_t lo = rand_bf16(r); w = lo | rand_bf16(r) << 16; } }
// f32 with all 23 mantissa bits random (tf32 keeps 10 of them), exponent 2^-4..2^4.
inline void gen_f32(std::vector<uint32_t>& v, uint32_t seed) { Rng r(seed); for (auto& w : v) { uint32_t x = r.next(); w = ((x >> 31) << 31) | ((123 + (x >> 8) % 9) << 23) | (x & 0x7fffff); } }
// f32 whose mantissa keeps only tf32's 10 bits.
inline void gen_f32_tf32exact(std::vector<uint32_t>& v, uint32_t seed) { gen_f32(v, seed); for (auto& w : v) w &= ~0x1fffu; }
// e4m3 bytes, exponent field 4..10 (2^-3..2^3): never NaN; e5m2 bytes, exponent field 12..18.
inline void gen_e4m3(std::vector<uint32_t>& v, uint32_t seed) { Rng r(seed); for (auto& w : v) { w = 0; for (int b = 0; b < 4; ++b) { uint32_t x = r.next(); w |= (((x >> 31) << 7) | ((4 + (x >> 8) % 7) << 3) | (x & 7)) << (8 * b); } } }
inline void gen_e5m2(std::vector<uint32_t>& v, uint32_t seed) { Rng r(seed); for (auto& w : v) { w = 0; for (int b = 0; b < 4; ++b) { uint32_t x = r.next(); w |= (((x >> 31) << 7) | ((12 + (x >> 8) % 7) << 2) | (x & 3)) << (8 * b); } } }
// Raw random words (s8/u8/b1/integers), and random words in [lo, hi].
inline void gen_bits(std::vector<uint32_t>& v, uint32_t seed) { Rng r(seed); for (auto& w : v) w = r.next(); }
inline void gen_range(std::vector<uint32_t>& v, uint32_t seed, int32_t lo, int32_t hi) { Rng r(seed); for (auto& w : v) w = static_cast<uint32_t>(lo + static_cast<int32_t>(r.next() % static_cast<uint32_t>(hi - lo + 1))); }
inline void gen_iota(std::vector<uint32_t>& v, uint32_t start, uint32_t step) { for (size_t i = 0; i < v.size(); ++i) v[i] = start + static_cast<uint32_t>(i) * step; }

inline void print_words(const char* name, const std::vector<uint32_t>& v, bool& first) {
  printf("%s\"%s\": [", first ? "" : ", ", name);
  for (size_t i = 0; i < v.size(); ++i) printf("%s%u", i ? ", " : "", v[i]);
  printf("]");
  first = false;
}
inline int encode_tiled(CUtensorMap* m, CUtensorMapDataType dt, uint32_t rank, void* base, const uint64_t* dims,
                        const uint64_t* strides, const uint32_t* box, const uint32_t* estr, CUtensorMapSwizzle sw,
                        CUtensorMapFloatOOBfill oob) {
  CUresult r = cuTensorMapEncodeTiled(m, dt, rank, base, dims, strides, box, estr, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                      CU_TENSOR_MAP_L2_PROMOTION_NONE, oob);
  if (r != CUDA_SUCCESS) {
    const char* s = nullptr;
    cuGetErrorString(r, &s);
    fprintf(stderr, "cuTensorMapEncodeTiled: %d %s\n", static_cast<int>(r), s ? s : "?");
    return 1;
  }
  return 0;
}
// ---- end of shared helpers ----

__global__ void __launch_bounds__(64) fence_proxy_async_tma_store(uint32_t* x, const __grid_constant__ CUtensorMap tmap_out, uint32_t* back) {
  __shared__ __align__(1024) uint32_t tile[64];
  __shared__ __align__(1024) uint32_t back_tile[64];
  __shared__ __align__(8) uint64_t bar;
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    fence_mbarrier_init();
  }
  __syncthreads();
  tile[threadIdx.x] = x[threadIdx.x] * 2654435761u;  // generic-proxy writes
  fence_proxy_async();   // each writer orders its writes before the async proxy's reads
  __syncthreads();
  if (threadIdx.x == 0) {
    tma_store_2d(&tmap_out, tile, 8, 8);
    bulk_commit();
    bulk_wait_all();
    asm volatile("fence.proxy.async.global;" ::: "memory");
    mbar_arrive_expect_tx(&bar, 256);
    tma_load_2d(back_tile, &tmap_out, &bar, 4, 4);
  }
  mbar_wait(&bar, 0);
  back[threadIdx.x] = back_tile[threadIdx.x];
}

int main(int argc, char** argv) {
  const bool inputs_only = argc > 1 && strcmp(argv[1], "--inputs") == 0;
  std::vector<uint32_t> h_x(64);
  { std::vector<uint32_t>& v = h_x; gen_bits(v, 511); }
  std::vector<uint32_t> h_out(256);
  for (auto& w : h_out) w = 0u;
  std::vector<uint32_t> h_back(64);
  for (auto& w : h_back) w = 0u;
  bool first = true;
  if (inputs_only) {
    printf("{");
    print_words("x", h_x, first);
    printf("}\n");
    return 0;
  }
  uint32_t* d_x = nullptr;
  CHECK(cudaMalloc(&d_x, h_x.size() * 4));
  CHECK(cudaMemcpy(d_x, h_x.data(), h_x.size() * 4, cudaMemcpyHostToDevice));
  uint32_t* d_out = nullptr;
  CHECK(cudaMalloc(&d_out, h_out.size() * 4));
  CHECK(cudaMemcpy(d_out, h_out.data(), h_out.size() * 4, cudaMemcpyHostToDevice));
  uint32_t* d_back = nullptr;
  CHECK(cudaMalloc(&d_back, h_back.size() * 4));
  CHECK(cudaMemcpy(d_back, h_back.data(), h_back.size() * 4, cudaMemcpyHostToDevice));
  CUtensorMap tmap_out;
  {
    const uint64_t dims[] = {16, 16};
    const uint64_t strides[] = {64};
    const uint32_t box[] = {8, 8};
    const uint32_t estr[] = {1, 1};
    if (encode_tiled(&tmap_out, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, d_out, dims, strides, box, estr, CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)) return 1;
  }
  fence_proxy_async_tma_store<<<1, 64>>>(d_x, tmap_out, d_back);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_x.data(), d_x, h_x.size() * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_out.data(), d_out, h_out.size() * 4, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_back.data(), d_back, h_back.size() * 4, cudaMemcpyDeviceToHost));
  printf("{");
  print_words("x", h_x, first);
  print_words("out", h_out, first);
  print_words("back", h_back, first);
  printf("}\n");
  return 0;
}
