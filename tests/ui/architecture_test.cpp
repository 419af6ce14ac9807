// The layering app -> ui -> core, checked on every #include of the sources:
// core/ includes nothing of ui/ or app/, ui/ nothing of app/, and neither
// includes a UI toolkit (Qt, Dear ImGui, GLFW, OpenGL): the front ends are
// thin adapters over ui/.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace ws::ui {
namespace {

struct Include {
  std::string path;  // as written between <> or ""
  std::string where;  // file:line
};

// The target of an `#include` line, or "" for any other line.
std::string includeTarget(std::string_view line) {
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string_view::npos || line[i] != '#') return {};
  i = line.find_first_not_of(" \t", i + 1);
  if (i == std::string_view::npos || line.substr(i, 7) != "include") return {};
  i = line.find_first_not_of(" \t", i + 7);
  if (i == std::string_view::npos || (line[i] != '<' && line[i] != '"')) return {};
  const char close = line[i] == '<' ? '>' : '"';
  const std::size_t end = line.find(close, i + 1);
  return end == std::string_view::npos ? std::string{} : std::string(line.substr(i + 1, end - i - 1));
}

std::vector<Include> includesOf(const char* dir) {
  std::vector<Include> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(WS_SOURCE_DIR) + "/" + dir)) {
    const auto ext = e.path().extension();
    if (ext != ".hpp" && ext != ".cpp" && ext != ".h" && ext != ".def") continue;
    std::ifstream f(e.path());
    std::string line;
    for (int n = 1; std::getline(f, line); ++n)
      if (std::string t = includeTarget(line); !t.empty()) out.push_back({t, e.path().string() + ":" + std::to_string(n)});
  }
  return out;
}

bool toolkit(const std::string& path) {
  const bool qt = path.size() > 1 && path[0] == 'Q' && ((path[1] >= 'A' && path[1] <= 'Z') || path.starts_with("Qt"));
  return qt || path.starts_with("imgui") || path.starts_with("backends/imgui") || path.starts_with("GLFW/") ||
         path.starts_with("GL/");
}

TEST(Architecture, IncludeTargetsAreParsed) {
  EXPECT_EQ(includeTarget("#include <QWidget>"), "QWidget");
  EXPECT_EQ(includeTarget("  #  include \"ui/views.hpp\" // why"), "ui/views.hpp");
  EXPECT_EQ(includeTarget("// #include <imgui.h>"), "");
  EXPECT_TRUE(toolkit("QtWidgets/QLabel"));
  EXPECT_TRUE(toolkit("imgui.h"));
  EXPECT_TRUE(toolkit("GLFW/glfw3.h"));
  EXPECT_FALSE(toolkit("queue"));
}

TEST(Architecture, CoreIncludesNeitherUiNorAppNorAToolkit) {
  const auto inc = includesOf("core");
  EXPECT_GT(inc.size(), 200u);
  for (const Include& i : inc) {
    EXPECT_FALSE(i.path.starts_with("ui/") || i.path.starts_with("app/")) << i.where << ": " << i.path;
    EXPECT_FALSE(toolkit(i.path)) << i.where << ": " << i.path;
  }
}

TEST(Architecture, UiIncludesNeitherAppNorAToolkit) {
  const auto inc = includesOf("ui");
  EXPECT_GT(inc.size(), 100u);
  for (const Include& i : inc) {
    EXPECT_FALSE(i.path.starts_with("app/")) << i.where << ": " << i.path;
    EXPECT_FALSE(toolkit(i.path)) << i.where << ": " << i.path;
  }
}

}  // namespace
}  // namespace ws::ui
