#include "ui/frame/mbarrier_decode.hpp"

#include "core/exec/async/mbarrier_object.hpp"

namespace ws::ui {

MbarrierFields decodeMbarrier(std::uint64_t word) {
  const core::mbar::Mbarrier m = core::mbar::decode(word);
  MbarrierFields f;
  f.initialised = m.initialised;
  f.phase = m.phase;
  f.pending = m.pending;
  f.expected = m.expected;
  f.tx = m.tx;
  return f;
}

}  // namespace ws::ui
