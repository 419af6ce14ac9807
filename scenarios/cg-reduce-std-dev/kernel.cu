// PTX: nvcc -std=c++17 -arch=sm_90a -lineinfo -ptx kernel.cu -o kernel.ptx
// The CUDA Programming Guide's cooperative_groups::reduce example: an
// approximate standard deviation of an integer vector, computed by one warp
// (a thread_block_tile<32>). cg::reduce with cg::plus<int> compiles to the
// hardware warp reduction redux.sync.add.s32 on sm_80 and later.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

/// Calculate approximate standard deviation of integers in vec
__device__ int std_dev(const cg::thread_block_tile<32>& tile, int *vec, int length) {
    int thread_sum = 0;

    // calculate average first
    for (int i = tile.thread_rank(); i < length; i += tile.num_threads()) {
        thread_sum += vec[i];
    }
    // cg::plus<int> allows cg::reduce() to know it can use hardware acceleration for addition
    int avg = cg::reduce(tile, thread_sum, cg::plus<int>()) / length;

    int thread_diffs_sum = 0;
    for (int i = tile.thread_rank(); i < length; i += tile.num_threads()) {
        int diff = vec[i] - avg;
        thread_diffs_sum += diff * diff;
    }

    // temporarily use floats to calculate the square root
    float diff_sum = static_cast<float>(cg::reduce(tile, thread_diffs_sum, cg::plus<int>())) / length;

    return static_cast<int>(sqrtf(diff_sum));
}

// One warp; every lane writes the result it got: out[lane].
__global__ void std_dev_kernel(int* vec, int* out, int length) {
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    out[tile.thread_rank()] = std_dev(tile, vec, length);
}

int main() {
    const int kLength = 40, kOut = 32;
    int h_vec[kLength], h_out[kOut];
    for (int i = 0; i < kLength; ++i) h_vec[i] = i * 3 + 1;  // 1, 4, 7, ... 118
    for (int i = 0; i < kOut; ++i) h_out[i] = 0;
    int *d_vec, *d_out;
    cudaMalloc(&d_vec, sizeof h_vec);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_vec, h_vec, sizeof h_vec, cudaMemcpyHostToDevice);
    cudaMemcpy(d_out, h_out, sizeof h_out, cudaMemcpyHostToDevice);
    std_dev_kernel<<<1, 32>>>(d_vec, d_out, kLength);
    cudaMemcpy(h_vec, d_vec, sizeof h_vec, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    auto print = [](const char* name, const int* v, int n) {
        printf("\"%s\": [", name);
        for (int i = 0; i < n; ++i) printf("%s%u", i ? ", " : "", (unsigned)v[i]);
        printf("]");
    };
    printf("{");
    print("vec", h_vec, kLength);
    printf(", ");
    print("out", h_out, kOut);
    printf("}\n");
    return 0;
}
