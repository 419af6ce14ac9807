#include "ui/files/svg_writer.hpp"


#include <fmt/format.h>

#include "core/scenario/scenario_io.hpp"
#include "ui/frame/format.hpp"
#include "ui/scene/scene_hit.hpp"

namespace ws::ui {
namespace {

// Shortest fixed-point text with at most two decimals: "12", "12.5", "12.25".
std::string num(double v) {
  std::string s = fmt::format("{:.2f}", v);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

void common(std::string& out, const Primitive& p) {
  if (!p.id.empty()) out += fmt::format(" id=\"{}\"", xmlEscape(p.id));
  if (!p.cls.empty()) out += fmt::format(" class=\"{}\"", xmlEscape(p.cls));
  for (const auto& [k, v] : p.data) out += fmt::format(" data-{}=\"{}\"", xmlEscape(k), xmlEscape(v));
  if (p.opacity < 1) out += fmt::format(" opacity=\"{}\"", num(p.opacity));
}

void paint(std::string& out, const Primitive& p) {
  out += fmt::format(" fill=\"{}\"", p.hasFill ? p.fill.hex() : "none");
  if (p.hasStroke) {
    out += fmt::format(" stroke=\"{}\" stroke-width=\"{}\"", p.stroke.hex(), num(p.strokeWidth));
    if (p.dashed) {
      const DashPattern d = dashPattern(p);
      out += fmt::format(" stroke-dasharray=\"{} {}\"", num(d.on), num(d.off));
    }
  }
}

void title(std::string& out, const Primitive& p) {
  if (!p.tooltip.empty()) out += fmt::format("<title>{}</title>", xmlEscape(p.tooltip));
}

// Ends an element whose attributes are written: empty, or holding its tooltip.
void closeElement(std::string& out, const Primitive& p, const char* tag) {
  if (p.tooltip.empty()) {
    out += "/>\n";
    return;
  }
  out += ">";
  title(out, p);
  out += fmt::format("</{}>\n", tag);
}

}  // namespace

std::string toSvg(const Scene& s) {
  std::string out;
  out.reserve(256 + s.items.size() * 160);
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n",
      num(s.width), num(s.height), num(s.width), num(s.height));
  if (!s.title.empty()) out += fmt::format("<title>{}</title>\n", xmlEscape(s.title));
  out += fmt::format("<rect class=\"background\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", num(s.width),
                     num(s.height), s.background.hex());
  for (const Primitive& p : s.items) {
    switch (p.kind) {
      case Primitive::Kind::Rect:
        out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", num(p.x), num(p.y), num(std::max(0.0, p.w)),
                           num(std::max(0.0, p.h)));
        if (p.radius > 0) out += fmt::format(" rx=\"{}\" ry=\"{}\"", num(p.radius), num(p.radius));
        paint(out, p);
        common(out, p);
        closeElement(out, p, "rect");
        break;
      case Primitive::Kind::Text: {
        const char* anchor = p.anchor == TextAnchor::Middle ? "middle" : p.anchor == TextAnchor::End ? "end" : "start";
        // A tooltip goes on a wrapping group: renderers limited to SVG Tiny
        // (Qt's) would draw a <title> inside <text> as part of the text.
        if (!p.tooltip.empty()) {
          out += "<g>";
          title(out, p);
        }
        out += fmt::format("<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" fill=\"{}\"", num(p.x), num(p.y),
                           xmlEscape(p.mono ? s.monoFamily : s.fontFamily), num(p.fontSize), p.fill.hex());
        if (p.anchor != TextAnchor::Start) out += fmt::format(" text-anchor=\"{}\"", anchor);
        if (p.bold) out += " font-weight=\"bold\"";
        common(out, p);
        out += ">";
        out += xmlEscape(p.text);
        out += p.tooltip.empty() ? "</text>\n" : "</text></g>\n";
        break;
      }
      case Primitive::Kind::Line:
        out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"", num(p.p0.x), num(p.p0.y), num(p.p3.x), num(p.p3.y));
        {
          Primitive q = p;
          q.hasFill = false;
          paint(out, q);
        }
        common(out, p);
        closeElement(out, p, "line");
        break;
      case Primitive::Kind::Arrow: {
        out += "<g";
        common(out, p);
        out += ">";
        title(out, p);
        const Point e = p.shaftEnd();
        if (p.curved)
          out += fmt::format("<path d=\"M {} {} C {} {} {} {} {} {}\"", num(p.p0.x), num(p.p0.y), num(p.p1.x), num(p.p1.y),
                             num(p.p2.x), num(p.p2.y), num(e.x), num(e.y));
        else
          out += fmt::format("<path d=\"M {} {} L {} {}\"", num(p.p0.x), num(p.p0.y), num(e.x), num(e.y));
        Primitive q = p;
        q.hasFill = false;
        paint(out, q);
        out += " stroke-linecap=\"round\"/>";
        if (p.headSize > 0) {
          const auto h = p.arrowHead();
          out += fmt::format("<polygon points=\"{},{} {},{} {},{}\" fill=\"{}\"/>", num(h[0].x), num(h[0].y), num(h[1].x),
                             num(h[1].y), num(h[2].x), num(h[2].y), p.stroke.hex());
        }
        out += "</g>\n";
        break;
      }
    }
  }
  out += "</svg>\n";
  return out;
}

bool writeSvgFile(const Scene& scene, const std::string& path, std::string& error) {
  // Atomically: an export over an existing file never leaves half a picture.
  const core::SaveResult r = core::writeFileAtomic(path, toSvg(scene));
  if (!r.ok) error = r.error;
  return r.ok;
}

}  // namespace ws::ui
