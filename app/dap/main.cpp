// warpscope-dap: the Debug Adapter Protocol over stdio (what VS Code and
// nvim-dap start), or over TCP with --port (one session after another).
#include <arpa/inet.h>
#include <fmt/format.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <string>

#include "app/dap/adapter.hpp"
#include "app/dap/transport.hpp"

namespace {

bool writeAll(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Serves one client until it disconnects or closes the stream.
int serve(int in, int out) {
  bool writable = true;
  ws::dap::Adapter adapter([&](const nlohmann::json& msg) {
    if (writable)
      writable =
          writeAll(out, ws::dap::frameMessage(msg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
  });
  ws::dap::FrameReader reader;
  char buf[65536];
  while (!adapter.finished() && writable) {
    // While a continue runs, look at the input between chunks (pause).
    pollfd p{in, POLLIN, 0};
    const int ready = ::poll(&p, 1, adapter.busy() ? 0 : -1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready > 0) {
      const ssize_t n = ::read(in, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return 0;  // the client went away
      reader.feed(std::string_view(buf, static_cast<std::size_t>(n)));
      std::string error;
      while (auto body = reader.next(error)) {
        const auto msg = nlohmann::json::parse(*body, nullptr, /*allow_exceptions=*/false);
        if (msg.is_discarded()) {
          fmt::print(stderr, "warpscope-dap: a message that is not JSON\n");
          continue;
        }
        adapter.handle(msg);
      }
      if (reader.broken()) {
        fmt::print(stderr, "warpscope-dap: {}\n", error);
        return 1;
      }
    }
    if (adapter.busy()) adapter.tick();
  }
  return 0;
}

int serveTcp(int port) {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) return 1;
  int one = 1;
  ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // never reachable from other machines
  if (::bind(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(s, 1) != 0) {
    fmt::print(stderr, "warpscope-dap: cannot listen on 127.0.0.1:{}\n", port);
    ::close(s);
    return 1;
  }
  fmt::print(stderr, "warpscope-dap: listening on 127.0.0.1:{}\n", port);
  for (;;) {
    const int c = ::accept(s, nullptr, nullptr);
    if (c < 0) {
      if (errno == EINTR) continue;
      break;
    }
    serve(c, c);
    ::close(c);
  }
  ::close(s);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("warpscope-dap: the warpscope debugger as a Debug Adapter Protocol server (docs/dap.md)");
  int port = 0;
  bool stdio = false;
  app.add_flag("--stdio", stdio, "serve DAP on stdin/stdout (the default)");
  app.add_option("--port", port, "serve DAP on 127.0.0.1:PORT instead of stdin/stdout")->check(CLI::Range(1, 65535));
  CLI11_PARSE(app, argc, argv);
  if (stdio && port) {
    fmt::print(stderr, "warpscope-dap: --stdio and --port exclude each other\n");
    return 2;
  }
  ::signal(SIGPIPE, SIG_IGN);
  return port ? serveTcp(port) : serve(0, 1);
}
