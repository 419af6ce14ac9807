// Opening a .cu file through nvcc: the dialog compiles asynchronously to PTX
// with -lineinfo, the PTX loads and its listing shows the CUDA source beside
// the PTX; nvcc's error messages reach the dialog; bad targets are refused.
// Skipped where nvcc is not installed.
#include <QComboBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "app/qt/lecture/cuda_compiler.hpp"
#include "core/ptx/parser.hpp"
#include "ui/session/session.hpp"
#include "tests/support/test_paths.hpp"

using namespace ws;

namespace {
QString data(const char* name) { return QString::fromStdString(ws::test::dataPath("/lecture/")) + name; }

QString slurp(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}
}  // namespace

class CudaCompilerTest : public QObject {
  Q_OBJECT
 private slots:
  void init() {
    if (ws::qt::findNvcc().isEmpty()) QSKIP("nvcc is not installed");
  }
  void compilesAndShowsCudaBesidePtx();
  void nvccErrorsReachTheDialog();
  void refusesBadTargets();
};

void CudaCompilerTest::compilesAndShowsCudaBesidePtx() {
  ws::qt::CudaOpenDialog dlg(data("butterfly_sum.cu"));
  QCOMPARE(dlg.targetBox()->currentText(), QString("sm_90a"));
  QSignalSpy ready(&dlg, &ws::qt::CudaOpenDialog::ptxReady);
  dlg.show();
  QTest::mouseClick(dlg.compileButton(), Qt::LeftButton);
  QVERIFY(dlg.compiler()->running());  // asynchronous: the dialog is still live
  QVERIFY(dlg.compiler()->commandLine().contains("-arch=sm_90a -lineinfo -ptx"));
  QVERIFY(ready.wait(120000));
  QCOMPARE(dlg.result(), int(QDialog::Accepted));
  const QString ptxPath = dlg.ptxPath();
  QCOMPARE(ready.at(0).at(0).toString(), ptxPath);

  const QString ptx = slurp(ptxPath);
  QVERIFY(ptx.contains(".target sm_90a"));
  auto parsed = core::parsePtx(ptx.toStdString(), ptxPath.toStdString());
  QVERIFY(parsed.ok());
  core::LaunchConfig cfg;
  cfg.entry = "butterfly_sum";
  cfg.buffers.push_back({"out", std::vector<std::uint8_t>(128, 0)});
  cfg.params = {core::ParamValue::buf(0)};
  auto made = ui::Session::create(std::make_shared<const core::Program>(std::move(*parsed.program)), cfg);
  QVERIFY(std::holds_alternative<std::unique_ptr<ui::Session>>(made));
  auto& s = *std::get<std::unique_ptr<ui::Session>>(made);
  bool shown = false;
  for (const ui::ListingLine& l : s.views().listing.lines)
    if (l.cudaText.find("__shfl_xor_sync") != std::string::npos) shown = true;
  QVERIFY2(shown, "the listing shows the CUDA line of the shuffle");
  s.step(core::StepUnit::ToEnd);
  QVERIFY(s.finished());
}

void CudaCompilerTest::nvccErrorsReachTheDialog() {
  ws::qt::CudaOpenDialog dlg(data("broken.cu"));
  QSignalSpy failed(dlg.compiler(), &ws::qt::CudaCompiler::failed);
  dlg.compile();
  QVERIFY(failed.wait(120000));
  const QString log = dlg.log()->toPlainText();
  QVERIFY2(log.contains("broken.cu(2)") && log.contains("undeclared_name"), qPrintable(log));
  QVERIFY(dlg.ptxPath().isEmpty());
  QVERIFY(dlg.compileButton()->isEnabled());  // fix and try again
  QCOMPARE(dlg.result(), int(QDialog::Rejected));
}

void CudaCompilerTest::refusesBadTargets() {
  ws::qt::CudaCompiler c;
  QSignalSpy failed(&c, &ws::qt::CudaCompiler::failed);
  QVERIFY(!c.compile(data("butterfly_sum.cu"), "pentium"));
  QCOMPARE(failed.count(), 1);
  QCOMPARE(failed.at(0).at(0).toString(), QString("\"pentium\" is not a GPU target like sm_90a"));
  QVERIFY(!c.compile(data("missing.cu"), "sm_90a"));
  QVERIFY(failed.at(1).at(0).toString().endsWith("missing.cu: no such file"));
  c.setNvcc({});
  QVERIFY(!c.compile(data("butterfly_sum.cu"), "sm_90a"));
  QVERIFY(failed.at(2).at(0).toString().startsWith("nvcc was not found"));
}

QTEST_MAIN(CudaCompilerTest)
#include "cuda_compiler_test.moc"
