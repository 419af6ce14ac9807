// wgmma.mma_async end to end: a warpgroup (128 threads) copies matrices into
// shared memory, builds descriptors, runs one wgmma and stores D. The
// expected D comes from a plain double-precision product of small integers
// (every sum exact in f16 and f32), laid out with the ISA's canonical
// layouts and fragment figures as this file spells them.
#include <gtest/gtest.h>
#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <functional>

#include "tests/core/test_util.hpp"

namespace ws::test {
namespace {

constexpr std::uint32_t kSmemWords = 4096;  // 16 KiB: A at 0, B at 8 KiB
constexpr std::uint32_t kAWords = 4096;     // in[]: then the A fragments (4 per thread)
constexpr std::uint32_t kCWords = 4096 + 512;  // then D's initial values (64 per thread)

// An exactly representable value's bits in a binary format (normal numbers and 0).
std::uint64_t encode(double v, int expBits, int manBits) {
  if (v == 0) return 0;
  const int width = 1 + expBits + manBits;
  const std::uint64_t sign = v < 0 ? std::uint64_t{1} << (width - 1) : 0;
  int e = 0;
  const double m = std::frexp(std::fabs(v), &e);  // v = m 2^e, m in [0.5, 1)
  const int bias = (1 << (expBits - 1)) - 1;
  const auto frac = static_cast<std::uint64_t>(std::ldexp(m * 2 - 1, manBits));
  return sign | (static_cast<std::uint64_t>(e - 1 + bias) << manBits) | frac;
}

double decodeF16(std::uint32_t h) {
  const int e = static_cast<int>((h >> 10) & 31);
  const double m = e == 0 ? (h & 1023) / 1024.0 : 1 + (h & 1023) / 1024.0;
  const double v = std::ldexp(m, e == 0 ? -14 : e - 15);
  return (h & 0x8000) ? -v : v;
}

enum class T { F16, BF16, TF32, E4M3, E5M2, S8, U8, B1 };

int bitsOf(T t) {
  switch (t) {
    case T::F16: case T::BF16: return 16;
    case T::TF32: return 32;
    case T::B1: return 1;
    default: return 8;
  }
}
std::string nameOf(T t) {
  switch (t) {
    case T::F16: return "f16";
    case T::BF16: return "bf16";
    case T::TF32: return "tf32";
    case T::E4M3: return "e4m3";
    case T::E5M2: return "e5m2";
    case T::S8: return "s8";
    case T::U8: return "u8";
    case T::B1: return "b1";
  }
  return "";
}
std::uint64_t bitsFor(T t, double v) {
  switch (t) {
    case T::F16: return encode(v, 5, 10);
    case T::BF16: return encode(v, 8, 7);
    case T::TF32: return std::bit_cast<std::uint32_t>(static_cast<float>(v));
    case T::E4M3: return encode(v, 4, 3);
    case T::E5M2: return encode(v, 5, 2);
    case T::S8: return static_cast<std::uint8_t>(static_cast<std::int8_t>(v));
    case T::U8: return static_cast<std::uint8_t>(v);
    case T::B1: return static_cast<std::uint64_t>(v) & 1;
  }
  return 0;
}

struct Case {
  T a = T::F16, b = T::F16;
  std::string d = "f32";  // f32, f16 or s32
  int n = 16;
  bool aRegs = false;
  int swizzleA = 0, swizzleB = 0;  // bytes of the swizzle row: 0 (none), 32, 64, 128
  bool transA = false, transB = false;
  int scaleA = 1, scaleB = 1;
  std::string scaleD = "1";  // an immediate, or "%p2" (true in every thread)
  bool satfinite = false;
  std::string extraBefore, extraAfter;  // PTX around the fence and wgmma
  std::string afterFence;               // PTX between the fence and the wgmma
  bool fence = true;
  std::uint32_t dInit = 0;  // 0: small values; else every D element starts here (s32)

  int k() const { return a == T::B1 ? 256 : a == T::TF32 ? 8 : bitsOf(a) == 16 ? 16 : 32; }
  bool integer() const { return d == "s32"; }
  int dRegs() const { return d == "f16" ? n / 4 : n / 2; }
};

// The test's own placement of element (mn, k) of a T-per-16-byte matrix
// (the canonical layouts of 9.7.15.5.1.2.1.3: 8 x 16-byte core matrices),
// returning its bit offset from the matrix start before the swizzle; the
// swizzle XORs 16-byte chunk bits 4.. with row bits 7.. of the address.
struct Placement {
  int swizzle = 0;  // swizzle row bytes, 0 for none
  bool kMajor = true;
  int bits = 16;
  std::uint32_t lbo = 0, sbo = 0;
  std::uint64_t bitOffset(int mn, int k) const {
    const int t = 128 / bits;
    std::uint64_t byte = 0;
    int inChunk = 0;
    if (kMajor) {
      const int row = mn % 8, rowBlock = mn / 8, chunk = k / t;
      inChunk = k % t;
      byte = swizzle == 0 ? static_cast<std::uint64_t>(rowBlock) * sbo + static_cast<std::uint64_t>(chunk) * lbo + row * 16
                          : static_cast<std::uint64_t>(rowBlock) * sbo + static_cast<std::uint64_t>(row) * swizzle + chunk * 16;
    } else {
      const int w = swizzle == 0 ? 1 : swizzle / 16;
      const int kRow = k % 8, kBlock = k / 8, chunk = (mn / t) % w, mnBlock = mn / (t * w);
      inChunk = mn % t;
      byte = swizzle == 0 ? static_cast<std::uint64_t>(mn / t) * sbo + static_cast<std::uint64_t>(kBlock) * lbo + kRow * 16
                          : static_cast<std::uint64_t>(mnBlock) * lbo + static_cast<std::uint64_t>(kBlock) * sbo +
                                static_cast<std::uint64_t>(kRow) * swizzle + chunk * 16;
    }
    return byte * 8 + static_cast<std::uint64_t>(inChunk * bits);
  }
  std::uint64_t modeBits() const {
    const std::uint64_t mode = swizzle == 128 ? 1 : swizzle == 64 ? 2 : swizzle == 32 ? 3 : 0;
    return (std::uint64_t{lbo >> 4} << 16) | (std::uint64_t{sbo >> 4} << 32) | (mode << 62);
  }
};

Placement placementFor(int swizzle, bool kMajor, int bits, int mnExtent) {
  Placement p;
  p.swizzle = swizzle;
  p.kMajor = kMajor;
  p.bits = bits;
  const int t = 128 / bits;
  if (kMajor) {
    // K is 32 bytes: two chunks. No swizzle: core matrices side by side
    // along K (LBO 128), row blocks after them; swizzled: a row per
    // swizzle row, 8 rows per block.
    p.lbo = swizzle == 0 ? 128 : 16;
    p.sbo = swizzle == 0 ? 256 : 8 * static_cast<std::uint32_t>(swizzle);
  } else {
    const int kBlocks = 2;  // K = 16 for the transposable f16/bf16
    if (swizzle == 0) {
      p.sbo = 128 * kBlocks;  // next T elements of MN
      p.lbo = 128;            // next 8 of K
    } else {
      p.sbo = 8 * static_cast<std::uint32_t>(swizzle);  // next 8 of K
      p.lbo = p.sbo * kBlocks;                          // next T * W of MN
    }
    (void)t;
    (void)mnExtent;
  }
  return p;
}

void place(std::vector<std::uint8_t>& smem, std::uint32_t base, const Placement& p, int mn, int k, std::uint64_t v) {
  const std::uint64_t bit = p.bitOffset(mn, k);
  std::uint64_t addr = base + bit / 8;
  if (p.swizzle) {
    const int b = p.swizzle == 32 ? 1 : p.swizzle == 64 ? 2 : 3;
    addr ^= ((addr >> 7) & ((1u << b) - 1)) << 4;
  }
  const int bytes = std::max(p.bits / 8, 1);
  for (int i = 0; i < bytes; ++i) smem[addr + static_cast<std::uint64_t>(i)] |= static_cast<std::uint8_t>((v << (bit % 8)) >> (8 * i));
}

// The ISA's fragment figures, written out: D element i of thread t.
std::pair<int, int> dCell(int t, int i) {
  const int warp = t / 32, lane = t % 32;
  return {16 * warp + lane / 4 + 8 * ((i / 2) % 2), 8 * (i / 4) + 2 * (lane % 4) + i % 2};
}
// A element j (of 4 registers x E) of thread t: the mma.m16n8kK A layout per warp.
std::pair<int, int> aCell(int t, int reg, int slot, int perReg) {
  const int warp = t / 32, lane = t % 32;
  return {16 * warp + lane / 4 + 8 * (reg % 2), perReg * (lane % 4) + slot + 4 * perReg * (reg / 2)};
}

struct Result {
  Run run;
  std::vector<std::vector<double>> expect;  // [row][col]
  std::vector<std::vector<std::uint32_t>> got;  // [thread][reg]
};

double valueFor(T t, int i, int j, int salt) {
  const int h = (i * 7 + j * 13 + salt * 5) % 7;  // 0..6
  switch (t) {
    case T::B1: return (i * 3 + j * 5 + salt) % 3 == 0 ? 1 : 0;
    case T::U8: return (h * 37 + i) % 256;
    case T::S8: return (h * 41 + j) % 256 - 128;
    default: return h - 3;  // -3..3
  }
}

Result runCase(const Case& c, const std::string& extraAfterWait = "", core::EngineOptions opts = {}) {
  const int K = c.k(), N = c.n, bitsA = bitsOf(c.a), bitsB = bitsOf(c.b);
  std::vector<std::vector<double>> A(64, std::vector<double>(static_cast<std::size_t>(K)));
  std::vector<std::vector<double>> B(static_cast<std::size_t>(N), std::vector<double>(static_cast<std::size_t>(K)));
  for (int i = 0; i < 64; ++i)
    for (int k = 0; k < K; ++k) A[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] = valueFor(c.a, i, k, 1);
  for (int n = 0; n < N; ++n)
    for (int k = 0; k < K; ++k) B[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)] = valueFor(c.b, n, k, 2);

  std::vector<std::uint8_t> smem(kSmemWords * 4, 0);
  const Placement pa = placementFor(c.swizzleA, !c.transA, bitsA, 64);
  const Placement pb = placementFor(c.swizzleB, !c.transB, bitsB, N);
  if (!c.aRegs)
    for (int i = 0; i < 64; ++i)
      for (int k = 0; k < K; ++k) place(smem, 0, pa, i, k, bitsFor(c.a, A[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]));
  for (int n = 0; n < N; ++n)
    for (int k = 0; k < K; ++k) place(smem, 8192, pb, n, k, bitsFor(c.b, B[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)]));

  std::vector<std::uint32_t> in(kCWords + 128 * 64, 0);
  for (std::uint32_t w = 0; w < kSmemWords; ++w)
    for (int b = 0; b < 4; ++b) in[w] |= static_cast<std::uint32_t>(smem[w * 4 + static_cast<std::uint32_t>(b)]) << (8 * b);
  const int perReg = 32 / bitsA;
  if (c.aRegs)
    for (int t = 0; t < 128; ++t)
      for (int r = 0; r < 4; ++r)
        for (int s = 0; s < perReg; ++s) {
          const auto [i, k] = aCell(t, r, s, perReg);
          in[kAWords + static_cast<std::uint32_t>(t * 4 + r)] |= static_cast<std::uint32_t>(
              bitsFor(c.a, A[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]) << (s * bitsA));
        }
  // D's initial values (C): small integers, or dInit for every element.
  std::vector<std::vector<double>> C(64, std::vector<double>(static_cast<std::size_t>(N)));
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n)
      C[static_cast<std::size_t>(i)][static_cast<std::size_t>(n)] =
          c.dInit ? static_cast<double>(static_cast<std::int32_t>(c.dInit)) : (i + 2 * n) % 5 - 2;
  for (int t = 0; t < 128; ++t)
    for (int r = 0; r < c.dRegs(); ++r) {
      std::uint32_t word = 0;
      for (int s = 0; s < (c.d == "f16" ? 2 : 1); ++s) {
        const auto [i, n] = dCell(t, c.d == "f16" ? 2 * r + s : r);
        const double v = C[static_cast<std::size_t>(i)][static_cast<std::size_t>(n)];
        if (c.d == "f16") word |= static_cast<std::uint32_t>(encode(v, 5, 10)) << (16 * s);
        else if (c.d == "f32") word = std::bit_cast<std::uint32_t>(static_cast<float>(v));
        else word = static_cast<std::uint32_t>(static_cast<std::int32_t>(v));
      }
      in[kCWords + static_cast<std::uint32_t>(t * 64 + r)] = word;
    }

  // The kernel.
  std::string body;
  body += "\tmov.u32 %r1, smem;\n\tmov.u32 %r2, 0;\nCOPY:\n";
  body += "\tmad.lo.u32 %r3, %r2, 128, %r127;\n\tmul.wide.u32 %rd10, %r3, 4;\n\tadd.s64 %rd11, %rd0, %rd10;\n";
  body += "\tld.global.u32 %r4, [%rd11];\n\tshl.b32 %r5, %r3, 2;\n\tadd.u32 %r5, %r5, %r1;\n\tst.shared.u32 [%r5], %r4;\n";
  body += fmt::format("\tadd.u32 %r2, %r2, 1;\n\tsetp.lt.u32 %p1, %r2, {};\n\t@%p1 bra COPY;\n", kSmemWords / 128);
  body += "\tbar.sync 0;\n\tsetp.ne.u32 %p2, %r127, 1000;\n";
  // A fragment registers %r8..%r11, D registers %r32.. from in[].
  body += fmt::format("\tmul.wide.u32 %rd12, %r127, 16;\n\tadd.s64 %rd12, %rd12, {};\n\tadd.s64 %rd12, %rd0, %rd12;\n", kAWords * 4);
  for (int r = 0; r < 4; ++r) body += fmt::format("\tld.global.u32 %r{}, [%rd12+{}];\n", 8 + r, 4 * r);
  body += fmt::format("\tmul.wide.u32 %rd13, %r127, 256;\n\tadd.s64 %rd13, %rd13, {};\n\tadd.s64 %rd13, %rd0, %rd13;\n", kCWords * 4);
  for (int r = 0; r < c.dRegs(); ++r) body += fmt::format("\tld.global.u32 %r{}, [%rd13+{}];\n", 32 + r, 4 * r);
  // Descriptors: %rd20 (A at smem + 0), %rd21 (B at smem + 8192).
  auto desc = [&](const char* reg, int offset, const Placement& p) {
    return fmt::format("\tcvt.u64.u32 {0}, %r1;\n\tadd.s64 {0}, {0}, {1};\n\tshr.u64 {0}, {0}, 4;\n\tand.b64 {0}, {0}, 16383;\n"
                       "\tor.b64 {0}, {0}, {2};\n",
                       reg, offset, p.modeBits());
  };
  body += desc("%rd20", 0, pa) + desc("%rd21", 8192, pb);
  std::string dList;
  for (int r = 0; r < c.dRegs(); ++r) dList += fmt::format("{}%r{}", r ? ", " : "", 32 + r);
  std::string ops = "{" + dList + "}, " + (c.aRegs ? std::string("{%r8, %r9, %r10, %r11}") : std::string("%rd20")) +
                    ", %rd21, " + c.scaleD;
  const bool half = c.a == T::F16 || c.a == T::BF16;
  if (!c.integer()) ops += fmt::format(", {}, {}", c.scaleA, c.scaleB);
  if (half && !c.aRegs) ops += fmt::format(", {}", c.transA ? 1 : 0);
  if (half) ops += fmt::format(", {}", c.transB ? 1 : 0);
  const std::string shape = fmt::format("m64n{}k{}", N, K);
  const std::string types = c.a == T::B1 ? ".s32.b1.b1.and.popc"
                                         : fmt::format(".{}.{}.{}{}", c.d, nameOf(c.a), nameOf(c.b), c.satfinite ? ".satfinite" : "");
  body += c.extraBefore;
  if (c.fence) body += "\twgmma.fence.sync.aligned;\n";
  body += c.afterFence;
  body += fmt::format("\twgmma.mma_async.sync.aligned.{}{} {};\n", shape, types, ops);
  body += c.extraAfter;
  body += "\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n";
  body += extraAfterWait;
  body += fmt::format("\tmul.wide.u32 %rd30, %r127, {};\n\tadd.s64 %rd30, %rd1, %rd30;\n", 4 * c.dRegs());
  for (int r = 0; r < c.dRegs(); ++r) body += fmt::format("\tst.global.u32 [%rd30+{}], %r{};\n", 4 * r, 32 + r);

  Result res;
  res.run = runKernel(body, in, static_cast<std::size_t>(128 * c.dRegs()), 128, opts, "sm_90a",
                      ".shared .align 1024 .b8 smem[16384];\n");
  const auto out = res.run.words(1);
  res.got.assign(128, std::vector<std::uint32_t>(static_cast<std::size_t>(c.dRegs())));
  for (int t = 0; t < 128; ++t)
    for (int r = 0; r < c.dRegs(); ++r)
      res.got[static_cast<std::size_t>(t)][static_cast<std::size_t>(r)] = out[static_cast<std::size_t>(t * c.dRegs() + r)];
  // The reference: D = sA A x sB B (+ C), in doubles (exact here).
  const bool useC = c.scaleD != "0";
  res.expect.assign(64, std::vector<double>(static_cast<std::size_t>(N)));
  for (int i = 0; i < 64; ++i)
    for (int n = 0; n < N; ++n) {
      double s = useC ? C[static_cast<std::size_t>(i)][static_cast<std::size_t>(n)] : 0;
      for (int k = 0; k < K; ++k) {
        const double a = A[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
        const double b = B[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
        s += c.a == T::B1 ? static_cast<double>(static_cast<int>(a) & static_cast<int>(b)) : c.scaleA * a * c.scaleB * b;
      }
      if (c.satfinite) s = std::clamp(s, -2147483648.0, 2147483647.0);
      res.expect[static_cast<std::size_t>(i)][static_cast<std::size_t>(n)] = s;
    }
  return res;
}

// Every D element of every thread equals the reference.
void expectD(const Case& c, const Result& r) {
  ASSERT_TRUE(r.run.error.empty()) << r.run.error;
  for (const auto& d : r.run.result.diags) ADD_FAILURE() << "diagnostic: " << d.message;
  int bad = 0;
  for (int t = 0; t < 128 && bad < 8; ++t)
    for (int i = 0; i < c.n / 2 && bad < 8; ++i) {
      const auto [row, col] = dCell(t, i);
      const double want = r.expect[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
      double got = 0;
      if (c.d == "f16") {
        const std::uint32_t w = r.got[static_cast<std::size_t>(t)][static_cast<std::size_t>(i / 2)];
        got = decodeF16((w >> (16 * (i % 2))) & 0xffff);
      } else if (c.d == "f32") {
        got = std::bit_cast<float>(r.got[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]);
      } else {
        got = static_cast<std::int32_t>(r.got[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]);
      }
      if (got != want) {
        ++bad;
        ADD_FAILURE() << "thread " << t << " d" << i << " (row " << row << ", col " << col << "): got " << got
                      << ", want " << want;
      }
    }
}

TEST(Wgmma, F16DescriptorsNoSwizzle) {
  Case c;
  expectD(c, runCase(c));
}

TEST(Wgmma, F16EverySwizzleMode) {
  for (int s : {32, 64, 128}) {
    SCOPED_TRACE(s);
    Case c;
    c.swizzleA = c.swizzleB = s;
    c.n = 32;
    expectD(c, runCase(c));
  }
}

TEST(Wgmma, F16AFromRegistersF16Accumulator) {
  Case c;
  c.aRegs = true;
  c.d = "f16";
  c.n = 24;
  c.scaleD = "%p2";
  expectD(c, runCase(c));
}

TEST(Wgmma, Bf16TransposedAAndB) {
  for (int s : {0, 64, 128}) {
    SCOPED_TRACE(s);
    Case c;
    c.a = c.b = T::BF16;
    c.transA = c.transB = true;
    c.swizzleA = c.swizzleB = s;
    expectD(c, runCase(c));
  }
}

TEST(Wgmma, Tf32ScaleDZeroIgnoresTheAccumulator) {
  Case c;
  c.a = c.b = T::TF32;
  c.aRegs = true;
  c.n = 8;
  c.scaleD = "0";
  expectD(c, runCase(c));
}

TEST(Wgmma, Fp8MixedNegatedA) {
  for (const char* d : {"f32", "f16"}) {
    SCOPED_TRACE(d);
    Case c;
    c.a = T::E4M3;
    c.b = T::E5M2;
    c.d = d;
    c.scaleA = -1;
    c.swizzleA = c.swizzleB = 64;
    expectD(c, runCase(c));
  }
}

TEST(Wgmma, IntegerSatfiniteFromRegisters) {
  Case c;
  c.a = T::S8;
  c.b = T::U8;
  c.d = "s32";
  c.aRegs = true;
  c.satfinite = true;
  c.dInit = 0x7fff0000u;  // the sums pass INT32_MAX: clamped
  c.swizzleB = 32;
  expectD(c, runCase(c));
  // Without .satfinite the sum wraps.
  c.satfinite = false;
  Result r = runCase(c);
  for (auto& row : r.expect)
    for (double& v : row) v = static_cast<double>(static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::int64_t>(v))));
  expectD(c, r);
}

TEST(Wgmma, B1AndPopc) {
  Case c;
  c.a = c.b = T::B1;
  c.d = "s32";
  c.n = 8;
  expectD(c, runCase(c));
}

// Two wgmma-groups: wait_group 1 lands the first, the second's D registers
// still hold their old values (and reading them is reported) until wait 0.
TEST(Wgmma, CommitAndWaitTwoGroups) {
  Case c;
  c.n = 8;
  // A second wgmma into %r40..%r43 (zeroed first, fenced), its own group.
  c.extraBefore = "\tmov.u32 %r40, 0;\n\tmov.u32 %r41, 0;\n\tmov.u32 %r42, 0;\n\tmov.u32 %r43, 0;\n";
  c.extraAfter =
      "\twgmma.commit_group.sync.aligned;\n"
      "\twgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r40, %r41, %r42, %r43}, %rd20, %rd21, 0, 1, 1, 0, 0;\n"
      "\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 1;\n"
      "\tmov.u32 %r50, %r40;\n";  // pending: still 0, and undefined behaviour
  // Hardware mode: the run goes on past the undefined behaviour (strict mode stops there).
  core::EngineOptions hw;
  hw.mode = core::ExecMode::Hardware;
  Result r = runCase(c, "\tmov.u32 %r51, %r40;\n", hw);
  ASSERT_TRUE(r.run.error.empty()) << r.run.error;
  EXPECT_TRUE(r.run.hasDiag(core::DiagKind::WgmmaPendingAccess));
  // The first group's D is complete and right.
  for (int t = 0; t < 128; ++t)
    for (int i = 0; i < 4; ++i) {
      const auto [row, col] = dCell(t, i);
      EXPECT_EQ(std::bit_cast<float>(r.got[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]),
                r.expect[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]);
    }
  // %r50 read the pending register: 0; %r51 (after wait 0) the product.
  const core::Engine& e = *r.run.engine;
  const auto& prog = *r.run.program;
  std::uint32_t r50 = 0, r51 = 0;
  for (std::uint32_t i = 0; i < prog.regs.size(); ++i) {
    if (prog.regs[i].name == "%r50") r50 = i;
    if (prog.regs[i].name == "%r51") r51 = i;
  }
  const core::WarpState& w0 = e.state().warps[0];
  EXPECT_EQ(w0.regs[static_cast<std::size_t>(r50) * 32], 0u);
  // Lane 0 holds D[0][0] = A[0] . B[0] (scale-d 0: the product alone).
  double product = 0;
  for (int k = 0; k < 16; ++k) product += valueFor(T::F16, 0, k, 1) * valueFor(T::F16, 0, k, 2);
  EXPECT_EQ(std::bit_cast<float>(static_cast<std::uint32_t>(w0.regs[static_cast<std::size_t>(r51) * 32])),
            static_cast<float>(product));
}

TEST(Wgmma, MissingFenceIsReported) {
  Case c;
  c.n = 8;
  Result ok = runCase(c);
  EXPECT_FALSE(ok.run.hasDiag(core::DiagKind::WgmmaNoFence));
  // D written between the fence and the wgmma (nvcc's zeroed accumulator,
  // which ptxas orders and the H200 computes as expected): not reported.
  c.afterFence = "\tmov.u32 %r33, 0;\n";
  Result r = runCase(c);
  EXPECT_FALSE(r.run.hasDiag(core::DiagKind::WgmmaNoFence));
  // No fence at all before the first wgmma.
  c.afterFence = "";
  c.fence = false;
  EXPECT_TRUE(runCase(c).run.hasDiag(core::DiagKind::WgmmaNoFence));
}

}  // namespace
}  // namespace ws::test
