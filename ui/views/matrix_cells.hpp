#pragma once
// How the matrix views write one element: compact numbers that fit a cell
// ("0.5", "-inf", "1.25e+04"), by element type. Shared by the warp-matrix
// view (matrix_view.cpp), the warpgroup view (wgmma_view.cpp) and the
// tensor-copy view (tensor_copy_view.cpp).
#include <cstdint>
#include <string>

#include "core/exec/tensor/matrix_layout.hpp"

namespace ws::ui {

std::string compactFloat(double v);
std::string elemText(core::mx::Elem e, std::uint64_t bits);

}  // namespace ws::ui
