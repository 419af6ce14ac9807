#include "core/util/name_list.hpp"

namespace ws::core {

std::string groupDigits(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  out.reserve(digits.size() + digits.size() / 3);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string joinNames(const std::vector<std::string>& names, std::size_t shown) {
  std::string out;
  const std::size_t n = names.size() <= shown ? names.size() : shown;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) out += ", ";
    out += names[i];
  }
  if (n < names.size()) out += (n > 0 ? ", ... and " : "") + groupDigits(names.size() - n) + " more";
  return out;
}

}  // namespace ws::core
