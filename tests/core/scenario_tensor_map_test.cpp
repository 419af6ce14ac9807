// Tensor maps in scenarios (docs/tma.md): every key read, a buffer seen
// through two maps and passed again as a pointer, the save/load round trip,
// the 128 bytes laid into the parameter space with the buffer's address, a
// run of nvcc's own PTX, and one test per rule of cuTensorMapEncodeTiled /
// Im2col, each at the file:line:col of the key that breaks it.
#include <gtest/gtest.h>

#include <bit>

#include "core/exec/async/tensor_box.hpp"
#include "core/scenario/scenario_io.hpp"
#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

using test::errorsText;
using test::loadText;

// nvcc -O3 -arch=sm_90a -ptx of a kernel taking `const __grid_constant__
// CUtensorMap tmap` (trimmed to the copy): the map's address comes from
// mov.b64 of the param symbol and cvta.param.
constexpr std::string_view kNvccPtx = R"(.version 9.0
.target sm_90a
.address_size 64

.visible .entry _Z1k14CUtensorMap_stPfii(
	.param .align 128 .b8 _Z1k14CUtensorMap_stPfii_param_0[128],
	.param .u64 _Z1k14CUtensorMap_stPfii_param_1,
	.param .u32 _Z1k14CUtensorMap_stPfii_param_2,
	.param .u32 _Z1k14CUtensorMap_stPfii_param_3
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<2>;
	.reg .b32 	%r<15>;
	.reg .b64 	%rd<8>;
	.shared .align 1024 .b8 _ZZ1k14CUtensorMap_stPfiiE4tile[1024];
	.shared .align 8 .u64 _ZZ1k14CUtensorMap_stPfiiE3bar;

	mov.b64 	%rd1, _Z1k14CUtensorMap_stPfii_param_0;
	ld.param.u64 	%rd2, [_Z1k14CUtensorMap_stPfii_param_1];
	ld.param.u32 	%r2, [_Z1k14CUtensorMap_stPfii_param_2];
	ld.param.u32 	%r3, [_Z1k14CUtensorMap_stPfii_param_3];
	mov.u32 	%r1, %tid.x;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L__BB0_2;

	mov.u32 	%r4, _ZZ1k14CUtensorMap_stPfiiE3bar;
	// begin inline asm
	mbarrier.init.shared::cta.b64 [%r4], 1;
	// end inline asm
	// begin inline asm
	fence.proxy.async.shared::cta;
	// end inline asm
	mov.u32 	%r6, 1024;
	// begin inline asm
	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r4], %r6;
	// end inline asm
	cvta.param.u64 	%rd3, %rd1;
	mov.u32 	%r7, _ZZ1k14CUtensorMap_stPfiiE4tile;
	// begin inline asm
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r7], [%rd3, {%r2, %r3}], [%r4];
	// end inline asm
	// begin inline asm
	{ .reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%r4], 0; @!p bra W; }
	// end inline asm

$L__BB0_2:
	bar.sync 	0;
	shl.b32 	%r12, %r1, 2;
	mov.u32 	%r13, _ZZ1k14CUtensorMap_stPfiiE4tile;
	add.s32 	%r14, %r13, %r12;
	ld.shared.f32 	%f1, [%r14];
	cvta.to.global.u64 	%rd5, %rd2;
	mul.wide.u32 	%rd6, %r1, 4;
	add.s64 	%rd7, %rd5, %rd6;
	st.global.f32 	[%rd7], %f1;
	ret;

}
)";

// A scenario over kNvccPtx whose first [[param]] is `map` (TOML lines).
std::string withMap(std::string_view map, std::string_view rest = "") {
  std::string s = R"(format = 2
[program]
ptx_file = "k.ptx"
[launch]
block = 256
[[param]]
)";
  s += map;
  s += R"(
[[param]]
buffer = "out"
fill = { value = 0, count = 256 }
[[param]]
scalar = "x"
type = "u32"
value = 8
[[param]]
scalar = "y"
type = "u32"
value = 2
)";
  s += rest;
  return s;
}

constexpr std::string_view kMapA = R"(tensor_map = "tmap_a"
buffer = "a"
iota = { start = 0, count = 2048 }
dtype = "f32"
dims = [64, 32]
strides = [256]
box = [32, 8]
swizzle = "128B")";

ScenarioLoad load(const std::string& text) { return loadText(text, {{"k.ptx", std::string(kNvccPtx)}}); }

::testing::AssertionResult errorAt(const ScenarioLoad& r, std::uint32_t line, std::uint32_t col,
                                   std::string_view needle) {
  for (const auto& e : r.errors)
    if (e.line == line && e.col == col && e.message.find(needle) != std::string::npos)
      return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no error at " << line << ":" << col << " containing '" << needle
                                       << "'; got:\n"
                                       << errorsText(r.errors);
}

TEST(ScenarioTensorMap, ReadsEveryTiledKey) {
  auto r = load(withMap(R"(tensor_map = "tmap_a"
buffer = "a"
file = "a.json"
dtype = "float16"
dims = [64, 32]
strides = [128]
box = [16, 8]
element_strides = [1, 2]
interleave = "none"
swizzle = "32B"
l2_promotion = "128B"
oob_fill = "nan")"));
  // a.json is absent: the document is read, the buffer file reported.
  ASSERT_TRUE(r.scenario);
  const auto* t = std::get_if<TensorMapParam>(&r.scenario->params[0]);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->name, "tmap_a");
  EXPECT_EQ(t->buffer.name, "a");
  EXPECT_EQ(t->buffer.init.kind, BufferInit::Kind::File);
  EXPECT_EQ(t->buffer.init.file, "a.json");
  const TensorMap& m = t->map;
  EXPECT_EQ(m.dtype, TensorDataType::F16);
  EXPECT_EQ(m.rank, 2);
  EXPECT_EQ(m.dims[0], 64u);
  EXPECT_EQ(m.dims[1], 32u);
  EXPECT_EQ(m.strides[0], 128u);
  EXPECT_EQ(m.box[0], 16u);
  EXPECT_EQ(m.box[1], 8u);
  EXPECT_EQ(m.elementStrides[1], 2u);
  EXPECT_EQ(m.swizzle, Swizzle::B32);
  EXPECT_EQ(m.l2Promotion, TensorL2Promotion::B128);
  EXPECT_EQ(m.oobFill, TensorOobFill::Nan);
}

TEST(ScenarioTensorMap, ReadsTheIm2colKeys) {
  auto r = load(withMap(R"(tensor_map = "tmap_a"
buffer = "a"
iota = { start = 0, count = 4096 }
dtype = "f16"
mode = "im2col"
dims = [8, 16, 16, 2]
strides = [16, 256, 4096]
pixel_box_lower = [-1, -1]
pixel_box_upper = [-1, -1]
channels_per_pixel = 8
pixels_per_column = 64)"));
  ASSERT_TRUE(r.scenario) << errorsText(r.errors);
  const auto& m = std::get<TensorMapParam>(r.scenario->params[0]).map;
  EXPECT_EQ(m.layout, TensorLayout::Im2col);
  EXPECT_EQ(m.pixelBoxLower[0], -1);
  EXPECT_EQ(m.pixelBoxUpper[1], -1);
  EXPECT_EQ(m.channelsPerPixel, 8u);
  EXPECT_EQ(m.pixelsPerColumn, 64u);
  // Round trip.
  auto again = load(formatScenario(*r.scenario));
  ASSERT_TRUE(again.scenario) << errorsText(again.errors);
  EXPECT_EQ(std::get<TensorMapParam>(again.scenario->params[0]), std::get<TensorMapParam>(r.scenario->params[0]));
}

TEST(ScenarioTensorMap, DriverTypeNamesAndShortNamesAreOne) {
  for (const auto& [a, b] : {std::pair{"uint8", "u8"}, std::pair{"int64", "s64"}, std::pair{"bfloat16", "bf16"},
                             std::pair{"float32_ftz", "f32_ftz"}, std::pair{"tfloat32", "tf32"},
                             std::pair{"tfloat32_ftz", "tf32_ftz"}}) {
    EXPECT_EQ(parseTensorDataType(a), parseTensorDataType(b)) << a;
    ASSERT_TRUE(parseTensorDataType(b)) << b;
    EXPECT_EQ(tensorDataTypeName(*parseTensorDataType(a)), b);
  }
}

TEST(ScenarioTensorMap, LaysTheMapWithTheBufferAddressIntoTheParamSpaceAndRunsNvccPtx) {
  auto r = load(withMap(kMapA));
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  auto made = createEngine(*r.prepared);
  ASSERT_TRUE(std::holds_alternative<Engine>(made)) << std::get<std::string>(made);
  Engine& e = std::get<Engine>(made);
  std::array<std::uint8_t, kTensorMapBytes> bytes{};
  std::copy_n(e.state().params.begin(), kTensorMapBytes, bytes.begin());
  const auto m = decodeTensorMap(bytes);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->globalAddress, e.state().global[1].base);
  const RunResult run = e.run(1'000'000);
  EXPECT_EQ(run.stop, StopReason::Finished);
  for (const auto& d : run.diags) ADD_FAILURE() << d.message;
  // out[t] = tile word t: the 128B-swizzled box at (8, 2) of iota words.
  const auto moves = tensorTileMoves(*m, {8, 2, 0, 0, 0}, 0);
  const auto& out = e.state().global[2].bytes;
  for (const TensorMove& mv : moves) {
    if (mv.shared / 4 >= 256) continue;
    std::uint32_t w = 0;
    for (int b = 0; b < 4; ++b) w |= static_cast<std::uint32_t>(out[mv.shared + static_cast<std::uint32_t>(b)]) << (8 * b);
    // iota words (the contents are 32-bit words whatever the dtype): element (x, y) holds y * 64 + x.
    const auto want = static_cast<std::uint32_t>(mv.coords[1] * 64 + mv.coords[0]);
    EXPECT_EQ(w, want) << mv.coords[0] << "," << mv.coords[1];
  }
}

TEST(ScenarioTensorMap, OneBufferThroughTwoMapsAndAsAPointer) {
  const std::string text = R"(format = 2
[program]
ptx = """
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .align 64 .b8 m1[128], .param .align 64 .b8 m2[128], .param .u64 p)
{
	ret;
}
"""
[[param]]
tensor_map = "as_f32"
buffer = "a"
fill = { value = 1.5, count = 64 }
type = "f32"
dtype = "f32"
dims = [64]
box = [16]
[[param]]
tensor_map = "as_tf32"
buffer = "a"
dtype = "tf32"
dims = [8, 8]
strides = [32]
box = [8, 8]
[[param]]
buffer = "a"
[expect]
[[expect.buffer]]
name = "a"
at = { 0 = 1.5 }
)";
  auto r = loadText(text);
  ASSERT_TRUE(r.ok()) << errorsText(r.errors);
  EXPECT_EQ(r.prepared->launch.buffers.size(), 1u);
  const auto& ps = r.prepared->launch.params;
  ASSERT_EQ(ps.size(), 3u);
  EXPECT_EQ(ps[0].kind, ParamValue::Kind::Bytes);
  EXPECT_EQ(ps[1].kind, ParamValue::Kind::Bytes);
  EXPECT_EQ(ps[0].buffer, 0u);
  EXPECT_EQ(ps[1].buffer, 0u);
  EXPECT_EQ(ps[2].kind, ParamValue::Kind::Buffer);
  EXPECT_EQ(ps[2].buffer, 0u);
  EXPECT_EQ(std::get<TensorMapParam>(r.scenario->params[1]).buffer.init.kind, BufferInit::Kind::Same);
  // Saved and loaded again: the same document.
  auto again = loadText(formatScenario(*r.scenario));
  ASSERT_TRUE(again.ok()) << errorsText(again.errors);
  EXPECT_EQ(again.scenario->params, r.scenario->params);
}

TEST(ScenarioTensorMap, SaveWritesEveryKeyBack) {
  auto r = load(withMap(R"(tensor_map = "tmap_a"
buffer = "a"
iota = { start = 0, count = 2048 }
dtype = "bf16"
dims = [64, 32]
strides = [256]
box = [32, 8]
element_strides = [1, 2]
swizzle = "64B"
l2_promotion = "256B"
oob_fill = "nan")"));
  ASSERT_TRUE(r.scenario) << errorsText(r.errors);
  const std::string saved = formatScenario(*r.scenario);
  for (std::string_view k : {"tensor_map = \"tmap_a\"", "buffer = \"a\"", "dtype = \"bf16\"", "dims = [64, 32]",
                             "strides = [256]", "box = [32, 8]", "element_strides = [1, 2]", "swizzle = \"64B\"",
                             "l2_promotion = \"256B\"", "oob_fill = \"nan\""})
    EXPECT_NE(saved.find(k), std::string::npos) << k << "\n" << saved;
  auto again = load(saved);
  ASSERT_TRUE(again.scenario) << errorsText(again.errors);
  EXPECT_EQ(again.scenario->params, r.scenario->params);
}

TEST(ScenarioTensorMap, ParameterOfTheWrongSizeIsReported) {
  const std::string swapped = R"(format = 2
[program]
ptx_file = "k.ptx"
[[param]]
buffer = "out"
fill = { value = 0, count = 4 }
[[param]]
tensor_map = "m"
buffer = "a"
fill = { value = 0, count = 64 }
dtype = "u32"
dims = [64]
box = [16]
[[param]]
scalar = "x"
type = "u32"
value = 0
[[param]]
scalar = "y"
type = "u32"
value = 0
)";
  auto w = load(swapped);
  EXPECT_FALSE(w.ok());
  bool found = false;
  for (const auto& e : w.errors) found = found || e.message.find("128-byte CUtensorMap") != std::string::npos;
  EXPECT_TRUE(found) << errorsText(w.errors);
}

// ------------------------------------------------------------------ one test per rule
// Each map starts at line 7 of withMap's text; the column is the value's.

ScenarioLoad loadMap(std::string_view map) { return load(withMap(map)); }

TEST(TensorMapRule, RankAtMostFive) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u8\"\n"
                   "dims = [2, 2, 2, 2, 2, 2]\nstrides = [16, 32, 64, 128, 256]\nbox = [16, 1, 1, 1, 1, 1]");
  EXPECT_TRUE(errorAt(r, 11, 8, "the tensor rank must be 1 to 5"));
}

TEST(TensorMapRule, Im2colNeedsRankThree) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f16\"\n"
                   "mode = \"im2col\"\ndims = [8, 8]\nstrides = [16]\npixel_box_lower = []\npixel_box_upper = []\n"
                   "channels_per_pixel = 8\npixels_per_column = 8");
  EXPECT_TRUE(errorAt(r, 12, 8, "needs rank 3 to 5"));
}

TEST(TensorMapRule, InterleaveNeedsRankThree) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f16\"\n"
                   "dims = [8, 8]\nstrides = [16]\nbox = [8, 8]\ninterleave = \"16B\"");
  EXPECT_TRUE(errorAt(r, 11, 8, "interleave != none needs rank 3 to 5"));
}

TEST(TensorMapRule, DimsAtLeastOne) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 0]\nstrides = [32]\nbox = [4, 1]");
  EXPECT_TRUE(errorAt(r, 11, 12, "each dim must be 1 to 2^32"));
}

TEST(TensorMapRule, DimsAtMostTwoToThe32) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [4294967297]\nbox = [4]");
  EXPECT_TRUE(errorAt(r, 11, 9, "each dim must be 1 to 2^32"));
}

TEST(TensorMapRule, StridesMultipleOf16) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [4, 4]\nstrides = [24]\nbox = [4, 4]");
  EXPECT_TRUE(errorAt(r, 12, 12, "multiple of 16 and less than 2^40"));
}

TEST(TensorMapRule, StridesBelowTwoToThe40) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [4, 4]\nstrides = [1099511627776]\nbox = [4, 4]");
  EXPECT_TRUE(errorAt(r, 12, 12, "less than 2^40"));
}

TEST(TensorMapRule, StrideHoldsTheDimBelow) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 4, 2]\nstrides = [32, 64]\nbox = [4, 4, 2]");
  EXPECT_TRUE(errorAt(r, 12, 16, "must hold the dims below it"));
}

TEST(TensorMapRule, StrideLengthIsRankMinusOne) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 4]\nstrides = [32, 64]\nbox = [4, 4]");
  EXPECT_TRUE(errorAt(r, 12, 11, "strides has 2 elements"));
}

TEST(TensorMapRule, BoxAtLeastOne) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 4]\nstrides = [32]\nbox = [4, 0]");
  EXPECT_TRUE(errorAt(r, 13, 11, "each box dim must be 1 to 256"));
}

TEST(TensorMapRule, BoxAtMost256) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 400]\nstrides = [32]\nbox = [4, 257]");
  EXPECT_TRUE(errorAt(r, 13, 11, "each box dim must be 1 to 256"));
}

TEST(TensorMapRule, BoxInnerBytesMultipleOf16) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f16\"\n"
                   "dims = [64, 4]\nstrides = [128]\nbox = [12, 4]");
  EXPECT_TRUE(errorAt(r, 13, 8, "not a multiple of 16"));
}

TEST(TensorMapRule, SwizzledInnerBoxFitsTheSwizzleSpan) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f16\"\n"
                   "dims = [64, 4]\nstrides = [128]\nbox = [32, 4]\nswizzle = \"32B\"");
  EXPECT_TRUE(errorAt(r, 14, 11, "more than the 32B swizzle's 32 bytes"));
}

TEST(TensorMapRule, ElementStridesOneToEight) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 4]\nstrides = [32]\nbox = [4, 4]\nelement_strides = [1, 9]");
  EXPECT_TRUE(errorAt(r, 14, 23, "each element stride must be 1 to 8"));
}

TEST(TensorMapRule, ElementStridesNotZero) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 4]\nstrides = [32]\nbox = [4, 4]\nelement_strides = [0, 1]");
  EXPECT_TRUE(errorAt(r, 14, 20, "each element stride must be 1 to 8"));
}

TEST(TensorMapRule, NanFillOnlyForFloats) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u32\"\n"
                   "dims = [8, 4]\nstrides = [32]\nbox = [4, 4]\noob_fill = \"nan\"");
  EXPECT_TRUE(errorAt(r, 14, 12, "needs a floating-point dtype"));
}

TEST(TensorMapRule, Interleave32BStridesMultipleOf32) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u8\"\n"
                   "dims = [16, 4, 4]\nstrides = [16, 64]\nbox = [16, 4, 4]\ninterleave = \"32B\"\nswizzle = \"32B\"");
  EXPECT_TRUE(errorAt(r, 12, 12, "multiple of 32"));
}

TEST(TensorMapRule, Interleave32BNeedsSwizzle32B) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"u8\"\n"
                   "dims = [32, 4, 4]\nstrides = [32, 128]\nbox = [32, 4, 4]\ninterleave = \"32B\"\nswizzle = \"64B\"");
  EXPECT_TRUE(errorAt(r, 15, 11, "interleave 32B needs swizzle 32B"));
}

TEST(TensorMapRule, Im2colCornerRange) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f16\"\n"
                   "mode = \"im2col\"\ndims = [8, 4, 4, 4]\nstrides = [16, 64, 256]\npixel_box_lower = [0, -200]\n"
                   "pixel_box_upper = [0, 0]\nchannels_per_pixel = 8\npixels_per_column = 8");
  EXPECT_TRUE(errorAt(r, 14, 23, "outside [-128, 127]"));
}

TEST(TensorMapRule, Im2colChannelsPerPixel) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f16\"\n"
                   "mode = \"im2col\"\ndims = [8, 4, 4]\nstrides = [16, 64]\npixel_box_lower = [0]\n"
                   "pixel_box_upper = [0]\nchannels_per_pixel = 300\npixels_per_column = 8");
  EXPECT_TRUE(errorAt(r, 16, 22, "channels_per_pixel is 300"));
}

TEST(TensorMapRule, Im2colPixelsPerColumn) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f16\"\n"
                   "mode = \"im2col\"\ndims = [8, 4, 4]\nstrides = [16, 64]\npixel_box_lower = [0]\n"
                   "pixel_box_upper = [0]\nchannels_per_pixel = 8\npixels_per_column = 2000");
  EXPECT_TRUE(errorAt(r, 17, 21, "pixels_per_column is 2000"));
}

TEST(TensorMapRule, UnknownDtype) {
  auto r = loadMap("tensor_map = \"m\"\nbuffer = \"a\"\nfill = { value = 0, count = 64 }\ndtype = \"f8\"\n"
                   "dims = [64]\nbox = [16]");
  EXPECT_TRUE(errorAt(r, 10, 9, "dtype 'f8' is not one of"));
}

TEST(TensorMapRule, GlobalAddressAligned) {
  TensorMap m;
  m.dtype = TensorDataType::U32;
  m.rank = 1;
  m.dims[0] = 16;
  m.box[0] = 4;
  m.globalAddress = 0x1008;
  auto p = checkTensorMap(m);
  ASSERT_TRUE(p);
  EXPECT_NE(p->message.find("not 16-byte aligned"), std::string::npos);
  m.globalAddress = 0x1010;
  m.interleave = TensorInterleave::B32;
  m.rank = 3;
  m.dims = {32, 1, 1, 0, 0};
  m.strides = {32, 32, 0, 0};
  m.box = {32, 1, 1, 0, 0};
  m.swizzle = Swizzle::B32;
  p = checkTensorMap(m);
  ASSERT_TRUE(p);
  EXPECT_NE(p->message.find("not 32-byte aligned"), std::string::npos);
}

TEST(TensorMapRule, EncodingRoundTripsAndRejectsOtherBytes) {
  TensorMap m;
  m.dtype = TensorDataType::BF16;
  m.rank = 3;
  m.layout = TensorLayout::Im2col;
  m.dims = {8, 4, 4, 0, 0};
  m.strides = {16, 64, 0, 0};
  m.pixelBoxLower = {-3, 0, 0};
  m.pixelBoxUpper = {2, 0, 0};
  m.channelsPerPixel = 8;
  m.pixelsPerColumn = 1024;
  m.globalAddress = 0x7000'0000'1000;
  m.swizzle = Swizzle::B64;
  EXPECT_EQ(decodeTensorMap(encodeTensorMap(m)), m);
  std::array<std::uint8_t, kTensorMapBytes> zero{};
  EXPECT_FALSE(decodeTensorMap(zero));
}

}  // namespace
}  // namespace ws::core
