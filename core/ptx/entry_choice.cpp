#include "core/ptx/entry_choice.hpp"

#include <fmt/format.h>

#include "core/util/name_list.hpp"

namespace ws::core {

std::vector<std::string> entryNames(const Program& p) {
  std::vector<std::string> out;
  for (const Function& f : p.functions)
    if (f.isEntry) out.push_back(f.name);
  return out;
}

std::string noEntryMessage(std::string_view module) {
  return fmt::format("{} declares no .entry kernel: nothing to launch", module);
}

std::string chooseEntryMessage(std::string_view module, const std::vector<std::string>& entries, std::string_view how) {
  if (entries.empty()) return noEntryMessage(module);
  return fmt::format("{} has {} entries ({}); choose one with {}", module, groupDigits(entries.size()),
                     joinNames(entries), how);
}

}  // namespace ws::core
