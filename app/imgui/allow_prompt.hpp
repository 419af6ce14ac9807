#pragma once
// The question the viewer asks when a scenario names files outside the
// folders it may read (core::LoadOptions): which files, and whether to load
// it again with their folders allowed. Nothing is read before the user says
// yes.
#include <optional>
#include <string>
#include <vector>

#include "ui/files/launch_request.hpp"

namespace ws::imgui {

class AllowPrompt {
 public:
  // Asks about `files` (resolved paths) on the next frame.
  void ask(ui::LaunchRequest request, std::vector<std::string> files);
  bool open() const { return m_request.has_value(); }
  // Draws the modal popup; the request with the folders allowed once the
  // user accepts, nullopt otherwise (also when refused: the error stays).
  std::optional<ui::LaunchRequest> draw();

 private:
  std::optional<ui::LaunchRequest> m_request;
  std::vector<std::string> m_files;
  bool m_opening = false;
};

}  // namespace ws::imgui
