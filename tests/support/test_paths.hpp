#pragma once
// Where the tests find the checkout's files and the programs they run.
//
// The absolute paths are compiled into test_paths.cpp alone (its
// CMakeLists gives them as definitions). Every other test source then
// compiles to the same object in any checkout, so a compile cache shared
// between checkouts (scripts/ccache-env.sh) serves them: a path in a
// definition is part of the compile command, which the cache hashes.
#include <string>
#include <string_view>

namespace ws::test {

std::string sourcePath(std::string_view rel = {});    // the checkout, then rel ("/scripts/x.sh")
std::string dataPath(std::string_view rel = {});      // tests/data, then rel ("/golden/kernels.ptx")
std::string scenarioPath(std::string_view rel = {});  // scenarios, then rel
std::string assetsPath(std::string_view rel = {});    // assets, then rel
std::string withXvfbPath();                           // scripts/with-xvfb.sh

// The built programs; empty where the build does not make that program.
std::string cliPath();            // warpscope-cli
std::string appPath();            // warpscope (Qt)
std::string imguiPath();          // warpscope-imgui
std::string autosaveProbePath();  // tests/qt/lecture/autosave_probe

}  // namespace ws::test
