// Kernels that print: device printf (vprintf) and assert (__assertfail) as
// nvcc -O3 lowers them. rec.cu launches each on the GPU and keeps what it
// printed (recorded.txt); tests/core/printf_test.cpp replays them.
#include <cassert>
#include <cstdint>
#include <cstdio>

typedef unsigned int u32;

// Every conversion of C's printf that CUDA documents, with flags, widths,
// precisions and length modifiers; the return values go to out[].
extern "C" __global__ void pf_formats(const u32* in, u32* out) {
  if (threadIdx.x != 0) return;
  const int neg = -static_cast<int>(in[0]);        // -42
  const u32 u = in[1];                             // 3000000000
  const float f = __int_as_float(static_cast<int>(in[2]));   // 3.14159274
  const double d = __hiloint2double(static_cast<int>(in[4]), static_cast<int>(in[3]));  // -12345.678901234
  const long long ll = (static_cast<long long>(in[5]) << 32) | in[6];
  const float inf = __int_as_float(0x7f800000), nan = __int_as_float(0x7fc00000);
  int k = 0;
  out[k++] = printf("plain text, no arguments\n");
  out[k++] = printf("%%d %d|%i|%5d|%-5d|%05d|%+d|% d\n", neg, neg, 42, 42, 42, 42, 42);
  out[k++] = printf("%%u %u|%x|%X|%#x|%o|%#o|%08x\n", u, u, u, u, u, u, 0xbeefu);
  out[k++] = printf("%%ld %ld|%lld|%llu|%llx|%lu\n", static_cast<long>(ll), ll, static_cast<unsigned long long>(ll),
                    static_cast<unsigned long long>(ll), static_cast<unsigned long>(u));
  out[k++] = printf("%%hd %hd|%hhd|%hu|%hhx\n", static_cast<short>(neg * 1000), static_cast<signed char>(neg),
                    static_cast<unsigned short>(u), static_cast<unsigned char>(u));
  out[k++] = printf("%%f %f|%.2f|%10.3f|%-10.1f|%+f|%e|%.3E|%g|%G\n", f, f, f, f, f, d, d, d, d * 1e-10);
  out[k++] = printf("%%a %a|%A|%g|%g|%f|%f|%e\n", d, f, 1e20, 1e-5, inf, -inf, nan);
  out[k++] = printf("%%c %c%c%c|%3c|%-3c|\n", 'G', 'P', 'U', 'x', 'y');
  out[k++] = printf("%%s %s|%10s|%-10s|%.3s|%s\n", "warp", "scope", "left", "truncated", "");
  out[k++] = printf("%d %d %d %d %d %d %d %d %d %d %d %d\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
  out[k++] = printf("%*d|%-*d|%.*f\n", 6, 7, 6, 7, 2, f);
  out[k++] = printf("mixed %d %f %s %llx %c %u\n", 1, 2.5, "three", 0x400000000ull, '5', 6u);
  out[k++] = printf("");
  out[k++] = printf("no newline at the end");
  out[k++] = printf("\n");
  out[31] = static_cast<u32>(k);
}

// Every lane prints; lanes of the two sides of a branch print different text.
extern "C" __global__ void pf_lanes(const u32* in, u32* out) {
  const u32 t = threadIdx.x;
  int r;
  if (in[t] & 1u)
    r = printf("odd  lane %2u value %u\n", t, in[t]);
  else
    r = printf("even lane %2u value %u (%s)\n", t, in[t], in[t] > 10u ? "big" : "small");
  out[t] = static_cast<u32>(r);
}

// Two warps of two CTAs, a printf before and after __syncthreads, and one
// lane per warp with a second line.
extern "C" __global__ void pf_blocks(const u32* in, u32* out) {
  const u32 t = threadIdx.x, b = blockIdx.x;
  printf("block %u thread %u before\n", b, t);
  __syncthreads();
  if ((t & 31u) == 7u) printf("block %u warp %u: lane 7 says %x\n", b, t >> 5, in[t]);
  __syncthreads();
  printf("block %u thread %u after\n", b, t);
  out[b * blockDim.x + t] = t;
}

// A printf inside a loop with a per-lane trip count and a float argument.
extern "C" __global__ void pf_loop(const u32* in, u32* out) {
  const u32 t = threadIdx.x;
  u32 n = in[t] & 3u, s = 0;
  for (u32 i = 0; i < n; ++i) {
    s += i;
    printf("t%u i%u s=%u f=%.4f\n", t, i, s, static_cast<float>(s) / 3.0f);
  }
  out[t] = s;
}

// What printf returns and prints for the length modifiers, star widths and
// precisions, pointers and the conversions C has and CUDA may not.
extern "C" __global__ void pf_returns(const u32* in, u32* out) {
  if (threadIdx.x != 0) return;
  const int v = static_cast<int>(in[0]);  // 42
  const char* null = in[1] == 0u ? nullptr : "x";  // in[1] is 0
  const void* p = in + 2;
  int k = 0;
  out[k++] = printf("[%hd]\n", v);
  out[k++] = printf("[%hhd]\n", v);
  out[k++] = printf("[%hu]\n", v);
  out[k++] = printf("[%hhx]\n", v);
  out[k++] = printf("[%hd %d]\n", v, v);
  out[k++] = printf("[%d %hd]\n", v, v);
  out[k++] = printf("[%hhd %d %d]\n", v, v, v);
  out[k++] = printf("[%zu %jd %td]\n", static_cast<size_t>(v), static_cast<long long>(v), static_cast<long long>(v));
  out[k++] = printf("[%Lf]\n", 1.5);
  out[k++] = printf("[%5.2s|%*.*f]\n", "abc", 8, 3, 2.5);
  out[k++] = printf("[%.*f|%d]\n", 2, 2.5, v);
  out[k++] = printf("[%-+ #0d|%+.3d|% 05d]\n", v, v, v);
  out[k++] = printf("[%p|%p]\n", p, static_cast<const void*>(nullptr));
  out[k++] = printf("[%s]\n", null);
  out[k++] = printf("[%q %d]\n", v);
  out[k++] = printf("[%lc|%c]\n", 65, 0);
  out[k++] = printf("[%5%|%d]\n", v);
  out[k++] = printf("[%ld|%lld|%li]\n", -1L, -1LL, -5L);
  out[k++] = printf("[%.0f|%.0e|%#.0f|%#x|%#o]\n", 2.5, 2.5, 2.5, 0u, 0u);
  out[k++] = printf("[%08.3f|%-8.3e|%+g|%.10g]\n", -3.14159, 314.159, 0.0001, 1.0 / 3.0);
  out[31] = static_cast<u32>(k);
}

// assert: lane 5 fails (in[5] is 0); the kernel stops with
// cudaErrorAssert and the message names the condition, file, line, function,
// block and thread.
extern "C" __global__ void pf_assert(const u32* in, u32* out) {
  const u32 t = threadIdx.x;
  assert(in[t] != 0u);
  out[t] = in[t] + 1u;
}
