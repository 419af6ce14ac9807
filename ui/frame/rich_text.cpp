#include "ui/frame/rich_text.hpp"

#include <md4c.h>

#include <cstdint>
#include <cstdlib>

namespace ws::ui {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

void appendUtf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

// An entity md4c hands over as written: numeric ones and the few a person types.
std::string decodeEntity(std::string_view e) {
  std::string out;
  if (e.size() > 3 && e[1] == '#') {
    const bool hex = e[2] == 'x' || e[2] == 'X';
    const std::string digits(e.substr(hex ? 3 : 2, e.size() - (hex ? 4 : 3)));
    const unsigned long cp = std::strtoul(digits.c_str(), nullptr, hex ? 16 : 10);
    appendUtf8(out, cp && cp <= 0x10ffff ? static_cast<std::uint32_t>(cp) : 0xfffdu);
    return out;
  }
  if (e == "&amp;") return "&";
  if (e == "&lt;") return "<";
  if (e == "&gt;") return ">";
  if (e == "&quot;") return "\"";
  if (e == "&apos;") return "'";
  if (e == "&nbsp;") return "\u00a0";
  return std::string(e);
}

// md4c's callbacks, building paragraphs of runs.
struct Builder {
  std::vector<RichParagraph> out;
  int strong = 0, emphasis = 0, code = 0;
  int listDepth = 0;
  bool heading = false, codeBlock = false;
  bool bulletPending = false;
  bool open = false;  // text goes on the last paragraph; else it starts one

  TextStyle style() const { return {strong > 0 || heading, emphasis > 0, code > 0 || codeBlock}; }

  void append(std::string_view text) {
    if (text.empty()) return;
    if (!open) {
      RichParagraph p;
      p.bullet = bulletPending;
      p.indent = listDepth;
      bulletPending = false;
      out.push_back(std::move(p));
      open = true;
    }
    std::vector<TextRun>& runs = out.back().runs;
    const TextStyle s = style();
    if (!runs.empty() && runs.back().style == s) runs.back().text += text;
    else runs.push_back({std::string(text), s});
  }

  static int enterBlock(MD_BLOCKTYPE type, void* detail, void* self) {
    auto& b = *static_cast<Builder*>(self);
    switch (type) {
      case MD_BLOCK_UL:
      case MD_BLOCK_OL: ++b.listDepth; break;
      case MD_BLOCK_LI: b.bulletPending = true; b.open = false; break;
      case MD_BLOCK_H: b.heading = true; b.open = false; break;
      case MD_BLOCK_CODE: b.codeBlock = true; b.open = false; break;
      default: b.open = false; break;
    }
    (void)detail;
    return 0;
  }
  static int leaveBlock(MD_BLOCKTYPE type, void* detail, void* self) {
    auto& b = *static_cast<Builder*>(self);
    switch (type) {
      case MD_BLOCK_UL:
      case MD_BLOCK_OL: --b.listDepth; break;
      case MD_BLOCK_H: b.heading = false; break;
      case MD_BLOCK_CODE: b.codeBlock = false; break;
      default: break;
    }
    b.open = false;
    (void)detail;
    return 0;
  }
  static int enterSpan(MD_SPANTYPE type, void* detail, void* self) {
    auto& b = *static_cast<Builder*>(self);
    if (type == MD_SPAN_STRONG) ++b.strong;
    if (type == MD_SPAN_EM) ++b.emphasis;
    if (type == MD_SPAN_CODE) ++b.code;
    (void)detail;
    return 0;
  }
  static int leaveSpan(MD_SPANTYPE type, void* detail, void* self) {
    auto& b = *static_cast<Builder*>(self);
    if (type == MD_SPAN_STRONG) --b.strong;
    if (type == MD_SPAN_EM) --b.emphasis;
    if (type == MD_SPAN_CODE) --b.code;
    (void)detail;
    return 0;
  }
  static int text(MD_TEXTTYPE type, const MD_CHAR* t, MD_SIZE size, void* self) {
    auto& b = *static_cast<Builder*>(self);
    const std::string_view s(t, size);
    switch (type) {
      case MD_TEXT_SOFTBR: b.append(" "); break;
      case MD_TEXT_BR: b.open = false; break;  // a hard break: the rest on a line of its own
      case MD_TEXT_ENTITY: b.append(decodeEntity(s)); break;
      case MD_TEXT_NULLCHAR: b.append("\ufffd"); break;
      default:
        if (b.codeBlock) {  // one paragraph per line of a code block
          for (std::size_t i = 0; i < s.size();) {
            const std::size_t nl = s.find('\n', i);
            b.append(s.substr(i, nl == std::string_view::npos ? std::string_view::npos : nl - i));
            if (nl == std::string_view::npos) break;
            b.open = false;
            i = nl + 1;
          }
        } else {
          b.append(s);
        }
        break;
    }
    return 0;
  }
};

// A word: the characters between two spaces, in one or more runs.
struct Fragment {
  std::size_t run = 0;
  std::string text;
};
struct Word {
  std::vector<Fragment> fragments;
  std::size_t spaceRun = 0;  // the run of the whitespace before it
  bool spaceBefore = false;
};

std::vector<Word> wordsOf(const RichParagraph& p) {
  std::vector<Word> words;
  Word cur;
  bool space = false;
  std::size_t spaceRun = 0;
  for (std::size_t r = 0; r < p.runs.size(); ++r) {
    for (const char c : p.runs[r].text) {
      if (isSpace(c)) {
        if (!cur.fragments.empty()) {
          words.push_back(std::move(cur));
          cur = {};
        }
        if (!space) spaceRun = r;
        space = true;
        continue;
      }
      if (cur.fragments.empty()) {
        cur.spaceBefore = space && !words.empty();
        cur.spaceRun = spaceRun;
        space = false;
      }
      if (cur.fragments.empty() || cur.fragments.back().run != r) cur.fragments.push_back({r, {}});
      cur.fragments.back().text += c;
    }
  }
  if (!cur.fragments.empty()) words.push_back(std::move(cur));
  return words;
}

}  // namespace

std::vector<RichParagraph> parseMarkdown(std::string_view markdown) {
  Builder b;
  MD_PARSER parser{};
  parser.abi_version = 0;
  parser.flags = MD_FLAG_NOHTML | MD_FLAG_STRIKETHROUGH;
  parser.enter_block = &Builder::enterBlock;
  parser.leave_block = &Builder::leaveBlock;
  parser.enter_span = &Builder::enterSpan;
  parser.leave_span = &Builder::leaveSpan;
  parser.text = &Builder::text;
  if (md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, &b) != 0) return {plainParagraph(markdown)};
  return b.out;
}

RichParagraph plainParagraph(std::string_view text, TextStyle style) {
  RichParagraph p;
  p.runs.push_back({std::string(text), style});
  return p;
}

std::vector<LaidLine> layoutParagraph(const RichParagraph& p, float width, const MeasureText& measure) {
  std::vector<LaidLine> lines;
  LaidLine line;
  float x = 0;
  for (const Word& w : wordsOf(p)) {
    float wordWidth = 0;
    std::vector<float> widths;
    for (const Fragment& f : w.fragments) {
      widths.push_back(measure(f.text, p.runs[f.run].style));
      wordWidth += widths.back();
    }
    float space = line.pieces.empty() || !w.spaceBefore ? 0.0f : measure(" ", p.runs[w.spaceRun].style);
    if (!line.pieces.empty() && x + space + wordWidth > width) {  // the word goes on the next line, whole
      line.width = x;
      lines.push_back(std::move(line));
      line = {};
      x = 0;
      space = 0;
    }
    if (space > 0) {
      // The space belongs to the piece before it when they share a run (a
      // code span's background is not broken between its words).
      if (line.pieces.back().run == w.spaceRun) {
        line.pieces.back().text += ' ';
        line.pieces.back().width += space;
      } else {
        line.pieces.push_back({w.spaceRun, " ", x, space});
      }
      x += space;
    }
    for (std::size_t i = 0; i < w.fragments.size(); ++i) {
      const Fragment& f = w.fragments[i];
      if (!line.pieces.empty() && line.pieces.back().run == f.run) {
        line.pieces.back().text += f.text;
        line.pieces.back().width += widths[i];
      } else {
        line.pieces.push_back({f.run, f.text, x, widths[i]});
      }
      x += widths[i];
    }
  }
  if (!line.pieces.empty()) {
    line.width = x;
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace ws::ui
