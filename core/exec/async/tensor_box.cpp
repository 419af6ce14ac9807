// The element mapping of a tiled or im2col tensor copy, the NaN fill and the
// tf32 rounding on load (tensor_box.hpp).
#include "core/exec/async/tensor_box.hpp"

namespace ws::core {

std::vector<TensorMove> tensorTileMoves(const TensorMap& m, const std::array<std::int32_t, kTensorMaxRank>& coords,
                                        std::uint32_t sharedBase) {
  std::vector<TensorMove> out;
  const int rank = std::min<int>(m.rank, kTensorMaxRank);
  if (rank < 1 || m.layout != TensorLayout::Tiled) return out;
  const std::uint32_t esize = tensorElementBytes(m.dtype);
  std::array<std::uint32_t, kTensorMaxRank> n{1, 1, 1, 1, 1};
  std::uint64_t total = 1;
  for (int d = 0; d < rank; ++d) {
    n[static_cast<std::size_t>(d)] = m.boxElems(d);
    total *= n[static_cast<std::size_t>(d)];
  }
  out.reserve(total);
  std::array<std::uint32_t, kTensorMaxRank> j{};  // the element's index in the box, per dim
  for (std::uint64_t i = 0; i < total; ++i) {
    TensorMove mv;
    mv.inBounds = true;
    std::uint64_t addr = m.globalAddress;
    for (int d = 0; d < rank; ++d) {
      const auto k = static_cast<std::size_t>(d);
      // Dim 0's element stride is ignored without interleave ("TMA doesn't
      // support the stride for dimension zero").
      const std::uint32_t es = (d == 0 && m.interleave == TensorInterleave::None) ? 1 : m.elementStrides[k];
      const std::int64_t c = static_cast<std::int64_t>(coords[k]) + static_cast<std::int64_t>(j[k]) * es;
      mv.coords[k] = c;
      if (c < 0 || static_cast<std::uint64_t>(c) >= m.dims[k]) mv.inBounds = false;
      else addr += static_cast<std::uint64_t>(c) * m.strideOf(d);
    }
    mv.global = mv.inBounds ? addr : 0;
    const std::uint64_t linear = static_cast<std::uint64_t>(sharedBase) + i * esize;
    mv.shared = static_cast<std::uint32_t>(swizzleAddress(linear, m.swizzle));
    out.push_back(mv);
    for (int d = 0; d < rank; ++d) {  // next index, innermost fastest
      const auto k = static_cast<std::size_t>(d);
      if (++j[k] < n[k]) break;
      j[k] = 0;
    }
  }
  return out;
}

std::vector<TensorMove> tensorIm2colMoves(const TensorMap& m, const std::array<std::int32_t, kTensorMaxRank>& coords,
                                          const std::array<std::int16_t, 3>& offsets, std::uint32_t sharedBase) {
  std::vector<TensorMove> out;
  const int rank = std::min<int>(m.rank, kTensorMaxRank);
  if (rank < 3 || m.layout != TensorLayout::Im2col) return out;
  const int spatial = rank - 2;
  const std::uint32_t esize = tensorElementBytes(m.dtype);
  out.reserve(static_cast<std::size_t>(m.pixelsPerColumn) * m.channelsPerPixel);
  std::array<std::int64_t, 3> base{};  // the pixel's base position per spatial dim
  for (int i = 0; i < spatial; ++i) base[static_cast<std::size_t>(i)] = coords[static_cast<std::size_t>(i) + 1];
  std::int64_t image = coords[static_cast<std::size_t>(rank) - 1];
  std::uint64_t slot = 0;  // the element's index in the shared box
  for (std::uint32_t p = 0; p < m.pixelsPerColumn; ++p) {
    for (std::uint32_t ch = 0; ch < m.channelsPerPixel; ++ch, ++slot) {
      TensorMove mv;
      mv.coords[0] = static_cast<std::int64_t>(coords[0]) + ch;
      for (int i = 0; i < spatial; ++i) {
        const auto k = static_cast<std::size_t>(i);
        mv.coords[k + 1] = base[k] + offsets[k];
      }
      mv.coords[static_cast<std::size_t>(rank) - 1] = image;
      mv.inBounds = true;
      std::uint64_t addr = m.globalAddress;
      for (int d = 0; d < rank; ++d) {
        const auto k = static_cast<std::size_t>(d);
        const std::int64_t c = mv.coords[k];
        if (c < 0 || static_cast<std::uint64_t>(c) >= m.dims[k]) mv.inBounds = false;
        else addr += static_cast<std::uint64_t>(c) * m.strideOf(d);
      }
      mv.global = mv.inBounds ? addr : 0;
      const std::uint64_t linear = static_cast<std::uint64_t>(sharedBase) + slot * esize;
      mv.shared = static_cast<std::uint32_t>(swizzleAddress(linear, m.swizzle));
      out.push_back(mv);
    }
    // The next base position: W fastest, wrapping at the bounding box.
    int i = 0;
    for (; i < spatial; ++i) {
      const auto k = static_cast<std::size_t>(i);
      const std::int64_t last = static_cast<std::int64_t>(m.dims[k + 1]) - 1 + m.pixelBoxUpper[k];
      if (++base[k] <= last) break;
      base[k] = m.pixelBoxLower[k];
    }
    if (i == spatial) ++image;
  }
  return out;
}

std::optional<std::vector<TensorMove>> tensorOpMoves(const AsyncOp& op) {
  if (!op.tensor) return std::nullopt;
  const auto m = decodeTensorMap(op.tensor->map);
  if (!m) return std::nullopt;
  const AsyncLoc& smem = op.dst.space == Space::Shared ? op.dst : op.src;
  const auto base = static_cast<std::uint32_t>(smem.addr);
  if (m->layout == TensorLayout::Im2col) return tensorIm2colMoves(*m, op.tensor->coords, op.tensor->im2colOffsets, base);
  return tensorTileMoves(*m, op.tensor->coords, base);
}

std::uint64_t tensorOobPattern(const TensorMap& m) {
  if (m.oobFill != TensorOobFill::Nan) return 0;
  constexpr std::uint64_t kNan16 = 0x7ff7;  // per 16 bits (H200 recordings)
  std::uint64_t v = 0;
  for (std::uint32_t i = 0; i < tensorElementBytes(m.dtype) / 2; ++i) v |= kNan16 << (16 * i);
  return v;
}

std::uint64_t tensorLoadBits(const TensorMap& m, std::uint64_t raw) {
  if (m.dtype != TensorDataType::TF32 && m.dtype != TensorDataType::TF32Ftz) return raw;
  const auto x = static_cast<std::uint32_t>(raw);
  if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x007fffffu) != 0) return 0x7fffe000u;
  // Adding half an ulp of tf32 and truncating rounds ties away from zero;
  // a carry out of the mantissa bumps the exponent (to infinity at the top).
  return (x + 0x1000u) & ~0x1fffu;
}

}  // namespace ws::core
