#pragma once
// The mbarrier panel's view of an mbarrier object: the fields a person reads.
// The object's 8 bytes are decoded by core/exec/async/mbarrier_object.hpp (the
// engine's encoding); this header is the one seam between the two, so the
// panel does not depend on how the engine packs the word.
#include <cstdint>

namespace ws::ui {

struct MbarrierFields {
  bool initialised = false;
  std::uint32_t phase = 0;     // current phase number (modulo the encoding's range)
  std::uint32_t pending = 0;   // arrivals still missing in the current phase
  std::uint32_t expected = 0;  // arrivals each phase expects
  std::int32_t tx = 0;         // tx-count of the current phase
  std::uint32_t parity() const { return phase & 1u; }
  bool operator==(const MbarrierFields&) const = default;
};

// The fields of an object word.
MbarrierFields decodeMbarrier(std::uint64_t word);

}  // namespace ws::ui
