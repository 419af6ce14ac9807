#pragma once
// Internal to the scene builder: the grid every part of the lane view is
// placed on (a label column, then one column per lane) and the drawing of the
// recurring pieces (rows of lane cells, mask rows, text boxes).
#include <algorithm>
#include <string>
#include <vector>

#include "ui/frame/frame.hpp"
#include "ui/scene/scene.hpp"
#include "ui/scene/theme.hpp"
#include "ui/views/views.hpp"

namespace ws::ui::layout {

class Grid {
 public:
  Grid(Scene& s, const Theme& t, int lanes) : m_s(s), m_t(t), m_lanes(std::max(1, lanes)) {}

  Scene& scene() { return m_s; }
  const Theme& theme() const { return m_t; }
  int lanes() const { return m_lanes; }
  double left() const { return m_t.margin + m_t.labelWidth; }
  double laneX(int l) const { return left() + l * m_t.laneWidth; }
  double laneCenter(int l) const { return laneX(l) + m_t.laneWidth / 2; }
  double cellW() const { return m_t.laneWidth - 6; }
  double rowH() const { return m_t.rowHeight; }
  double right() const { return laneX(m_lanes); }
  void extend(double x) { m_maxX = std::max(m_maxX, x); }
  double maxX() const { return std::max(m_maxX, right()); }

  // A font size at which `s` fits in width w (never above `size`).
  double fit(const std::string& s, double w, double size, bool mono) const;
  // Row label in the left column, vertically centred on the row at y.
  Primitive& label(double y, const std::string& text, const std::string& tooltip = {}, bool mono = false);
  // One cell of a lane row: a box with centred text.
  Primitive& cell(int lane, double y, const std::string& text, Color fill, Color textColor, const std::string& cls,
                  const std::string& id = {}, const std::string& tooltip = {}, bool mono = true);
  // A text line; returns its height.
  double textLine(double x, double y, const std::string& text, double size, Color c, bool bold = false, bool mono = false,
                  const std::string& cls = {});

 private:
  Scene& m_s;
  const Theme& m_t;
  int m_lanes;
  double m_maxX = 0;
};

// Lane header (numbers coloured by state) and the state / guard / line rows. Returns the y below.
double laneRows(Grid& g, const Frame& f, const LaneGridView& v, double y, bool compact);
// Mask rows (bits under the lanes, hex at the right). Returns the y below.
double maskRows(Grid& g, const MasksView& m, std::uint32_t warp, double y);
// A row of register values for each register. Returns the y below.
double registerRows(Grid& g, const Frame& f, const RegisterTableView& t, double y, bool before);
// The explanation box across the scene. Returns the y below.
double explanationBox(Grid& g, const ExplanationView& e, const Focus& focus, int maxLines, double x, double y, double w);
// One box per mbarrier object at (x, y); returns the box's height. Wide enough for its text.
double mbarrierBox(Grid& g, const MbarrierRow& m, double x, double y, double& width);
// Legend of the arrow kinds present. Returns the y below.
double legend(Grid& g, const std::vector<std::pair<std::string, Primitive>>& entries, double y);

std::string laneStateShort(LaneState s);
Color laneStateColor(const Theme& t, LaneState s);

}  // namespace ws::ui::layout
