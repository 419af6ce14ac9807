#include "app/imgui/key_map.hpp"

#include <GLFW/glfw3.h>  // key codes only: no GLFW function is called here
#include <imgui.h>

namespace ws::imgui {

int glfwKeyOf(ui::Key k) {
  using ui::Key;
  switch (k) {
    case Key::None: return -1;
    case Key::F5: return GLFW_KEY_F5;
    case Key::F9: return GLFW_KEY_F9;
    case Key::F10: return GLFW_KEY_F10;
    case Key::F11: return GLFW_KEY_F11;
    case Key::F12: return GLFW_KEY_F12;
    case Key::F8: return GLFW_KEY_F8;
    case Key::Left: return GLFW_KEY_LEFT;
    case Key::Right: return GLFW_KEY_RIGHT;
    case Key::Up: return GLFW_KEY_UP;
    case Key::Down: return GLFW_KEY_DOWN;
    case Key::PageUp: return GLFW_KEY_PAGE_UP;
    case Key::PageDown: return GLFW_KEY_PAGE_DOWN;
    case Key::Home: return GLFW_KEY_HOME;
    case Key::End: return GLFW_KEY_END;
    case Key::Digit1: return GLFW_KEY_1;
    case Key::Digit2: return GLFW_KEY_2;
    case Key::Digit3: return GLFW_KEY_3;
    case Key::Digit4: return GLFW_KEY_4;
    case Key::Digit5: return GLFW_KEY_5;
    case Key::Digit6: return GLFW_KEY_6;
    case Key::Digit7: return GLFW_KEY_7;
    case Key::Digit8: return GLFW_KEY_8;
    case Key::Digit9: return GLFW_KEY_9;
    case Key::H: return GLFW_KEY_H;
    case Key::S: return GLFW_KEY_S;
    case Key::P: return GLFW_KEY_P;
  }
  return -1;
}

std::optional<ui::ActionId> pressedAction(const ImGuiIO& io) {
  if (io.WantTextInput) return std::nullopt;
  for (const ui::ActionInfo& a : ui::allActions()) {
    if (a.menu == "View") continue;  // presentation and predict modes are the desktop app's
    const int key = glfwKeyOf(a.shortcut.key);
    if (key < 0 || !ImGui::IsKeyPressed(key, true)) continue;
    if (a.shortcut.ctrl == io.KeyCtrl && a.shortcut.shift == io.KeyShift && a.shortcut.alt == io.KeyAlt) return a.id;
  }
  return std::nullopt;
}

}  // namespace ws::imgui

namespace ws::imgui {

namespace {
bool plain(const ImGuiIO& io) { return !io.KeyCtrl && !io.KeyAlt && !io.KeyShift; }
bool ctrlOnly(const ImGuiIO& io) { return io.KeyCtrl && !io.KeyAlt && !io.KeyShift; }
}  // namespace

bool stopPressed(const ImGuiIO& io) { return !io.WantTextInput && plain(io) && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false); }
bool openPressed(const ImGuiIO& io) { return !io.WantTextInput && ctrlOnly(io) && ImGui::IsKeyPressed(GLFW_KEY_O, false); }
bool quitPressed(const ImGuiIO& io) { return !io.WantTextInput && ctrlOnly(io) && ImGui::IsKeyPressed(GLFW_KEY_Q, false); }
bool autoplayPressed(const ImGuiIO& io) {
  return !io.WantTextInput && plain(io) && ImGui::IsKeyPressed(GLFW_KEY_SPACE, false);
}

}  // namespace ws::imgui
