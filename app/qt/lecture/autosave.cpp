#include "app/qt/lecture/autosave.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>
#include <cerrno>
#include <csignal>

namespace ws::qt {
namespace {

bool writeAtomic(const QString& path, const QByteArray& bytes, QString& error) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly)) {
    error = QObject::tr("%1: %2").arg(path, f.errorString());
    return false;
  }
  f.write(bytes);
  if (!f.commit()) {
    error = QObject::tr("%1: %2").arg(path, f.errorString());
    return false;
  }
  return true;
}

}  // namespace

QString AutosaveEntry::text() const {
  QFile f(textPath);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

Autosaver::Autosaver(QString dir, QObject* parent) : QObject(parent), m_dir(std::move(dir)) {
  m_debounce.setSingleShot(true);
  m_debounce.setInterval(1500);
  m_periodic.setInterval(5000);
  connect(&m_debounce, &QTimer::timeout, this, &Autosaver::saveNow);
  connect(&m_periodic, &QTimer::timeout, this, [this] {
    if (m_dirty) saveNow();
  });
}

Autosaver::~Autosaver() = default;

QString Autosaver::defaultDir() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QString Autosaver::textPath() const { return m_dir + QStringLiteral("/%1.autosave").arg(QCoreApplication::applicationPid()); }
QString Autosaver::lockPath() const { return m_dir + QStringLiteral("/%1.lock").arg(QCoreApplication::applicationPid()); }
QString Autosaver::metaPath() const { return m_dir + QStringLiteral("/%1.json").arg(QCoreApplication::applicationPid()); }

bool Autosaver::start() {
  if (!QDir().mkpath(m_dir)) {
    m_error = tr("cannot create %1").arg(m_dir);
    return false;
  }
  if (!writeAtomic(lockPath(), QByteArray::number(QCoreApplication::applicationPid()) + "\n", m_error)) return false;
  m_started = true;
  m_periodic.start();
  return true;
}

void Autosaver::finish() {
  m_debounce.stop();
  m_periodic.stop();
  QFile::remove(textPath());
  QFile::remove(metaPath());
  QFile::remove(lockPath());
  m_started = false;
  m_dirty = false;
}

void Autosaver::setDocument(const QString& originalPath, const QString& kind) {
  m_original = originalPath;
  m_kind = kind;
}

void Autosaver::edited(const QString& text) {
  m_text = text;
  m_dirty = true;
  m_debounce.start();
}

void Autosaver::documentSaved() {
  m_dirty = false;
  m_debounce.stop();
  QFile::remove(textPath());
  QFile::remove(metaPath());
}

bool Autosaver::saveNow() {
  if (!m_dirty || !m_started) return true;
  QJsonObject meta;
  meta["original"] = m_original;
  meta["kind"] = m_kind;
  meta["saved"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
  // The text first: a note never points at a text that is not there yet.
  if (!writeAtomic(textPath(), m_text.toUtf8(), m_error) ||
      !writeAtomic(metaPath(), QJsonDocument(meta).toJson(), m_error)) {
    emit saveFailed(m_error);
    return false;
  }
  m_dirty = false;
  emit saved(textPath());
  return true;
}

bool Autosaver::processAlive(qint64 pid) {
  if (pid <= 0) return false;
  // Signal 0 only checks: EPERM means it exists under another user.
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

QList<AutosaveEntry> Autosaver::orphans(const QString& dir) {
  QList<AutosaveEntry> out;
  const QDir d(dir);
  for (const QFileInfo& lock : d.entryInfoList({QStringLiteral("*.lock")}, QDir::Files)) {
    bool ok = false;
    const qint64 pid = lock.completeBaseName().toLongLong(&ok);
    if (!ok || pid == QCoreApplication::applicationPid() || processAlive(pid)) continue;
    AutosaveEntry e;
    e.pid = pid;
    e.lockPath = lock.filePath();
    e.textPath = d.filePath(QStringLiteral("%1.autosave").arg(pid));
    e.metaPath = d.filePath(QStringLiteral("%1.json").arg(pid));
    if (!QFile::exists(e.textPath)) {
      discard(e);  // it crashed with nothing unsaved
      continue;
    }
    QFile mf(e.metaPath);
    if (mf.open(QIODevice::ReadOnly)) {
      const QJsonObject meta = QJsonDocument::fromJson(mf.readAll()).object();
      e.originalPath = meta["original"].toString();
      e.kind = meta["kind"].toString();
      e.saved = QDateTime::fromString(meta["saved"].toString(), Qt::ISODate);
    }
    if (!e.saved.isValid()) e.saved = QFileInfo(e.textPath).lastModified();
    out.push_back(e);
  }
  std::sort(out.begin(), out.end(), [](const AutosaveEntry& a, const AutosaveEntry& b) { return a.saved > b.saved; });
  return out;
}

void Autosaver::discard(const AutosaveEntry& e) {
  QFile::remove(e.textPath);
  QFile::remove(e.metaPath);
  QFile::remove(e.lockPath);
}

std::optional<RecoveredText> offerRecovery(QWidget* parent, const QString& dir) {
  const QList<AutosaveEntry> found = Autosaver::orphans(dir);
  if (found.isEmpty()) return std::nullopt;
  const AutosaveEntry& e = found.front();
  QMessageBox box(parent);
  box.setObjectName("recoveryDialog");
  box.setIcon(QMessageBox::Question);
  box.setWindowTitle(QObject::tr("Recover unsaved changes?"));
  const QString what = e.originalPath.isEmpty() ? QObject::tr("an unsaved %1").arg(e.kind) : QFileInfo(e.originalPath).fileName();
  box.setText(QObject::tr("warpscope did not exit cleanly last time. Unsaved changes to %1 were autosaved at %2.")
                  .arg(what, QLocale().toString(e.saved.toLocalTime(), QLocale::ShortFormat)));
  box.setInformativeText(QObject::tr("Recover opens the autosaved text; Discard deletes it."));
  QPushButton* recover = box.addButton(QObject::tr("&Recover"), QMessageBox::AcceptRole);
  recover->setObjectName("recover");
  QPushButton* discard = box.addButton(QObject::tr("&Discard"), QMessageBox::DestructiveRole);
  discard->setObjectName("discard");
  box.setDefaultButton(recover);
  box.exec();
  if (box.clickedButton() != recover) {
    for (const AutosaveEntry& x : found) Autosaver::discard(x);
    return std::nullopt;
  }
  RecoveredText r{e.text(), e.originalPath, e.kind, e.saved};
  Autosaver::discard(e);
  return r;
}

}  // namespace ws::qt
