#include "app/qt/export.hpp"

#include <QDir>

#include "app/qt/widgets/scene_painter.hpp"
#include "ui/files/svg_writer.hpp"

namespace ws::qt {

QString exportScene(const ui::Scene& scene, const QString& path, double pngScale) {
  if (path.endsWith(".svg", Qt::CaseInsensitive)) {
    std::string err;
    if (!ui::writeSvgFile(scene, path.toStdString(), err)) return QString::fromStdString(err);
    return {};
  }
  return savePng(renderScene(scene, pngScale), path);
}

QString exportRange(ui::Session& s, const ui::Theme& theme, const ui::SceneOptions& o, std::uint64_t first,
                    std::uint64_t last, const QString& dir, const QString& ext) {
  if (!QDir().mkpath(dir)) return QObject::tr("%1: cannot create the folder").arg(dir);
  const std::uint64_t back = s.position();
  QString error;
  for (std::uint64_t i = first; i <= last && error.isEmpty(); ++i) {
    if (s.seek(i) != i) break;  // past the end of the launch
    const ui::Scene scene = ui::buildScene(s.frame(), &s.index(), theme, o);
    error = exportScene(scene, QDir(dir).filePath(QStringLiteral("step-%1.%2").arg(i, 5, 10, QChar('0')).arg(ext)));
  }
  s.seek(back);
  return error;
}

}  // namespace ws::qt
