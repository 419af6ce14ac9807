// Host harness for the "alu" hardware-golden kernels (alu.cu / alu.ptx).
//
//   alu_harness alu.ptx > recording.json
//
// The recording's alu_f32_approx test is then moved to approx-alu.json and
// the others kept as golden-alu.json (see alu.md).
//
// Loads alu.ptx through the CUDA driver API (so the driver JIT-compiles exactly
// the PTX kept as test data), fills `in` (lanes 0..31 hand-picked edge cases,
// the rest pseudo-random), pre-fills `out` with the sentinel 0xcdcd0000 | i,
// launches each kernel once on one block of 64 threads and prints
// {"device","sm","tests":[{"name","grid","block","cluster","in","out_init","out"}]}.
// Each kernel ends its outputs with a trailer word 0xc0de0000 | count written
// by thread 0; a first launch on a large buffer finds the count, the recorded
// launch uses exactly count * 64 + 1 words.
//
// Build: nvcc -std=c++17 -arch=sm_90a alu_harness.cu -o alu_harness -lcuda
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

typedef uint32_t u32;
typedef uint64_t u64;
typedef std::vector<u32> V;

#define CK(x)                                                                     \
  do {                                                                            \
    CUresult e_ = (x);                                                            \
    if (e_ != CUDA_SUCCESS) {                                                     \
      const char* s_ = nullptr;                                                   \
      cuGetErrorString(e_, &s_);                                                  \
      fprintf(stderr, "%s:%d %s -> %s\n", __FILE__, __LINE__, #x, s_ ? s_ : "?"); \
      exit(2);                                                                    \
    }                                                                             \
  } while (0)

static const u32 kThreads = 64;

struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9e3779b97f4a7c15ull + 1) {}
  u32 next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (u32)(s >> 11); }
  u64 next64() { u64 h = next(); return (h << 32) | next(); }
};

static u32 f2u(float f) { u32 u; memcpy(&u, &f, 4); return u; }
static u64 d2u(double d) { u64 u; memcpy(&u, &d, 8); return u; }
static u32 rndF32(Rng& r) {  // moderate magnitude, random mantissa and sign
  u32 e = 127 - 12 + r.next() % 24;
  return (r.next() & 0x80000000u) | (e << 23) | (r.next() & 0x7fffff);
}
static u64 rndF64(Rng& r) {
  u64 e = 1023 - 30 + r.next() % 60;
  return ((u64)(r.next() & 1) << 63) | (e << 52) | (r.next64() & 0xfffffffffffffull);
}
static u32 rndHalf2(Rng& r) {  // two f16 of moderate magnitude
  auto h = [&]() { return (u32)(((r.next() & 1) << 15) | ((8 + r.next() % 14) << 10) | (r.next() & 0x3ff)); };
  return h() | (h() << 16);
}

// ------------------------------------------------------------ operand tables
static const u32 INT32_EDGE[32][3] = {
    {0, 0, 0}, {1, 0xffffffff, 0}, {0x7fffffff, 1, 0x80000000}, {0x80000000, 0xffffffff, 0xffffffff},
    {0x80000000, 1, 5}, {7, 0, 0x00000803}, {0xfffffff9, 0, 0x1f01}, {0xfffffff9, 2, 0x0a1c},
    {7, 0xfffffffe, 0x2020}, {0x00ffffff, 0x00ffffff, 0x12345678}, {0x00800000, 0xff800000, 0x7fffffff},
    {0x12345678, 32, 0x0000ff00}, {0x87654321, 33, 0x00000120}, {0x87654321, 31, 0xffffffff},
    {0x87654321, 0xffffffff, 0x08040201}, {0xdeadbeef, 255, 0x00003210}, {0xdeadbeef, 256, 0x00007654},
    {0xcafebabe, 4, 0x0000c8a9}, {0x80808080, 0x7f7f7f7f, 0x0000fedc}, {1, 0x80, 1}, {0xffffffff, 16, 1},
    {0x0000f000, 12, 0x2004}, {0x0000f000, 0x0c, 0x14}, {0x80000000, 0x1f, 0x21}, {0x40000000, 0x20, 0x05},
    {0x12345678, 0x104, 0x108}, {0xfffe0001, 0x00020003, 5}, {0x7fff8000, 0x80ff7f01, 0xffffffff},
    {0xaaaaaaaa, 3, 0x04000000}, {0xaaaaaaaa, 2, 0xfc000000}, {0x0f0f0f0f, 5, 0x88000000},
    {0, 0xffffffff, 0x7c000000}};

static const u64 I64_MIN = 0x8000000000000000ull, I64_MAX = 0x7fffffffffffffffull;
static const u64 INT64_EDGE[32][3] = {
    {0, 0, 0}, {1, ~0ull, 0}, {I64_MAX, 1, I64_MIN}, {I64_MIN, ~0ull, ~0ull}, {I64_MIN, 1, 5},
    {7, 0, 0x803}, {(u64)-7, 0, 0x1f01}, {(u64)-7, 2, 0x0a1c}, {7, (u64)-2, 0x2020},
    {0x123456789abcdef0ull, 64, 0x4010}, {0x8765432112345678ull, 63, 0x3c08}, {0x8765432112345678ull, 65, 0x4040},
    {0xfedcba9876543210ull, 0xffffffffull, 0xff00}, {0xfedcba9876543210ull, 32, 0x2020}, {0xffffffffffffffffull, 1, 0x40},
    {0x0000000100000000ull, 0x0000000100000000ull, 0x3f3f}, {1, 0x80, 1}, {0x8000000000000000ull, 0x3f, 0x41},
    {0x00000000ffffffffull, 0xffffffffull, 0x100000001ull}, {0xffffffff00000000ull, 2, 0x2f03},
    {0x8000, 0xffff, 0x7fff}, {0x7fff, 1, 0x8000}, {0xfff9, 0, 3}, {0xfff9, 2, 0x4000}, {0x1234, 16, 0x00ff},
    {0x8765, 17, 0x00f0}, {0x8765, 15, 0x8000}, {0xffff, 0xffff, 0xffff}, {0x00ff, 0x0100, 0x8001},
    {0x4000, 0x4000, 0x1}, {0x0001, 0x8000, 0x7fff}, {0, ~0ull, 0x80}};

static const u32 CVT_INT_EDGE[32][2] = {
    {0, 0}, {1, 0xffffffff}, {0xffffffff, 0xffffffff}, {127, 0}, {128, 0x80000000}, {0xffffff80, 0x7fffffff},
    {0xffffff7f, 0xffffffff}, {255, 0}, {256, 1}, {32767, 0x00200000}, {32768, 0x001fffff}, {0xffff8000, 0xffe00000},
    {0xffff7fff, 0xffdfffff}, {65535, 0x80000000}, {65536, 0x7ffffe00}, {0x7fffffff, 0x7fffffff},
    {0x80000000, 0x80000000}, {16777217, 0}, {16777219, 0}, {0x7fffffc0, 0x00000000}, {0x7fffffbf, 0x40000000},
    {0xfeffffff, 0xffffffff}, {2049, 0}, {2051, 0}, {65520, 0}, {65519, 0}, {0x00ffffff, 0x00200001},
    {0x01000001, 0x8000000f}, {0xfffff7ff, 0xffffffff}, {4097, 0x00100000}, {0x7ff00000, 0x43300000}, {33, 0xfff00000}};

static u32 F(float f) { return f2u(f); }
static const u32 kInf = 0x7f800000, kNInf = 0xff800000, kMax = 0x7f7fffff;
static u32 F32_EDGE[52][3];
static void initF32() {
  const u32 e[52][3] = {
      {F(1.f), F(2.f), F(3.f)}, {F(1.f), 0x33800000, 0}, {F(1.f), 0x33800001, 0}, {0x3f800001, 0x33800000, 0},
      {F(-1.f), 0xb3800000, 0}, {1, 1, 0}, {0x00800000, 0x80000001, 0}, {0x00400000, F(0.5f), 0x80000000},
      {0, 0x80000000, 0x80000000}, {0x80000000, 0x80000000, 0}, {kInf, kNInf, F(1.f)}, {0x7fc12345, F(1.f), F(2.f)},
      {F(1.f), 0x7f812345, 0}, {0xffc00000, 0x7fc00001, F(1.f)}, {kMax, kMax, 0}, {0xff7fffff, kMax, 0},
      {F(2.f), 0, 0}, {0, 0, 0}, {F(-1.f), 0x80000000, 0}, {F(0.5f), F(0.25f), F(-0.125f)},
      {F(1.5f), F(1.f), 0}, {F(-0.5f), F(0.25f), 0}, {F(3.f), 0x3eaaaaab, F(-1.f)}, {F(1.f), F(3.f), 0},
      {F(2.f), 0x3f800001, 0x80000001}, {0x007fffff, F(2.f), 0}, {0x00800001, F(0.5f), 0}, {0x00ffffff, F(0.5f), 0},
      {F(2.5f), F(-3.5f), F(0.5f)}, {F(-2.5f), 0x4b000001, F(1.5f)}, {0x4f000000, 0xcf000001, 0x5f800000},
      {0x80000100, F(65520.f), F(65504.f)},
      // unary-focused: conversions to f16 / bf16 / tf32 / integers
      {F(65520.f), F(-0.f), 0x7fffffff}, {0x477fefff, F(1.f), 0x7f800001}, {0x33000000, F(2.f), 0x80000001},
      {0x33000001, 0x007fffff, F(-2.f)}, {0x33c00000, 0x00800000, F(4.f)}, {0x387fc000, 0x3f800000, 0xbf800000},
      {0x38800000, 0xb8800000, 0x38000000}, {0x3f808000, 0xbf808000, 0x3f818000}, {0x3f818000, F(1.f), F(1.f)},
      {0xff7fffff, 0x7f7f8000, 0xc77ff000}, {0x3f800fff, 0x3f801000, 0x3f803000}, {0x4effffff, 0xcf000000, 0x4f800000},
      {0xdf000000, 0x5f000000, 0x5f800000}, {0x477ff000, 0xc77ff000, 0x477fe000}, {0xff800000, 0x7fbfffff, 0xffffffff},
      {0x3effffff, 0x3f000000, 0x3f000001},
      // .ftz on a product whose exact value 2^-126 - 2^-151 is tiny but rounds to 2^-126
      {0x1e918e00, 0x21612000, 0}, {0x9e918e00, 0x21612000, 0x80000000}, {0x00800001, 0x80800000, 0x00800000},
      {0x1e918e00, 0x21612000, 0x00000001}};
  memcpy(F32_EDGE, e, sizeof e);
}

static const u32 APPROX_EDGE[32][2] = {
    {0, F(1.f)}, {0x80000000, F(2.f)}, {F(1.f), F(3.f)}, {F(-1.f), F(7.f)}, {F(2.f), 0x7f000000},
    {F(0.5f), 0x7f400000}, {kInf, 0x7f400000}, {kNInf, 0x7e800000}, {0x7fc00000, F(1.f)}, {1, F(1.f)},
    {0x80000001, F(4.f)}, {0x00800000, 0}, {F(3.14159265f), 0x80000000}, {F(100.f), F(-100.f)},
    {F(-100.f), F(0.001f)}, {F(0.001f), 0x00400000}, {F(10.f), 0x80400000}, {F(-10.f), kInf},
    {F(0.25f), kNInf}, {F(1e30f), F(1e-30f)}, {F(-0.75f), F(5.f)}, {0x3c003c00, 0x3ff00000},
    {0x7c00fc00, 0x7ff00000}, {0xbc000000, 0x00100000}, {0x3f803f80, 0x80000000}, {0x4b80c000, 0xc0000000},
    {0x00017fff, 0x7ff80000}, {F(8.f), F(0.125f)}, {F(16.f), 0x000fffff}, {F(-0.f), 0x3ff80000},
    {F(1.5f), 0x40000000}, {F(126.f), F(2.f)}};

static const u32 F16_EDGE[32][3] = {
    {0x40003c00, 0x3c004000, 0x42004200}, {0x3c003c00, 0x10011000, 0x00000000}, {0x3c013c01, 0x10001000, 0x80008000},
    {0x00010001, 0x00018001, 0x03ff0400}, {0x04000400, 0x80018001, 0x00000000}, {0x00008000, 0x80008000, 0x80000000},
    {0x7c007c00, 0xfc003c00, 0x3c003c00}, {0x7e013c00, 0x3c007d01, 0x00000000}, {0xfe007e00, 0x7e017d01, 0x3c003c00},
    {0x7bff7bff, 0x7bff3c00, 0x00000000}, {0x3e003800, 0x3c003400, 0xb400b800}, {0xb800bc00, 0x34003800, 0x00000000},
    {0x3f803f80, 0x3b813b80, 0x00000000}, {0x3f813f81, 0x3b803b80, 0x3b803b80}, {0x00010080, 0x80010001, 0x80000000},
    {0x7f807fc0, 0xff807f81, 0x3f803f80}, {0x7f7f7f7f, 0x7f7f3f80, 0x7f7f7f7f}, {0xbf803f00, 0x3e803f80, 0xbf800000},
    {0x80000000, 0x00008000, 0x80008000}, {0x3555bc00, 0x42003c00, 0xbc003c00}, {0x03ff0200, 0x40004000, 0x00000000},
    {0x3c003c00, 0x3c00bc00, 0x00010001}, {0x0001fc00, 0x7c00ffff, 0x00000000}, {0x4a804d00, 0x7bff3c00, 0xfbff0000},
    {0x3f003f80, 0x3f80bf00, 0x00000000}, {0x4b804180, 0x3f81bf81, 0x3f803f80}, {0x00800080, 0x3f003f00, 0x00000000},
    {0x3b803b80, 0x3b803b80, 0x3f803f80}, {0x47004700, 0x3f804000, 0x00000000}, {0xc900c900, 0x3f80c000, 0x00000000},
    {0x42484248, 0x5bf85bf8, 0x00000000}, {0x38003800, 0x3c003c00, 0x3c00bc00}};

// .ftz on an f16 product 4095 * 2^-26: tiny before rounding, 2^-14 after.
static const u32 F16_TINY[3] = {0x9fe01fe0, 0x20102010, 0x00000000};
// Signaling NaNs: bf16 0x7f81 and f16 0x7d01 / 0xfd01 in the low halves.
static const u32 F16_SNAN[2][3] = {{0x3c007f81, 0x7d013c00, 0x7f810000}, {0x7f81fd01, 0xfd017f81, 0x3c00fd01}};

static u64 D(double d) { return d2u(d); }
static const u64 dInf = 0x7ff0000000000000ull, dNInf = 0xfff0000000000000ull, dMax = 0x7fefffffffffffffull;
static u64 F64_EDGE[42][3];
static void initF64() {
  const u64 e[42][3] = {
      {D(1), D(2), D(3)}, {D(1), 0x3ca0000000000000ull, 0}, {D(1), 0x3ca0000000000001ull, 0},
      {0x3ff0000000000001ull, 0x3ca0000000000000ull, 0}, {1, 1, 0}, {0x0010000000000000ull, 0x8000000000000001ull, 0},
      {0, 0x8000000000000000ull, 0x8000000000000000ull}, {dInf, dNInf, D(1)}, {0x7ff8000000012345ull, D(1), D(2)},
      {D(1), 0x7ff0000000012345ull, 0}, {0xfff8000000000000ull, 0x7ff8000000000001ull, D(1)}, {dMax, dMax, 0},
      {D(2), 0, 0}, {0, 0, 0}, {D(-1), 0, 0}, {D(1), D(3), 0}, {D(2), 0x3ff0000000000001ull, 0x8000000000000001ull},
      {D(3), 0x3fd5555555555555ull, D(-1)}, {0x0008000000000000ull, D(0.5), 0}, {D(2.5), D(-3.5), D(0.5)},
      {D(-2.5), D(4503599627370497.0), 0},
      // conversions to f32 / f16 / bf16 / integers
      {0x3ff0000010000000ull, 0, 0}, {0x3ff0000010000001ull, 0, 0}, {0x47efffffe0000000ull, 0, 0},
      {0x36a0000000000000ull, 0, 0}, {0x3690000000000000ull, 0, 0}, {0x3698000000000000ull, 0, 0},
      {D(2147483648.0), 0, 0}, {D(-2147483649.0), 0, 0}, {D(9223372036854775808.0), 0, 0},
      {D(-9223372036854777856.0), 0, 0}, {D(65520.0), 0, 0}, {D(65519.99), 0, 0}, {D(18446744073709551616.0), 0, 0},
      {D(-0.4), 0, 0}, {D(4294967295.5), 0, 0}, {D(-32768.5), 0, 0}, {0x7ff4000000000000ull, 0, 0},
      {0x3f10000000000000ull, 0, 0}, {D(1e300), D(1e300), D(-1e300)},
      // which NaN operand an f64 operation returns
      {0x7ff8000000000001ull, 0xfff8000000000000ull, 0x7ff8000000000002ull},
      {0x7ff0000000000001ull, 0x7ff8000000000005ull, 0xfff0000000000003ull}};
  memcpy(F64_EDGE, e, sizeof e);
}

// ------------------------------------------------------------------ tests
struct Test {
  const char* name;
  u32 words;  // input words per thread
  void (*fill)(V& in, Rng& r);
};

static void fillInt32(V& in, Rng& r) {
  for (u32 t = 0; t < kThreads; ++t)
    for (u32 i = 0; i < 3; ++i) in[3 * t + i] = t < 32 ? INT32_EDGE[t][i] : r.next();
}
static void fillIntWide(V& in, Rng& r) {
  for (u32 t = 0; t < kThreads; ++t)
    for (u32 i = 0; i < 3; ++i) {
      u64 v = t < 32 ? INT64_EDGE[t][i] : r.next64();
      in[6 * t + 2 * i] = (u32)v;
      in[6 * t + 2 * i + 1] = (u32)(v >> 32);
    }
}
static void fillCvtInt(V& in, Rng& r) {
  for (u32 t = 0; t < kThreads; ++t)
    for (u32 i = 0; i < 2; ++i) in[2 * t + i] = t < 32 ? CVT_INT_EDGE[t][i] : r.next() >> (r.next() % 32);
}
static void fillF32(V& in, Rng& r) {
  for (u32 t = 0; t < kThreads; ++t)
    for (u32 i = 0; i < 3; ++i) in[3 * t + i] = t < 52 ? F32_EDGE[t][i] : rndF32(r);
}
// Results in the subnormal range: rcp of 2^127 and 1.5 * 2^127, ex2 of -130 and -144.
static const u32 APPROX_TINY[4][2] = {{0x7f000000, 0}, {0xff400000, 0}, {0xc3020000, 0}, {0xc3100000, 0}};

static void fillApprox(V& in, Rng& r) {
  for (u32 t = 0; t < kThreads; ++t)
    for (u32 i = 0; i < 2; ++i)
      in[2 * t + i] = t < 32 ? APPROX_EDGE[t][i] : t < 36 ? APPROX_TINY[t - 32][i] : rndF32(r);
}
static void fillF16(V& in, Rng& r) {
  for (u32 t = 0; t < kThreads; ++t)
    for (u32 i = 0; i < 3; ++i) in[3 * t + i] = t < 32 ? F16_EDGE[t][i] : t == 32 ? F16_TINY[i] : t < 35 ? F16_SNAN[t - 33][i] : rndHalf2(r);
}
static void fillF64(V& in, Rng& r) {
  for (u32 t = 0; t < kThreads; ++t)
    for (u32 i = 0; i < 3; ++i) {
      u64 v = t < 42 ? F64_EDGE[t][i] : rndF64(r);
      in[6 * t + 2 * i] = (u32)v;
      in[6 * t + 2 * i + 1] = (u32)(v >> 32);
    }
}

static V launch(CUmodule mod, const char* name, const V& in, V out) {
  CUfunction f;
  CK(cuModuleGetFunction(&f, mod, name));
  CUdeviceptr din, dout;
  CK(cuMemAlloc(&din, in.size() * 4));
  CK(cuMemAlloc(&dout, out.size() * 4));
  CK(cuMemcpyHtoD(din, in.data(), in.size() * 4));
  CK(cuMemcpyHtoD(dout, out.data(), out.size() * 4));
  void* args[] = {&din, &dout};
  CK(cuLaunchKernel(f, 1, 1, 1, kThreads, 1, 1, 0, nullptr, args, nullptr));
  CK(cuCtxSynchronize());
  CK(cuMemcpyDtoH(out.data(), dout, out.size() * 4));
  CK(cuMemFree(din));
  CK(cuMemFree(dout));
  return out;
}

static V sentinel(size_t n) {
  V v(n);
  for (size_t i = 0; i < n; ++i) v[i] = 0xcdcd0000u | (u32)(i & 0xffff);
  return v;
}

static std::string dump(const V& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    char b[16];
    snprintf(b, sizeof b, "%s%u", i ? "," : "", v[i]);
    s += b;
  }
  return s + "]";
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s alu.ptx\n", argv[0]);
    return 1;
  }
  initF32();
  initF64();
  const Test tests[] = {{"alu_int32", 3, fillInt32},   {"alu_int_wide", 6, fillIntWide}, {"alu_cvt_int", 2, fillCvtInt},
                        {"alu_f32", 3, fillF32},       {"alu_f32_approx", 2, fillApprox}, {"alu_f16", 3, fillF16},
                        {"alu_f64", 6, fillF64}};
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CK(cuCtxCreate(&ctx, nullptr, 0, dev));
  CUmodule mod;
  CK(cuModuleLoad(&mod, argv[1]));
  char devName[256];
  CK(cuDeviceGetName(devName, sizeof devName, dev));
  int major = 0, minor = 0;
  CK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  printf("{\"device\": \"%s\", \"sm\": \"%d%d\", \"tests\": [\n", devName, major, minor);
  size_t ti = 0;
  for (const Test& t : tests) {
    Rng rng(ti + 1);
    V in(t.words * kThreads);
    t.fill(in, rng);
    // Find the output count from the trailer.
    const u32 maxK = 300;
    V probe = launch(mod, t.name, in, sentinel(maxK * kThreads + 1));
    u32 count = 0;
    for (u32 kk = 1; kk < maxK; ++kk)
      if (probe[kk * kThreads] == (0xc0de0000u | kk)) count = kk;
    if (count == 0) {
      fprintf(stderr, "%s: no trailer\n", t.name);
      return 3;
    }
    V init = sentinel(count * kThreads + 1);
    V out = launch(mod, t.name, in, init);
    printf("{\"name\": \"%s\", \"grid\": 1, \"block\": %u, \"cluster\": 0,\n \"in\": %s,\n \"out_init\": %s,\n \"out\": %s}%s\n",
           t.name, kThreads, dump(in).c_str(), dump(init).c_str(), dump(out).c_str(),
           ++ti < sizeof tests / sizeof tests[0] ? "," : "");
  }
  printf("]}\n");
  return 0;
}
