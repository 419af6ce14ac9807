// warpscope's 128-byte tensor map encoding, the names of its enums, and the
// rules cuTensorMapEncodeTiled/Im2col enforce (CUDA Driver API 6.30, "Tensor
// Map Object Management"), each quoted where it is checked.
#include "core/exec/state/tensor_map.hpp"

#include <fmt/format.h>

namespace ws::core {
namespace {

constexpr std::uint32_t kMagic = 0x50414d54;  // "TMAP", little-endian
constexpr std::uint16_t kVersion = 1;

struct TypeRow {
  TensorDataType t;
  std::string_view shortName, driverName;
  std::uint32_t bytes;
  bool isFloat;
};
constexpr std::array<TypeRow, 13> kTypes{{
    {TensorDataType::U8, "u8", "uint8", 1, false},
    {TensorDataType::U16, "u16", "uint16", 2, false},
    {TensorDataType::U32, "u32", "uint32", 4, false},
    {TensorDataType::S32, "s32", "int32", 4, false},
    {TensorDataType::U64, "u64", "uint64", 8, false},
    {TensorDataType::S64, "s64", "int64", 8, false},
    {TensorDataType::F16, "f16", "float16", 2, true},
    {TensorDataType::F32, "f32", "float32", 4, true},
    {TensorDataType::F64, "f64", "float64", 8, true},
    {TensorDataType::BF16, "bf16", "bfloat16", 2, true},
    {TensorDataType::F32Ftz, "f32_ftz", "float32_ftz", 4, true},
    {TensorDataType::TF32, "tf32", "tfloat32", 4, true},
    {TensorDataType::TF32Ftz, "tf32_ftz", "tfloat32_ftz", 4, true},
}};

const TypeRow& row(TensorDataType t) { return kTypes[static_cast<std::size_t>(t) % kTypes.size()]; }

template <class E, std::size_t N>
std::optional<E> byName(std::string_view n, const std::array<std::string_view, N>& names) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == n) return static_cast<E>(i);
  return std::nullopt;
}
constexpr std::array<std::string_view, 3> kInterleave{"none", "16B", "32B"};
constexpr std::array<std::string_view, 4> kL2{"none", "64B", "128B", "256B"};
constexpr std::array<std::string_view, 2> kOob{"zero", "nan"};

// Little-endian field writer/reader over the 128 bytes.
struct Bytes {
  std::array<std::uint8_t, kTensorMapBytes>& b;
  void put(std::size_t at, std::uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
  }
};
std::uint64_t get(const std::array<std::uint8_t, kTensorMapBytes>& b, std::size_t at, unsigned n) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v |= static_cast<std::uint64_t>(b[at + i]) << (8 * i);
  return v;
}

// The layout of the 128 bytes (offsets in bytes).
enum Off : std::size_t {
  kOffMagic = 0,       // u32
  kOffVersion = 4,     // u16
  kOffRank = 6,        // u8
  kOffType = 7,        // u8
  kOffLayout = 8,      // u8, then interleave, swizzle, l2 promotion, oob fill
  kOffAddress = kTensorMapAddressOffset,  // u64
  kOffDims = 24,       // 5 x u64
  kOffStrides = 64,    // 4 x u64
  kOffBox = 96,        // 5 x u16
  kOffEstride = 106,   // 5 x u8
  kOffLower = 111,     // 3 x s16
  kOffUpper = 117,     // 3 x s16
  kOffChannels = 123,  // u16
  kOffPixels = 125,    // u16 (127: zero)
};

bool isPow2Swizzle(Swizzle s) { return s != Swizzle::None; }

}  // namespace

std::string_view tensorDataTypeName(TensorDataType t) { return row(t).shortName; }
std::uint32_t tensorElementBytes(TensorDataType t) { return row(t).bytes; }
bool tensorIsFloat(TensorDataType t) { return row(t).isFloat; }
std::optional<TensorDataType> parseTensorDataType(std::string_view name) {
  for (const TypeRow& r : kTypes)
    if (r.shortName == name || r.driverName == name) return r.t;
  return std::nullopt;
}
std::string_view tensorInterleaveName(TensorInterleave i) { return kInterleave[static_cast<std::size_t>(i)]; }
std::optional<TensorInterleave> parseTensorInterleave(std::string_view n) { return byName<TensorInterleave>(n, kInterleave); }
std::string_view tensorL2PromotionName(TensorL2Promotion p) { return kL2[static_cast<std::size_t>(p)]; }
std::optional<TensorL2Promotion> parseTensorL2Promotion(std::string_view n) { return byName<TensorL2Promotion>(n, kL2); }
std::string_view tensorOobFillName(TensorOobFill f) { return kOob[static_cast<std::size_t>(f)]; }
std::optional<TensorOobFill> parseTensorOobFill(std::string_view n) { return byName<TensorOobFill>(n, kOob); }

std::uint32_t TensorMap::boxElems(int d) const {
  const auto i = static_cast<std::size_t>(d);
  const std::uint32_t es = (d == 0 && interleave == TensorInterleave::None) ? 1 : std::max(1u, elementStrides[i]);
  return (box[i] + es - 1) / es;
}

std::uint64_t TensorMap::boxBytes() const {
  std::uint64_t n = tensorElementBytes(dtype);
  if (layout == TensorLayout::Im2col) return n * channelsPerPixel * pixelsPerColumn;
  for (int d = 0; d < rank; ++d) n *= boxElems(d);
  return n;
}

std::array<std::uint8_t, kTensorMapBytes> encodeTensorMap(const TensorMap& m) {
  std::array<std::uint8_t, kTensorMapBytes> out{};
  Bytes w{out};
  w.put(kOffMagic, kMagic, 4);
  w.put(kOffVersion, kVersion, 2);
  w.put(kOffRank, m.rank, 1);
  w.put(kOffType, static_cast<std::uint8_t>(m.dtype), 1);
  w.put(kOffLayout, static_cast<std::uint8_t>(m.layout), 1);
  w.put(kOffLayout + 1, static_cast<std::uint8_t>(m.interleave), 1);
  w.put(kOffLayout + 2, static_cast<std::uint8_t>(m.swizzle), 1);
  w.put(kOffLayout + 3, static_cast<std::uint8_t>(m.l2Promotion), 1);
  w.put(kOffLayout + 4, static_cast<std::uint8_t>(m.oobFill), 1);
  w.put(kOffAddress, m.globalAddress, 8);
  for (std::size_t i = 0; i < 5; ++i) w.put(kOffDims + 8 * i, m.dims[i], 8);
  for (std::size_t i = 0; i < 4; ++i) w.put(kOffStrides + 8 * i, m.strides[i], 8);
  for (std::size_t i = 0; i < 5; ++i) w.put(kOffBox + 2 * i, m.box[i], 2);
  for (std::size_t i = 0; i < 5; ++i) w.put(kOffEstride + i, m.elementStrides[i], 1);
  for (std::size_t i = 0; i < 3; ++i) {
    w.put(kOffLower + 2 * i, static_cast<std::uint16_t>(m.pixelBoxLower[i]), 2);
    w.put(kOffUpper + 2 * i, static_cast<std::uint16_t>(m.pixelBoxUpper[i]), 2);
  }
  w.put(kOffChannels, m.channelsPerPixel, 2);
  w.put(kOffPixels, m.pixelsPerColumn, 2);
  return out;
}

std::optional<TensorMap> decodeTensorMap(const std::array<std::uint8_t, kTensorMapBytes>& b) {
  if (get(b, kOffMagic, 4) != kMagic || get(b, kOffVersion, 2) != kVersion) return std::nullopt;
  const auto u8 = [&](std::size_t at) { return static_cast<std::uint8_t>(b[at]); };
  if (u8(kOffType) >= kTypes.size() || u8(kOffLayout) > 1 || u8(kOffLayout + 1) > 2 || u8(kOffLayout + 2) > 3 ||
      u8(kOffLayout + 3) > 3 || u8(kOffLayout + 4) > 1)
    return std::nullopt;
  TensorMap m;
  m.rank = u8(kOffRank);
  m.dtype = static_cast<TensorDataType>(u8(kOffType));
  m.layout = static_cast<TensorLayout>(u8(kOffLayout));
  m.interleave = static_cast<TensorInterleave>(u8(kOffLayout + 1));
  m.swizzle = static_cast<Swizzle>(u8(kOffLayout + 2));
  m.l2Promotion = static_cast<TensorL2Promotion>(u8(kOffLayout + 3));
  m.oobFill = static_cast<TensorOobFill>(u8(kOffLayout + 4));
  m.globalAddress = get(b, kOffAddress, 8);
  for (std::size_t i = 0; i < 5; ++i) m.dims[i] = get(b, kOffDims + 8 * i, 8);
  for (std::size_t i = 0; i < 4; ++i) m.strides[i] = get(b, kOffStrides + 8 * i, 8);
  for (std::size_t i = 0; i < 5; ++i) m.box[i] = static_cast<std::uint32_t>(get(b, kOffBox + 2 * i, 2));
  for (std::size_t i = 0; i < 5; ++i) m.elementStrides[i] = u8(kOffEstride + i);
  for (std::size_t i = 0; i < 3; ++i) {
    m.pixelBoxLower[i] = static_cast<std::int16_t>(get(b, kOffLower + 2 * i, 2));
    m.pixelBoxUpper[i] = static_cast<std::int16_t>(get(b, kOffUpper + 2 * i, 2));
  }
  m.channelsPerPixel = static_cast<std::uint32_t>(get(b, kOffChannels, 2));
  m.pixelsPerColumn = static_cast<std::uint32_t>(get(b, kOffPixels, 2));
  return m;
}

std::optional<TensorMapProblem> checkTensorMap(const TensorMap& m) {
  using P = TensorMapProblem;
  const bool im2col = m.layout == TensorLayout::Im2col;
  const bool interleaved = m.interleave != TensorInterleave::None;
  const std::uint64_t esize = tensorElementBytes(m.dtype);
  // "tensorRank must be non-zero and less than or equal to the maximum
  // supported dimensionality of 5. If interleave is not
  // CU_TENSOR_MAP_INTERLEAVE_NONE, then tensorRank must additionally be
  // greater than or equal to 3." Im2col: "tensorRank ... must be at least 3".
  if (m.rank < 1 || m.rank > kTensorMaxRank)
    return P{"dims", -1, fmt::format("the tensor rank (number of dims) is {}: it must be 1 to 5", m.rank)};
  if ((im2col || interleaved) && m.rank < 3)
    return P{"dims", -1,
             fmt::format("the tensor rank is {}: {} needs rank 3 to 5", m.rank,
                         im2col ? "an im2col map" : "interleave != none")};
  // "globalAddress, which specifies the starting address of the memory
  // region described, must be 16 byte aligned when interleave is
  // CU_TENSOR_MAP_INTERLEAVE_NONE or CU_TENSOR_MAP_INTERLEAVE_16B and 32
  // byte aligned when interleave is CU_TENSOR_MAP_INTERLEAVE_32B."
  const std::uint64_t addrAlign = m.interleave == TensorInterleave::B32 ? 32 : 16;
  if (m.globalAddress % addrAlign != 0)
    return P{"buffer", -1, fmt::format("the global address {:#x} is not {}-byte aligned", m.globalAddress, addrAlign)};
  // "globalDim array ... must be non-zero and less than or equal to 2^32."
  for (int d = 0; d < m.rank; ++d)
    if (m.dims[static_cast<std::size_t>(d)] == 0 || m.dims[static_cast<std::size_t>(d)] > (1ull << 32))
      return P{"dims", d, fmt::format("dims[{}] is {}: each dim must be 1 to 2^32", d, m.dims[static_cast<std::size_t>(d)])};
  // "globalStrides array ... Each value must be a multiple of 16 and less
  // than 2^40" (a multiple of 32 with interleave 32B), and each stride holds
  // the dims below it: globalStrides[0] = globalDim[0] * elementSize +
  // padding[0], globalStrides[i] = globalStrides[i-1] * (globalDim[i] +
  // padding[i]), padding >= 0.
  const std::uint64_t strideAlign = m.interleave == TensorInterleave::B32 ? 32 : 16;
  for (int d = 1; d < m.rank; ++d) {
    const std::uint64_t s = m.strides[static_cast<std::size_t>(d - 1)];
    if (s % strideAlign != 0 || s >= (1ull << 40))
      return P{"strides", d - 1,
               fmt::format("strides[{}] is {} bytes: each stride must be a multiple of {} and less than 2^40", d - 1,
                           s, strideAlign)};
    const std::uint64_t below = m.strideOf(d - 1) * m.dims[static_cast<std::size_t>(d - 1)];
    if (s < below)
      return P{"strides", d - 1,
               fmt::format("strides[{}] is {} bytes, less than dims[{}] x {} = {} bytes: each stride must hold the "
                           "dims below it (the driver's globalStrides[i] = globalStrides[i-1] * (globalDim[i] + "
                           "padding[i]))",
                           d - 1, s, d - 1, m.strideOf(d - 1), below)};
  }
  if (!im2col) {
    // "boxDim array ... Each value must be non-zero and less than or equal
    // to 256. When interleave is CU_TENSOR_MAP_INTERLEAVE_NONE, { boxDim[0] *
    // elementSizeInBytes( tensorDataType ) } must be a multiple of 16 bytes."
    for (int d = 0; d < m.rank; ++d)
      if (m.box[static_cast<std::size_t>(d)] == 0 || m.box[static_cast<std::size_t>(d)] > 256)
        return P{"box", d, fmt::format("box[{}] is {}: each box dim must be 1 to 256", d, m.box[static_cast<std::size_t>(d)])};
    if (!interleaved && (m.box[0] * esize) % 16 != 0)
      return P{"box", 0,
               fmt::format("box[0] x element size = {} x {} = {} bytes, not a multiple of 16", m.box[0], esize,
                           m.box[0] * esize)};
  } else {
    // Im2col: "pixelBoxLowerCorner ... pixelBoxUpperCorner": the corner
    // offsets of the spatial dims lie in [-2^15, 2^15-1] (rank 3), [-2^7,
    // 2^7-1] (rank 4) or [-2^4, 2^4-1] (rank 5); "channelsPerPixel ... must
    // be non-zero and less than or equal to 256"; "pixelsPerColumn ... must
    // be non-zero and less than or equal to 1024".
    const int spatial = m.rank - 2;
    const int bits = m.rank == 3 ? 16 : m.rank == 4 ? 8 : 5;
    const std::int32_t lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
    for (int i = 0; i < spatial; ++i) {
      for (const auto* c : {&m.pixelBoxLower, &m.pixelBoxUpper}) {
        const std::int32_t v = (*c)[static_cast<std::size_t>(i)];
        if (v < lo || v > hi)
          return P{c == &m.pixelBoxLower ? "pixel_box_lower" : "pixel_box_upper", i,
                   fmt::format("the corner offset {} is outside [{}, {}], the range of a rank-{} im2col map", v, lo, hi,
                               m.rank)};
      }
    }
    if (m.channelsPerPixel == 0 || m.channelsPerPixel > 256)
      return P{"channels_per_pixel", -1, fmt::format("channels_per_pixel is {}: it must be 1 to 256", m.channelsPerPixel)};
    if (m.pixelsPerColumn == 0 || m.pixelsPerColumn > 1024)
      return P{"pixels_per_column", -1, fmt::format("pixels_per_column is {}: it must be 1 to 1024", m.pixelsPerColumn)};
    if (!interleaved && (m.channelsPerPixel * esize) % 16 != 0)
      return P{"channels_per_pixel", -1,
               fmt::format("channels_per_pixel x element size = {} bytes, not a multiple of 16",
                           m.channelsPerPixel * esize)};
  }
  // "elementStrides array ... Each value must be non-zero and less than or
  // equal to 8."
  for (int d = 0; d < m.rank; ++d)
    if (m.elementStrides[static_cast<std::size_t>(d)] == 0 || m.elementStrides[static_cast<std::size_t>(d)] > 8)
      return P{"element_strides", d,
               fmt::format("element_strides[{}] is {}: each element stride must be 1 to 8", d,
                           m.elementStrides[static_cast<std::size_t>(d)])};
  // "When interleave is CU_TENSOR_MAP_INTERLEAVE_NONE and swizzle is not
  // CU_TENSOR_MAP_SWIZZLE_NONE, the bounding box inner dimension (computed as
  // boxDim[0] multiplied by element size derived from tensorDataType) must be
  // less than or equal to the swizzle size."
  const std::uint64_t inner = (im2col ? m.channelsPerPixel : m.box[0]) * esize;
  if (!interleaved && isPow2Swizzle(m.swizzle) && inner > swizzleRowBytes(m.swizzle))
    return P{"swizzle", -1,
             fmt::format("the box's inner dim is {} bytes, more than the {} swizzle's {} bytes", inner,
                         swizzleName(m.swizzle), swizzleRowBytes(m.swizzle))};
  // Interleave 32B lays each 32-byte channel group as one row of the 32B
  // swizzle: warpscope requires swizzle 32B with it (the driver's interleave
  // notes; not yet confirmed on the H200, docs/tma.md).
  if (m.interleave == TensorInterleave::B32 && m.swizzle != Swizzle::B32)
    return P{"swizzle", -1, fmt::format("interleave 32B needs swizzle 32B, not {}", swizzleName(m.swizzle))};
  // "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA can only be used when
  // tensorDataType represents a floating-point data type."
  if (m.oobFill == TensorOobFill::Nan && !tensorIsFloat(m.dtype))
    return P{"oob_fill", -1,
             fmt::format("oob_fill = \"nan\" needs a floating-point dtype, not {}", tensorDataTypeName(m.dtype))};
  return std::nullopt;
}

}  // namespace ws::core
