#include "app/cli/png_export.hpp"

#include <QBuffer>
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <unistd.h>

#include <cmath>
#include <memory>

#include <fmt/format.h>

#include "core/scenario/scenario_io.hpp"

namespace ws::cli {
namespace {

// One application object for the process, created on first use. Qt needs
// argc/argv that outlive it.
QGuiApplication& app() {
  static int argc = 1;
  static char name[] = "warpscope-cli";
  static char* argv[] = {name, nullptr};
  static std::unique_ptr<QGuiApplication> a = [] {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt wants a private runtime directory; a headless shell often has none.
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
      const QString dir = QDir::tempPath() + QString("/warpscope-runtime-%1").arg(getuid());
      QDir().mkpath(dir);
      QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
      qputenv("XDG_RUNTIME_DIR", dir.toUtf8());
    }
    return std::make_unique<QGuiApplication>(argc, argv);
  }();
  return *a;
}

}  // namespace

bool pngExportAvailable() { return true; }

bool writePng(const std::string& svg, const std::string& path, double scale, std::string& error) {
  app();
  QSvgRenderer renderer(QByteArray(svg.data(), static_cast<qsizetype>(svg.size())));
  if (!renderer.isValid()) {
    error = "the SVG could not be read by Qt's renderer";
    return false;
  }
  const QSizeF size = renderer.defaultSize();
  const int w = static_cast<int>(std::ceil(size.width() * scale)), h = static_cast<int>(std::ceil(size.height() * scale));
  if (w <= 0 || h <= 0 || static_cast<double>(w) * h > 400e6) {
    error = fmt::format("a {}x{} picture is too large; lower --scale", w, h);
    return false;
  }
  QImage image(w, h, QImage::Format_ARGB32);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    renderer.render(&painter, QRectF(0, 0, w, h));
  }
  // Atomically (core::writeFileAtomic): never half a picture over an old one.
  QByteArray png;
  QBuffer buffer(&png);
  if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG")) {
    error = fmt::format("{}: cannot encode the PNG", path);
    return false;
  }
  const core::SaveResult r =
      core::writeFileAtomic(path, std::string_view(png.constData(), static_cast<std::size_t>(png.size())));
  if (!r.ok) error = r.error;
  return r.ok;
}

}  // namespace ws::cli
