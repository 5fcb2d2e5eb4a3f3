// Which launchers hand the runner's words to a remote shell as one line (issue 31, item 10,
// reviewed): ssh as the program, and ssh behind sudo, timeout or env, where a remote_runner
// with `;` ran a command there as it did before the quoting.
#include "exec/cell_child.h"

#include <gtest/gtest.h>

namespace rb::exec {
namespace {

TEST(LauncherShell, SshAsTheProgramOrBehindAnotherGoesThroughAShell) {
  EXPECT_TRUE(launcher_uses_shell({"ssh", "-T", "bench-b"}));
  EXPECT_TRUE(launcher_uses_shell({"/usr/bin/ssh", "bench-b"}));
  EXPECT_TRUE(launcher_uses_shell({"sudo", "-u", "bench", "ssh", "bench-b"}));
  EXPECT_TRUE(launcher_uses_shell({"timeout", "60", "/usr/bin/ssh", "-T", "bench-b"}));
  EXPECT_TRUE(launcher_uses_shell({"env", "LC_ALL=C", "ssh", "bench-b"}));
}

TEST(LauncherShell, LaunchersThatExecTheirWordsDoNot) {
  EXPECT_FALSE(launcher_uses_shell({"ip", "netns", "exec", "rb-b"}));
  EXPECT_FALSE(launcher_uses_shell({"env"}));
  EXPECT_FALSE(launcher_uses_shell({"/usr/bin/sshpass-wrapper"}));
}

}  // namespace
}  // namespace rb::exec
