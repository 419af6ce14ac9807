#pragma once
// Where things live in the simulated address spaces. Generic addresses
// (64-bit) contain one window per state space; .shared addresses are 32-bit
// offsets, and a .shared::cluster address names the CTA of the cluster in its
// upper bits. Values chosen to be readable in a register view.
#include <cstdint>

namespace ws::core::memmap {

// .shared::cta addresses are plain offsets into the CTA's shared segment.
// A .shared::cluster address of rank r's shared memory is
// kClusterSharedBase * (r + 1) + offset; an address below kClusterSharedBase
// is the executing CTA's own window (the ::cta window sits inside ::cluster).
inline constexpr std::uint32_t kClusterSharedBase = 0x0100'0000;
inline constexpr std::uint64_t kSharedLimit = kClusterSharedBase;  // bytes of shared memory a CTA can have

// Generic windows.
inline constexpr std::uint64_t kParamWindow = 0x0000'7c00'0000'0000ull;
inline constexpr std::uint64_t kConstWindow = 0x0000'7d00'0000'0000ull;
inline constexpr std::uint64_t kSharedWindow = 0x0000'7e00'0000'0000ull;
inline constexpr std::uint64_t kLocalWindow = 0x0000'7f00'0000'0000ull;
inline constexpr std::uint64_t kWindowSize = 0x0000'0001'0000'0000ull;

// Function addresses (`mov.u64 %rd, func;`, `.u64 table[] = {func}`): function
// i is kFunctionWindow + i * kFunctionStride. Nothing is stored there; an
// indirect call maps the value back to the function.
inline constexpr std::uint64_t kFunctionWindow = 0x0000'7b00'0000'0000ull;
inline constexpr std::uint64_t kFunctionStride = 0x10;

// Global buffers: buffer i starts at kGlobalBase + i * kGlobalStride. Buffer 0
// holds the module's .global variables; launch buffers follow.
inline constexpr std::uint64_t kGlobalBase = 0x0000'0002'0000'0000ull;
inline constexpr std::uint64_t kGlobalStride = 0x0000'0000'1000'0000ull;  // 256 MiB per buffer at most

inline constexpr bool inWindow(std::uint64_t a, std::uint64_t base) { return a >= base && a - base < kWindowSize; }

}  // namespace ws::core::memmap
