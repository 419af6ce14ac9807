#pragma once
// The Debug Adapter Protocol's base protocol: each message is a header part
// ("Content-Length: N", CRLF-terminated lines, an empty line) and N bytes of
// JSON. Framing only: no I/O here, so the tests and the benchmark feed bytes.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ws::dap {

// Largest message body accepted (a hostile or broken client cannot make the
// server allocate without bound).
inline constexpr std::size_t kMaxMessageBytes = 64u << 20;

class FrameReader {
 public:
  // Appends bytes as they arrive (any split, any number of messages).
  void feed(std::string_view bytes) { m_buffer.append(bytes); }
  // The next complete message body, or nullopt when more bytes are needed or
  // the stream is broken (then `error` says why and the reader stays broken).
  std::optional<std::string> next(std::string& error);
  bool broken() const { return m_broken; }

 private:
  std::string m_buffer;
  bool m_broken = false;
};

// A message body with its header, ready to write.
std::string frameMessage(std::string_view body);

}  // namespace ws::dap
