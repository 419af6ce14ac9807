// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// The CUDA Programming Guide's block-wide reduction: every thread sums its
// strided share of A, each 32-thread tile reduces those sums in hardware
// (redux.sync) and one thread per tile adds the tile's total to a block-scope
// cuda::atomic in shared memory (cg::reduce_update_async); block.sync() makes
// the four updates visible before anyone reads the total.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/atomic>
#include <cstdio>
namespace cg=cooperative_groups;

/// The following example accepts input in *A and outputs a result into *sum
/// It spreads the data equally within the block
__device__ void block_reduce(const int* A, int count, cuda::atomic<int, cuda::thread_scope_block>& total_sum) {
    auto block = cg::this_thread_block();
    auto tile = cg::tiled_partition<32>(block);
    int thread_sum = 0;

    // Stride loop over all values, each thread accumulates its part of the array.
    for (int i = block.thread_rank(); i < count; i += block.size()) {
        thread_sum += A[i];
    }

    // reduce thread sums across the tile, add the result to the atomic
    // cg::plus<int> allows cg::reduce() to know it can use hardware acceleration for addition
    cg::reduce_update_async(tile, total_sum, thread_sum, cg::plus<int>());

    // synchronize the block, to ensure all async reductions are ready
    block.sync();
}

// One block of 128 threads (4 tiles). out[t] = the total as thread t reads it.
__global__ void block_reduce_kernel(const int* A, int* out, int count) {
    __shared__ cuda::atomic<int, cuda::thread_scope_block> total_sum;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0) total_sum.store(0, cuda::memory_order_relaxed);
    block.sync();
    block_reduce(A, count, total_sum);
    out[block.thread_rank()] = total_sum.load(cuda::memory_order_relaxed);
}

int main() {
    const int kCount = 300, kThreads = 128;
    int h_a[kCount], h_out[kThreads];
    for (int i = 0; i < kCount; ++i) h_a[i] = i * 3 + 1;  // 1, 4, 7, ... 898
    for (int i = 0; i < kThreads; ++i) h_out[i] = 0;
    int *d_a, *d_out;
    cudaMalloc(&d_a, sizeof h_a);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_a, h_a, sizeof h_a, cudaMemcpyHostToDevice);
    cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
    block_reduce_kernel<<<1, kThreads>>>(d_a, d_out, kCount);
    cudaMemcpy(h_a, d_a, sizeof h_a, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    auto print = [](const char* name, const int* v, int n) {
        printf("\"%s\": [", name);
        for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", (unsigned)v[i]);
        printf("]");
    };
    printf("{");
    print("A", h_a, kCount);
    printf(", ");
    print("out", h_out, kThreads);
    printf("}\n");
    return 0;
}
