#pragma once
// Running the built warpscope-cli (WS_CLI_PATH) in end-to-end tests: a
// temporary directory for input files, and a runner that captures the exit
// code, stdout and stderr (optionally sending SIGINT after a delay).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include "tests/support/test_paths.hpp"

namespace ws::test::cli {

namespace fs = std::filesystem;

struct Result {
  int code = -1;
  std::string out, err;
};

class Dir {
 public:
  Dir() {
    std::random_device rd;
    m_path = fs::temp_directory_path() / ("ws-cli-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(m_path);
  }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(m_path, ec);
  }
  std::string file(const std::string& n) const { return (m_path / n).string(); }
  std::string write(const std::string& n, const std::string& text) const {
    std::ofstream(m_path / n, std::ios::binary) << text;
    return file(n);
  }

 private:
  fs::path m_path;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Runs warpscope-cli with `args`; if `interruptAfterMs` > 0, sends SIGINT then.
inline Result cli(const std::vector<std::string>& args, int interruptAfterMs = 0) {
  static Dir io;
  static int n = 0;
  const std::string outPath = io.file("out" + std::to_string(n)), errPath = io.file("err" + std::to_string(n));
  ++n;
  const pid_t pid = fork();
  if (pid == 0) {
    const int o = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(o, 1);
    dup2(e, 2);
    std::vector<char*> argv;
    std::string bin = ws::test::cliPath();
    argv.push_back(bin.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(bin.c_str(), argv.data());
    _exit(127);
  }
  if (interruptAfterMs > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(interruptAfterMs));
    kill(pid, SIGINT);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);  // killed: negative
  r.out = slurp(outPath);
  r.err = slurp(errPath);
  return r;
}

inline bool contains(const std::string& s, const std::string& needle) { return s.find(needle) != std::string::npos; }

}  // namespace ws::test::cli
