// A process for the crash-recovery test: it autosaves an edit the way the
// app does (Autosaver in a running event loop) and then either keeps running
// until it is killed, or exits cleanly.
//   autosave_probe DIR ORIGINAL TEXT [--exit-cleanly]
// Prints "saved" once the autosave is on disk.
#include <QCoreApplication>
#include <QTimer>
#include <cstdio>

#include "app/qt/lecture/autosave.hpp"

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  const QStringList args = app.arguments();
  if (args.size() < 4) {
    std::fprintf(stderr, "usage: autosave_probe DIR ORIGINAL TEXT [--exit-cleanly]\n");
    return 2;
  }
  const bool clean = args.contains("--exit-cleanly");
  ws::qt::Autosaver saver(args[1]);
  saver.setDebounceMs(50);
  if (!saver.start()) {
    std::fprintf(stderr, "%s\n", qPrintable(saver.error()));
    return 1;
  }
  saver.setDocument(args[2], "scenario");
  QObject::connect(&saver, &ws::qt::Autosaver::saved, [&] {
    std::printf("saved\n");
    std::fflush(stdout);
    if (clean) {
      saver.finish();
      app.quit();
    }
  });
  QObject::connect(&saver, &ws::qt::Autosaver::saveFailed, [&](const QString& e) {
    std::fprintf(stderr, "%s\n", qPrintable(e));
    app.exit(1);
  });
  saver.edited(args[3]);
  return app.exec();
}
