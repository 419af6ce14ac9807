#pragma once
// The H100's recorded multi-function-unit tables of the bundled assets
// (assets/mufu), which make rcp/rsqrt/sqrt/ex2/lg2/sin/cos/tanh .approx
// bit-exact. Every front end gives them to the engines it creates.
#include <memory>

#include "core/exec/alu/mufu_tables.hpp"

namespace ws::ui {

// One shared set per process; each table is read on first use
// (core/scenario/mufu_files.hpp).
std::shared_ptr<const core::MufuTables> bundledMufuTables();

}  // namespace ws::ui
