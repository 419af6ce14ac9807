// What a person types into a register cell reads back as the bits the cell shows.
#include <gtest/gtest.h>

#include <bit>

#include "ui/frame/format.hpp"
#include "ui/frame/value_parse.hpp"

namespace ws::ui {
namespace {
using core::DataType;

std::uint64_t ok(std::string_view s, DataType t, ValueFormat f = ValueFormat::Auto) {
  const auto p = parseRegisterValue(s, t, f);
  EXPECT_TRUE(p.bits.has_value()) << s << ": " << p.error;
  return p.bits.value_or(0xdead);
}
bool refused(std::string_view s, DataType t, ValueFormat f = ValueFormat::Auto) {
  const auto p = parseRegisterValue(s, t, f);
  return !p.bits && !p.error.empty();
}

TEST(ValueParse, IntegersInEveryNotation) {
  EXPECT_EQ(ok("42", DataType::U32), 42u);
  EXPECT_EQ(ok(" 0x1F ", DataType::B32), 0x1fu);
  EXPECT_EQ(ok("-1", DataType::S32), 0xffffffffu);
  EXPECT_EQ(ok("-2", DataType::S64), ~1ull);
  EXPECT_EQ(ok("65535", DataType::U16), 0xffffu);
  EXPECT_TRUE(refused("65536", DataType::U16));
  EXPECT_TRUE(refused("0x1ffffffff", DataType::B32));
  EXPECT_TRUE(refused("-129", DataType::S8));
  EXPECT_TRUE(refused("12abc", DataType::U32));
  EXPECT_TRUE(refused("", DataType::U32));
}

TEST(ValueParse, FloatsByWidth) {
  EXPECT_EQ(ok("1.5", DataType::F32), std::bit_cast<std::uint32_t>(1.5f));
  EXPECT_EQ(ok("-inf", DataType::F32), std::bit_cast<std::uint32_t>(-__builtin_inff()));
  EXPECT_EQ(ok("0.1", DataType::F64), std::bit_cast<std::uint64_t>(0.1));
  EXPECT_EQ(ok("1.5", DataType::F16), 0x3e00u);
  EXPECT_EQ(ok("3", DataType::B32, ValueFormat::Float), std::bit_cast<std::uint32_t>(3.0f));
  EXPECT_EQ(ok("0x3f800000", DataType::F32), 0x3f800000u);  // raw bits stay raw
  EXPECT_TRUE(refused("1.5", DataType::B8));
}

TEST(ValueParse, Predicates) {
  EXPECT_EQ(ok("true", DataType::Pred), 1u);
  EXPECT_EQ(ok("0", DataType::Pred), 0u);
  EXPECT_TRUE(refused("yes", DataType::Pred));
}

TEST(ValueParse, ReadsBackWhatFormatShows) {
  for (std::uint64_t v : {0ull, 7ull, 65535ull, 65536ull, 0xdeadbeefull})
    EXPECT_EQ(ok(formatValue(v, DataType::B32), DataType::B32), v);
  for (float f : {0.5f, -3.25f, 1e-7f}) {
    const auto bits = std::bit_cast<std::uint32_t>(f);
    EXPECT_EQ(ok(formatValue(bits, DataType::F32), DataType::F32), bits);
  }
}

}  // namespace
}  // namespace ws::ui
