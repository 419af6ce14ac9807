#pragma once
// Lays out the lane view of one step (lanes, registers, masks, data-flow
// arrows, mbarriers, explanation) as scene primitives, for the front ends'
// canvases and for export. Scales from 1 to 32 lanes and several warps; a
// step whose data crosses CTAs (red.async in a cluster) gets the cluster view:
// one panel per CTA with the arrows crossing between them, dashed while in
// flight and solid once completed.
#include <cstdint>
#include <vector>

#include "ui/frame/frame.hpp"
#include "ui/scene/scene.hpp"
#include "ui/scene/theme.hpp"

namespace ws::ui {

class HistoryIndex;

struct SceneOptions {
  std::vector<std::uint32_t> warps;  // warps to draw; empty = the focused warp (and its CTA's others with allWarpsOfCta)
  bool allWarpsOfCta = false;
  std::uint32_t maxWarps = 8;
  int maxExplanationLines = 8;
  bool showMasks = true, showExplanation = true, showMbarriers = true, showLegend = true;
  bool clusterView = true;  // use the cluster view when data crosses CTAs
};

Scene buildScene(const Frame& f, const HistoryIndex* index, const Theme& theme, const SceneOptions& o = {});

}  // namespace ws::ui
