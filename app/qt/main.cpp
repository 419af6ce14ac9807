// warpscope: the Qt desktop debugger.
#include <QApplication>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "app/qt/app_options.hpp"
#include "app/qt/benchmark.hpp"
#include "app/qt/widgets/lane_canvas.hpp"
#include "app/qt/lecture/lecture_features.hpp"
#include "app/qt/main_window.hpp"
#include "app/qt/widgets/scene_painter.hpp"
#include "ui/session/step_until.hpp"

namespace {

// Qt aborts when it cannot reach a display. Runs that draw nothing on screen
// (--help, --screenshot, --benchmark-frames) use the offscreen platform then;
// anything else gets a message instead of a crash.
bool displayReachable(int argc, char** argv) {
  for (const char* v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
    if (const char* e = std::getenv(v); e && *e) return true;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    for (std::string_view opt : {"--help", "-h", "--help-all", "--screenshot", "--benchmark-frames"})
      if (a == opt || (a.size() > opt.size() && a.substr(0, opt.size()) == opt && a[opt.size()] == '=')) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return true;
      }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (!displayReachable(argc, argv)) {
    std::fprintf(stderr,
                 "warpscope: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
                 "Run it in a desktop session, or use warpscope-cli for headless runs; --screenshot and\n"
                 "--benchmark-frames work without a display.\n");
    return 2;
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName("warpscope");
  QApplication::setApplicationName("warpscope");
  QApplication::setStyle("Fusion");
  const ws::qt::AppOptions o = ws::qt::parseAppOptions(QApplication::arguments());
  const bool batch = !o.screenshot.isEmpty() || o.benchmarkFrames > 0;

  ws::qt::MainWindow w(o.useSettings);
  if (batch) {
    // No dialogs in batch runs: errors go to stderr and end the run.
    w.showError = [](const QString& title, const QString& text) {
      std::fprintf(stderr, "%s\n%s\n", qPrintable(title), qPrintable(text));
      std::exit(2);
    };
    w.askSave = [](const QString&) { return QMessageBox::Discard; };
    w.askAllowFiles = [](const QString&, const QStringList&) { return false; };  // --allow-files says it
  }
  // Presentation / predict modes, the editor, .cu files, autosave (none of it in batch runs).
  auto* lecture = ws::qt::LectureFeatures::install(w, {.autosave = !batch});
  if (!o.theme.isEmpty()) w.setTheme(o.theme);
  if (o.allWarps) w.setAllWarps(*o.allWarps);

  ws::ui::LaunchRequest launch = o.launch;
  std::optional<qulonglong> step = o.step;
  if (launch.path.empty() && launch.hasPtxLaunch()) {
    std::fprintf(stderr, "the launch options (--entry, --grid, --buffer, ...) need a PTX file to launch\n");
    return 2;
  }
  if (launch.path.empty() && o.useSettings) {
    QSettings s;
    const QString last = s.value("last/file").toString();
    if (!last.isEmpty() && QFileInfo::exists(last)) {
      launch.path = last.toStdString();
      if (!step && s.contains("last/step")) step = s.value("last/step").toULongLong();
    }
  }
  if (launch.path.empty()) launch.path = ws::qt::defaultScenario().toStdString();
  w.show();
  // A PTX file named alone in an interactive run asks for its launch, as File > Open does;
  // with launch options, or in a batch run, it opens as the options say (the defaults
  // of warpscope-cli for the rest).
  const bool ask = !batch && !ws::ui::isScenarioPath(launch.path) && !launch.hasPtxLaunch();
  if (!launch.path.empty() && (ask ? w.openAsking(launch) : w.openRequest(launch))) {
    if (step) w.session()->seek(*step);
    if (!o.until.isEmpty() && !ws::ui::stepUntilMnemonic(*w.session(), o.until.toStdString(), 1'000'000)) {
      std::fprintf(stderr, "no step runs an instruction starting with '%s'\n", qPrintable(o.until));
      if (batch) return 2;
    }
  } else if (batch) {
    std::fprintf(stderr, "nothing to open\n");
    return 2;
  }
  if (!batch) lecture->offerRecovery();

  if (o.benchmarkFrames > 0) {
    QTimer::singleShot(0, &w, [&] {
      const auto st = ws::qt::runBenchmark(w, o.benchmarkFrames);
      std::printf("%s\n", st.text().c_str());
      std::fflush(stdout);
      QApplication::exit(0);
    });
  } else if (!o.screenshot.isEmpty()) {
    w.canvas()->setAnimated(false);
    QTimer::singleShot(500, &w, [&] {
      QString err = ws::qt::savePng(w.grab().toImage(), o.screenshot);
      if (err.isEmpty() && !o.canvasShot.isEmpty()) err = ws::qt::savePng(w.canvas()->grab().toImage(), o.canvasShot);
      if (!err.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(err));
        QApplication::exit(2);
        return;
      }
      std::printf("%s\n", qPrintable(o.screenshot));
      QApplication::exit(0);
    });
  }
  return QApplication::exec();
}
