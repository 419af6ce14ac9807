// wgmma's fragment layouts and matrix descriptors (core/exec/tensor/wgmma_layout.hpp)
// against the PTX ISA's figures and tables, spelled out here.
#include <gtest/gtest.h>

#include <set>

#include "core/exec/tensor/wgmma_layout.hpp"

namespace ws::core::mx {
namespace {

WgmmaForm form(Elem a, Elem d, int n) {
  WgmmaForm f;
  f.a = f.b = a;
  f.d = d;
  f.n = n;
  f.k = wgmmaK(a);
  f.aInRegs = true;
  return f;
}

TEST(WgmmaLayout, ShapesOfTheIsa) {
  EXPECT_EQ(wgmmaK(Elem::F16), 16);
  EXPECT_EQ(wgmmaK(Elem::TF32), 8);
  EXPECT_EQ(wgmmaK(Elem::E5M2), 32);
  EXPECT_EQ(wgmmaK(Elem::S8), 32);
  EXPECT_EQ(wgmmaK(Elem::B1), 256);
  for (int n = 8; n <= 256; n += 8) EXPECT_TRUE(wgmmaValidN(Elem::BF16, n)) << n;
  // Integers and b1: 8, 16, 24, 32, then multiples of 16.
  EXPECT_TRUE(wgmmaValidN(Elem::U8, 24));
  EXPECT_FALSE(wgmmaValidN(Elem::U8, 40));
  EXPECT_TRUE(wgmmaValidN(Elem::B1, 48));
  EXPECT_FALSE(wgmmaValidN(Elem::B1, 264));
  EXPECT_FALSE(wgmmaValidN(Elem::F16, 12));
}

// Figure 149 (m64nNk16 D): each of the 128 threads holds N/2 elements, and
// every element of the 64 x N matrix is held once.
TEST(WgmmaLayout, DFragmentCoversTheMatrixOnce) {
  for (Elem d : {Elem::F32, Elem::F16}) {
    const WgmmaForm f = form(Elem::F16, d, 24);
    std::set<std::pair<int, int>> seen;
    for (int t = 0; t < 128; ++t)
      for (int r = 0; r < f.dRegs(); ++r)
        for (int s = 0; s < f.dPerReg(); ++s) {
          const WgCell c = wgmmaDCell(f, t, r, s);
          EXPECT_TRUE(seen.insert({c.row, c.col}).second) << t << " " << r << " " << s;
          EXPECT_LT(c.row, 64);
          EXPECT_LT(c.col, 24);
        }
    EXPECT_EQ(seen.size(), 64u * 24u);
  }
  // The ISA's figure, a few cells: thread 0 holds d0, d1 at row 0, columns
  // 0 and 1, d2, d3 at row 8; thread 37 (warp 1, lane 5) d4 at row 17, column 10.
  const WgmmaForm f = form(Elem::F16, Elem::F32, 16);
  EXPECT_EQ(wgmmaDCell(f, 0, 1, 0), (WgCell{0, 1}));
  EXPECT_EQ(wgmmaDCell(f, 0, 2, 0), (WgCell{8, 0}));
  EXPECT_EQ(wgmmaDCell(f, 37, 4, 0), (WgCell{17, 10}));
  EXPECT_EQ(wgmmaDCell(f, 127, 7, 0), (WgCell{63, 15}));
  // f16 D: two elements per register, in the same order.
  const WgmmaForm h = form(Elem::F16, Elem::F16, 16);
  EXPECT_EQ(wgmmaDCell(h, 0, 0, 1), (WgCell{0, 1}));
  EXPECT_EQ(wgmmaDCell(h, 0, 1, 0), (WgCell{8, 0}));
  EXPECT_EQ(wgmmaDCell(h, 0, 2, 1), (WgCell{0, 9}));
}

// A in registers: per warp the mma.m16n8kK A fragment (the ISA's figures
// 148, 150, 152, 154 draw the same 16-row layout per warp).
TEST(WgmmaLayout, AFragmentIsTheMmaFragmentOfEachWarp) {
  for (Elem a : {Elem::F16, Elem::TF32, Elem::E4M3, Elem::S8, Elem::B1}) {
    const WgmmaForm f = form(a, a == Elem::S8 || a == Elem::B1 ? Elem::S32 : Elem::F32, 8);
    MmaForm m;
    m.shape = {16, 8, f.k};
    m.a = m.b = a;
    m.c = m.d = f.d;
    std::set<std::pair<int, int>> seen;
    for (int t = 0; t < 128; ++t)
      for (int r = 0; r < 4; ++r)
        for (int s = 0; s < f.aPerReg(); ++s) {
          const WgCell c = wgmmaACell(f, t, r, s);
          const Cell mc = fragCell(m, MatOp::A, t % 32, r, s);
          EXPECT_EQ(c.row, 16 * (t / 32) + mc.row) << elemName(a) << " thread " << t << " reg " << r;
          EXPECT_EQ(c.col, mc.col) << elemName(a);
          seen.insert({c.row, c.col});
        }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(64 * f.k)) << elemName(a);
  }
}

// 9.7.15.5.1.2.2: start >> 4 in bits 0-13, LBO >> 4 in 16-29, SBO >> 4 in
// 32-45, base offset in 49-51, swizzle mode in 62-63 (1: 128B, 2: 64B, 3: 32B).
TEST(WgmmaLayout, DescriptorFields) {
  const std::uint64_t bits = (std::uint64_t{0x400 >> 4}) | (std::uint64_t{128 >> 4} << 16) |
                             (std::uint64_t{1024 >> 4} << 32) | (std::uint64_t{3} << 49) | (std::uint64_t{1} << 62);
  const MatrixDescriptor d = decodeDescriptor(bits);
  EXPECT_EQ(d.start, 0x400u);
  EXPECT_EQ(d.leading, 128u);
  EXPECT_EQ(d.stride, 1024u);
  EXPECT_EQ(d.baseOffset, 3u);
  EXPECT_EQ(d.swizzle, Swizzle::B128);
  EXPECT_EQ(decodeDescriptor(std::uint64_t{2} << 62).swizzle, Swizzle::B64);
  EXPECT_EQ(decodeDescriptor(std::uint64_t{3} << 62).swizzle, Swizzle::B32);
  EXPECT_EQ(decodeDescriptor(0).swizzle, Swizzle::None);
  // matrix-descriptor-encode(x) = (x & 0x3FFFF) >> 4: 14 bits of 16-byte units.
  EXPECT_EQ(decodeDescriptor(0x3fff).start, 0x3fff0u);
}

// The ISA's canonical-layout examples (9.7.15.5.1.2.1.3), element offsets
// in units of the element: K-major no-swizzle tf32 ((8,2),(4,4)):((4,32),(1,64)),
// K-major 32B tf32 ((8,2),(4,4)):((8,64),(1,4)), MN-major no-swizzle bf16
// ((8,1,2),(8,2)):((1,8,64),(8,128)), MN-major 32B bf16
// ((8,2,2),(8,2)):((1,8,128),(16,256)), MN-major 64B bf16
// ((8,4,2),(8,2)):((1,8,256),(32,512)) (before the swizzle).
TEST(WgmmaLayout, CanonicalLayoutExamplesOfTheIsa) {
  auto unswizzled = [](MatrixDescriptor d, bool kMajor, int bits, int mn, int k) {
    // Undo the swizzle of a pattern at address 0 with an involution of our own:
    // chunk bits 4.. XOR row bits 7.. (b = 1, 2, 3 bits).
    const ElemLoc l = descriptorElement(d, kMajor, bits, mn, k);
    const int b = d.swizzle == Swizzle::B32 ? 1 : d.swizzle == Swizzle::B64 ? 2 : d.swizzle == Swizzle::B128 ? 3 : 0;
    const std::uint64_t a = l.addr ^ (((l.addr >> 7) & ((1u << b) - 1)) << 4);
    return (a * 8 + l.bit) / static_cast<std::uint64_t>(bits);
  };
  MatrixDescriptor d;
  // K-major tf32, no swizzle: LBO = 64 elements, SBO = 32 elements.
  d.leading = 64 * 4;
  d.stride = 32 * 4;
  for (int mn = 0; mn < 16; ++mn)
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(unswizzled(d, true, 32, mn, k), static_cast<std::uint64_t>((mn % 8) * 4 + (mn / 8) * 32 + (k % 4) + (k / 4) * 64));
  // K-major tf32, 32B: SBO = 64 elements.
  d = {};
  d.swizzle = Swizzle::B32;
  d.stride = 64 * 4;
  for (int mn = 0; mn < 16; ++mn)
    for (int k = 0; k < 8; ++k)
      EXPECT_EQ(unswizzled(d, true, 32, mn, k), static_cast<std::uint64_t>((mn % 8) * 8 + (mn / 8) * 64 + (k % 4) + (k / 4) * 4));
  // MN-major bf16, no swizzle: LBO = 128, SBO = 64 elements.
  d = {};
  d.leading = 128 * 2;
  d.stride = 64 * 2;
  for (int mn = 0; mn < 16; ++mn)
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(unswizzled(d, false, 16, mn, k), static_cast<std::uint64_t>((mn % 8) + (mn / 8) * 64 + (k % 8) * 8 + (k / 8) * 128));
  // MN-major bf16, 32B: LBO = 128, SBO = 256 elements.
  d = {};
  d.swizzle = Swizzle::B32;
  d.leading = 128 * 2;
  d.stride = 256 * 2;
  for (int mn = 0; mn < 32; ++mn)
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(unswizzled(d, false, 16, mn, k),
                static_cast<std::uint64_t>((mn % 8) + ((mn / 8) % 2) * 8 + (mn / 16) * 128 + (k % 8) * 16 + (k / 8) * 256));
  // MN-major bf16, 64B: LBO = 256, SBO = 512 elements.
  d = {};
  d.swizzle = Swizzle::B64;
  d.leading = 256 * 2;
  d.stride = 512 * 2;
  for (int mn = 0; mn < 64; ++mn)
    for (int k = 0; k < 16; ++k)
      EXPECT_EQ(unswizzled(d, false, 16, mn, k),
                static_cast<std::uint64_t>((mn % 8) + ((mn / 8) % 4) * 8 + (mn / 32) * 256 + (k % 8) * 32 + (k / 8) * 512));
}

// The swizzle itself: 128B mode, row 1 of a pattern at 0x400 moves chunk 0
// to chunk 1; a base offset shifts which row the pattern starts on.
TEST(WgmmaLayout, SwizzledAddresses) {
  MatrixDescriptor d;
  d.start = 0x400;
  d.swizzle = Swizzle::B128;
  d.stride = 1024;
  // K-major f16: row 1, k = 0 lies at 0x480 before the swizzle: chunk 0 ^ 1.
  EXPECT_EQ(descriptorElement(d, true, 16, 1, 0).addr, 0x490u);
  // k = 8 is chunk 1 of row 1: 1 ^ 1 = chunk 0.
  EXPECT_EQ(descriptorElement(d, true, 16, 1, 8).addr, 0x480u);
  // A pattern that starts 3 rows into its 1024-byte block (base offset 3):
  // its row 0 (at 0x580) is not permuted.
  d.start = 0x580;
  d.baseOffset = 3;
  EXPECT_EQ(descriptorElement(d, true, 16, 0, 8).addr, 0x590u);
  EXPECT_EQ(descriptorElement(d, true, 16, 1, 0).addr, 0x610u);
}

}  // namespace
}  // namespace ws::core::mx
