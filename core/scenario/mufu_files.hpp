#pragma once
// Reading the H100's recorded MUFU tables (assets/mufu: NAME.bin.gz per
// MufuTables::layout()). Each table is read and decoded the first time the
// engine needs it; a missing or damaged file leaves that table empty, and the
// engine then computes the function correctly rounded instead.
#include <memory>
#include <string>

#include "core/exec/alu/mufu_tables.hpp"

namespace ws::core {

std::shared_ptr<const MufuTables> mufuTablesFrom(const std::string& dir);

// The whole contents of a file, gunzipped when its name ends in .gz; empty
// when it cannot be read.
std::string readMaybeGzFile(const std::string& path);

}  // namespace ws::core
