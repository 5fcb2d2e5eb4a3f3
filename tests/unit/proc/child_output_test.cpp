#include "proc/child_output.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

#include "proc/spawn.h"

namespace rb::proc {
namespace {

TEST(ProgramOutput, IsWhatTheProgramWroteToStdout) {
  EXPECT_EQ(program_output({"sh", "-c", "echo out; echo err >&2"}), "out\n");
}

TEST(ProgramOutput, IsNothingWhenTheProgramFailsOrCannotRun) {
  EXPECT_EQ(program_output({"sh", "-c", "echo partial; exit 3"}), std::nullopt);
  EXPECT_EQ(program_output({"reactorbench-no-such-program"}), std::nullopt);
}

// The child leads its own process group, which the kill at the deadline reaches.
TEST(CollectOutput, KillsTheChildAtTheDeadline) {
  Pipe pipe;
  SpawnRequest request;
  request.argv = {"/bin/sh", "-c", "echo started; exec sleep 60"};
  request.fds = {{pipe.write_end(), STDOUT_FILENO}};
  request.own_process_group = true;
  const Spawned spawned = spawn(request);
  pipe.close_write_end();
  EXPECT_EQ(::getpgid(spawned.pid), spawned.pid);
  const CollectedOutput collected =
      collect_output(spawned.pid, pipe.read_end(), 1024, std::chrono::steady_clock::now());
  EXPECT_TRUE(collected.timed_out);
  EXPECT_TRUE(WIFSIGNALED(collected.wait_status));
  EXPECT_EQ(WTERMSIG(collected.wait_status), SIGKILL);
}

}  // namespace
}  // namespace rb::proc
