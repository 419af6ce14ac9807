#pragma once
// Where the elements of one tensor copy go: the box of a tiled tensor map at
// given coordinates, element by element, with the global address it reads
// (or writes) and the shared-memory offset it lands at after the swizzle.
// A pure function of the map, the coordinates and the shared address, so
// the views can draw a TMA copy (global box, its out-of-bounds part, the
// shared tile) from an in-flight operation or a step's record.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/exec/state/machine_state.hpp"
#include "core/exec/state/tensor_map.hpp"

namespace ws::core {

struct TensorMove {
  std::array<std::int64_t, kTensorMaxRank> coords{};  // global element coordinates, innermost first
  bool inBounds = false;       // every coordinate in [0, dim): read (loads) or written (stores)
  std::uint64_t global = 0;    // its global address (meaningful when in bounds)
  std::uint32_t shared = 0;    // its shared-memory offset in the CTA, swizzled
  bool operator==(const TensorMove&) const = default;
};

// The elements a tiled copy of the box at `coords` moves, in box order
// (innermost dim fastest; elementStrides skip coordinates), the box packed
// row after row from `sharedBase` with no padding and the map's swizzle
// applied to each element's shared offset (core/util/swizzle.hpp).
std::vector<TensorMove> tensorTileMoves(const TensorMap& m, const std::array<std::int32_t, kTensorMaxRank>& coords,
                                        std::uint32_t sharedBase);

// The moves of an in-flight tensor copy or reduction (nullopt when `op` is
// not one or its map does not decode).
std::optional<std::vector<TensorMove>> tensorOpMoves(const AsyncOp& op);

// The bit pattern an out-of-bounds element is filled with: zero, or with
// oob_fill = nan the canonical quiet NaN of the type (0x7fff for f16/bf16,
// 0x7fffffff for the 32-bit floats, 0x7fffffffffffffff for f64): an
// assumption until the H200 recordings say (docs/tma.md).
std::uint64_t tensorOobPattern(const TensorMap& m);

}  // namespace ws::core
