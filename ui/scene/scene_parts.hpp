#pragma once
// Internal to the scene builder: pieces shared by the lane view
// (scene_builder.cpp) and the cluster view (scene_cluster.cpp).
#include <string>
#include <vector>

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
// Races (scene_race.cpp): a row per race under the main warp's lanes, at
// most kMaxRacesDrawn (then a line saying how many more). raceRows draws into
// the space raceRowsHeight reserved at yTop, once every shown warp's lanes are
// placed, so an access by a lane of another shown warp points at that lane.
inline constexpr std::size_t kMaxRacesDrawn = 3;
double raceRowsHeight(const layout::Grid& g, std::size_t races);
void raceRows(layout::Grid& g, const Frame& f, const std::vector<core::Diagnostic>& races, double yTop);
Scene buildClusterScene(const Frame& f, const HistoryIndex* index, const Theme& t, const SceneOptions& o, const FlowsView& flows);

}  // namespace ws::ui::parts
