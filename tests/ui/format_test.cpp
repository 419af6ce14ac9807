// Value formatting: every notation a register column can use, masks, lane lists.
#include <gtest/gtest.h>

#include "ui/frame/format.hpp"

namespace ws::ui {
namespace {

using core::DataType;

TEST(Format, DefaultNotationFollowsTheDeclaredType) {
  EXPECT_EQ(defaultFormat(DataType::B32), ValueFormat::Auto);
  EXPECT_EQ(defaultFormat(DataType::B64), ValueFormat::Auto);
  EXPECT_EQ(defaultFormat(DataType::U32), ValueFormat::Unsigned);
  EXPECT_EQ(defaultFormat(DataType::S16), ValueFormat::Signed);
  EXPECT_EQ(defaultFormat(DataType::F32), ValueFormat::Float);
  EXPECT_EQ(defaultFormat(DataType::F64), ValueFormat::Float);
  EXPECT_EQ(defaultFormat(DataType::F16), ValueFormat::Float);
  EXPECT_EQ(defaultFormat(DataType::F16x2), ValueFormat::F16x2);
  EXPECT_EQ(defaultFormat(DataType::Pred), ValueFormat::Pred);
}

TEST(Format, AutoIsDecimalWhileSmallAndHexOnceLarge) {
  EXPECT_EQ(formatValue(17, DataType::B32), "17");
  EXPECT_EQ(formatValue(0xffff, DataType::B32), "65535");
  EXPECT_EQ(formatValue(0x10000, DataType::B32), "0x10000");
  EXPECT_EQ(formatValue(0xffffffffu, DataType::B32), "0xffffffff");
  EXPECT_EQ(formatValue(0x200000000ull, DataType::B64), "0x200000000");
}

TEST(Format, HexSignedUnsigned) {
  EXPECT_EQ(formatValue(0x1f, DataType::B32, ValueFormat::Hex), "0x1f");
  EXPECT_EQ(formatValue(0, DataType::B32, ValueFormat::Hex), "0x0");
  EXPECT_EQ(formatValue(0xffffffffu, DataType::S32), "-1");
  EXPECT_EQ(formatValue(0x80000000u, DataType::S32), "-2147483648");
  EXPECT_EQ(formatValue(0x7fffffffu, DataType::S32), "2147483647");
  EXPECT_EQ(formatValue(0xfffe, DataType::S16), "-2");
  EXPECT_EQ(formatValue(0xffffffffu, DataType::U32), "4294967295");
  EXPECT_EQ(formatValue(0xffffffffffffffffull, DataType::S64), "-1");
  EXPECT_EQ(formatValue(0xffffffffffffffffull, DataType::U64), "18446744073709551615");
  // A b32 register shown signed uses its own width.
  EXPECT_EQ(formatValue(0xfffffffbu, DataType::B32, ValueFormat::Signed), "-5");
  // Bits above the width are not part of the value.
  EXPECT_EQ(formatValue(0x1'0000'0005ull, DataType::U32), "5");
}

TEST(Format, Floats) {
  EXPECT_EQ(formatValue(0x3fc00000u, DataType::F32), "1.5");    // 1.5f
  EXPECT_EQ(formatValue(0x3dcccccdu, DataType::F32), "0.1");    // 0.1f, shortest round-trip
  EXPECT_EQ(formatValue(0xbf800000u, DataType::F32), "-1");
  EXPECT_EQ(formatValue(0x7f800000u, DataType::F32), "inf");
  EXPECT_EQ(formatValue(0xff800000u, DataType::F32), "-inf");
  EXPECT_EQ(formatValue(0x7fc00000u, DataType::F32), "nan");
  EXPECT_EQ(formatValue(0x3ff0000000000000ull, DataType::F64), "1");
  EXPECT_EQ(formatValue(0x3fb999999999999aull, DataType::F64), "0.1");
  // A b32 register read as float.
  EXPECT_EQ(formatValue(0x40490fdbu, DataType::B32, ValueFormat::Float), "3.1415927");
}

TEST(Format, HalfPrecision) {
  EXPECT_EQ(formatValue(0x3c00, DataType::F16), "1");       // 1.0
  EXPECT_EQ(formatValue(0xc000, DataType::F16), "-2");
  EXPECT_EQ(formatValue(0x2e66, DataType::F16), "0.1");     // nearest half to 0.1
  EXPECT_EQ(formatValue(0x7bff, DataType::F16), "65504");   // largest half
  EXPECT_EQ(formatValue(0x0001, DataType::F16), "6e-08");   // smallest subnormal (5.96e-8)
  EXPECT_EQ(formatValue(0x7c00, DataType::F16), "inf");
  EXPECT_EQ(formatValue(0x7e00, DataType::F16), "nan");
  EXPECT_EQ(formatValue(0x3f80, DataType::BF16), "1");      // bf16 1.0
  EXPECT_EQ(formatValue(0x3dcd, DataType::BF16), "0.1");
  // f16x2: {low half, high half}, as PTX writes a packed pair.
  EXPECT_EQ(formatValue(0xc0003c00u, DataType::F16x2), "{1, -2}");
  EXPECT_EQ(formatValue(0x3c003e00u, DataType::B32, ValueFormat::F16x2), "{1.5, 1}");
  // Not a 32-bit register: hex instead.
  EXPECT_EQ(formatValue(0x1234, DataType::B64, ValueFormat::F16x2), "0x1234");
}

TEST(Format, Predicates) {
  EXPECT_EQ(formatValue(1, DataType::Pred), "true");
  EXPECT_EQ(formatValue(0, DataType::Pred), "false");
}

TEST(Format, HalfConversionIsExact) {
  EXPECT_EQ(halfToFloat(0x3555), 0.333251953125f);
  EXPECT_EQ(halfToFloat(0x8000), -0.0f);
  EXPECT_EQ(halfToFloat(0x0400), 6.103515625e-05f);  // smallest normal
  EXPECT_EQ(bf16ToFloat(0x4049), 3.140625f);
}

TEST(Format, Masks) {
  EXPECT_EQ(formatMask(0xffffffffu), "0xffffffff");
  EXPECT_EQ(formatMask(0x5u), "0x00000005");
  // Lane order: lane 0 first, so bits line up under lane columns.
  EXPECT_EQ(maskBitsLaneOrder(0x5u, 8), "10100000");
  EXPECT_EQ(maskBitsLaneOrder(0x80000001u), "10000000000000000000000000000001");
  EXPECT_EQ(laneList(0), "none");
  EXPECT_EQ(laneList(0x0000000fu), "0-3");
  EXPECT_EQ(laneList(0x00000105u), "0, 2, 8");
  EXPECT_EQ(laneList(0xffff0f01u), "0, 8-11, 16-31");
  EXPECT_EQ(lanesPhrase(1u << 5), "lane 5");
  EXPECT_EQ(lanesPhrase(0x3u), "lanes 0-1");
  EXPECT_EQ(lanesPhrase(0), "no lanes");
}

TEST(Format, XmlEscape) {
  EXPECT_EQ(xmlEscape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(xmlEscape(std::string("x\x01y")), "x?y");
  EXPECT_EQ(xmlEscape("\u2014"), "\u2014");  // UTF-8 passes through
}

// Register headers say what they show: the declared type, and the format
// only where the user chose another than the type's own.
TEST(Format, ColumnCaptionNamesTheTypeAndAChosenFormat) {
  EXPECT_EQ(formatCaption(core::DataType::B32, defaultFormat(core::DataType::B32)), ".b32");
  EXPECT_EQ(formatCaption(core::DataType::F32, ValueFormat::Float), ".f32");
  EXPECT_EQ(formatCaption(core::DataType::B32, ValueFormat::Float), ".b32 as float");
  EXPECT_EQ(formatCaption(core::DataType::U32, ValueFormat::Hex), ".u32 as hex");
  EXPECT_EQ(formatHow(ValueFormat::Auto), "decimal below 0x10000, hex from there");
}

}  // namespace
}  // namespace ws::ui
