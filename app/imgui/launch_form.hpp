#pragma once
// The launch fields of a PTX file in the file picker: the options every
// front end takes (ui::LaunchRequest, as warpscope-cli spells them and the
// Qt app's launch dialog shows them). What they launch is checked where
// every front end's launch is: ui::openLaunch.
#include <string>
#include <vector>

#include "ui/files/launch_request.hpp"

namespace ws::imgui {

class LaunchForm {
 public:
  // The module the fields launch: its entries fill the entry list (an
  // unreadable module leaves it empty, and says why in error()).
  void setModule(const std::string& ptxPath);
  const std::string& module() const { return m_module; }
  const std::vector<std::string>& entries() const { return m_entries; }
  const std::string& error() const { return m_error; }
  // Chooses an entry by name (false if the module has none of that name).
  bool chooseEntry(const std::string& name);
  // Sets a text field by its option name ("grid", "block", "cluster",
  // "buffers", "scalars"; lists are comma-separated); false for another name.
  bool setField(const std::string& option, const std::string& text);
  void setDynamicSmem(int bytes) { m_dynamicSmem = bytes; }
  void setHardwareMode(bool on) { m_hardware = on; }

  // Draws the fields (disabled unless `enabled`).
  void draw(bool enabled);
  // The request these fields make for the module.
  ui::LaunchRequest request() const;

 private:
  std::string m_module, m_error;
  std::vector<std::string> m_entries;
  int m_entry = 0;
  char m_grid[32] = "1", m_block[32] = "32", m_cluster[32] = "0";
  char m_buffers[512] = {}, m_scalars[256] = {};
  int m_dynamicSmem = 0;
  bool m_hardware = false;
};

}  // namespace ws::imgui
