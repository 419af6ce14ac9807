#include "app/qt/widgets/focus_bar.hpp"

#include <QHBoxLayout>
#include <QLabel>

namespace ws::qt {

FocusBar::FocusBar(SessionHost* host, QWidget* parent)
    : QWidget(parent), m_host(host), m_cta(new QSpinBox(this)), m_warp(new QSpinBox(this)), m_lane(new QSpinBox(this)) {
  auto* l = new QHBoxLayout(this);
  l->setContentsMargins(8, 0, 8, 0);
  const std::pair<const char*, QSpinBox*> boxes[] = {{"CTA", m_cta}, {"Warp", m_warp}, {"Lane", m_lane}};
  for (const auto& [name, box] : boxes) {
    l->addWidget(new QLabel(tr(name), this));
    box->setObjectName(QString(name).toLower());
    box->setToolTip(tr("Focus %1").arg(tr(name)));
    l->addWidget(box);
  }
  m_lane->setRange(0, 31);
  connect(m_cta, &QSpinBox::valueChanged, this, [this](int v) {
    if (ui::Session* s = m_host->session(); s && !m_updating) s->focusCta(static_cast<std::uint32_t>(v));
  });
  connect(m_warp, &QSpinBox::valueChanged, this, [this](int v) {
    ui::Session* s = m_host->session();
    if (!s || m_updating) return;
    const auto& st = s->state();
    const std::uint32_t cta = st.warps[s->focus().warp].cta;
    s->focusWarp(st.ctas[cta].firstWarp + static_cast<std::uint32_t>(v));
  });
  connect(m_lane, &QSpinBox::valueChanged, this, [this](int v) {
    if (ui::Session* s = m_host->session(); s && !m_updating) s->focusLane(v);
  });
  connect(host, &SessionHost::changed, this, &FocusBar::refresh);
}

void FocusBar::refresh() {
  ui::Session* s = m_host->session();
  if (!s) return;
  m_updating = true;
  const auto& st = s->state();
  const auto& w = st.warps[s->focus().warp];
  const auto& c = st.ctas[w.cta];
  m_cta->setRange(0, static_cast<int>(st.ctas.size()) - 1);
  m_warp->setRange(0, static_cast<int>(c.numWarps) - 1);
  m_cta->setValue(static_cast<int>(w.cta));
  m_warp->setValue(static_cast<int>(s->focus().warp - c.firstWarp));
  m_lane->setValue(s->focus().lane);
  m_updating = false;
}

}  // namespace ws::qt
