#pragma once
// Internal to the scene builder: pieces shared by the lane view
// (scene_builder.cpp) and the cluster view (scene_cluster.cpp).
#include <string>

#include "ui/views/matrix_view.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/scene/scene_layout.hpp"
#include "ui/views/views.hpp"

namespace ws::ui::parts {

std::string laneKey(const FlowEnd& e);
// Classes, data attributes and dashing of an arrow from its flow.
void tagArrow(Primitive& p, const Arrow& a, const FlowsView& v);
Color arrowColor(const Theme& t, const Arrow& a);
// The sample arrow of a legend row, in the theme's stroke.
Primitive legendArrow(const Theme& t, Color c, bool dashed);
// Title, instruction and summary lines. Returns the y below.
double header(layout::Grid& g, const Frame& f, std::uint32_t warp, double y);
// The warp-matrix panel (scene_matrix.cpp) at y; returns the y below.
double matrixPanel(layout::Grid& g, const Frame& f, const MatrixView& v, double y);
// The fill of a cell held by `lane` (matrix tiles, row-address cells).
Color laneColor(const Theme& t, int lane);
Scene buildClusterScene(const Frame& f, const HistoryIndex* index, const Theme& t, const SceneOptions& o, const FlowsView& flows);

}  // namespace ws::ui::parts
