#pragma once
// Export of the lane view: the current step, or a range of steps, as SVG
// (ui::toSvg) or PNG (the scene painted into a QImage).
#include <QString>

#include "ui/scene/scene.hpp"
#include "ui/scene/scene_builder.hpp"
#include "ui/session/session.hpp"

namespace ws::qt {

// Format from the file's suffix (.svg, else PNG). Returns the error text, "" on success.
QString exportScene(const ui::Scene& scene, const QString& path, double pngScale = 2.0);
// Steps first..last (history positions) as <dir>/step-00012.<ext>; the session returns to where it was.
QString exportRange(ui::Session& s, const ui::Theme& theme, const ui::SceneOptions& o, std::uint64_t first,
                    std::uint64_t last, const QString& dir, const QString& ext);

}  // namespace ws::qt
