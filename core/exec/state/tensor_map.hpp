#pragma once
// A tensor map (CUtensorMap): what cuTensorMapEncodeTiled/Im2col encode and
// cp.async.bulk.tensor reads. The hardware's 128-byte encoding is opaque, so
// warpscope lays down its own: a magic word and a version, then every field
// (tensor_map.cpp says where). A kernel only passes the 128 bytes on, so any
// encoding works as long as the copy instructions decode the same one.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/util/swizzle.hpp"

namespace ws::core {

// CUtensorMapDataType, in the driver's order (the enum values).
enum class TensorDataType : std::uint8_t { U8, U16, U32, S32, U64, S64, F16, F32, F64, BF16, F32Ftz, TF32, TF32Ftz };
enum class TensorLayout : std::uint8_t { Tiled, Im2col };
enum class TensorInterleave : std::uint8_t { None, B16, B32 };
enum class TensorL2Promotion : std::uint8_t { None, B64, B128, B256 };
enum class TensorOobFill : std::uint8_t { Zero, Nan };

constexpr std::size_t kTensorMapBytes = 128;
// Where the encoding keeps the global address (a launch writes the buffer's
// address there, tensormap.replace.global_address rewrites it).
constexpr std::uint32_t kTensorMapAddressOffset = 16;
constexpr int kTensorMaxRank = 5;

// The short name ("f16") and the driver's ("float16") of a data type.
std::string_view tensorDataTypeName(TensorDataType t);
std::optional<TensorDataType> parseTensorDataType(std::string_view name);  // either spelling
std::uint32_t tensorElementBytes(TensorDataType t);
bool tensorIsFloat(TensorDataType t);

std::string_view tensorInterleaveName(TensorInterleave i);
std::optional<TensorInterleave> parseTensorInterleave(std::string_view name);  // none | 16B | 32B
std::string_view tensorL2PromotionName(TensorL2Promotion p);
std::optional<TensorL2Promotion> parseTensorL2Promotion(std::string_view name);  // none | 64B | 128B | 256B
std::string_view tensorOobFillName(TensorOobFill f);
std::optional<TensorOobFill> parseTensorOobFill(std::string_view name);  // zero | nan

struct TensorMap {
  TensorDataType dtype = TensorDataType::U8;
  TensorLayout layout = TensorLayout::Tiled;
  std::uint8_t rank = 1;
  TensorInterleave interleave = TensorInterleave::None;
  Swizzle swizzle = Swizzle::None;
  TensorL2Promotion l2Promotion = TensorL2Promotion::None;
  TensorOobFill oobFill = TensorOobFill::Zero;
  std::uint64_t globalAddress = 0;
  std::array<std::uint64_t, kTensorMaxRank> dims{};          // elements, innermost first
  std::array<std::uint64_t, kTensorMaxRank - 1> strides{};   // bytes, of dims 1..rank-1
  std::array<std::uint32_t, kTensorMaxRank> box{};           // tiled: elements per dim
  std::array<std::uint32_t, kTensorMaxRank> elementStrides{1, 1, 1, 1, 1};
  // Im2col: the pixel bounding box's corners (spatial dims, innermost first),
  // the channels per pixel and the pixels per column a copy loads.
  std::array<std::int32_t, 3> pixelBoxLower{}, pixelBoxUpper{};
  std::uint32_t channelsPerPixel = 0, pixelsPerColumn = 0;
  bool operator==(const TensorMap&) const = default;

  // The byte stride of dim d (dim 0: one element).
  std::uint64_t strideOf(int d) const { return d == 0 ? tensorElementBytes(dtype) : strides[static_cast<std::size_t>(d - 1)]; }
  // Elements one copy moves along dim d: ceil(box / elementStride), the
  // element stride of dim 0 ignored without interleave (the driver's words).
  std::uint32_t boxElems(int d) const;
  // Bytes of shared memory one tiled copy writes (and complete-tx counts).
  std::uint64_t boxBytes() const;
};

std::array<std::uint8_t, kTensorMapBytes> encodeTensorMap(const TensorMap& m);
// nullopt when the bytes do not start with warpscope's magic word and version.
std::optional<TensorMap> decodeTensorMap(const std::array<std::uint8_t, kTensorMapBytes>& bytes);

// A rule of cuTensorMapEncodeTiled/Im2col that a map breaks: the field
// ("dims", "box", ...), its element index (-1: the whole field) and the rule.
struct TensorMapProblem {
  std::string field;
  int index = -1;
  std::string message;
};
// The first rule the map breaks, checked as the driver checks at encode time.
std::optional<TensorMapProblem> checkTensorMap(const TensorMap& m);

}  // namespace ws::core
