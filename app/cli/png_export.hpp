#pragma once
// SVG -> PNG with Qt's SVG renderer (QGuiApplication on the "offscreen"
// platform, QSvgRenderer into a QImage). The only place warpscope-cli uses Qt.
#include <string>

namespace ws::cli {

bool pngExportAvailable();
// Renders `svg` at `scale` pixels per SVG unit; false with `error` on failure.
bool writePng(const std::string& svg, const std::string& path, double scale, std::string& error);

}  // namespace ws::cli
