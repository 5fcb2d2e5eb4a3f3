#include "fleet_examples.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "../../support/shell.h"
#include "run_helpers.h"

namespace rbtest {

std::string fleet_config() {
  return "name = \"fleet\"\n" + matrix_config("flower", R"("raw-epoll", "libevent2")",
                                              run_lines(2, "20s"),
                                              "pipes = [20, 30, 40]\nactive = [5]\nwrites = [10]");
}

std::filesystem::path fleet_example(const std::string& file) {
  return std::filesystem::path(RB_SOURCE_DIR) / "examples" / "fleet" / file;
}

nlohmann::json yaml_file(const std::filesystem::path& file) {
  const CommandResult r =
      sh("python3 -c 'import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), "
         "sys.stdout)' '" +
         file.string() + "'");
  if (r.exit_code != 0) throw std::runtime_error(file.string() + ": " + r.output);
  return nlohmann::json::parse(r.output);
}

std::vector<std::string> indexed_job_argv(const nlohmann::json& job,
                                          const std::map<std::string, std::string>& vars,
                                          const std::map<std::string, std::string>& replace) {
  const auto& container = job.at("spec").at("template").at("spec").at("containers").at(0);
  std::vector<std::string> argv;
  for (const auto& part : {container.at("command"), container.at("args")})
    for (const auto& word : part) argv.push_back(word.get<std::string>());
  for (auto& arg : argv) {
    for (const auto& [name, value] : vars)
      for (auto at = arg.find("$(" + name + ")"); at != std::string::npos;
           at = arg.find("$(" + name + ")"))
        arg.replace(at, name.size() + 3, value);
    if (const auto swap = replace.find(arg); swap != replace.end()) arg = swap->second;
  }
  return argv;
}

std::set<std::string> exported_cells(const std::vector<std::string>& source) {
  std::vector<std::string> args = {"export"};
  args.insert(args.end(), source.begin(), source.end());
  args.insert(args.end(), {"--format", "bencher"});
  const RunOutput r = run_runner(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> out;
  if (r.exit_code != 0) return out;
  const auto benchmarks = nlohmann::json::parse(r.out);  // outlives the loop over its items
  for (const auto& [name, measures] : benchmarks.items()) out.insert(name);
  return out;
}

int number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  if (at == std::string::npos) return -1;
  return std::stoi(text.substr(at + key.size()));
}

}  // namespace rbtest
