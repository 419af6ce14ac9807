#include "ui/mbarrier_decode.hpp"

// The object encoding lives with the engine's mbarrier handlers; builds that
// predate it show raw words instead of fields.
#if __has_include("core/exec/mbarrier_object.hpp")
#include "core/exec/mbarrier_object.hpp"
#define WS_UI_HAVE_MBAR_OBJECT 1
#else
#define WS_UI_HAVE_MBAR_OBJECT 0
#endif

namespace ws::ui {

bool mbarrierDecoderAvailable() { return WS_UI_HAVE_MBAR_OBJECT != 0; }

std::optional<MbarrierFields> decodeMbarrier(std::uint64_t word) {
#if WS_UI_HAVE_MBAR_OBJECT
  const core::mbar::Mbarrier m = core::mbar::decode(word);
  MbarrierFields f;
  f.initialised = m.initialised;
  f.phase = m.phase;
  f.pending = m.pending;
  f.expected = m.expected;
  f.tx = m.tx;
  return f;
#else
  (void)word;
  return std::nullopt;
#endif
}

}  // namespace ws::ui
