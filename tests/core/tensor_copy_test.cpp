// The tensor (TMA) copies of PTX ISA 9.7.9.25.5 over hand-written kernels:
// tiled loads of rank 1 to 5, each swizzle mode against an independent
// formula, out-of-bounds fill (zero, NaN, negative coordinates), element
// strides, complete-tx byte counts, multicast into a cluster of two, the
// store and the reduction into global memory in a bulk group, the tensor
// map read through the param space exactly as nvcc's PTX reads it, and the
// diagnostics of a bad operand.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "core/exec/async/mbarrier_object.hpp"
#include "core/exec/async/tensor_box.hpp"
#include "core/exec/state/tensor_map.hpp"
#include "tests/core/test_util.hpp"

namespace {

using namespace ws::core;

std::vector<std::uint8_t> mapBytes(const TensorMap& m) {
  const auto b = encodeTensorMap(m);
  return {b.begin(), b.end()};
}

// Coordinates as movs into %r20..%r24 and the "{%r20, ...}" list.
std::string coordRegs(const std::vector<int>& c, std::string& list) {
  std::string movs;
  list = "{";
  for (std::size_t i = 0; i < c.size(); ++i) {
    movs += fmt::format("\tmov.s32 %r{}, {};\n", 20 + i, c[i]);
    list += fmt::format("{}%r{}", i ? ", " : "", 20 + i);
  }
  list += "}";
  return movs;
}

// One CTA of 32 threads: thread 0 inits the mbarrier, arrives with
// expect_tx(bytes) and issues the load of the box at `coords` into `tile`;
// everyone waits, then copies `tileBytes` of the tile to out (param 1) and
// the mbarrier's word to out's last 8 bytes.
std::string loadKernel(const TensorMap& m, const std::vector<int>& coords, std::uint32_t tileBytes,
                       std::uint32_t expect, std::uint32_t tileOffset = 0) {
  std::string list;
  const std::string movs = coordRegs(coords, list);
  return fmt::format(R"(
.version 8.0
.target sm_90a
.address_size 64
.shared .align 1024 .b8 tile[{alloc}];
.shared .align 8 .b64 bar;
.visible .entry k(.param .align 64 .b8 k_tmap[128], .param .u64 k_out)
{{
	.reg .b32 %r<40>;
	.reg .b64 %rd<20>;
	.reg .pred %p<4>;
	mov.b64 %rd1, k_tmap;
	cvta.param.u64 %rd2, %rd1;
	ld.param.u64 %rd3, [k_out];
	cvta.to.global.u64 %rd3, %rd3;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, tile;
	add.u32 %r2, %r2, {off};
	mov.u32 %r3, bar;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra SYNC;
	mbarrier.init.shared::cta.b64 [%r3], 1;
	fence.mbarrier_init.release.cluster;
SYNC:
	bar.sync 0;
	@%p1 bra WAIT;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], {expect};
{movs}	cp.async.bulk.tensor.{rank}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r2], [%rd2, {list}], [%r3];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r3], 0;
	@!%p2 bra WAIT;
	mov.u32 %r10, %r1;
LOOP:
	setp.ge.u32 %p3, %r10, {words};
	@%p3 bra DONE;
	shl.b32 %r11, %r10, 2;
	add.u32 %r12, %r2, %r11;
	ld.shared.u32 %r13, [%r12];
	mul.wide.u32 %rd4, %r10, 4;
	add.s64 %rd5, %rd3, %rd4;
	st.global.u32 [%rd5], %r13;
	add.u32 %r10, %r10, 32;
	bra LOOP;
DONE:
	ret;
}}
)",
                     fmt::arg("alloc", tileBytes + tileOffset), fmt::arg("off", tileOffset), fmt::arg("expect", expect),
                     fmt::arg("movs", movs), fmt::arg("rank", m.rank), fmt::arg("list", list),
                     fmt::arg("words", tileBytes / 4));
}

struct LoadRun {
  ws::test::Run run;
  std::vector<std::uint8_t> tile;  // the shared tile as copied out
};

// Runs loadKernel over a tensor of `tensorBytes` bytes (byte i = pattern(i)).
LoadRun runLoad(TensorMap m, const std::vector<int>& coords, const std::vector<std::uint8_t>& tensor,
                std::uint32_t tileOffset = 0) {
  const auto tileBytes = static_cast<std::uint32_t>(m.boxBytes());
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.block = {32, 1, 1};
  cfg.buffers.push_back({"tensor", tensor});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(tileBytes, 0xcd)});
  cfg.params.push_back(ParamValue::blob(mapBytes(m), 0, kTensorMapAddressOffset));
  cfg.params.push_back(ParamValue::buf(1));
  LoadRun r;
  r.run = ws::test::runPtx(loadKernel(m, coords, tileBytes, tileBytes, tileOffset), cfg);
  if (r.run.engine) r.tile = r.run.engine->state().global[2].bytes;
  return r;
}

std::vector<std::uint8_t> patternBytes(std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 7 + i / 251);
  return v;
}

TensorMap tiled(TensorDataType t, std::vector<std::uint64_t> dims, std::vector<std::uint32_t> box) {
  TensorMap m;
  m.dtype = t;
  m.rank = static_cast<std::uint8_t>(dims.size());
  std::uint64_t stride = tensorElementBytes(t);
  for (std::size_t i = 0; i < dims.size(); ++i) {
    m.dims[i] = dims[i];
    m.box[i] = box[i];
    if (i > 0) m.strides[i - 1] = stride;
    stride *= dims[i];
    stride = (stride + 15) / 16 * 16;
  }
  return m;
}

void expectClean(const ws::test::Run& run) {
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.result.stop, StopReason::Finished);
  for (const auto& d : run.result.diags) ADD_FAILURE() << "diagnostic: " << d.message;
}

// The expected tile, computed apart from tensorTileMoves: element (j0..j4) of
// the box is tensor element (c + j), at byte (j0 + n0*(j1 + n1*(...))) * es
// of the unswizzled tile; the swizzle moves the 16-byte chunk k of each
// 128-byte line L to chunk k ^ (L mod 2^b) (b = 1, 2, 3 for 32B, 64B, 128B).
std::vector<std::uint8_t> expectedTile(const TensorMap& m, const std::vector<int>& c,
                                       const std::vector<std::uint8_t>& tensor, std::uint64_t fill = 0) {
  const std::uint32_t es = tensorElementBytes(m.dtype);
  std::vector<std::uint8_t> out(m.boxBytes(), 0);
  std::uint64_t total = 1;
  for (int d = 0; d < m.rank; ++d) total *= m.box[static_cast<std::size_t>(d)];
  const unsigned b = static_cast<unsigned>(m.swizzle);
  for (std::uint64_t lin = 0; lin < total; ++lin) {
    std::uint64_t rest = lin, src = 0;
    bool in = true;
    for (int d = 0; d < m.rank; ++d) {
      const auto k = static_cast<std::size_t>(d);
      const std::int64_t x = c[k] + static_cast<std::int64_t>(rest % m.box[k]);
      rest /= m.box[k];
      if (x < 0 || x >= static_cast<std::int64_t>(m.dims[k])) in = false;
      else src += static_cast<std::uint64_t>(x) * (d == 0 ? es : m.strides[k - 1]);
    }
    std::uint64_t off = lin * es;
    const std::uint64_t line = off / 128, chunk = (off / 16) % 8;
    if (b > 0) off = line * 128 + (chunk ^ (line % (1u << b))) * 16 + off % 16;
    for (std::uint32_t i = 0; i < es; ++i)
      out[off + i] = in ? tensor[src + i] : static_cast<std::uint8_t>(fill >> (8 * i));
  }
  return out;
}

TEST(TensorCopy, Tile2dNoSwizzleCopiesTheBoxRowMajor) {
  TensorMap m = tiled(TensorDataType::F32, {64, 32}, {8, 4});
  const auto tensor = patternBytes(m.strides[0] * 32);
  auto r = runLoad(m, {8, 3}, tensor);
  expectClean(r.run);
  EXPECT_EQ(r.tile, expectedTile(m, {8, 3}, tensor));
}

TEST(TensorCopy, EveryRankFrom1To5) {
  const std::vector<std::vector<std::uint64_t>> dims{{64}, {16, 8}, {8, 4, 6}, {8, 3, 4, 5}, {4, 3, 2, 3, 4}};
  const std::vector<std::vector<std::uint32_t>> boxes{{16}, {8, 4}, {4, 2, 3}, {4, 2, 2, 3}, {4, 2, 2, 2, 2}};
  const std::vector<std::vector<int>> coords{{8}, {4, 2}, {4, 1, 2}, {0, 1, 1, 2}, {0, 1, 0, 1, 2}};
  for (std::size_t i = 0; i < dims.size(); ++i) {
    SCOPED_TRACE(fmt::format("rank {}", i + 1));
    TensorMap m = tiled(TensorDataType::U32, dims[i], boxes[i]);
    std::uint64_t bytes = 4 * dims[i][0];
    if (m.rank > 1) bytes = m.strides[m.rank - 2] * dims[i].back();
    const auto tensor = patternBytes(bytes);
    auto r = runLoad(m, coords[i], tensor);
    expectClean(r.run);
    EXPECT_EQ(r.tile, expectedTile(m, coords[i], tensor));
  }
}

TEST(TensorCopy, EachSwizzleModeMatchesTheChunkXorFormula) {
  for (Swizzle s : {Swizzle::B32, Swizzle::B64, Swizzle::B128}) {
    SCOPED_TRACE(std::string(swizzleName(s)));
    const std::uint32_t rowBytes = swizzleRowBytes(s);
    TensorMap m = tiled(TensorDataType::F16, {128, 32}, {rowBytes / 2, 16});
    m.swizzle = s;
    const auto tensor = patternBytes(m.strides[0] * 32);
    auto r = runLoad(m, {rowBytes / 2 == 128 ? 0 : 8, 4}, tensor);
    expectClean(r.run);
    EXPECT_EQ(r.tile, expectedTile(m, {rowBytes / 2 == 128 ? 0 : 8, 4}, tensor));
  }
}

TEST(TensorCopy, SwizzleOfTheOneRuleAgreesWithTheFormula) {
  // The same layout through core/util/swizzle.hpp: chunk k of 128-byte line
  // L goes to chunk k ^ (L % 8) under 128B.
  for (std::uint64_t off = 0; off < 2048; off += 16) {
    const std::uint64_t line = off / 128, chunk = (off / 16) % 8;
    EXPECT_EQ(swizzleAddress(off, Swizzle::B128), line * 128 + (chunk ^ (line % 8)) * 16) << off;
    EXPECT_EQ(swizzleAddress(off, Swizzle::B64), line * 128 + (chunk ^ (line % 4)) * 16) << off;
    EXPECT_EQ(swizzleAddress(off, Swizzle::B32), line * 128 + (chunk ^ (line % 2)) * 16) << off;
  }
}

TEST(TensorCopy, OutOfBoundsZeroFillIncludingNegativeCoordinates) {
  TensorMap m = tiled(TensorDataType::U32, {20, 10}, {8, 4});
  const auto tensor = patternBytes(m.strides[0] * 10);
  for (const std::vector<int>& c : {std::vector<int>{-4, -2}, std::vector<int>{16, 8}, std::vector<int>{-100, 3}}) {
    SCOPED_TRACE(fmt::format("{} {}", c[0], c[1]));
    auto r = runLoad(m, c, tensor);
    expectClean(r.run);
    EXPECT_EQ(r.tile, expectedTile(m, c, tensor, 0));
  }
}

// The H200 fills with 0x7ff7 per 16 bits, not the canonical NaN
// (tests/data/hopper/tma-oob-nan-fill-f32, -f16, -bf16).
TEST(TensorCopy, OutOfBoundsNanFillIs7ff7Per16Bits) {
  TensorMap m = tiled(TensorDataType::F32, {20, 10}, {8, 4});
  m.oobFill = TensorOobFill::Nan;
  const auto tensor = patternBytes(m.strides[0] * 10);
  auto r = runLoad(m, {-4, 8}, tensor);
  expectClean(r.run);
  EXPECT_EQ(r.tile, expectedTile(m, {-4, 8}, tensor, 0x7ff77ff7));
  for (TensorDataType t : {TensorDataType::BF16, TensorDataType::F16}) {
    TensorMap h = tiled(t, {24, 10}, {8, 4});
    h.oobFill = TensorOobFill::Nan;
    auto rh = runLoad(h, {16, -1}, tensor);
    expectClean(rh.run);
    EXPECT_EQ(rh.tile, expectedTile(h, {16, -1}, tensor, 0x7ff7));
  }
  TensorMap d = tiled(TensorDataType::F64, {4, 4}, {2, 2});
  d.oobFill = TensorOobFill::Nan;
  EXPECT_EQ(tensorOobPattern(d), 0x7ff77ff77ff77ff7ull);  // inferred, not recorded
  d.oobFill = TensorOobFill::Zero;
  EXPECT_EQ(tensorOobPattern(d), 0u);
}

// tma-three-maps-one-buffer's recorded words: tf32 rounds to nearest at 13
// bits, subnormals included, NaNs to 0x7fffe000; f32_ftz copies bits.
TEST(TensorCopy, Tf32MapRoundsOnLoadAndF32FtzCopiesBits) {
  const std::vector<std::uint32_t> words{0x4072ffffu, 0x3f800fffu, 0x807ffffdu, 0x00000002u,
                                         0x7fc00005u, 0xffc00001u, 0x3f801000u, 0x7f7fffffu};
  const std::vector<std::uint32_t> tf32{0x40730000u, 0x3f800000u, 0x80800000u, 0x00000000u,
                                        0x7fffe000u, 0x7fffe000u, 0x3f802000u, 0x7f800000u};
  const auto tensor = ws::test::toBytes(words);
  TensorMap m = tiled(TensorDataType::TF32, {8}, {8});
  auto r = runLoad(m, {0}, tensor);
  expectClean(r.run);
  EXPECT_EQ(r.tile, ws::test::toBytes(tf32));
  m.dtype = TensorDataType::F32Ftz;
  auto rf = runLoad(m, {0}, tensor);
  expectClean(rf.run);
  EXPECT_EQ(rf.tile, tensor);
  m.dtype = TensorDataType::TF32Ftz;  // assumed to round as tf32
  EXPECT_EQ(tensorLoadBits(m, 0x807ffffdu), 0x80800000u);
  m.oobFill = TensorOobFill::Nan;  // the fill is not rounded
  m.dtype = TensorDataType::TF32;
  auto ro = runLoad(m, {4}, tensor);
  expectClean(ro.run);
  EXPECT_EQ(ro.tile, ws::test::toBytes(std::vector<std::uint32_t>{0x7fffe000u, 0x7fffe000u, 0x3f802000u, 0x7f800000u,
                                                                   0x7ff77ff7u, 0x7ff77ff7u, 0x7ff77ff7u, 0x7ff77ff7u}));
}

// The im2col walk of tma-im2col-3d (C 4, W 8, N 2, corners -1/-1, w = -1,
// offset 1): bases w = -1..6 per image, read at w + 1, so pixels 0..15 of
// both images and no padding; with offset 2 the last base of each image
// reads w = 8, outside (padding, filled).
TEST(TensorCopy, Im2colWalksTheBoundingBoxWFastestThenTheImage) {
  TensorMap m;
  m.dtype = TensorDataType::U32;
  m.layout = TensorLayout::Im2col;
  m.rank = 3;
  m.dims = {4, 8, 2, 1, 1};
  m.strides = {16, 128, 0, 0};
  m.pixelBoxLower = {-1, 0, 0};
  m.pixelBoxUpper = {-1, 0, 0};
  m.channelsPerPixel = 4;
  m.pixelsPerColumn = 16;
  EXPECT_EQ(checkTensorMap(m).has_value(), false);
  EXPECT_EQ(m.boxBytes(), 256u);
  for (std::int16_t off : {std::int16_t{1}, std::int16_t{2}}) {
    const auto moves = tensorIm2colMoves(m, {0, -1, 0, 0, 0}, {off, 0, 0}, 0);
    ASSERT_EQ(moves.size(), 64u);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const std::int64_t pixel = static_cast<std::int64_t>(i / 4), w = pixel % 8 - 1 + off;
      EXPECT_EQ(moves[i].coords[0], static_cast<std::int64_t>(i % 4)) << i;
      EXPECT_EQ(moves[i].coords[1], w) << i;
      EXPECT_EQ(moves[i].coords[2], pixel / 8) << i;
      EXPECT_EQ(moves[i].inBounds, w < 8) << i;
      if (moves[i].inBounds) {
        EXPECT_EQ(moves[i].global, static_cast<std::uint64_t>(pixel / 8 * 128 + w * 16) + 4 * (i % 4));
      }
      EXPECT_EQ(moves[i].shared, 4 * i);
    }
  }
}

TEST(TensorCopy, CompleteTxCountsTheWholeBoxOutOfBoundsIncluded) {
  // expect_tx of the full box: the phase completes (the kernel finishes)
  // although half of the box lies outside the tensor.
  TensorMap m = tiled(TensorDataType::U32, {8, 4}, {8, 8});
  const auto tensor = patternBytes(m.strides[0] * 4);
  auto r = runLoad(m, {0, 0}, tensor);
  expectClean(r.run);
  // One byte short: the phase never completes.
  const auto tileBytes = static_cast<std::uint32_t>(m.boxBytes());
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"tensor", tensor});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(tileBytes, 0)});
  cfg.params.push_back(ParamValue::blob(mapBytes(m), 0, kTensorMapAddressOffset));
  cfg.params.push_back(ParamValue::buf(1));
  auto more = ws::test::runPtx(loadKernel(m, {0, 0}, tileBytes, tileBytes + 16), cfg);
  EXPECT_NE(more.result.stop, StopReason::Finished);
}

TEST(TensorCopy, ElementStridesSkipCoordinatesOutsideDimZero) {
  TensorMap m = tiled(TensorDataType::U32, {16, 16}, {4, 8});
  m.elementStrides = {2, 2, 1, 1, 1};  // dim 0's is ignored without interleave
  const auto moves = tensorTileMoves(m, {1, 2, 0, 0, 0}, 0);
  ASSERT_EQ(moves.size(), 4u * 4u);
  EXPECT_EQ(moves[0].coords[0], 1);
  EXPECT_EQ(moves[1].coords[0], 2);
  EXPECT_EQ(moves[4].coords[1], 4);
  EXPECT_EQ(moves[15].coords[1], 8);
  EXPECT_EQ(m.boxBytes(), 64u);
}

TEST(TensorCopy, MovesListGlobalCoordinatesBoundsAndSharedAddresses) {
  TensorMap m = tiled(TensorDataType::U16, {8, 8}, {8, 2});
  m.globalAddress = 0x1000;
  const auto moves = tensorTileMoves(m, {-1, 7, 0, 0, 0}, 256);
  ASSERT_EQ(moves.size(), 16u);
  EXPECT_FALSE(moves[0].inBounds);
  EXPECT_TRUE(moves[1].inBounds);
  EXPECT_EQ(moves[1].global, 0x1000u + 7 * 16);
  EXPECT_EQ(moves[1].shared, 258u);
  EXPECT_FALSE(moves[8].inBounds);  // row 8 is past the tensor
}

TEST(TensorCopy, MisalignedSwizzledDestinationIsADiagnostic) {
  TensorMap m = tiled(TensorDataType::F16, {64, 16}, {64, 8});
  m.swizzle = Swizzle::B128;
  auto r = runLoad(m, {0, 0}, patternBytes(m.strides[0] * 16), 128);
  EXPECT_TRUE(r.run.hasDiag(DiagKind::TensorCopyAlignment));
}

TEST(TensorCopy, BytesThatAreNotATensorMapAreADiagnostic) {
  TensorMap m = tiled(TensorDataType::U32, {8, 8}, {8, 8});
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"tensor", patternBytes(256)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(256, 0)});
  cfg.params.push_back(ParamValue::blob(std::vector<std::uint8_t>(128, 0x11), 0, ParamValue::kNoAddress));
  cfg.params.push_back(ParamValue::buf(1));
  auto r = ws::test::runPtx(loadKernel(m, {0, 0}, 256, 256), cfg, {}, 5000);
  EXPECT_TRUE(r.hasDiag(DiagKind::TensorMapInvalid));
}

TEST(TensorCopy, RankMismatchWithTheDimModifierIsADiagnostic) {
  TensorMap m = tiled(TensorDataType::U32, {8, 8}, {8, 8});
  TensorMap three = tiled(TensorDataType::U32, {8, 8, 1}, {8, 8, 1});
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"tensor", patternBytes(256)});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(256, 0)});
  cfg.params.push_back(ParamValue::blob(mapBytes(three), 0, kTensorMapAddressOffset));
  cfg.params.push_back(ParamValue::buf(1));
  auto r = ws::test::runPtx(loadKernel(m, {0, 0}, 256, 256), cfg, {}, 5000);
  EXPECT_TRUE(r.hasDiag(DiagKind::TensorMapInvalid));
}

TEST(TensorCopy, TheRaceDetectorSeesTheAsyncProxysWrites) {
  // With the wait: clean. Without it (every thread reads the tile with no
  // mbarrier wait at all): the reads race with the copy's writes.
  TensorMap m = tiled(TensorDataType::U32, {16, 8}, {8, 4});
  const auto tensor = patternBytes(m.strides[0] * 8);
  const auto tileBytes = static_cast<std::uint32_t>(m.boxBytes());
  EngineOptions opts;
  opts.checkRaces = true;
  for (bool wait : {true, false}) {
    SCOPED_TRACE(wait ? "waits" : "does not wait");
    LaunchConfig cfg;
    cfg.entry = "k";
    cfg.buffers.push_back({"tensor", tensor});
    cfg.buffers.push_back({"out", std::vector<std::uint8_t>(tileBytes, 0)});
    cfg.params.push_back(ParamValue::blob(mapBytes(m), 0, kTensorMapAddressOffset));
    cfg.params.push_back(ParamValue::buf(1));
    std::string ptx = loadKernel(m, {0, 0}, tileBytes, tileBytes);
    if (!wait) {
      const std::string waitLines = "\tmbarrier.try_wait.parity.shared::cta.b64 %p2, [%r3], 0;\n\t@!%p2 bra WAIT;\n";
      ptx.replace(ptx.find(waitLines), waitLines.size(), "");
    }
    auto r = ws::test::runPtx(ptx, cfg, opts);
    ASSERT_EQ(r.error, "");
    const bool raced = r.hasDiag(DiagKind::RaceShared) || r.hasDiag(DiagKind::RaceAsyncProxy);
    EXPECT_EQ(raced, !wait);
  }
}

// ------------------------------------------------------------------ stores

// Every thread writes word t of the tile (from in, param 2); thread 0 stores
// (or reduces) the box at `coords` into the tensor and waits for its group.
std::string storeKernel(std::string_view op, const TensorMap& m, const std::vector<int>& coords) {
  std::string list;
  const std::string movs = coordRegs(coords, list);
  const auto bytes = static_cast<std::uint32_t>(m.boxBytes());
  return fmt::format(R"(
.version 8.0
.target sm_90a
.address_size 64
.shared .align 1024 .b8 tile[{bytes}];
.visible .entry k(.param .align 64 .b8 k_tmap[128], .param .u64 k_in)
{{
	.reg .b32 %r<40>;
	.reg .b64 %rd<20>;
	.reg .pred %p<4>;
	mov.b64 %rd1, k_tmap;
	cvta.param.u64 %rd2, %rd1;
	ld.param.u64 %rd3, [k_in];
	cvta.to.global.u64 %rd3, %rd3;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, tile;
	mov.u32 %r10, %r1;
LOOP:
	setp.ge.u32 %p3, %r10, {words};
	@%p3 bra FILLED;
	mul.wide.u32 %rd4, %r10, 4;
	add.s64 %rd5, %rd3, %rd4;
	ld.global.u32 %r13, [%rd5];
	shl.b32 %r11, %r10, 2;
	add.u32 %r12, %r2, %r11;
	st.shared.u32 [%r12], %r13;
	add.u32 %r10, %r10, 32;
	bra LOOP;
FILLED:
	fence.proxy.async.shared::cta;
	bar.sync 0;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra DONE;
{movs}	{op}.{rank}d.global.shared::cta.tile.bulk_group [%rd2, {list}], [%r2];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
DONE:
	ret;
}}
)",
                     fmt::arg("bytes", bytes), fmt::arg("words", bytes / 4), fmt::arg("movs", movs), fmt::arg("op", op),
                     fmt::arg("rank", m.rank), fmt::arg("list", list));
}

// A store writes the whole box; a box partly outside the tensor is the
// error the H200 stopped with (tests/data/hopper/faulting/tma-store-2d-partial-oob).
TEST(TensorCopy, StoreWritesTheBoxAndABoxPartlyOutsideIsAnError) {
  TensorMap m = tiled(TensorDataType::U32, {16, 8}, {8, 4});
  const std::vector<std::uint8_t> tensor(m.strides[0] * 8, 0xee);
  std::vector<std::uint32_t> in(32);
  for (std::uint32_t i = 0; i < 32; ++i) in[i] = 100 + i;
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"tensor", tensor});
  cfg.buffers.push_back({"in", ws::test::toBytes(in)});
  cfg.params.push_back(ParamValue::blob(mapBytes(m), 0, kTensorMapAddressOffset));
  cfg.params.push_back(ParamValue::buf(1));
  auto r = ws::test::runPtx(storeKernel("cp.async.bulk.tensor", m, {8, 4}), cfg);
  expectClean(r);
  const auto& out = r.engine->state().global[1].bytes;
  for (std::uint32_t y = 0; y < 8; ++y)
    for (std::uint32_t x = 0; x < 16; ++x) {
      std::uint32_t w = 0;
      for (int b = 0; b < 4; ++b) w |= static_cast<std::uint32_t>(out[y * m.strides[0] + x * 4 + b]) << (8 * b);
      const bool inBox = x >= 8 && y >= 4;
      EXPECT_EQ(w, inBox ? 100 + (y - 4) * 8 + (x - 8) : 0xeeeeeeeeu) << x << "," << y;
    }
  for (const std::vector<int>& c : {std::vector<int>{12, 6}, std::vector<int>{-4, -1}}) {
    for (ExecMode mode : {ExecMode::Strict, ExecMode::Hardware}) {
      SCOPED_TRACE(fmt::format("({}, {}) {}", c[0], c[1], mode == ExecMode::Strict ? "isa" : "hardware"));
      EngineOptions opts;
      opts.mode = mode;
      auto bad = ws::test::runPtx(storeKernel("cp.async.bulk.tensor", m, c), cfg, opts);
      ASSERT_EQ(bad.error, "");
      EXPECT_EQ(bad.result.stop, StopReason::Diagnostic);
      EXPECT_TRUE(bad.hasDiag(DiagKind::TensorStoreOutOfBounds));
      EXPECT_EQ(bad.hasDiag(DiagKind::HardwareFault), mode == ExecMode::Hardware);
      EXPECT_EQ(bad.engine->state().global[1].bytes, tensor);  // nothing written
    }
  }
}

// The H200 stops a load whose inner coordinate is not on 16 bytes
// (tests/data/hopper/faulting/tma-coordinate-unaligned-x*); -16 bytes loads.
TEST(TensorCopy, LoadInnerCoordinateMustBeAMultipleOf16Bytes) {
  TensorMap m = tiled(TensorDataType::F32, {16, 8}, {8, 4});
  const auto tensor = patternBytes(m.strides[0] * 8);
  for (int x : {3, -3}) {
    auto r = runLoad(m, {x, 0}, tensor);
    ASSERT_EQ(r.run.error, "");
    EXPECT_EQ(r.run.result.stop, StopReason::Diagnostic) << x;
    EXPECT_TRUE(r.run.hasDiag(DiagKind::TensorCoordinateUnaligned)) << x;
  }
  auto ok = runLoad(m, {-4, 0}, tensor);
  expectClean(ok.run);
  TensorMap h = tiled(TensorDataType::F16, {32, 8}, {16, 4});
  auto r16 = runLoad(h, {4, 0}, tensor);
  EXPECT_TRUE(r16.run.hasDiag(DiagKind::TensorCoordinateUnaligned));
  expectClean(runLoad(h, {-8, 0}, tensor).run);
}

TEST(TensorCopy, ReduceAddAddsTheTileIntoTheTensor) {
  TensorMap m = tiled(TensorDataType::U32, {8, 4}, {8, 4});
  std::vector<std::uint32_t> base(32), in(32);
  for (std::uint32_t i = 0; i < 32; ++i) {
    base[i] = 1000 * i;
    in[i] = i + 1;
  }
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.buffers.push_back({"tensor", ws::test::toBytes(base)});
  cfg.buffers.push_back({"in", ws::test::toBytes(in)});
  cfg.params.push_back(ParamValue::blob(mapBytes(m), 0, kTensorMapAddressOffset));
  cfg.params.push_back(ParamValue::buf(1));
  auto r = ws::test::runPtx(storeKernel("cp.reduce.async.bulk.tensor.add", m, {0, 0}), cfg);
  expectClean(r);
  const auto words = r.words(0);
  for (std::uint32_t i = 0; i < 32; ++i) EXPECT_EQ(words[i], 1000 * i + i + 1);
}

// ---------------------------------------------------------------- multicast

TEST(TensorCopy, MulticastLandsInEveryCtaOfTheMaskWithItsCompleteTx) {
  TensorMap m = tiled(TensorDataType::U32, {16, 8}, {8, 2});
  const auto tensor = patternBytes(m.strides[0] * 8);
  const std::string ptx = R"(
.version 8.0
.target sm_90a
.address_size 64
.shared .align 1024 .b8 tile[64];
.shared .align 8 .b64 bar;
.visible .entry k(.param .align 64 .b8 k_tmap[128], .param .u64 k_out)
{
	.reg .b32 %r<40>;
	.reg .b64 %rd<20>;
	.reg .b16 %rs<4>;
	.reg .pred %p<4>;
	mov.b64 %rd1, k_tmap;
	cvta.param.u64 %rd2, %rd1;
	ld.param.u64 %rd3, [k_out];
	cvta.to.global.u64 %rd3, %rd3;
	mov.u32 %r1, %tid.x;
	mov.u32 %r4, %cluster_ctarank;
	mov.u32 %r2, tile;
	mov.u32 %r3, bar;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra SYNC;
	mbarrier.init.shared::cta.b64 [%r3], 1;
	fence.mbarrier_init.release.cluster;
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 64;
SYNC:
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	or.b32 %r5, %r1, %r4;
	setp.ne.u32 %p2, %r5, 0;
	@%p2 bra WAIT;
	mov.s32 %r20, 4;
	mov.s32 %r21, 3;
	mov.u16 %rs1, 3;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r2], [%rd2, {%r20, %r21}], [%r3], %rs1;
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r3], 0;
	@!%p3 bra WAIT;
	setp.ge.u32 %p1, %r1, 16;
	@%p1 bra DONE;
	shl.b32 %r11, %r1, 2;
	add.u32 %r12, %r2, %r11;
	ld.shared.u32 %r13, [%r12];
	mad.lo.u32 %r14, %r4, 16, %r1;
	mul.wide.u32 %rd4, %r14, 4;
	add.s64 %rd5, %rd3, %rd4;
	st.global.u32 [%rd5], %r13;
DONE:
	barrier.cluster.arrive.aligned;
	barrier.cluster.wait.aligned;
	ret;
}
)";
  LaunchConfig cfg;
  cfg.entry = "k";
  cfg.grid = {2, 1, 1};
  cfg.cluster = {2, 1, 1};
  cfg.buffers.push_back({"tensor", tensor});
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128, 0)});
  cfg.params.push_back(ParamValue::blob(mapBytes(m), 0, kTensorMapAddressOffset));
  cfg.params.push_back(ParamValue::buf(1));
  auto r = ws::test::runPtx(ptx, cfg);
  expectClean(r);
  const auto want = expectedTile(m, {4, 3}, tensor);
  const auto& out = r.engine->state().global[2].bytes;
  for (std::size_t cta = 0; cta < 2; ++cta)
    EXPECT_EQ(std::vector<std::uint8_t>(out.begin() + static_cast<std::ptrdiff_t>(64 * cta),
                                        out.begin() + static_cast<std::ptrdiff_t>(64 * cta + 64)),
              want)
        << "CTA " << cta;
}

}  // namespace
