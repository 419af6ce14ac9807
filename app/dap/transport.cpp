#include "app/dap/transport.hpp"

#include <charconv>

namespace ws::dap {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool equalsNoCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> FrameReader::next(std::string& error) {
  if (m_broken) return std::nullopt;
  const std::size_t headerEnd = m_buffer.find("\r\n\r\n");
  if (headerEnd == std::string::npos) {
    if (m_buffer.size() > 8192) {
      m_broken = true;
      error = "a message header longer than 8192 bytes";
    }
    return std::nullopt;
  }
  // Header fields other than Content-Length (Content-Type) are allowed and ignored.
  std::optional<std::size_t> length;
  std::string_view headers(m_buffer.data(), headerEnd);
  while (!headers.empty()) {
    const std::size_t eol = headers.find("\r\n");
    const std::string_view line = headers.substr(0, eol);
    headers = eol == std::string_view::npos ? std::string_view{} : headers.substr(eol + 2);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    if (!equalsNoCase(trim(line.substr(0, colon)), "Content-Length")) continue;
    const std::string_view value = trim(line.substr(colon + 1));
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size() || value.empty()) {
      m_broken = true;
      error = "a Content-Length that is not a whole number";
      return std::nullopt;
    }
    length = n;
  }
  if (!length) {
    m_broken = true;
    error = "a message header without Content-Length";
    return std::nullopt;
  }
  if (*length > kMaxMessageBytes) {
    m_broken = true;
    error = "a message longer than 64 MiB";
    return std::nullopt;
  }
  const std::size_t bodyStart = headerEnd + 4;
  if (m_buffer.size() - bodyStart < *length) return std::nullopt;
  std::string body = m_buffer.substr(bodyStart, *length);
  m_buffer.erase(0, bodyStart + *length);
  return body;
}

std::string frameMessage(std::string_view body) {
  std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

}  // namespace ws::dap
