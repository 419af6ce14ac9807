// redux.sync: the nine integer forms on INT_MIN/INT_MAX/UINT_MAX and small
// signed values, partial membermasks in branches, exited lanes, per-lane
// membermasks, and the .f32 min/max forms (sm_100a) with .abs and .NaN.
// Expected values are worked out by hand from the PTX ISA (see the sums in
// the comments).
#include <gtest/gtest.h>

#include "tests/core/collectives_util.hpp"

namespace ws::test::coll {
namespace {

using core::FlowKind;
using core::StopReason;

// Nine rows from k: add.u32 add.s32 min.u32 min.s32 max.u32 max.s32 and.b32
// or.b32 xor.b32 of %r5 under membermask M.
std::string redux9(int k, const std::string& m) {
  const char* forms[] = {"add.u32", "add.s32", "min.u32", "min.s32", "max.u32",
                         "max.s32", "and.b32", "or.b32",  "xor.b32"};
  std::string s;
  for (int i = 0; i < 9; ++i) s += std::string("\tredux.sync.") + forms[i] + " %r6, %r5, " + m + ";\n" + store(k + i, "%r6");
  return s;
}

using Nine = std::array<std::uint32_t, 9>;

void expectRedux9(const Run& r, int k, std::uint32_t lanes, const Nine& want) {
  for (int i = 0; i < 9; ++i)
    EXPECT_EQ(row(r, static_cast<std::size_t>(k + i)), rowOf([&](auto l) {
                return ((lanes >> l) & 1) ? want[static_cast<std::size_t>(i)]
                                          : untouched(static_cast<std::size_t>(k + i), l);
              }))
        << "row " << k + i;
}

// in[0] = INT_MIN, in[1] = INT_MAX, in[2] = UINT_MAX, in[l] = l for l >= 3;
// in[32 + l] = l - 16 (-16 .. 15).
const std::vector<std::uint32_t> kIn = [] {
  std::vector<std::uint32_t> v(64);
  for (std::uint32_t l = 0; l < 32; ++l) {
    v[l] = l;
    v[32 + l] = l - 16;
  }
  v[0] = 0x80000000u;
  v[1] = 0x7fffffffu;
  v[2] = 0xffffffffu;
  return v;
}();
const std::string kLoad = "\tld.global.u32 %r5, [%rd2];\n";

// Full warp over kIn[0..31]:
//   add: 0x80000000 + 0x7fffffff + 0xffffffff = 0xfffffffe (mod 2^32), plus 3 + ... + 31 = 493 = 0x1ed -> 0x1eb
//   min.u32 3, min.s32 INT_MIN, max.u32 UINT_MAX, max.s32 INT_MAX
//   and: INT_MIN & INT_MAX = 0; or: UINT_MAX; xor: INT_MIN ^ INT_MAX ^ UINT_MAX = 0, ^ (3 ^ ... ^ 31) = 3
const Nine kFull = {0x1ebu, 0x1ebu, 3u, 0x80000000u, 0xffffffffu, 0x7fffffffu, 0u, 0xffffffffu, 3u};
// Lanes 0..15: add 0xfffffffe + (3 + ... + 15 = 117 = 0x75) = 0x73; xor 3 ^ ... ^ 15 = 3.
const Nine kLow16 = {0x73u, 0x73u, 3u, 0x80000000u, 0xffffffffu, 0x7fffffffu, 0u, 0xffffffffu, 3u};

TEST(Redux, FullWarpIntegerForms) {
  const std::string body = kLoad + redux9(0, "0xffffffff") + "\tld.global.u32 %r5, [%rd2+128];\n" + redux9(9, "0xffffffff");
  const ws::test::Run r = runRows(body, kIn, 18);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  expectRedux9(r, 0, ~0u, kFull);
  // -16 .. 15: sum -16; min.u32 0 (lane 16); min.s32 -16; max.u32 0xffffffff (-1);
  // max.s32 15; and 0 (0 is in); or 0xffffffff (-1 is in); xor 0 (each of the
  // 16 negative values has 0xfffffff0 and the low nibbles 0..15 cancel, as do 0..15).
  expectRedux9(r, 9, ~0u, {0xfffffff0u, 0xfffffff0u, 0u, 0xfffffff0u, 0xffffffffu, 15u, 0u, 0xffffffffu, 0u});
}

TEST(Redux, PartialMembermaskInBranch) {
  std::string body = kLoad;
  body += "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 bra $L_hi;\n" + redux9(0, "0x0000ffff") + "\tbra $L_j1;\n$L_hi:\n" +
          redux9(9, "0xffff0000") + "$L_j1:\n";
  body += "\tand.b32 %r3, %r0, 1;\n\tsetp.eq.u32 %p2, %r3, 0;\n\t@%p2 bra $L_j2;\n" + redux9(18, "0xaaaaaaaa") + "$L_j2:\n";
  body += "\tsetp.ne.u32 %p2, %r0, 7;\n\t@%p2 bra $L_j3;\n" + redux9(27, "0x80") + "$L_j3:\n";
  const ws::test::Run r = runRows(body, kIn, 36);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  expectRedux9(r, 0, 0x0000ffffu, kLow16);
  // 16..31: sum 376 = 0x178; and: all share bit 4, 16 has no other bit -> 0x10; or 0x1f; xor 0.
  expectRedux9(r, 9, 0xffff0000u, {0x178u, 0x178u, 16u, 16u, 31u, 31u, 0x10u, 0x1fu, 0u});
  // Odd lanes: INT_MAX and 3, 5, ..., 31 (sum 255): add 0x800000fe; and of the
  // odd numbers 3 & 5 & ... = 1; xor of 3 ^ 5 ^ ... ^ 31 = 1, ^ INT_MAX = 0x7ffffffe.
  expectRedux9(r, 18, 0xaaaaaaaau,
               {0x800000feu, 0x800000feu, 3u, 3u, 0x7fffffffu, 0x7fffffffu, 1u, 0x7fffffffu, 0x7ffffffeu});
  expectRedux9(r, 27, 0x80u, {7u, 7u, 7u, 7u, 7u, 7u, 7u, 7u, 7u});
}

TEST(Redux, ExitedLanesDoNotTakePart) {
  const std::string body = kLoad + "\tsetp.ge.u32 %p2, %r0, 16;\n\t@%p2 ret;\n" + redux9(0, "0xffffffff");
  const ws::test::Run r = runRows(body, kIn, 9);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  expectRedux9(r, 0, 0x0000ffffu, kLow16);
}

// Halves of a converged warp passing their own half as membermask (what
// cg::tiled_partition<16> does) reduce over their own half. Every lane in
// each membermask passes that same membermask, so the ISA's rule holds: it
// runs in strict mode without a diagnostic (H100: redux_split_mask).
TEST(Redux, PerLaneMembermasks) {
  const std::string body =
      kLoad + "\tsetp.lt.u32 %p2, %r0, 16;\n\tselp.b32 %r9, 0x0000ffff, 0xffff0000, %p2;\n" + redux9(0, "%r9");
  const ws::test::Run r = runRows(body, kIn, 9);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  EXPECT_TRUE(r.result.diags.empty());
  const Nine hi = {0x178u, 0x178u, 16u, 16u, 31u, 31u, 0x10u, 0x1fu, 0u};
  for (std::size_t i = 0; i < 9; ++i)
    EXPECT_EQ(row(r, i), rowOf([&](auto l) { return l < 16 ? kLow16[i] : hi[i]; })) << i;
}

// Lanes 0-15 name the whole warp but lanes 16-31 pass 0xffff0000: the rule is
// broken, and the diagnostic names the lanes that were named but disagree.
TEST(Redux, OverlappingMembermasksAreAMismatch) {
  const std::string body =
      kLoad + "\tsetp.lt.u32 %p2, %r0, 16;\n\tselp.b32 %r9, 0xffffffff, 0xffff0000, %p2;\n" + redux9(0, "%r9");
  const ws::test::Run r = runRows(body, kIn, 9);
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Diagnostic);
  core::LaneMask flagged = 0;
  for (const auto& d : r.result.diags)
    if (d.kind == core::DiagKind::MembermaskMismatch) flagged |= d.lanes;
  EXPECT_EQ(flagged, 0xffff0000u);
}

TEST(Redux, FlowsEveryMemberToEveryMember) {
  Loaded ld = load(kLoad + "\tredux.sync.add.u32 %r6, %r5, 0xffffffff;\n", kIn, 32);
  ASSERT_TRUE(ld.engine);
  const auto rec = stepTo(*ld.engine, core::Opcode::Redux);
  ASSERT_TRUE(rec);
  EXPECT_EQ(flowPairs(*rec, FlowKind::Reduce).size(), 32u * 32u);
  for (const auto& f : rec->flows) EXPECT_EQ(f.value, kIn[f.from.lane]);
}

// ------------------------------------------------------------------- .f32

constexpr std::uint32_t kNaN = 0x7fffffffu;  // the canonical NaN redux writes
constexpr std::uint32_t kPosZero = 0x00000000u, kNegZero = 0x80000000u;

// Eight rows from k: min, max, min.NaN, max.NaN, min.abs, max.abs,
// min.abs.NaN, max.abs.NaN over in[32 * block + l].
std::string reduxF32(int k, int block) {
  const char* forms[] = {"min", "max", "min.NaN", "max.NaN", "min.abs", "max.abs", "min.abs.NaN", "max.abs.NaN"};
  std::string s = "\tld.global.f32 %f1, [%rd2+" + std::to_string(128 * block) + "];\n";
  for (int i = 0; i < 8; ++i)
    s += std::string("\tredux.sync.") + forms[i] + ".f32 %f2, %f1, 0xffffffff;\n\tst.global.f32 [%rd3+" +
         std::to_string(128 * (k + i)) + "], %f2;\n";
  return s;
}

struct F32Case {
  const char* what;
  std::array<std::uint32_t, 32> in;
  std::array<std::uint32_t, 8> want;  // min max min.NaN max.NaN min.abs max.abs min.abs.NaN max.abs.NaN
};

std::array<std::uint32_t, 32> fill(std::uint32_t rest, std::initializer_list<std::uint32_t> first) {
  std::array<std::uint32_t, 32> v{};
  v.fill(rest);
  std::size_t i = 0;
  for (std::uint32_t x : first) v[i++] = x;
  return v;
}

const std::vector<F32Case> kF32Cases = {
    // +0.0 > -0.0; |-0.0| = +0.0.
    {"signed zeros", rowOf([](auto l) { return l % 2 ? kNegZero : kPosZero; }),
     {kNegZero, kPosZero, kNegZero, kPosZero, kPosZero, kPosZero, kPosZero, kPosZero}},
    {"only -0.0", fill(kNegZero, {}), {kNegZero, kNegZero, kNegZero, kNegZero, kPosZero, kPosZero, kPosZero, kPosZero}},
    // -3.0, 2.0, -0.5, 1.0, then 0.75: min -3.0, max 2.0, |min| 0.5, |max| 3.0.
    {"numbers", fill(0x3f400000u, {0xc0400000u, 0x40000000u, 0xbf000000u, 0x3f800000u}),
     {0xc0400000u, 0x40000000u, 0xc0400000u, 0x40000000u, 0x3f000000u, 0x40400000u, 0x3f000000u, 0x40400000u}},
    // The same with a signalling NaN in lane 5: ignored without .NaN, canonical NaN with it.
    {"one NaN", fill(0x3f400000u, {0xc0400000u, 0x40000000u, 0xbf000000u, 0x3f800000u, 0x3f400000u, 0x7fa00000u}),
     {0xc0400000u, 0x40000000u, kNaN, kNaN, 0x3f000000u, 0x40400000u, kNaN, kNaN}},
    // Only NaNs (of both signs): canonical NaN in every form.
    {"all NaN", rowOf([](auto l) { return l % 2 ? 0xffc00000u : 0x7fc00001u; }),
     {kNaN, kNaN, kNaN, kNaN, kNaN, kNaN, kNaN, kNaN}},
    // +inf, -inf, -0.0, a negative NaN, then 1.0.
    {"infinities", fill(0x3f800000u, {0x7f800000u, 0xff800000u, kNegZero, 0xffffffffu}),
     {0xff800000u, 0x7f800000u, kNaN, kNaN, kPosZero, 0x7f800000u, kNaN, kNaN}},
    // Subnormals are compared as they are (redux has no .ftz).
    {"subnormals", fill(0x00800000u, {0x00000001u, 0x80000001u}),
     {0x80000001u, 0x00800000u, 0x80000001u, 0x00800000u, 0x00000001u, 0x00800000u, 0x00000001u, 0x00800000u}},
};

TEST(ReduxF32, MinMaxAbsNaNTable) {
  std::string body;
  std::vector<std::uint32_t> in;
  for (std::size_t c = 0; c < kF32Cases.size(); ++c) {
    body += reduxF32(static_cast<int>(8 * c), static_cast<int>(c));
    in.insert(in.end(), kF32Cases[c].in.begin(), kF32Cases[c].in.end());
  }
  const ws::test::Run r = runRows(body, in, 8 * kF32Cases.size(), {}, "sm_100a");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.result.stop, StopReason::Finished);
  const char* forms[] = {"min", "max", "min.NaN", "max.NaN", "min.abs", "max.abs", "min.abs.NaN", "max.abs.NaN"};
  for (std::size_t c = 0; c < kF32Cases.size(); ++c)
    for (std::size_t i = 0; i < 8; ++i)
      EXPECT_EQ(row(r, 8 * c + i), rowOf([&](auto) { return kF32Cases[c].want[i]; }))
          << kF32Cases[c].what << ": redux.sync." << forms[i] << ".f32";
}

// Lanes >= 8 exit: the NaN in lane 9 no longer takes part.
TEST(ReduxF32, ExitedLanesDoNotTakePart) {
  std::vector<std::uint32_t> in(32, 0x3f800000u);
  in[3] = 0xc0000000u;  // -2.0
  in[9] = 0x7fc00000u;
  const std::string body = "\tld.global.f32 %f1, [%rd2];\n\tsetp.ge.u32 %p2, %r0, 8;\n\t@%p2 ret;\n"
                           "\tredux.sync.min.NaN.f32 %f2, %f1, 0xffffffff;\n\tst.global.f32 [%rd3], %f2;\n";
  const ws::test::Run r = runRows(body, in, 1, {}, "sm_100a");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(row(r, 0), rowOf([](auto l) { return l < 8 ? 0xc0000000u : untouched(0, l); }));
}

// The parser refuses .f32, .abs and .NaN below sm_100a (gates.def).
TEST(ReduxF32, RejectedBelowSm100a) {
  for (const char* ins : {"redux.sync.min.f32 %f2, %f1, 0xffffffff;", "redux.sync.max.NaN.f32 %f2, %f1, 0xffffffff;"}) {
    const ws::test::Run r = runRows(std::string("\t") + ins + "\n", {}, 1, {}, "sm_90a");
    EXPECT_NE(r.error, "") << ins;
    EXPECT_NE(r.error.find("sm_100a"), std::string::npos) << r.error;
  }
}

}  // namespace
}  // namespace ws::test::coll
