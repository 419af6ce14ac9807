#pragma once
// Opens a .cu file by compiling it to PTX with nvcc when one is installed,
// with the nvcc, target and arguments of ui/files/cuda_source.hpp (the loader
// every front end opens), run asynchronously (QProcess) here so the window
// stays responsive while the user picks a target, with nvcc's
// own messages shown when it fails. -lineinfo makes nvcc write .loc/.file,
// which the listing uses to show the CUDA source beside the PTX.
#include <QDialog>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <memory>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace ws::qt {

// ui::findNvcc() ($WS_NVCC, else nvcc on the PATH, else /usr/local/cuda/bin/nvcc); empty when none exists.
QString findNvcc();
// The targets offered (the first is the default).
QStringList cudaTargets();

class CudaCompiler : public QObject {
  Q_OBJECT
 public:
  explicit CudaCompiler(QObject* parent = nullptr);
  ~CudaCompiler() override;

  // Starts nvcc. The PTX goes next to nothing the user owns: a temporary
  // directory that lives as long as this object. False (and failed() is
  // emitted) when nvcc is missing, the target is not an sm_XX name, or a
  // compile is already running.
  bool compile(const QString& cuPath, const QString& target);
  bool running() const { return m_proc && m_proc->state() != QProcess::NotRunning; }
  void cancel();
  QString nvcc() const { return m_nvcc; }
  void setNvcc(const QString& path) { m_nvcc = path; }
  // The temporary directory holding the last PTX: whoever opens the PTX keeps
  // it for as long as the session may read the file again.
  std::unique_ptr<QTemporaryDir> takeOutput() { return std::move(m_dir); }
  // The command line of the last compile, for the log.
  QString commandLine() const { return m_command; }

 signals:
  void finished(const QString& ptxPath);
  // nvcc's messages (or why it could not run).
  void failed(const QString& message);

 private:
  void onFinished(int code, QProcess::ExitStatus status);

  QString m_nvcc;
  QString m_command;
  QString m_out;
  std::unique_ptr<QTemporaryDir> m_dir;
  QProcess* m_proc = nullptr;
};

// Pick a target, compile, see nvcc's messages; accepted once the PTX exists
// (ptxPath()). The main window then opens that PTX with its launch dialog.
class CudaOpenDialog : public QDialog {
  Q_OBJECT
 public:
  CudaOpenDialog(const QString& cuPath, QWidget* parent = nullptr);
  QString ptxPath() const { return m_ptx; }
  QString cuPath() const { return m_cu; }
  CudaCompiler* compiler() const { return m_compiler; }
  QComboBox* targetBox() const { return m_target; }
  QPlainTextEdit* log() const { return m_log; }
  QPushButton* compileButton() const { return m_compile; }

 public slots:
  void compile();

 signals:
  void ptxReady(const QString& ptxPath, const QString& cuPath);

 private:
  QString m_cu, m_ptx;
  CudaCompiler* m_compiler;
  QComboBox* m_target;
  QPlainTextEdit* m_log;
  QLabel* m_status;
  QPushButton* m_compile;
};

}  // namespace ws::qt
