// Each class of config error, with the exact file:line:col it must name.
#include <gtest/gtest.h>

#include "config_test_support.h"

namespace rb::config {
namespace {

using testing::error_of;
using testing::minimal_config;

// minimal_config plus lines; the added lines start at line 6.
std::string plan_with(const std::string& lines) {
  return std::string(minimal_config) + lines;
}

TEST(PlanErrors, TomlSyntaxErrorsKeepTomlsPosition) {
  EXPECT_EQ(error_of("workload = \"flower\nplugins = []\n"),
            "t.toml:1:19: Error while parsing string: unescaped control characters other than "
            "TAB (U+0009) are explicitly prohibited");
  EXPECT_EQ(error_of(plan_with("[run\n")),
            "t.toml:6:5: Error while parsing table header: expected ']', saw '\\n'");
  EXPECT_EQ(error_of(plan_with("[run]\nwarmup = 1\nwarmup = 2\n")).substr(0, 12), "t.toml:8:10:");
}

TEST(PlanErrors, UnknownKeysAtEveryLevelSuggestTheNearest) {
  EXPECT_EQ(error_of("workload = \"flower\"\nplugin = [\"a\"]\n"),
            "t.toml:2:1: unknown key 'plugin' at the top level; did you mean 'plugins'?");
  EXPECT_EQ(error_of(plan_with("[run]\nrepetition = 3\n")),
            "t.toml:7:1: unknown key 'repetition' in [run]; did you mean 'repetitions'?");
  EXPECT_EQ(error_of(plan_with("transprt = [\"pipe\"]\n")),
            "t.toml:6:1: unknown key 'transprt' in [matrix] (axes of workload 'flower'); did "
            "you mean 'transport'?");
  EXPECT_EQ(error_of(plan_with("[plugin_options.raw_epoll]\nx = 1\n")),
            "t.toml:6:17: unknown key 'raw_epoll' in [plugin_options] (keys are plugins of this "
            "config); did you mean 'raw-epoll'?");
}

TEST(PlanErrors, UnknownKeyWithNothingCloseListsTheValidKeys) {
  EXPECT_EQ(error_of(plan_with("[run]\nzzzzzzzz = 1\n")),
            "t.toml:7:1: unknown key 'zzzzzzzz' in [run]; expected one of: repetitions, "
            "warmup, rounds, timeout, cpus, server_cpus, client_cpus, order_seed, "
            "disturbance_threshold, on_disturbance, max_retries, pairing, target, server_command, "
            "server_launcher, client_launcher, remote_runner, server_address, kernel_counts, "
            "budget, duet");
}

TEST(PlanErrors, KernelCountsMustBeABoolean) {
  const std::string what = error_of(plan_with("[run]\nkernel_counts = \"yes\"\n"));
  EXPECT_NE(what.find("t.toml:7:"), std::string::npos) << what;
  EXPECT_NE(what.find("kernel_counts: expected a boolean, got a string"), std::string::npos)
      << what;
}

TEST(PlanErrors, TheFirstUnknownKeyInTheFileIsReported) {
  // toml++ sorts keys by name; the report follows the file.
  EXPECT_EQ(error_of(plan_with("[run]\nzeta = 1\nalpha = 2\n")).substr(0, 25),
            "t.toml:7:1: unknown key '");
  EXPECT_NE(error_of(plan_with("[run]\nzeta = 1\nalpha = 2\n")).find("'zeta'"), std::string::npos);
}

TEST(PlanErrors, ABoolIsNotAnInteger) {
  EXPECT_EQ(error_of(plan_with("[run]\nrepetitions = true\n")),
            "t.toml:7:15: repetitions: expected an integer, got a boolean (true)");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n[matrix]\npipes = [false]\n"),
            "t.toml:4:10: axis 'pipes': expected an integer, got a boolean (false)");
}

TEST(PlanErrors, FloatsAndStringsAreNotIntegers) {
  EXPECT_EQ(error_of(plan_with("[run]\nwarmup = 1.0\n")),
            "t.toml:7:10: warmup: expected an integer, got a float (1.0)");
  EXPECT_EQ(error_of(plan_with("[run]\nrounds = \"2\"\n")),
            "t.toml:7:10: rounds: expected an integer, got a string (\"2\")");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n[matrix]\npipes = [1.5]\n"),
            "t.toml:4:10: axis 'pipes': expected an integer, got a float (1.5)");
}

TEST(PlanErrors, WrongTypesForStringsTablesAndLists) {
  EXPECT_EQ(error_of("workload = 1\n"),
            "t.toml:1:12: workload: expected a string, got an integer (1)");
  EXPECT_EQ(error_of("description = true\n" + std::string(minimal_config)),
            "t.toml:1:15: description: expected a string, got a boolean (true)");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\nrun = [1]\n"),
            "t.toml:3:7: [run]: expected a table, got a list");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\nmatrix = \"x\"\n"),
            "t.toml:3:10: [matrix]: expected a table, got a string (\"x\")");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [1]\n"),
            "t.toml:2:12: plugins: expected a string, got an integer (1)");
}

TEST(PlanErrors, EmptyListsAreRejected) {
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n[matrix]\npipes = []\n"),
            "t.toml:4:9: axis 'pipes': the list must not be empty");
  EXPECT_EQ(error_of(plan_with("[run]\ncpus = []\n")),
            "t.toml:7:8: cpus: the list must not be empty");
}

TEST(PlanErrors, MixedListsNameTheOddElement) {
  EXPECT_EQ(
      error_of("workload = \"flower\"\nplugins = [\"a\"]\n[matrix]\npipes = [1, 2, \"3\"]\n"),
      "t.toml:4:16: axis 'pipes': mixed types in list: element 3 is a string, the first is an "
      "integer");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\", 2]\n"),
            "t.toml:2:17: plugins: mixed types in list: element 2 is an integer, the first is "
            "a string");
}

TEST(PlanErrors, ABareScalarAxisGetsAHint) {
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n[matrix]\npipes = 100\n"),
            "t.toml:4:9: axis 'pipes': expected a list, got an integer (100); write [100]");
  EXPECT_EQ(error_of(plan_with("transport = \"pipe\"\n")),
            "t.toml:6:13: axis 'transport': expected a list, got a string (\"pipe\"); write "
            "[\"pipe\"]");
}

TEST(PlanErrors, DuplicateAxisValues) {
  EXPECT_EQ(error_of(plan_with("transport = [\"pipe\", \"socketpair\", \"pipe\"]\n")),
            "t.toml:6:36: axis 'transport': duplicate value 'pipe'");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n[matrix]\npipes = [1, 1]\n"),
            "t.toml:4:13: axis 'pipes': duplicate value 1");
}

TEST(PlanErrors, CountsMustBePositive) {
  EXPECT_EQ(error_of(plan_with("[run]\nrepetitions = 0\n")),
            "t.toml:7:15: repetitions must be at least 1, got 0");
  EXPECT_EQ(error_of(plan_with("[run]\nrepetitions = -3\n")),
            "t.toml:7:15: repetitions must be at least 1, got -3");
  EXPECT_EQ(error_of(plan_with("[run]\nwarmup = -1\n")),
            "t.toml:7:10: warmup must be at least 0, got -1");
  EXPECT_EQ(error_of(plan_with("[run]\nrounds = 0\n")),
            "t.toml:7:10: rounds must be at least 1, got 0");
  EXPECT_EQ(error_of(plan_with("[run]\nrepetitions = 2147483648\n")),
            "t.toml:7:15: repetitions must be at most 2147483647, got 2147483648");
}

TEST(PlanErrors, CpusMustBeDistinctAndBelow1024) {
  EXPECT_EQ(error_of(plan_with("[run]\ncpus = [0, -1]\n")),
            "t.toml:7:12: cpus must be at least 0, got -1");
  EXPECT_EQ(error_of(plan_with("[run]\ncpus = [1024]\n")),
            "t.toml:7:9: cpus must be at most 1023, got 1024");
  EXPECT_EQ(error_of(plan_with("[run]\ncpus = [2, 2]\n")), "t.toml:7:12: cpus: duplicate cpu 2");
  EXPECT_EQ(error_of(plan_with("[run]\ncpus = 1\n")),
            "t.toml:7:8: cpus: expected a list, got an integer (1); write [1]");
}

TEST(PlanErrors, AxisValuesOutOfRangeOrNotAmongTheChoices) {
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n[matrix]\npipes = [0]\n"),
            "t.toml:4:10: axis 'pipes': 0 is out of range 1..1000000");
  EXPECT_EQ(error_of(plan_with("writes = [100000001]\n")),
            "t.toml:6:11: axis 'writes': 100000001 is out of range 0..100000000");
  EXPECT_EQ(error_of(plan_with("writes = [-1]\n")),
            "t.toml:6:11: axis 'writes': -1 is out of range 0..100000000");
  EXPECT_EQ(error_of(plan_with("transport = [\"socketpiar\"]\n")),
            "t.toml:6:14: axis 'transport': unknown value 'socketpiar'; did you mean "
            "'socketpair'?");
  EXPECT_EQ(error_of(plan_with("transport = [\"tcp\"]\n")),
            "t.toml:6:14: axis 'transport': unknown value 'tcp'; expected one of: socketpair, "
            "pipe");
}

TEST(PlanErrors, MalformedOrNonPositiveTimeouts) {
  EXPECT_EQ(error_of(plan_with("[run]\ntimeout = \"60\"\n")),
            "t.toml:7:11: timeout '60': expected a whole number with a unit: \"500ms\", \"60s\", "
            "\"2m\" or \"1h\"");
  EXPECT_EQ(error_of(plan_with("[run]\ntimeout = \"1.5s\"\n")).substr(0, 25),
            "t.toml:7:11: timeout '1.5");
  EXPECT_EQ(error_of(plan_with("[run]\ntimeout = \"0ms\"\n")),
            "t.toml:7:11: timeout must be positive, got '0ms'");
  EXPECT_EQ(error_of(plan_with("[run]\ntimeout = 0\n")),
            "t.toml:7:11: timeout must be positive, got 0");
  EXPECT_EQ(error_of(plan_with("[run]\ntimeout = \"999h\"\n")),
            "t.toml:7:11: timeout '999h': must be at most 168h");
  EXPECT_EQ(error_of(plan_with("[run]\ntimeout = 604801\n")),
            "t.toml:7:11: timeout must be at most 604800 seconds");
  EXPECT_EQ(error_of(plan_with("[run]\ntimeout = true\n")),
            "t.toml:7:11: timeout: expected a duration such as \"60s\" or an integer number of "
            "seconds, got a boolean (true)");
}

TEST(PlanErrors, WorkloadMissingOrUnknown) {
  EXPECT_EQ(error_of("plugins = [\"a\"]\n"),
            "t.toml:1:1: missing required key 'workload' (one of: flower, notify, pingpong, rr)");
  EXPECT_EQ(error_of("workload = \"flowers\"\nplugins = [\"a\"]\n"),
            "t.toml:1:12: unknown workload 'flowers'; did you mean 'flower'?");
  EXPECT_EQ(error_of("workload = \"echo\"\n"),
            "t.toml:1:12: unknown workload 'echo'; expected one of: flower, notify, pingpong, rr");
}

TEST(PlanErrors, PluginsMissingEmptyOrDuplicated) {
  EXPECT_EQ(error_of("workload = \"flower\"\n"),
            "t.toml:1:1: missing required key 'plugins' (the list of plugins to compare)");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = []\n"),
            "t.toml:2:11: plugins: the list must not be empty");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\", \"b\", \"a\"]\n"),
            "t.toml:2:22: plugins: duplicate plugin 'a'");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"\"]\n"),
            "t.toml:2:12: plugins: empty plugin name");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = \"a\"\n"),
            "t.toml:2:11: plugins: expected a list, got a string (\"a\"); write [\"a\"]");
}

TEST(PlanErrors, MissingRequiredAxisPointsAtTheTableThatShouldHoldIt) {
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n\n[matrix]\npipes = [1]\n"),
            "t.toml:4:1: missing required axis 'active' in [matrix] (workload 'flower'): pipes "
            "written before dispatch (the initial fires)");
  EXPECT_EQ(error_of("workload = \"flower\"\nplugins = [\"a\"]\n").substr(0, 48),
            "t.toml:1:1: missing required axis 'pipes' in [ma");
}

TEST(PlanErrors, PluginOptionsMustBeTablesOfScalars) {
  EXPECT_EQ(error_of(plan_with("[plugin_options]\nraw-epoll = 1\n")),
            "t.toml:7:13: [plugin_options.raw-epoll]: expected a table, got an integer (1)");
  EXPECT_EQ(error_of(plan_with("[plugin_options.raw-epoll]\nx = { y = 1 }\n")),
            "t.toml:7:5: plugin option 'x': expected a string, number or boolean, got a table");
  EXPECT_EQ(error_of("plugin_options = 3\n" + std::string(minimal_config)),
            "t.toml:1:18: [plugin_options]: expected a table, got an integer (3)");
}

TEST(PlanErrors, HugeIntegersAreSyntaxErrorsWithAPosition) {
  EXPECT_EQ(error_of(plan_with("writes = [18446744073709551616]\n")),
            "t.toml:6:31: Error while parsing decimal integer: '18446744073709551616' is not "
            "representable in 64 bits");
  EXPECT_EQ(error_of(plan_with("[run]\nrepetitions = 0x1FFFFFFFFFFFFFFFF\n")).substr(0, 12),
            "t.toml:7:34:");
}

TEST(PlanErrors, EmptyBinaryAndNonUtf8InputGiveOneLineErrors) {
  EXPECT_EQ(error_of(""),
            "t.toml:1:1: missing required key 'workload' (one of: flower, notify, pingpong, rr)");
  EXPECT_EQ(error_of("\n\n# only a comment\n"),
            "t.toml:1:1: missing required key 'workload' (one of: flower, notify, pingpong, rr)");
  EXPECT_EQ(error_of(std::string("\x7F"
                                 "ELF\x02\x01\x01\x00\x00",
                                 9)),
            "t.toml:1:1: Error while parsing root table: expected keys, tables, whitespace or "
            "comments, saw '\\u007F'");
  EXPECT_EQ(error_of("workload = \"fl\xC3\x28wer\"\n"),
            "t.toml:1:14: Encountered invalid utf-8 sequence");
  EXPECT_EQ(error_of(std::string("workload = \"flower\"\n\0\0", 22)).substr(0, 11), "t.toml:2:1:");
}

TEST(PlanErrors, DeepNestingIsRejectedWithoutCrashing) {
  std::string header = "[";
  for (int i = 0; i < 100'000; ++i) header += i == 0 ? "a" : ".a";
  EXPECT_EQ(error_of(header + "]\n"), "t.toml:1:130: nesting deeper than 64 levels");
  const std::string arrays = "x = " + std::string(10'000, '[') + std::string(10'000, ']');
  EXPECT_EQ(error_of(arrays), "t.toml:1:68: nesting deeper than 64 levels");
}

TEST(PlanErrors, AMatrixTooLargeToRunIsRejected) {
  std::string values;
  for (int i = 1; i <= 400; ++i) values += (i == 1 ? "" : ", ") + std::to_string(i);
  const std::string config = "workload = \"flower\"\nplugins = [\"p\"]\n[matrix]\npipes = [" +
                             values + "]\nactive = [" + values + "]\n";
  EXPECT_EQ(error_of(config),
            "t.toml:3:1: the matrix expands to more than 100000 cells (1 plugin x 400 pipes x "
            "400 active x 1 writes x 1 transport)");
  Overrides quick;
  quick.quick = true;
  EXPECT_EQ(error_of(config, quick), "no error");
}

TEST(PlanErrors, UserTextInMessagesIsEscaped) {
  const std::string what = error_of(plan_with("[run]\n\"bad\\nkey\\u0007\" = 1\n"));
  EXPECT_EQ(what,
            "t.toml:7:1: unknown key 'bad\\nkey\\x07' in [run]; expected one of: "
            "repetitions, warmup, rounds, timeout, cpus, server_cpus, client_cpus, order_seed, "
            "disturbance_threshold, on_disturbance, max_retries, pairing, target, server_command, "
            "server_launcher, client_launcher, remote_runner, server_address, kernel_counts, "
            "budget, duet");
}

}  // namespace
}  // namespace rb::config
