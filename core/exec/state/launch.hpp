#pragma once
// What to run: an entry, the grid shape and the kernel arguments.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ws::core {

using Dim3 = std::array<std::uint32_t, 3>;

struct BufferSpec {
  std::string name;
  std::vector<std::uint8_t> bytes;
};

// A kernel argument: a pointer to a buffer (by index into LaunchConfig::buffers),
// raw scalar bits, or a byte blob (a CUtensorMap's 128 bytes) into which the
// address of `buffer` is written at byte `addressAt` when the launch lays the
// parameters down (the address is known only then).
struct ParamValue {
  enum class Kind : std::uint8_t { Buffer, Scalar, Bytes } kind = Kind::Scalar;
  std::uint32_t buffer = 0;
  std::uint64_t bits = 0;
  std::vector<std::uint8_t> bytes;      // Bytes
  std::uint32_t addressAt = kNoAddress;  // Bytes: where `buffer`'s address goes
  static constexpr std::uint32_t kNoAddress = ~0u;
  static ParamValue buf(std::uint32_t i) { return {Kind::Buffer, i, 0, {}, kNoAddress}; }
  static ParamValue scalar(std::uint64_t v) { return {Kind::Scalar, 0, v, {}, kNoAddress}; }
  static ParamValue blob(std::vector<std::uint8_t> b, std::uint32_t buffer, std::uint32_t addressAt) {
    return {Kind::Bytes, buffer, 0, std::move(b), addressAt};
  }
};

struct LaunchConfig {
  std::string entry;
  Dim3 grid{1, 1, 1};
  Dim3 block{32, 1, 1};
  Dim3 cluster{0, 0, 0};  // 0 = no cluster launch (the module's .reqnctapercluster still applies)
  std::uint32_t dynamicSharedBytes = 0;
  std::vector<BufferSpec> buffers;
  std::vector<ParamValue> params;  // one per entry .param, in order
};

// Limits that keep a hostile launch from exhausting the machine.
struct Limits {
  std::uint64_t maxThreads = 1u << 22;       // whole grid
  std::uint32_t maxBlockThreads = 1024;
  std::uint32_t maxClusterSize = 16;
  std::uint64_t maxBufferBytes = 256ull << 20;
  // sm_90: 227 KB of shared memory per CTA (static + dynamic, opt-in), of
  // which at most 48 KB static.
  std::uint64_t maxSharedBytes = 227u << 10;
  std::uint64_t maxStaticSharedBytes = 48u << 10;
  std::uint64_t maxLocalBytes = 512u << 10;  // per thread
  std::uint64_t maxTotalBufferBytes = 512ull << 20;  // all launch buffers together
  // The whole machine state (registers, local, shared, global and constant
  // memory), checked before anything is allocated.
  std::uint64_t maxStateBytes = 1ull << 30;
};

}  // namespace ws::core
