// Saving is atomic: a failed save leaves the old file as it was and no
// temporary file behind; a good save replaces the file in one step.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include "tests/core/scenario_test_util.hpp"

namespace ws::core {
namespace {

using test::TempDir;

Scenario sample(std::size_t bigWords = 0) {
  Scenario s;
  s.title = "save me";
  s.program.kind = ProgramSpec::Kind::File;
  s.program.ptxFile = "k.ptx";
  BufferParam b;
  b.name = "out";
  for (std::size_t i = 0; i < bigWords; ++i) b.init.words.push_back(Number::ofInt(static_cast<std::int64_t>(i)));
  s.params.emplace_back(b);
  return s;
}

// Runs `body` in a forked child; returns its exit status (or -1 if it died).
template <class F>
int inChild(F body) {
  const pid_t pid = fork();
  if (pid == 0) {
    const int rc = body();
    _exit(rc);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return -2;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(ScenarioSave, WritesTheFormattedTextAndNothingElse) {
  TempDir d;
  const Scenario s = sample();
  const SaveResult r = saveScenarioFile(s, d.file("a.toml"));
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(d.read("a.toml"), formatScenario(s));
  EXPECT_EQ(d.entries(), 1u);  // no temporary file left behind
  // Replacing keeps working and keeps the file's permissions.
  ASSERT_EQ(chmod(d.file("a.toml").c_str(), 0640), 0);
  Scenario s2 = s;
  s2.title = "saved again";
  ASSERT_TRUE(saveScenarioFile(s2, d.file("a.toml")).ok);
  EXPECT_EQ(d.read("a.toml"), formatScenario(s2));
  struct stat st {};
  ASSERT_EQ(stat(d.file("a.toml").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
  EXPECT_EQ(d.entries(), 1u);
}

TEST(ScenarioSave, SavingThroughASymlinkReplacesItsTarget) {
  TempDir d;
  d.write("real.toml", "old");
  ASSERT_EQ(symlink(d.file("real.toml").c_str(), d.file("link.toml").c_str()), 0);
  ASSERT_TRUE(saveScenarioFile(sample(), d.file("link.toml")).ok);
  EXPECT_EQ(d.read("real.toml"), formatScenario(sample()));
  struct stat st {};
  ASSERT_EQ(lstat(d.file("link.toml").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
}

TEST(ScenarioSave, ReadOnlyDirectoryFailsAndKeepsTheOldFile) {
  TempDir d;
  d.write("a.toml", "old contents\n");
  ASSERT_EQ(chmod(d.path().c_str(), 0555), 0);
  // Root ignores directory permissions, so the save runs as an unprivileged
  // user in a child process when the tests run as root.
  const int rc = inChild([&] {
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) return 3;
    const SaveResult r = saveScenarioFile(sample(), d.file("a.toml"));
    if (r.ok) return 1;
    if (r.error.find("a.toml") == std::string::npos || r.error.find("old file") == std::string::npos) return 2;
    return 0;
  });
  chmod(d.path().c_str(), 0755);
  EXPECT_EQ(rc, 0) << "1: the save claimed success; 2: the message does not name the file; 3: cannot drop root";
  EXPECT_EQ(d.read("a.toml"), "old contents\n");
  EXPECT_EQ(d.entries(), 1u);
}

TEST(ScenarioSave, FullDiskFailsAndKeepsTheOldFile) {
  TempDir d;
  d.write("a.toml", "old contents\n");
  // A file-size limit makes write() fail with EFBIG part way, as a full disk
  // would; SIGXFSZ is ignored so the write returns the error.
  const int rc = inChild([&] {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit lim{1024, 1024};
    if (setrlimit(RLIMIT_FSIZE, &lim) != 0) return 3;
    const SaveResult r = saveScenarioFile(sample(2000), d.file("a.toml"));
    if (r.ok) return 1;
    if (r.error.find("writing failed") == std::string::npos) return 2;
    return 0;
  });
  EXPECT_EQ(rc, 0) << "1: the save claimed success; 2: unexpected message; 3: setrlimit failed";
  EXPECT_EQ(d.read("a.toml"), "old contents\n");
  EXPECT_EQ(d.entries(), 1u);  // the partial temporary file was removed
  // Without the limit the same save works.
  ASSERT_TRUE(saveScenarioFile(sample(2000), d.file("a.toml")).ok);
  EXPECT_GT(d.read("a.toml").size(), 1024u);
}

TEST(ScenarioSave, UnwritablePathsGiveAMessage) {
  TempDir d;
  const SaveResult dir = saveScenarioFile(sample(), d.path().string());
  EXPECT_FALSE(dir.ok);
  EXPECT_NE(dir.error.find("directory"), std::string::npos);
  const SaveResult missing = saveScenarioFile(sample(), d.file("no/such/dir/a.toml"));
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.error.find("No such file"), std::string::npos) << missing.error;
  EXPECT_FALSE(saveScenarioFile(sample(), "").ok);
}

TEST(ScenarioSave, SavedFileLoadsBackEqual) {
  TempDir d;
  d.write("k.ptx", ".version 8.7\n.target sm_90a\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\tret;\n}\n");
  Scenario s = sample();
  ASSERT_TRUE(saveScenarioFile(s, d.file("s.toml")).ok);
  auto r = loadScenarioFile(d.file("s.toml"));
  ASSERT_TRUE(r.scenario) << test::errorsText(r.errors);
  EXPECT_EQ(*r.scenario, s);
  EXPECT_EQ(r.scenario->source.dir, d.path().string());
}

}  // namespace
}  // namespace ws::core
