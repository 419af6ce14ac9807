// --tensor-map on the command line (app/common, ui::LaunchRequest): the
// scenario's tensor-map keys as key=value pairs fill the entry's 128-byte
// parameters in order, among the buffers and scalars; a broken rule is
// reported naming the key.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/exec/state/tensor_map.hpp"
#include "core/scenario/scenario.hpp"
#include "core/scenario/tensor_map/tensor_map_option.hpp"
#include "ui/files/launch_request.hpp"

namespace ws::ui {
namespace {
namespace fs = std::filesystem;

constexpr const char* kPtx = R"(.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out, .param .align 64 .b8 tmap[128], .param .u32 n)
{
  ret;
}
)";

TEST(LaunchTensorMap, ParsesEveryKeyOfTheOption) {
  auto m = core::tensorMapFromOption(
      "tensor_map=tmap_a,buffer=a,file=a.json,dtype=float16,dims=64x32,strides=128,box=16x8,element_strides=1x2,"
      "interleave=none,swizzle=32B,l2_promotion=64B,oob_fill=nan");
  ASSERT_TRUE(std::holds_alternative<core::TensorMapParam>(m)) << std::get<std::string>(m);
  const auto& t = std::get<core::TensorMapParam>(m);
  EXPECT_EQ(t.name, "tmap_a");
  EXPECT_EQ(t.buffer.name, "a");
  EXPECT_EQ(t.buffer.init.file, "a.json");
  EXPECT_EQ(t.map.dtype, core::TensorDataType::F16);
  EXPECT_EQ(t.map.rank, 2);
  EXPECT_EQ(t.map.dims[1], 32u);
  EXPECT_EQ(t.map.strides[0], 128u);
  EXPECT_EQ(t.map.box[0], 16u);
  EXPECT_EQ(t.map.elementStrides[1], 2u);
  EXPECT_EQ(t.map.swizzle, core::Swizzle::B32);
  EXPECT_EQ(t.map.l2Promotion, core::TensorL2Promotion::B64);
  EXPECT_EQ(t.map.oobFill, core::TensorOobFill::Nan);
}

TEST(LaunchTensorMap, ABrokenRuleNamesTheKey) {
  auto m = core::tensorMapFromOption("tensor_map=t,buffer=a,zeros=64,dtype=f16,dims=64x32,strides=100,box=16x8");
  ASSERT_TRUE(std::holds_alternative<std::string>(m));
  EXPECT_NE(std::get<std::string>(m).find("strides"), std::string::npos) << std::get<std::string>(m);
  EXPECT_NE(std::get<std::string>(m).find("multiple of 16"), std::string::npos) << std::get<std::string>(m);
  auto bad = core::tensorMapFromOption("tensor_map=t,buffer=a,zeros=64,dtype=f16,dims=64x32,strides=128,bx=16x8");
  ASSERT_TRUE(std::holds_alternative<std::string>(bad));
}

TEST(LaunchTensorMap, FillsTheEntrysTensorMapSlot) {
  const fs::path dir = fs::temp_directory_path() / "ws_launch_tensor_map";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "k.ptx") << kPtx;
  LaunchRequest r;
  r.path = (dir / "k.ptx").string();
  r.buffers = {"zeros:4"};
  r.scalars = {"7"};
  r.tensorMaps = {"tensor_map=tmap,buffer=a,iota=64,dtype=u32,dims=16x4,strides=64,box=4x4"};
  auto o = openLaunch(r);
  ASSERT_TRUE(std::holds_alternative<OpenedLaunch>(o)) << std::get<std::string>(o);
  const auto& params = std::get<OpenedLaunch>(o).scenario.params;
  ASSERT_EQ(params.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<core::BufferParam>(params[0]));
  EXPECT_TRUE(std::holds_alternative<core::TensorMapParam>(params[1]));
  EXPECT_TRUE(std::holds_alternative<core::ScalarParam>(params[2]));
  EXPECT_EQ(std::get<core::ScalarParam>(params[2]).type, core::DataType::U32);
  const auto& launch = std::get<OpenedLaunch>(o).prepared.launch;
  EXPECT_EQ(launch.params[1].kind, core::ParamValue::Kind::Bytes);
  EXPECT_EQ(launch.buffers.size(), 2u);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ws::ui
