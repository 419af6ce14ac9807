#pragma once
// The colour of a timeline marker, one table for both front ends, so a kind
// reads the same in the Qt timeline bar and the ImGui slider.
#include "ui/scene/theme.hpp"
#include "ui/views/views.hpp"

namespace ws::ui {

Color markerColor(MarkerKind k, const Theme& t);

}  // namespace ws::ui
