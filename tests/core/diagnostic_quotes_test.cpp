// The diagnostic table's quotes are the documents' own words: students cite
// them. Every non-empty quote of core/exec/diagnostics/diagnostic_kind.def
// must appear word for word in tests/data/isa-text/, the copy of its section
// (first line: the section's URL and the document's version), and warpscope's
// explanations must never look like a quotation.
//
// "Word for word" allows only what markdown adds to the text: whitespace and
// line breaks, `code` and *emphasis* marks, backslash escapes (test\_wait) and
// [link text](address), which is compared as its text. A list item starts a
// new bullet (•) that a quote cannot run across; " … " in a quote joins
// passages that are not adjacent, and they must appear in that order.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/exec/diagnostics/diagnostic_names.hpp"
#include "tests/support/test_paths.hpp"

namespace ws::core {
namespace {

const std::filesystem::path kIsaText = std::filesystem::path(ws::test::dataPath()) / "isa-text";
constexpr std::string_view kJoin = " \u2026 ";  // " … "

std::string collapseSpace(std::string_view s) {
  std::string out;
  bool space = false;
  for (const char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// A list item's marker ("\n  * ", "\n- ") becomes "\n\u2022 ", so a quote
// cannot run from one item into the next unnoticed.
std::string markListItems(const std::string& md) {
  std::string out;
  for (std::size_t i = 0; i < md.size(); ++i) {
    out += md[i];
    if (md[i] != '\n') continue;
    std::size_t j = i + 1;
    while (j < md.size() && (md[j] == ' ' || md[j] == '\t')) ++j;
    if (j + 1 < md.size() && std::string_view("*+-").find(md[j]) != std::string_view::npos &&
        (md[j + 1] == ' ' || md[j + 1] == '\t')) {
      out += "\u2022 ";
      i = j + 1;
      while (i + 1 < md.size() && (md[i + 1] == ' ' || md[i + 1] == '\t')) ++i;
    }
  }
  return out;
}

// Markdown backslash escapes ("\_", "\[") become the character.
std::string dropEscapes(const std::string& md) {
  std::string out;
  for (std::size_t i = 0; i < md.size(); ++i) {
    if (md[i] == '\\' && i + 1 < md.size() && std::string_view("\\`*_{}[]()#+-.!").find(md[i + 1]) != std::string_view::npos)
      ++i;
    out += md[i];
  }
  return out;
}

// Links "[text](url)" become their text.
std::string linkTexts(const std::string& md) {
  std::string out;
  for (std::size_t i = 0; i < md.size(); ++i) {
    if (md[i] == '[') {
      const std::size_t close = md.find(']', i + 1);
      if (close != std::string::npos && close + 1 < md.size() && md[close + 1] == '(') {
        const std::size_t end = md.find(')', close + 2);
        if (end != std::string::npos) {
          out += md.substr(i + 1, close - i - 1);
          i = end;
          continue;
        }
      }
    }
    out += md[i];
  }
  return out;
}

std::string normaliseMarkdown(const std::string& md) {
  std::string s = linkTexts(dropEscapes(markListItems(md)));
  std::erase(s, '`');
  std::erase(s, '*');
  return collapseSpace(s);
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::filesystem::path sectionFile(const DiagInfo& info) {
  const std::string name = std::string(info.source == QuoteSource::CudaGuide ? "cuda-guide-" : "") +
                           std::string(info.section) + ".md";
  return kIsaText / name;
}

std::vector<std::string> passages(std::string_view quote) {
  std::vector<std::string> out;
  for (std::size_t at = 0;;) {
    const std::size_t next = quote.find(kJoin, at);
    out.push_back(collapseSpace(quote.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at)));
    if (next == std::string_view::npos) return out;
    at = next + kJoin.size();
  }
}

std::vector<DiagKind> allKinds() {
  std::vector<DiagKind> out;
  for (std::size_t i = 0; i < diagKindCount(); ++i) out.push_back(static_cast<DiagKind>(i));
  return out;
}

TEST(DiagnosticQuotes, EveryKindHasAQuoteOrAnExplanation) {
  for (const DiagKind k : allKinds()) {
    const DiagInfo& info = diagInfo(k);
    EXPECT_FALSE(info.quote.empty() && info.explanation.empty()) << diagSlug(k);
    // A quote always says where it comes from; no quote, no source.
    EXPECT_EQ(info.quote.empty(), info.source == QuoteSource::None) << diagSlug(k);
    EXPECT_EQ(info.quote.empty(), info.section.empty()) << diagSlug(k);
    EXPECT_EQ(info.quote.empty(), info.sectionTitle.empty()) << diagSlug(k);
    EXPECT_EQ(info.quote.empty(), sectionUrl(info).empty()) << diagSlug(k);
  }
}

TEST(DiagnosticQuotes, QuotesAreVerbatimInTheirSection) {
  for (const DiagKind k : allKinds()) {
    const DiagInfo& info = diagInfo(k);
    if (info.quote.empty()) continue;
    const std::filesystem::path file = sectionFile(info);
    ASSERT_TRUE(std::filesystem::exists(file)) << diagSlug(k) << ": no copy of its section at " << file;
    const std::string text = readFile(file);
    // The first line names the section's address and the document's version.
    const std::string first = text.substr(0, text.find('\n'));
    EXPECT_NE(first.find(sectionUrl(info) + " "), std::string::npos) << diagSlug(k) << ": " << first;
    EXPECT_NE(first.find(std::string(quoteSourceName(info.source))), std::string::npos)
        << diagSlug(k) << ": " << first;
    const std::string body = normaliseMarkdown(text.substr(first.size()));
    std::size_t at = 0;
    for (const std::string& p : passages(info.quote)) {
      ASSERT_FALSE(p.empty()) << diagSlug(k) << ": an empty passage in " << info.quote;
      const std::size_t found = body.find(p, at);
      EXPECT_NE(found, std::string::npos)
          << diagSlug(k) << ": not in " << file.filename() << " (after the passages before it):\n" << p;
      if (found != std::string::npos) at = found + p.size();
    }
  }
}

TEST(DiagnosticQuotes, ExplanationsAreNotQuotations) {
  for (const DiagKind k : allKinds()) {
    const std::string_view e = diagInfo(k).explanation;
    EXPECT_EQ(e.find('"'), std::string_view::npos) << diagSlug(k) << ": " << e;
    EXPECT_EQ(e.find("\u201c"), std::string_view::npos) << diagSlug(k) << ": " << e;  // “
    EXPECT_EQ(e.find("\u201d"), std::string_view::npos) << diagSlug(k) << ": " << e;  // ”
    // Nor does it repeat its quote as if it were its own.
    const std::string_view q = diagInfo(k).quote;
    if (!q.empty()) {
      EXPECT_EQ(e.find(q.substr(0, std::min<std::size_t>(q.size(), 40))), std::string_view::npos) << diagSlug(k);
    }
  }
}

TEST(DiagnosticQuotes, EverySectionCopyIsQuoted) {
  std::set<std::string> used;
  for (const DiagKind k : allKinds())
    if (!diagInfo(k).quote.empty()) used.insert(sectionFile(diagInfo(k)).filename().string());
  for (const auto& e : std::filesystem::directory_iterator(kIsaText)) {
    const std::string name = e.path().filename().string();
    if (name == "README.md") continue;
    EXPECT_TRUE(used.count(name)) << name << " is quoted by no diagnostic kind";
  }
}

// The normalisation above is what makes "word for word" checkable; pin it.
TEST(DiagnosticQuotes, NormalisationDropsOnlyMarkup) {
  EXPECT_EQ(normaliseMarkdown("The *test\\_wait* and `try_wait`\n  operations"),
            "The test_wait and try_wait operations");
  EXPECT_EQ(normaliseMarkdown("in [Contents of the mbarrier object](https://x/#y)."),
            "in Contents of the mbarrier object.");
  // A list item is not the sentence before it.
  EXPECT_EQ(normaliseMarkdown("conditions:\n\n  + They belong"), "conditions: \u2022 They belong");
}

}  // namespace
}  // namespace ws::core
