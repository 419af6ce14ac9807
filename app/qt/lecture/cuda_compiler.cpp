#include "app/qt/lecture/cuda_compiler.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "core/isa/isa.hpp"
#include "ui/files/cuda_source.hpp"

namespace ws::qt {

QString findNvcc() { return QString::fromStdString(ui::findNvcc()); }

QStringList cudaTargets() {
  return {"sm_90a", "sm_90", "sm_80", "sm_86", "sm_89", "sm_100a", "sm_120a", "sm_75", "sm_70"};
}

CudaCompiler::CudaCompiler(QObject* parent) : QObject(parent), m_nvcc(findNvcc()) {}

CudaCompiler::~CudaCompiler() { cancel(); }

void CudaCompiler::cancel() {
  if (running()) {
    m_proc->kill();
    m_proc->waitForFinished(2000);
  }
}

bool CudaCompiler::compile(const QString& cuPath, const QString& target) {
  auto fail = [this](const QString& why) {
    emit failed(why);
    return false;
  };
  if (running()) return fail(tr("nvcc is already running"));
  if (m_nvcc.isEmpty()) return fail(tr("nvcc was not found on the PATH or in /usr/local/cuda/bin"));
  const auto t = core::Target::parse(target.trimmed().toStdString());
  if (!t) return fail(tr("\"%1\" is not a GPU target like sm_90a").arg(target));
  const QFileInfo cu(cuPath);
  if (!cu.isFile()) return fail(tr("%1: no such file").arg(cuPath));
  m_dir = std::make_unique<QTemporaryDir>();
  if (!m_dir->isValid()) return fail(tr("cannot create a temporary directory: %1").arg(m_dir->errorString()));
  m_out = m_dir->filePath(cu.completeBaseName() + QStringLiteral(".ptx"));
  // The arguments every front end gives nvcc (ui/files/cuda_source.hpp).
  QStringList args;
  for (const std::string& a : ui::nvccArguments(cu.absoluteFilePath().toStdString(), t->str(), m_out.toStdString()))
    args << QString::fromStdString(a);
  m_command = m_nvcc + QLatin1Char(' ') + args.join(QLatin1Char(' '));
  delete m_proc;
  m_proc = new QProcess(this);
  m_proc->setProcessChannelMode(QProcess::MergedChannels);
  m_proc->setWorkingDirectory(cu.absolutePath());
  connect(m_proc, &QProcess::finished, this, &CudaCompiler::onFinished);
  connect(m_proc, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
    if (e == QProcess::FailedToStart) emit failed(tr("%1 could not be started: %2").arg(m_nvcc, m_proc->errorString()));
  });
  m_proc->start(m_nvcc, args);
  return true;
}

void CudaCompiler::onFinished(int code, QProcess::ExitStatus status) {
  const QString output = QString::fromLocal8Bit(m_proc->readAll()).trimmed();
  if (status != QProcess::NormalExit) {
    emit failed(tr("nvcc stopped (%1)\n%2").arg(m_proc->errorString(), output));
    return;
  }
  if (code != 0 || !QFileInfo::exists(m_out)) {
    emit failed(output.isEmpty() ? tr("nvcc failed with exit code %1").arg(code) : output);
    return;
  }
  emit finished(m_out);
}

CudaOpenDialog::CudaOpenDialog(const QString& cuPath, QWidget* parent)
    : QDialog(parent), m_cu(cuPath), m_compiler(new CudaCompiler(this)) {
  setWindowTitle(tr("Compile %1 to PTX").arg(QFileInfo(cuPath).fileName()));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_target = new QComboBox(this);
  m_target->setObjectName("cudaTarget");
  m_target->setEditable(true);
  m_target->addItems(cudaTargets());
  // The target the file asks for (`// warpscope: -arch=sm_80`), as the other front ends compile it.
  QFile source(cuPath);
  if (source.open(QIODevice::ReadOnly))
    m_target->setCurrentText(QString::fromStdString(ui::cudaTargetOf(source.read(1 << 20).toStdString(), "").target));
  form->addRow(tr("Source"), new QLabel(QFileInfo(cuPath).absoluteFilePath(), this));
  form->addRow(tr("nvcc"), new QLabel(m_compiler->nvcc().isEmpty() ? tr("not found") : m_compiler->nvcc(), this));
  form->addRow(tr("Target"), m_target);
  layout->addLayout(form);
  m_log = new QPlainTextEdit(this);
  m_log->setObjectName("nvccLog");
  m_log->setReadOnly(true);
  m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_log->setPlaceholderText(tr("nvcc's messages appear here"));
  layout->addWidget(m_log, 1);
  m_status = new QLabel(this);
  layout->addWidget(m_status);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  m_compile = buttons->addButton(tr("&Compile and open"), QDialogButtonBox::AcceptRole);
  m_compile->setObjectName("cudaCompile");
  m_compile->setEnabled(!m_compiler->nvcc().isEmpty());
  layout->addWidget(buttons);
  connect(m_compile, &QPushButton::clicked, this, &CudaOpenDialog::compile);
  connect(buttons, &QDialogButtonBox::rejected, this, [this] {
    m_compiler->cancel();
    reject();
  });
  connect(m_compiler, &CudaCompiler::finished, this, [this](const QString& ptx) {
    m_ptx = ptx;
    m_status->setText(tr("Compiled."));
    m_compile->setEnabled(true);
    emit ptxReady(ptx, m_cu);
    accept();
  });
  connect(m_compiler, &CudaCompiler::failed, this, [this](const QString& msg) {
    m_log->appendPlainText(msg);
    m_status->setText(tr("nvcc failed: fix the source or pick another target."));
    m_compile->setEnabled(!m_compiler->nvcc().isEmpty());
  });
  resize(720, 420);
}

void CudaOpenDialog::compile() {
  m_log->clear();
  m_compile->setEnabled(false);
  m_status->setText(tr("Compiling..."));
  if (m_compiler->compile(m_cu, m_target->currentText())) m_log->setPlainText(QStringLiteral("$ ") + m_compiler->commandLine());
}

}  // namespace ws::qt
