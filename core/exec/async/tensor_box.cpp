// The element mapping of a tiled tensor copy (tensor_box.hpp).
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

std::optional<std::vector<TensorMove>> tensorOpMoves(const AsyncOp& op) {
  if (!op.tensor) return std::nullopt;
  const auto m = decodeTensorMap(op.tensor->map);
  if (!m) return std::nullopt;
  const AsyncLoc& smem = op.dst.space == Space::Shared ? op.dst : op.src;
  return tensorTileMoves(*m, op.tensor->coords, static_cast<std::uint32_t>(smem.addr));
}

std::uint64_t tensorOobPattern(const TensorMap& m) {
  if (m.oobFill != TensorOobFill::Nan) return 0;
  switch (tensorElementBytes(m.dtype)) {
    case 2: return 0x7fff;
    case 4: return 0x7fffffff;
    case 8: return 0x7fffffffffffffffull;
    default: return 0;
  }
}

}  // namespace ws::core
