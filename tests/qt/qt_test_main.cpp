// GoogleTest main with a QApplication: the widget tests run on Qt's offscreen
// platform, with settings and runtime files in a private temporary directory.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QStandardPaths>

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  const QString tmp = QDir::tempPath() + "/ws_qt_tests";
  QDir().mkpath(tmp + "/runtime");
  QFile::setPermissions(tmp + "/runtime", QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
  if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) qputenv("XDG_RUNTIME_DIR", (tmp + "/runtime").toUtf8());
  qputenv("XDG_CONFIG_HOME", (tmp + "/config").toUtf8());
  QStandardPaths::setTestModeEnabled(true);
  QApplication app(argc, argv);
  QApplication::setOrganizationName("warpscope-tests");
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
