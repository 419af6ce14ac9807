#include "ui/scene/marker_color.hpp"

namespace ws::ui {

Color markerColor(MarkerKind k, const Theme& t) {
  // Most kinds take the colour of their arrows or lanes in the lane view; a
  // forced switch has one of its own, used nowhere else.
  switch (k) {
    case MarkerKind::Collective: return t.flowShuffle;
    case MarkerKind::Barrier: return t.laneWaiting;
    case MarkerKind::Atomic: return t.flowAtomic;
    case MarkerKind::Async: return t.flowAsync;
    case MarkerKind::Mbarrier: return t.flowMbarrier;
    case MarkerKind::Diagnostic: return t.flowKeep;
    case MarkerKind::Breakpoint: return okabe_ito::kVermillion;
    case MarkerKind::Edit: return t.text;
    case MarkerKind::Switch: return t.forcedSwitch;
  }
  return t.text;
}

}  // namespace ws::ui
