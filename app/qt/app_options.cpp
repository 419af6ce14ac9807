#include "app/qt/app_options.hpp"

#include <QCommandLineParser>
#include <QFileInfo>

#include "ui/gallery.hpp"

namespace ws::qt {

AppOptions parseAppOptions(const QStringList& args) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral("warpscope: step through PTX lane by lane, forward and backward."));
  p.addHelpOption();
  p.addPositionalArgument("file", "scenario (.toml) or PTX file (.ptx) to open");
  const QCommandLineOption seek("seek", "go to step N after opening", "N");
  const QCommandLineOption until("until", "step until an instruction whose mnemonic starts with TEXT (e.g. shfl.sync.bfly)", "TEXT");
  const QCommandLineOption shot("screenshot", "save a PNG of the window once painted, then quit", "PNG");
  const QCommandLineOption canvasShot("canvas-screenshot", "with --screenshot: also save the lane view alone", "PNG");
  const QCommandLineOption bench("benchmark-frames", "autoplay N frames while painting; print frame-time statistics", "N");
  const QCommandLineOption theme("theme", "light, dark or projector", "NAME");
  const QCommandLineOption noSettings("no-settings", "do not read or write saved layout, theme and recent files");
  const QCommandLineOption allWarps("all-warps", "draw every warp of the focused CTA");
  p.addOptions({seek, until, shot, canvasShot, bench, theme, noSettings, allWarps});
  p.process(args);
  AppOptions o;
  if (!p.positionalArguments().isEmpty()) o.file = p.positionalArguments().first();
  if (p.isSet(seek)) {
    bool ok = false;
    o.seek = p.value(seek).toULongLong(&ok);
    if (!ok) {
      qCritical("--seek takes a step number");
      ::exit(2);
    }
  }
  o.until = p.value(until);
  o.screenshot = p.value(shot);
  o.canvasShot = p.value(canvasShot);
  if (p.isSet(bench)) {
    bool ok = false;
    o.benchmarkFrames = p.value(bench).toInt(&ok);
    if (!ok || o.benchmarkFrames <= 0) {
      qCritical("--benchmark-frames takes a positive number");
      ::exit(2);
    }
  }
  o.theme = p.value(theme);
  o.useSettings = !p.isSet(noSettings) && o.screenshot.isEmpty() && o.benchmarkFrames == 0;
  o.allWarps = p.isSet(allWarps);
  return o;
}

QString defaultScenario() {
  const QString dir = QString::fromStdString(ui::bundledScenarioDir());
  const QString readme = dir + "/red-async-cluster/scenario.toml";
  if (QFileInfo::exists(readme)) return readme;
  for (const auto& e : ui::listGallery(dir.toStdString()))
    if (e.error.empty()) return QString::fromStdString(e.path);
  return {};
}

}  // namespace ws::qt
