// The scheduler examples of examples/fleet, read the way their schedulers would read them, so
// tests can check that they agree with themselves and run their commands here.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rbtest {

// A config of 6 flower cells over 3 points (raw-epoll and libevent2), 2 repetitions each:
// enough cells to spread over shards, quick to run.
std::string fleet_config();

std::filesystem::path fleet_example(const std::string& file);

// A YAML file as JSON, through python3's yaml module (python3-yaml); throws with the
// parser's message when it is not valid YAML.
nlohmann::json yaml_file(const std::filesystem::path& file);

// The Indexed Job's container command and arguments, `$(VAR)` replaced as Kubernetes would
// from `vars`, and each argument found in `replace` swapped for its value (the image's paths
// and the store's URL, for a run on this machine).
std::vector<std::string> indexed_job_argv(const nlohmann::json& job,
                                          const std::map<std::string, std::string>& vars,
                                          const std::map<std::string, std::string>& replace);

// The benchmarks (one per cell: "flower/raw-epoll/pipes:20/...") that `runner export SOURCE...
// --format bencher` gives; a failed export fails the calling test.
std::set<std::string> exported_cells(const std::vector<std::string>& source);

// The number N the file gives after `key` (e.g. "--array=1-" or "shards="): -1 if none.
int number_after(const std::string& text, const std::string& key);

}  // namespace rbtest
