// Built when Qt 6 (Gui + Svg) is not found: PNG export reports why it cannot.
#include "app/cli/png_export.hpp"

namespace ws::cli {

bool pngExportAvailable() { return false; }

bool writePng(const std::string&, const std::string&, double, std::string& error) {
  error = "PNG export needs Qt 6 (Gui and Svg), and this warpscope-cli was built without it; write .svg instead";
  return false;
}

}  // namespace ws::cli
