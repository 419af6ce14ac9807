#pragma once
// A tensor map given on the command line (--tensor-map, app/common): the
// scenario keys as key=value pairs separated by commas, lists with 'x'
//   tensor_map=tmap_a,buffer=a,file=a.json,dtype=f16,dims=64x32,strides=128,box=16x8,swizzle=128B
// read through the same reader and the same rules as a [[param]] of a
// scenario file (tensor_map_load.cpp), so both say the same things.
#include <string>
#include <string_view>
#include <variant>

#include "core/scenario/scenario.hpp"

namespace ws::core {

// The parameter, or the first problem as a message naming the key.
std::variant<TensorMapParam, std::string> tensorMapFromOption(std::string_view spec);

}  // namespace ws::core
