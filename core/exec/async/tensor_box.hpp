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

// The elements an im2col load (PTX ISA "Im2col mode", cuTensorMapEncodeIm2col)
// moves: pixelsPerColumn pixels of channelsPerPixel channels each, pixel
// after pixel into shared memory (channels innermost, the swizzle applied
// as for tiles). `coords` (c, w{, h{, d}}, n) name the first pixel's base
// position; the base walks the bounding box, W fastest, each spatial
// coordinate from pixelBoxLower[i] to dims[1+i] - 1 + pixelBoxUpper[i]
// inclusive before it wraps to the lower corner and the next dim (after the
// last spatial dim, the next image n). Each pixel is read at its base plus
// `offsets` (one per spatial dim); outside the tensor it is filled. The
// H200 recordings fit exactly this (tests/data/hopper/tma-im2col-3d, -4d:
// 16 pixels of both images without padding, and padding pixels as fill).
// Spatial element strides other than 1 are not modelled (the caller stops).
std::vector<TensorMove> tensorIm2colMoves(const TensorMap& m, const std::array<std::int32_t, kTensorMaxRank>& coords,
                                          const std::array<std::int16_t, 3>& offsets, std::uint32_t sharedBase);

// The moves of an in-flight tensor copy or reduction (nullopt when `op` is
// not one or its map does not decode).
std::optional<std::vector<TensorMove>> tensorOpMoves(const AsyncOp& op);

// The bit pattern an out-of-bounds element is filled with: zero, or with
// oob_fill = nan 0x7ff7 in every 16 bits of the element: 0x7ff7 for
// f16/bf16, 0x7ff77ff7 for the 32-bit floats, as the H200 wrote them
// (tests/data/hopper/tma-oob-nan-fill-{f16,bf16,f32}); 0x7ff77ff77ff77ff7
// for f64 extends the pattern, an inference no recording checks (docs/tma.md).
std::uint64_t tensorOobPattern(const TensorMap& m);

// The bits a load writes for the in-bounds element `raw` (the element's
// global bits): tf32 maps round the f32 to tf32 on load as the H200 does
// (tests/data/hopper/tma-three-maps-one-buffer): to nearest at 13 bits,
// subnormals rounded as they are (not flushed), carrying into the exponent,
// and every NaN becomes 0x7fffe000. The recording has no tie (low 13 bits
// exactly 0x1000): ties go away from zero here, as cvt.rna.tf32.f32 rounds
// (an assumption). tf32_ftz rounds the same (an assumption: the recorded
// f32_ftz map does not flush on load either). Every other type, f32_ftz
// included, is copied bit for bit.
std::uint64_t tensorLoadBits(const TensorMap& m, std::uint64_t raw);

}  // namespace ws::core
