// The matrix panel of the lane view (matrix_view.hpp laid out): the operand
// tiles as grids coloured by owning lane ("A x B + C = D" for an mma, the
// 8x8 matrices of ldmatrix/stmatrix with arrows from the lanes that give row
// addresses to the rows, and from the rows to the registers that receive
// them), plus the arithmetic rule. Plain rectangles, text and arrows, so
// both front ends and the SVG export draw it as they draw the rest.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "ui/views/matrix_view.hpp"
#include "ui/scene/scene_parts.hpp"
#include "ui/frame/step_facts.hpp"

namespace ws::ui::parts {
namespace {

Color mix(Color a, Color b, double t) {
  auto m = [&](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(std::lround(x * (1 - t) + y * t)); };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
}

}  // namespace

Color laneColor(const Theme& t, int lane) {
  // One hue per quad of lanes (lane / 4: the "group" of the mma layouts),
  // lighter for each lane of the quad; the lane number is written too.
  const Color base = t.groupColor(laneHue(lane));
  return mix(base, t.background, 0.15 + 0.17 * (lane & 3));
}

namespace {

// One tile at (x, y) with cells cw x ch, its caption above it.
void drawTile(layout::Grid& g, const MatrixTile& tile, double x, double y, double cw, double ch, std::size_t index) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  g.textLine(x, y - t.smallSize * 1.6, tile.caption, t.smallSize, t.text, true, false, "matrix-caption");
  const double fs = std::min(t.smallSize, ch * 0.55);
  const bool values = cw >= 26 && ch >= 16;
  const bool laneNumbers = cw >= 14 && ch >= 12;
  for (int r = 0; r < tile.rows; ++r) {
    for (int c = 0; c < tile.cols; ++c) {
      const MatrixCell& cell = tile.at(r, c);
      const double cx = x + c * cw, cy = y + r * ch;
      // Owned by a lane: its colour; read or laid down through a swizzle:
      // the colour of its 16-byte chunk in the matrix row; outside a tensor: blank, outlined.
      const Color fill = cell.lane >= 0   ? laneColor(t, cell.lane)
                         : cell.oob       ? t.neverWritten
                         : cell.chunk >= 0 ? mix(t.groupColor(cell.chunk), t.background, 0.35)
                                           : t.neverWritten;
      Primitive& p = s.rect(cx, cy, cw - 1, ch - 1, fill,
                            fmt::format("frag-cell {}{}", tile.role, cell.oob ? " oob" : ""));
      p.hasStroke = cell.changed || cell.oob;
      p.stroke = cell.oob ? t.race : t.text;
      p.strokeWidth = 1;
      p.id = fmt::format("frag-{}-{}-{}", index, r, c);
      p.tooltip = cell.tooltip;
      p.data.emplace_back("tile", tile.name);
      p.data.emplace_back("row", fmt::format("{}", r));
      p.data.emplace_back("col", fmt::format("{}", c));
      p.data.emplace_back("lane", fmt::format("{}", cell.lane));
      if (cell.reg >= 0) p.data.emplace_back("reg", fmt::format("{}", cell.reg));
      if (cell.warp >= 0) p.data.emplace_back("warp", fmt::format("{}", cell.warp));
      if (cell.chunk >= 0) p.data.emplace_back("chunk", fmt::format("{}", cell.chunk));
      if (cell.addr >= 0) p.data.emplace_back("addr", fmt::format("{:#x}", cell.addr));
      if (cell.oob) p.data.emplace_back("oob", "1");
      p.data.emplace_back("value", cell.value);
      const Color ink = t.textOn(fill);
      if (values) {
        const std::string v = cell.value.size() > 7 ? cell.value.substr(0, 7) : cell.value;
        s.text(cx + cw / 2, cy + ch * 0.72, v, g.fit(v, cw - 4, fs, true), ink, TextAnchor::Middle, "frag-value").mono =
            true;
        if (cell.lane >= 0)
          s.text(cx + 2, cy + fs * 0.62, fmt::format("{}", cell.lane), fs * 0.55, ink, TextAnchor::Start, "frag-lane");
      } else if (laneNumbers && cell.lane >= 0) {
        s.text(cx + cw / 2, cy + ch * 0.7, fmt::format("{}", cell.lane), g.fit("00", cw - 2, fs, true), ink,
               TextAnchor::Middle, "frag-lane")
            .mono = true;
      }
    }
  }
  // Row and column indices.
  const double idx = std::min(t.smallSize * 0.8, ch * 0.6);
  for (int r = 0; r < tile.rows; ++r)
    if (tile.rows <= 32 || r % 8 == 0)
      s.text(x - 3, y + r * ch + ch * 0.7, fmt::format("{}", r), idx, t.mutedText, TextAnchor::End, "matrix-index");
  for (int c = 0; c < tile.cols; ++c)
    if (cw >= 12 || c % 8 == 0)
      s.text(x + c * cw + cw / 2, y + tile.rows * ch + idx * 1.2, fmt::format("{}", c), idx, t.mutedText,
             TextAnchor::Middle, "matrix-index");
  Primitive& frame = s.rect(x - 1, y - 1, tile.cols * cw + 1, tile.rows * ch + 1, t.text, "frag-tile");
  frame.hasFill = false;
  frame.hasStroke = true;
  frame.stroke = t.border;
  frame.id = fmt::format("tile-{}", index);
  frame.data.emplace_back("tile", tile.name);
  frame.data.emplace_back("rows", fmt::format("{}", tile.rows));
  frame.data.emplace_back("cols", fmt::format("{}", tile.cols));
  g.extend(x + tile.cols * cw + t.gap);
}

// The mma tiles of each problem in a row: A x B + C = D.
// Also the warpgroup's A x B -> D (three tiles) and a tensor copy's box -> tile (two).
double mmaTiles(layout::Grid& g, const MatrixView& v, double y) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  const double avail = std::max(g.right() - t.margin, 1200.0);
  const double op = 34;  // room for an operator glyph
  const std::size_t group = v.kind == MatrixView::Kind::Wgmma ? 3 : v.kind == MatrixView::Kind::TensorCopy ? 2 : 4;
  const char* const mmaOps[] = {"\u00d7", "+", "=", ""};
  const char* const wgmmaOps[] = {"\u00d7", "\u2192", ""};
  const char* const copyOps[] = {"\u2192", ""};
  const char* const* ops = group == 3 ? wgmmaOps : group == 2 ? copyOps : mmaOps;
  for (std::size_t i = 0; i + group - 1 < v.tiles.size(); i += group) {
    int cols = 0, rows = 0;
    for (std::size_t k = i; k < i + group; ++k) {
      cols += v.tiles[k].cols;
      rows = std::max(rows, v.tiles[k].rows);
    }
    const double cw = std::clamp((avail - 4 * op) / std::max(cols, 1), 5.0, 44.0);
    const double ch = std::clamp(cw * 0.62, 9.0, 26.0);
    double x = t.margin + 30;
    const double top = y + t.smallSize * 2.2;
    for (std::size_t k = i; k < i + group; ++k) {
      const MatrixTile& tile = v.tiles[k];
      drawTile(g, tile, x, top, cw, ch, k);
      x += tile.cols * cw;
      if (ops[k - i][0] != '\0') {
        s.text(x + op / 2, top + std::min(rows, tile.rows) * ch / 2 + 8, ops[k - i], t.titleSize, t.text,
               TextAnchor::Middle, "matrix-operator");
      }
      x += op;
    }
    y = top + rows * ch + t.smallSize * 2 + t.gap;
  }
  return y;
}

// ldmatrix / stmatrix: address lanes, the matrices, and the registers.
double rowTiles(layout::Grid& g, const Frame& f, const MatrixView& v, double y) {
  const Theme& t = g.theme();
  Scene& s = g.scene();
  // The lanes that give row addresses, under their lane columns.
  g.label(y, "row address", "lane 8m + r gives the address of row r of matrix m");
  for (const MatrixRowAddress& a : v.rows) {
    Primitive& c = g.cell(a.lane, y, fmt::format("{:x}", a.addr), laneColor(t, a.lane), t.textOn(laneColor(t, a.lane)),
                          "cell row-address", fmt::format("rowaddr-lane{}", a.lane), a.text);
    c.data.emplace_back("matrix", fmt::format("{}", a.matrix));
    c.data.emplace_back("row", fmt::format("{}", a.row));
  }
  const double addrBottom = y + g.rowH() - 3;
  const double top = y + g.rowH() * 2.6;
  // Matrix m right under lanes 8m..8m+7, the lanes that name its rows.
  const double cw = std::floor((8 * t.laneWidth - 28) / 8), ch = 26;
  std::vector<double> tileX;
  for (std::size_t k = 0; k < v.tiles.size(); ++k) {
    tileX.push_back(g.laneX(static_cast<int>(8 * k)) + 24);
    drawTile(g, v.tiles[k], tileX.back(), top, cw, ch, k);
  }
  // Lane -> the row it names.
  for (const MatrixRowAddress& a : v.rows) {
    if (static_cast<std::size_t>(a.matrix) >= tileX.size()) continue;
    const Point p0{g.laneCenter(a.lane), addrBottom};
    const Point p3{tileX[static_cast<std::size_t>(a.matrix)] - 4, top + a.row * ch + ch / 2};
    Primitive& p = s.curve(p0, {p0.x, p0.y + 30}, {p3.x - 24, p3.y}, p3, t.flowMemory, 1.2, t.arrowHead * 0.7,
                           "flow matrix-row-address");
    p.id = fmt::format("rowaddr-{}-{}", a.matrix, a.row);
    p.tooltip = fmt::format("{} names row {} of matrix {}", a.text, a.row, a.matrix);
    p.data.emplace_back("from", fmt::format("lane{}", a.lane));
    p.data.emplace_back("to", fmt::format("matrix{}.row{}", a.matrix, a.row));
  }
  double yRegs = top + 8 * ch + g.rowH() * 3;
  // Rows (or columns, .trans) -> the quad of lanes whose register gets them.
  const bool load = v.kind == MatrixView::Kind::Ldmatrix;
  std::vector<std::uint32_t> regIds;
  for (const MatrixTile& tile : v.tiles)
    if (tile.cells[0].regId >= 0) regIds.push_back(static_cast<std::uint32_t>(tile.cells[0].regId));
  for (std::size_t k = 0; k < v.tiles.size() && k < regIds.size(); ++k) {
    const double yRow = yRegs + static_cast<double>(k) * g.rowH();
    for (int r = 0; r < 8; ++r) {
      const int quad = r;  // row r (column r with .trans) goes to lanes 4r..4r+3
      const Point a = v.trans ? Point{tileX[k] + r * cw + cw / 2, top + 8 * ch + 2}
                              : Point{tileX[k] + 8 * cw + 2, top + r * ch + ch / 2};
      const Point b{g.laneX(4 * quad) + 2 * t.laneWidth, yRow};
      const Point from = load ? a : b, to = load ? b : a;
      // Down through the gap between the matrices first, then to the lanes.
      const double below = top + 8 * ch + g.rowH() * 1.2;
      const Point c1 = load ? Point{a.x + (v.trans ? 0 : 16), below} : Point{b.x, b.y - 50};
      const Point c2 = load ? Point{b.x, b.y - 50} : Point{a.x + (v.trans ? 0 : 16), below};
      Primitive& p = s.curve(from, c1, c2, to, t.groupColor(laneHue(4 * quad)), 1.2, t.arrowHead * 0.7,
                             load ? "flow matrix-row-load" : "flow matrix-row-store");
      p.opacity = 0.7;
      p.id = fmt::format("rowdata-{}-{}", k, r);
      p.tooltip = fmt::format("{} {} of matrix {} {} lanes {}-{} ({})", v.trans ? "column" : "row", r, k,
                              load ? "goes to" : "comes from", 4 * quad, 4 * quad + 3,
                              regName(f.prog(), static_cast<std::int32_t>(regIds[k])));
    }
  }
  return yRegs;
}

}  // namespace

double matrixPanel(layout::Grid& g, const Frame& f, const MatrixView& v, double y) {
  const Theme& t = g.theme();
  y += g.textLine(t.margin, y, v.title, t.fontSize * 1.05, t.text, true, false, "matrix-title");
  if (!v.error.empty()) return y + g.textLine(t.margin, y, "not executed: " + v.error, t.fontSize, t.mutedText);
  if (!v.rule.empty())
    y += g.textLine(t.margin, y,
                    (v.kind != MatrixView::Kind::Mma && v.kind != MatrixView::Kind::Wgmma ? "layout: "
                     : v.ruleExact                   ? "arithmetic: "
                                                     : "arithmetic (approximate, not yet exact against the H100): ") +
                        v.rule,
                    t.smallSize, v.ruleExact ? t.mutedText : t.flowKeep, false, false,
                    v.ruleExact ? "matrix-rule" : "matrix-rule inexact");
  y += g.textLine(
      t.margin, y,
      v.kind == MatrixView::Kind::TensorCopy
          ? "cell colour: the 16-byte chunk of the box row the element belongs to (the swizzle moves chunks; "
            "outlined: outside the tensor)"
      : v.kind == MatrixView::Kind::Wgmma
          ? "cell colour: D and register A, the lane that holds the element (warp q holds rows 16q..16q+15); "
            "shared-memory A and B, the 16-byte chunk of the matrix row"
          : "cell colour: the lane that holds the element (one hue per quad of lanes 4q..4q+3; the number is the lane)",
      t.smallSize, t.mutedText, false, false, "matrix-legend");
  y += t.gap * 0.5;
  switch (v.kind) {
    case MatrixView::Kind::Mma:
    case MatrixView::Kind::Wgmma:
    case MatrixView::Kind::TensorCopy:
      return mmaTiles(g, v, y);
    case MatrixView::Kind::Ldmatrix:
    case MatrixView::Kind::Stmatrix: {
      y = rowTiles(g, f, v, y);
      std::vector<std::uint32_t> regs;
      for (const MatrixTile& tile : v.tiles)
        if (tile.cells[0].regId >= 0) regs.push_back(static_cast<std::uint32_t>(tile.cells[0].regId));
      return layout::registerRows(g, f, buildRegisterTable(f, v.warp, regs), y, v.kind == MatrixView::Kind::Stmatrix);
    }
    case MatrixView::Kind::Movmatrix:
    case MatrixView::Kind::WmmaLoad:
    case MatrixView::Kind::WmmaStore: {
      double x = t.margin + 30;
      const double top = y + t.smallSize * 2.2;
      double bottom = top;
      for (std::size_t k = 0; k < v.tiles.size(); ++k) {
        const MatrixTile& tile = v.tiles[k];
        drawTile(g, tile, x, top, 40, 24, k);
        x += tile.cols * 40 + 60;
        bottom = std::max(bottom, top + tile.rows * 24.0);
      }
      return bottom + t.smallSize * 2 + t.gap;
    }
  }
  return y;
}

}  // namespace ws::ui::parts
