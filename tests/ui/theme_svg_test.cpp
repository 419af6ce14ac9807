// Themes (built-in and the bundled files agree; bad files are reported), the
// SVG writer (valid XML, escaped text, arrowheads as polygons) and the rule
// that ui/ and core/ include no UI toolkit.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "tests/ui/ui_test_util.hpp"
#include "ui/scene/scene.hpp"
#include "ui/files/svg_writer.hpp"
#include "ui/scene/theme.hpp"

namespace ws::ui {
namespace {

TEST(Theme, ColorParsingAndContrast) {
  EXPECT_EQ(Color::parse("#0072B2"), (Color{0x00, 0x72, 0xb2}));
  EXPECT_EQ(Color::parse("#fff"), (Color{0xff, 0xff, 0xff}));
  EXPECT_FALSE(Color::parse("0072B2"));
  EXPECT_FALSE(Color::parse("#12345"));
  EXPECT_FALSE(Color::parse("#gg0000"));
  EXPECT_EQ((Color{0xe6, 0x9f, 0x00}).hex(), "#e69f00");
  const Theme t;
  EXPECT_EQ(t.textOn(okabe_ito::kBlue), (Color{0xff, 0xff, 0xff}));
  EXPECT_EQ(t.textOn(okabe_ito::kYellow), (Color{0, 0, 0}));
  EXPECT_EQ(t.groupColor(0), okabe_ito::kOrange);
  EXPECT_EQ(t.groupColor(8), okabe_ito::kOrange);  // wraps around
  EXPECT_EQ(t.groupColor(-1), okabe_ito::kBlack);
}

TEST(Theme, BundledFilesMatchTheBuiltInThemes) {
  for (const std::string& name : builtinThemeNames()) {
    std::string err;
    auto file = loadThemeFile(bundledThemeDir() + "/" + name + ".toml", err);
    ASSERT_TRUE(file) << err;
    const Theme b = builtinTheme(name);
    EXPECT_EQ(file->name, b.name);
    EXPECT_EQ(file->background, b.background) << name;
    EXPECT_EQ(file->text, b.text) << name;
    EXPECT_EQ(file->laneExecuted, b.laneExecuted) << name;
    EXPECT_EQ(file->flowShuffle, b.flowShuffle) << name;
    EXPECT_EQ(file->changed, b.changed) << name;
    EXPECT_EQ(file->race, b.race) << name;
    EXPECT_EQ(file->forcedSwitch, b.forcedSwitch) << name;
    EXPECT_EQ(file->groups, b.groups) << name;
    EXPECT_EQ(file->fontSize, b.fontSize) << name;
    EXPECT_EQ(file->laneWidth, b.laneWidth) << name;
    EXPECT_EQ(file->strokeWidth, b.strokeWidth) << name;
  }
  EXPECT_EQ(builtinTheme("projector").fontSize, 22);
  EXPECT_EQ(builtinTheme("nonsense").name, "light");
}

TEST(Theme, FilesOverrideTheirBaseAndReportErrors) {
  const std::string dir = ::testing::TempDir() + "/ws_ui_themes";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/mine.toml") << "name = \"mine\"\nbase = \"dark\"\n[colors]\nflow_shuffle = \"#123456\"\n[sizes]\nfont_size = 30\n";
  std::string err;
  auto t = loadThemeFile(dir + "/mine.toml", err);
  ASSERT_TRUE(t) << err;
  EXPECT_EQ(t->name, "mine");
  EXPECT_EQ(t->flowShuffle, (Color{0x12, 0x34, 0x56}));
  EXPECT_EQ(t->background, builtinTheme("dark").background);
  EXPECT_EQ(t->fontSize, 30);
  EXPECT_EQ(loadTheme("mine", dir).name, "mine");
  EXPECT_EQ(loadTheme("dark", dir).name, "dark");  // not in dir: built in

  std::ofstream(dir + "/bad1.toml") << "[colors]\nflow_shufle = \"#123456\"\n";
  EXPECT_FALSE(loadThemeFile(dir + "/bad1.toml", err));
  EXPECT_NE(err.find("unknown colour 'flow_shufle'"), std::string::npos) << err;
  std::ofstream(dir + "/bad2.toml") << "[colors]\ntext = \"red\"\n";
  EXPECT_FALSE(loadThemeFile(dir + "/bad2.toml", err));
  EXPECT_NE(err.find("not #rrggbb"), std::string::npos) << err;
  std::ofstream(dir + "/bad3.toml") << "[sizes\n";
  EXPECT_FALSE(loadThemeFile(dir + "/bad3.toml", err));
  EXPECT_NE(err.find("bad3.toml:1:"), std::string::npos) << err;
  std::ofstream(dir + "/bad4.toml") << "[sizes]\nfont_size = -3\n";
  EXPECT_FALSE(loadThemeFile(dir + "/bad4.toml", err));
  EXPECT_EQ(loadTheme("bad4", dir).name, "light");  // a broken file: the built-in fallback

  // Hostile theme files (issue 27): a FIFO is refused, not waited on; a key
  // of 40,000 dotted parts is refused before toml++ recurses on it.
  std::filesystem::remove(dir + "/fifo.toml");
  ASSERT_EQ(mkfifo((dir + "/fifo.toml").c_str(), 0600), 0);
  EXPECT_FALSE(loadThemeFile(dir + "/fifo.toml", err));
  EXPECT_NE(err.find("not a regular file"), std::string::npos) << err;
  std::string deep = "a";
  for (int i = 0; i < 40000; ++i) deep += ".a";
  std::ofstream(dir + "/deep.toml") << "[" << deep << "]\n";
  EXPECT_FALSE(loadThemeFile(dir + "/deep.toml", err));
  EXPECT_NE(err.find("deep.toml:1:"), std::string::npos) << err;
  EXPECT_NE(err.find("dotted parts"), std::string::npos) << err;
}

TEST(Svg, ValidDocumentWithEscapedTextAndArrowheads) {
  Scene s;
  s.width = 200;
  s.height = 100;
  s.title = "a <b> & c";
  s.fontFamily = "Sans";
  s.monoFamily = "Mono";
  Primitive& r = s.rect(10, 10, 50, 20, Color{1, 2, 3}, "cell reg");
  r.id = "w0-lane0";
  r.tooltip = "x < y";
  r.data.emplace_back("lane", "0");
  s.text(10, 50, "1 < 2 && \"3\"", 12, Color{}, TextAnchor::Middle, "t").mono = true;
  Primitive& a = s.arrow({10, 10}, {110, 10}, Color{0, 0x72, 0xb2}, 2, 10, "flow shuffle");
  a.data.emplace_back("from", "lane4");
  a.data.emplace_back("to", "lane5");
  a.dashed = true;
  s.curve({0, 0}, {0, 50}, {100, 50}, {100, 100}, Color{}, 1.5, 8, "flow completetx");
  const std::string svg = toSvg(s);
  EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"", 0), 0u);
  EXPECT_NE(svg.find("<title>a &lt;b&gt; &amp; c</title>"), std::string::npos);
  EXPECT_NE(svg.find(">1 &lt; 2 &amp;&amp; &quot;3&quot;</text>"), std::string::npos);
  EXPECT_NE(svg.find("<rect x=\"10\" y=\"10\" width=\"50\" height=\"20\" fill=\"#010203\" id=\"w0-lane0\" class=\"cell reg\" data-lane=\"0\"><title>x &lt; y</title></rect>"),
            std::string::npos);
  EXPECT_NE(svg.find("font-family=\"Mono\""), std::string::npos);
  EXPECT_NE(svg.find("text-anchor=\"middle\""), std::string::npos);
  // The arrow: a group with classes and data, a shaft that stops at the head, and the head polygon.
  EXPECT_NE(svg.find("<g class=\"flow shuffle\" data-from=\"lane4\" data-to=\"lane5\"><path d=\"M 10 10 L 102 10\" fill=\"none\" "
                     "stroke=\"#0072b2\" stroke-width=\"2\" stroke-dasharray=\"8 6\" stroke-linecap=\"round\"/>"
                     "<polygon points=\"110,10 100,14.5 100,5.5\" fill=\"#0072b2\"/></g>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<path d=\"M 0 0 C 0 50 100 50 100 93.6\""), std::string::npos) << svg;
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  // Balanced elements: every opening tag is closed or self-closed.
  const std::regex open("<(rect|text|g|line|path|polygon|svg|title)[ >]"), close("</(rect|text|g|line|svg|title)>|/>");
  const auto n = [&](const std::regex& re) { return std::distance(std::sregex_iterator(svg.begin(), svg.end(), re), std::sregex_iterator()); };
  EXPECT_EQ(n(open), n(close));
}

TEST(Scene, FindsByClassesAndArrowGeometry) {
  Scene s;
  s.arrow({0, 0}, {0, 100}, Color{}, 2, 10, "flow shuffle keep");
  s.arrow({0, 0}, {100, 0}, Color{}, 2, 10, "flow shuffle");
  EXPECT_EQ(s.find("flow shuffle").size(), 2u);
  EXPECT_EQ(s.find("shuffle keep").size(), 1u);
  EXPECT_EQ(s.find("flow atomic").size(), 0u);
  const auto head = s.items[0].arrowHead();
  EXPECT_DOUBLE_EQ(head[0].y, 100);
  EXPECT_DOUBLE_EQ(head[1].y, 90);
  EXPECT_DOUBLE_EQ(head[1].x, -4.5);
  EXPECT_DOUBLE_EQ(head[2].x, 4.5);
  EXPECT_DOUBLE_EQ(s.items[0].shaftEnd().y, 92);
  EXPECT_GT(textWidth("\u2014\u2014", 10, false), 0);
  EXPECT_DOUBLE_EQ(textWidth("\u2014", 10, true), textWidth("a", 10, true));  // characters, not bytes
}

}  // namespace
}  // namespace ws::ui
