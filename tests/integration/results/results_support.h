// The results tests' tiny run: two flower cells (raw-epoll, libevent2), few repetitions.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "run_helpers.h"

namespace rbtest {

inline std::string tiny_config() {
  return "name = \"tiny\"\n" + matrix_config("flower", R"("raw-epoll", "libevent2")",
                                             run_lines(4, "20s"),
                                             "pipes = [20]\nactive = [5]\nwrites = [10]");
}

inline std::string file_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// runner run CONFIG --out DIR/out_name, then `extra`.
inline RunOutput run_tiny(const ScratchDir& dir, const std::string& out_name,
                          std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"run", dir.write("tiny.toml", tiny_config()).string(), "--out",
                                   (dir.path() / out_name).string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_runner(args);
}

}  // namespace rbtest
