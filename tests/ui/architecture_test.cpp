// The layering app -> ui -> core, checked on every #include of the sources:
// core/ includes nothing of ui/ or app/, ui/ nothing of app/, and neither
// includes a UI toolkit (Qt, Dear ImGui, GLFW, OpenGL): the front ends are
// thin adapters over ui/. Inside the layers, each room (core/exec/<part>,
// ui/<part>, app/<front end>) includes only the rooms its README names: the
// table kRooms below is those READMEs' "may include" lines, and every source
// folder must have a row and a README.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>
#include "tests/support/test_paths.hpp"

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
  for (const auto& e : std::filesystem::recursive_directory_iterator(ws::test::sourcePath("/") + dir)) {
    const auto ext = e.path().extension();
    if (ext != ".hpp" && ext != ".cpp" && ext != ".h" && ext != ".def") continue;
    std::ifstream f(e.path());
    std::string line;
    for (int n = 1; std::getline(f, line); ++n)
      if (std::string t = includeTarget(line); !t.empty())
        out.push_back({t, std::filesystem::relative(e.path(), ws::test::sourcePath()).generic_string() + ":" + std::to_string(n)});
  }
  return out;
}

// A room and what its files may include besides themselves and the standard
// and third-party libraries. A path ending in '/' allows a folder, any other
// path that one file (the handlers' view of the engine is two headers of
// core/exec/engine/, not the scheduler).
struct Room {
  std::string_view folder;
  std::vector<std::string_view> mayInclude;
};

// The instruction handlers' window on the engine: ExecCtx (every read and
// write of one warp instruction) and the Engine's read-only accessors.
#define WS_HANDLER_VIEW "core/exec/engine/exec_ctx.hpp", "core/exec/engine/engine.hpp"

const std::vector<Room>& rooms() {
  static const std::vector<Room> kRooms = {
      {"core/util/", {}},
      {"core/isa/", {"core/util/"}},
      {"core/expr/", {}},
      {"core/ptx/", {"core/isa/", "core/util/"}},
      {"core/exec/state/", {"core/isa/", "core/ptx/", "core/util/"}},
      {"core/exec/diagnostics/", {WS_HANDLER_VIEW, "core/exec/state/", "core/isa/", "core/ptx/", "core/util/"}},
      {"core/exec/races/", {"core/exec/state/", "core/exec/diagnostics/", "core/isa/", "core/ptx/", "core/util/"}},
      {"core/exec/alu/", {WS_HANDLER_VIEW, "core/exec/state/", "core/exec/diagnostics/", "core/isa/", "core/ptx/",
                          "core/util/"}},
      {"core/exec/memory/", {WS_HANDLER_VIEW, "core/exec/state/", "core/exec/diagnostics/", "core/exec/alu/",
                             "core/isa/", "core/ptx/", "core/util/"}},
      {"core/exec/collectives/", {WS_HANDLER_VIEW, "core/exec/state/", "core/exec/diagnostics/", "core/exec/alu/",
                                  "core/isa/", "core/ptx/", "core/util/"}},
      {"core/exec/control/", {WS_HANDLER_VIEW, "core/exec/state/", "core/exec/diagnostics/", "core/exec/alu/",
                              "core/exec/memory/", "core/exec/races/", "core/isa/", "core/ptx/", "core/util/"}},
      {"core/exec/tensor/", {WS_HANDLER_VIEW, "core/exec/state/", "core/exec/diagnostics/", "core/exec/alu/",
                             "core/exec/memory/", "core/isa/", "core/ptx/", "core/util/"}},
      {"core/exec/async/", {WS_HANDLER_VIEW, "core/exec/state/", "core/exec/diagnostics/", "core/exec/alu/",
                            "core/exec/memory/", "core/exec/races/", "core/trace/step_record.hpp", "core/isa/",
                            "core/ptx/", "core/util/"}},
      {"core/exec/engine/", {"core/exec/", "core/trace/", "core/isa/", "core/ptx/", "core/util/"}},
      {"core/trace/", {"core/exec/", "core/isa/", "core/ptx/", "core/util/"}},
      {"core/input/", {"core/ptx/", "core/util/"}},
      {"core/scenario/", {"core/"}},
      {"core/scenario/schedule/", {"core/"}},
      {"core/explore/", {"core/"}},
      {"ui/frame/", {"core/"}},
      {"ui/views/", {"core/", "ui/frame/"}},
      {"ui/scene/", {"core/", "ui/frame/", "ui/views/"}},
      {"ui/session/", {"core/", "ui/frame/", "ui/views/"}},
      {"ui/lesson/", {"core/", "ui/frame/", "ui/views/", "ui/scene/", "ui/session/"}},
      {"ui/files/", {"core/", "ui/frame/", "ui/views/", "ui/scene/", "ui/session/"}},
      {"app/common/", {"core/", "ui/"}},
      {"app/cli/", {"core/", "ui/", "app/common/"}},
      {"app/dap/", {"core/", "ui/", "app/common/"}},
      {"app/imgui/", {"core/", "ui/", "app/common/"}},
      {"app/qt/", {"core/", "ui/", "app/common/"}},
  };
  return kRooms;
}
#undef WS_HANDLER_VIEW

// The room of a source file (relative to the source root): the longest folder
// of the table it lies in, or nullptr.
const Room* roomOf(std::string_view file) {
  const Room* best = nullptr;
  for (const Room& r : rooms())
    if (file.starts_with(r.folder) && (best == nullptr || r.folder.size() > best->folder.size())) best = &r;
  return best;
}

bool allowed(const Room& room, std::string_view target) {
  if (target.starts_with(room.folder)) return true;
  return std::any_of(room.mayInclude.begin(), room.mayInclude.end(), [&](std::string_view a) {
    return a.ends_with('/') ? target.starts_with(a) : target == a;
  });
}

bool projectPath(std::string_view p) { return p.starts_with("core/") || p.starts_with("ui/") || p.starts_with("app/"); }

// Every folder of core/, ui/ and app/ that holds a source file.
std::vector<std::string> sourceFolders() {
  std::vector<std::string> out;
  for (const char* layer : {"core", "ui", "app"})
    for (const auto& e : std::filesystem::recursive_directory_iterator(ws::test::sourcePath("/") + layer)) {
      const auto ext = e.path().extension();
      if (ext != ".hpp" && ext != ".cpp") continue;
      std::string rel = std::filesystem::relative(e.path().parent_path(), ws::test::sourcePath()).generic_string() + "/";
      if (std::find(out.begin(), out.end(), rel) == out.end()) out.push_back(rel);
    }
  std::sort(out.begin(), out.end());
  return out;
}

bool toolkit(const std::string& path) {
  const bool qt = path.size() > 1 && path[0] == 'Q' && ((path[1] >= 'A' && path[1] <= 'Z') || path.starts_with("Qt"));
  return qt || path.starts_with("imgui") || path.starts_with("backends/imgui") || path.starts_with("GLFW/") ||
         path.starts_with("GL/");
}

TEST(Architecture, IncludeTargetsAreParsed) {
  EXPECT_EQ(includeTarget("#include <QWidget>"), "QWidget");
  EXPECT_EQ(includeTarget("  #  include \"ui/views/views.hpp\" // why"), "ui/views/views.hpp");
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

TEST(Architecture, RoomsAreLookedUpByTheirLongestFolder) {
  ASSERT_NE(roomOf("core/exec/engine/engine.cpp"), nullptr);
  EXPECT_EQ(roomOf("core/exec/engine/engine.cpp")->folder, "core/exec/engine/");
  EXPECT_EQ(roomOf("app/qt/lecture/predict_panel.cpp")->folder, "app/qt/");
  EXPECT_EQ(roomOf("bench/x.cpp"), nullptr);
  const Room& alu = *roomOf("core/exec/alu/arith.cpp");
  EXPECT_TRUE(allowed(alu, "core/exec/engine/exec_ctx.hpp"));
  EXPECT_FALSE(allowed(alu, "core/exec/engine/uniform_op.hpp"));
  EXPECT_FALSE(allowed(alu, "core/exec/tensor/matrix_layout.hpp"));
  EXPECT_FALSE(allowed(*roomOf("ui/frame/format.cpp"), "ui/views/views.hpp"));
}

// Each room includes only what its row allows; a folder without a row (or
// without its README) fails, so a new room states its rules when it is made.
TEST(Architecture, EachRoomIncludesOnlyWhatItsReadmeAllows) {
  for (const std::string& folder : sourceFolders()) {
    const Room* room = roomOf(folder);
    ASSERT_NE(room, nullptr) << folder << " has no row in kRooms (tests/ui/architecture_test.cpp)";
    EXPECT_TRUE(std::filesystem::exists(ws::test::sourcePath("/") + folder + "README.md"))
        << folder << " has no README.md saying what lives there and what it may include";
  }
  std::size_t checked = 0;
  for (const char* layer : {"core", "ui", "app"})
    for (const Include& i : includesOf(layer)) {
      if (!projectPath(i.path)) continue;
      const std::string file = i.where.substr(0, i.where.rfind(':'));
      const Room* room = roomOf(file);
      ASSERT_NE(room, nullptr) << file;
      EXPECT_TRUE(allowed(*room, i.path)) << i.where << ": " << room->folder << " may not include " << i.path;
      ++checked;
    }
  EXPECT_GT(checked, 600u);
}

// A room is a place a reader can take in: at most ~25 sources.
TEST(Architecture, RoomsStaySmall) {
  for (const std::string& folder : sourceFolders()) {
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(ws::test::sourcePath("/") + folder)) {
      const auto ext = e.path().extension();
      n += ext == ".hpp" || ext == ".cpp" || ext == ".def";
    }
    EXPECT_LE(n, 25u) << folder << " holds " << n << " sources: split it into rooms";
  }
}

}  // namespace
}  // namespace ws::ui
