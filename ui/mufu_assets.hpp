#pragma once
// The H100's recorded multi-function-unit tables (assets/mufu), which make
// rcp/rsqrt/sqrt/ex2/lg2/sin/cos/tanh .approx bit-exact. Every front end gives
// them to the engines it creates; each table is read and decoded from disk the
// first time a kernel runs an instruction that needs it.
#include <memory>
#include <string>

#include "core/exec/mufu_tables.hpp"

namespace ws::ui {

// The tables of the bundled assets directory (one shared set per process).
std::shared_ptr<const core::MufuTables> bundledMufuTables();

// Tables read from `dir` (NAME.bin.gz per MufuTables::layout()); a missing or
// damaged file leaves its table empty, and the engine then computes that
// function correctly rounded instead.
std::shared_ptr<const core::MufuTables> mufuTablesFrom(const std::string& dir);

}  // namespace ws::ui
