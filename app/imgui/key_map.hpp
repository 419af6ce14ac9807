#pragma once
// The one place where ui::Key meets the keyboard: ImGui 1.86 indexes
// io.KeysDown by the backend's key codes (GLFW's), so shortcuts from the
// shared command table are matched against GLFW key codes here.
#include <optional>

#include "ui/session/actions.hpp"

struct ImGuiIO;

namespace ws::imgui {

// The GLFW key code of a ui::Key (-1 for Key::None).
int glfwKeyOf(ui::Key k);
// The action whose shortcut was pressed this frame (modifiers must match
// exactly), if any. Auto-repeat counts, so holding F10 keeps stepping.
std::optional<ui::ActionId> pressedAction(const ImGuiIO& io);

}  // namespace ws::imgui

namespace ws::imgui {

// The viewer's own keys, outside the debugger's command table: Esc stops a
// run or autoplay, Ctrl+O opens a file, Ctrl+Q quits, Space toggles autoplay.
bool stopPressed(const ImGuiIO& io);
bool openPressed(const ImGuiIO& io);
bool quitPressed(const ImGuiIO& io);
bool autoplayPressed(const ImGuiIO& io);

}  // namespace ws::imgui
