#pragma once
// ImGui with no backend: a context, a display size and a built font atlas are
// all NewFrame needs, so the viewer's frames run in a test with no window.
#include <imgui.h>

#include "app/imgui/fonts.hpp"
#include "app/imgui/viewer.hpp"

namespace ws::imgui::test {

class Headless {
 public:
  explicit Headless(float width = 1600, float height = 1000) {
    m_ctx = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = 1.0f / 60.0f;
    fonts = loadFonts(*io.Fonts, 1.0f);
    unsigned char* px = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
  }
  ~Headless() { ImGui::DestroyContext(m_ctx); }
  Headless(const Headless&) = delete;
  Headless& operator=(const Headless&) = delete;

  // One frame of the viewer; returns the number of vertices ImGui produced.
  int frame(Viewer& v, double dt = 1.0 / 60.0) {
    ImGui::GetIO().DeltaTime = static_cast<float>(dt);
    ImGui::NewFrame();
    v.frame(dt);
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
  }

  Fonts fonts;

 private:
  ImGuiContext* m_ctx = nullptr;
};

}  // namespace ws::imgui::test
