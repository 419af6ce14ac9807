#pragma once
// Scene -> SVG 1.1 text. Arrowheads are explicit polygons (not <marker>s) so
// renderers limited to SVG Tiny (Qt's QSvgRenderer) draw them too. Element
// ids, classes and data-* attributes come from the scene so a test can find
// `class="flow shuffle" data-from="lane4" data-to="lane5"`.
#include <string>

#include "ui/scene/scene.hpp"

namespace ws::ui {

std::string toSvg(const Scene& scene);
// False with `error` when the file cannot be written.
bool writeSvgFile(const Scene& scene, const std::string& path, std::string& error);

}  // namespace ws::ui
