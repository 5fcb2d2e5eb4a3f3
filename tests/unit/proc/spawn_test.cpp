#include "proc/spawn.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "proc/child_output.h"

namespace rb::proc {
namespace {

std::string read_all(int fd) {
  std::string out;
  char buffer[256];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
    out.append(buffer, static_cast<std::size_t>(n));
  return out;
}

TEST(Spawn, TheChildGetsEachMappedDescriptorAtItsNumber) {
  Pipe pipe;
  SpawnRequest request;
  request.argv = {"/bin/sh", "-c", "echo to-seven >&7"};
  request.fds = {{pipe.write_end(), 7}};
  const Spawned spawned = spawn(request);
  pipe.close_write_end();
  EXPECT_EQ(spawned.exec_error, 0);
  EXPECT_EQ(read_all(pipe.read_end()), "to-seven\n");
  const int status = wait_for_exit(spawned.pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(Spawn, MappingsMaySwapNumbers) {
  Pipe first;
  Pipe second;
  SpawnRequest request;
  request.argv = {"/bin/sh", "-c", "echo a >&9; echo b >&8"};
  // Each source lands where the other's number was: no dup2 may clobber the other source.
  request.fds = {{first.write_end(), 8}, {second.write_end(), 9}};
  const Spawned spawned = spawn(request);
  first.close_write_end();
  second.close_write_end();
  EXPECT_EQ(read_all(first.read_end()), "b\n");
  EXPECT_EQ(read_all(second.read_end()), "a\n");
  wait_for_exit(spawned.pid);
}

TEST(Spawn, AFailedExecIsReportedWithItsErrno) {
  SpawnRequest request;
  request.argv = {"/nonexistent/reactorbench-no-such-program"};
  const Spawned spawned = spawn(request);
  EXPECT_EQ(spawned.exec_error, ENOENT);
  const int status = wait_for_exit(spawned.pid);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 127);
}

TEST(Spawn, SearchPathFindsAProgramByName) {
  SpawnRequest request;
  request.argv = {"true"};
  request.search_path = true;
  const Spawned spawned = spawn(request);
  EXPECT_EQ(spawned.exec_error, 0);
  const int status = wait_for_exit(spawned.pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(Spawn, TooManyDescriptorsAreRefusedBeforeForking) {
  SpawnRequest request;
  request.argv = {"/bin/true"};
  request.fds.assign(kMaxFdMappings + 1, FdMapping{STDIN_FILENO, STDIN_FILENO});
  EXPECT_THROW(spawn(request), std::invalid_argument);
}

}  // namespace
}  // namespace rb::proc
