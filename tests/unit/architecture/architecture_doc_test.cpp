// docs/architecture.md is read by people who then trust it: each test here is one of its
// claims checked against the tree, so a change that makes a claim false fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "architecture_doc.h"
#include "cli/command_table.h"
#include "cli/reporters.h"
#include "workload/registry.h"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = RB_SOURCE_DIR;

std::string regex_escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (std::string_view(".^$|()[]{}*+?\\").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string doc() {
  return rb::test::read_text(kRoot / "docs/architecture.md");
}

std::string joined(const std::set<std::string>& names) {
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

TEST(ArchitectureDoc, EveryFileItNamesExists) {
  // Up to "Adding a workload": that section names the files of a workload yet to be written.
  const auto text = doc();
  const auto described = text.substr(0, text.find("\n## Adding a workload"));
  int checked = 0;
  for (const auto& path : rb::test::backticked_paths(described)) {
    if (path.find('<') != std::string::npos) continue;  // a pattern: `cli/<name>_command.cpp`
    const auto resolved = rb::test::resolve_doc_path(kRoot, path);
    if (resolved.empty()) continue;
    ++checked;
    EXPECT_TRUE(rb::test::doc_path_exists(resolved))
        << "docs/architecture.md names `" << path << "`, but " << resolved << " is not there";
  }
  EXPECT_GT(checked, 100) << "the document's paths were not found: has its format changed?";
}

TEST(ArchitectureDoc, TheConcernMapHasEveryFolderOfCoreSrc) {
  std::set<std::string> folders;
  for (const auto& entry : fs::directory_iterator(kRoot / "core/src"))
    if (entry.is_directory()) folders.insert(entry.path().filename().string());
  EXPECT_EQ(joined(rb::test::concern_map_folders(doc())), joined(folders));
}

TEST(ArchitectureDoc, ItListsTheRegistrysWorkloads) {
  const auto names = rb::workload::workload_names();
  std::string listed;
  for (const auto& name : std::set<std::string>(names.begin(), names.end()))
    listed += (listed.empty() ? "" : ", ") + name;
  EXPECT_NE(doc().find("A workload (" + listed + ")"), std::string::npos)
      << "docs/architecture.md's \"## Workloads\" should open with \"A workload (" << listed
      << ")\"";
}

TEST(ArchitectureDoc, WorkloadIncludesOnlyWhatItSays) {
  const auto said = rb::test::includes_only(doc(), "workload");
  ASSERT_FALSE(said.empty()) << "no \"`workload/` includes only ...\" sentence";
  for (const auto& folder : rb::test::included_folders(kRoot / "core/src", "workload"))
    EXPECT_TRUE(said.contains(folder))
        << "core/src/workload includes " << folder << "/, which docs/architecture.md's "
        << "\"`workload/` includes only " << joined(said) << "\" leaves out";
}

TEST(ArchitectureDoc, EverySubCommandHasAFileOfItsOwn) {
  const auto commands = rb::cli::runner_commands();
  ASSERT_FALSE(commands.empty());
  for (const auto& command : commands) {
    std::string stem(command->name());
    std::replace(stem.begin(), stem.end(), '-', '_');
    EXPECT_TRUE(fs::exists(kRoot / "core/src/cli" / (stem + "_command.cpp")))
        << "`runner " << command->name() << "` has no cli/" << stem
        << "_command.cpp, as docs/architecture.md says every sub-command has";
  }
}

TEST(ArchitectureDoc, NoCodeOutsideTheWorkloadsNamesAWorkload) {
  // "no code outside the registry and the workload folders compares a workload's name"
  std::string pattern;
  for (const auto& name : rb::workload::workload_names())
    pattern += (pattern.empty() ? "" : "|") + name;
  std::string found;
  for (const auto& hit : rb::test::literals_outside(kRoot / "core/src", pattern, "workload/"))
    found += hit + "\n";
  EXPECT_EQ(found, "") << "workload names in code outside core/src/workload: ask the registry";
}

TEST(ArchitectureDoc, NoCommandAsksForAFormatByName) {
  // "every output format, chosen by name": only the reporters table knows the formats' names.
  std::string pattern;
  for (const auto& entry : rb::cli::reporter_table())
    if (entry.kind != rb::cli::OutputKind::result_file)
      pattern += (pattern.empty() ? "" : "|") + regex_escaped(entry.name);
  std::string found;
  for (const auto& hit : rb::test::literals_outside(kRoot / "core/src/cli", pattern, "reporters"))
    found += hit + "\n";
  EXPECT_EQ(found, "") << "format names outside cli/reporters.cpp: choose through the table";
}

}  // namespace
