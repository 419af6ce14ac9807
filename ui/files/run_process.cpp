#include "ui/files/run_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>

#include <fmt/format.h>

extern char** environ;

namespace ws::ui {
namespace {

// Closes a descriptor on every way out of runProcess.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

ProcessResult runProcess(const std::vector<std::string>& argv, std::chrono::milliseconds limit) {
  ProcessResult out;
  if (argv.empty()) {
    out.error = "no program to run";
    return out;
  }
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
    out.error = fmt::format("cannot make a pipe: {}", std::strerror(errno));
    return out;
  }
  Fd readEnd{pipeFds[0]}, writeEnd{pipeFds[1]};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, writeEnd.fd, 1);
  posix_spawn_file_actions_adddup2(&actions, writeEnd.fd, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    out.error = fmt::format("{} could not be started: {}", argv[0], std::strerror(rc));
    return out;
  }
  out.started = true;
  ::close(writeEnd.fd);  // EOF on the read end once the tool and its children are done
  writeEnd.fd = -1;

  const auto deadline = std::chrono::steady_clock::now() + limit;
  char buf[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      out.timedOut = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    pollfd p{readEnd.fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 200)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = ::read(readEnd.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    const std::size_t room = kMaxProcessOutput - std::min(kMaxProcessOutput, out.output.size());
    out.output.append(buf, std::min(room, static_cast<std::size_t>(n)));
  }
  // The output ended; the tool may still be running (it closed its output
  // early), so its end is awaited within the same limit.
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, out.timedOut ? 0 : WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (done == 0 && std::chrono::steady_clock::now() >= deadline) {
      out.timedOut = true;
      ::kill(-pid, SIGKILL);
    } else if (done == 0) {
      ::usleep(10'000);
    }
  }
  if (WIFEXITED(status) && !out.timedOut) out.exitCode = WEXITSTATUS(status);
  return out;
}

}  // namespace ws::ui
