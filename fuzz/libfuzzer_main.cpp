// The libFuzzer harness around one entry of fuzz_entries.hpp (chosen with
// WS_FUZZ_ENTRY at compile time): a broken invariant aborts, so libFuzzer
// saves the input like any crash.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string broken = WS_FUZZ_ENTRY(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!broken.empty()) {
    std::fprintf(stderr, "invariant broken: %s\n", broken.c_str());
    std::abort();
  }
  return 0;
}
