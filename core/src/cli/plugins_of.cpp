#include "cli/plugins_of.h"

#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "config/test_plan.h"
#include "text/printable.h"

namespace rb::cli {

int plugins_of_main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: runner __plugins-of CONFIG...\n";
    return 2;
  }
  std::vector<std::string> names;
  for (int i = 2; i < argc; ++i) {
    try {
      // No catalog: the plugins may not be built yet, which is why this is asked.
      for (auto& name : config::load_plan(argv[i], nullptr, {}).base_plugins())
        if (std::find(names.begin(), names.end(), name) == names.end())
          names.push_back(std::move(name));
    } catch (const std::exception& e) {
      std::cerr << text::printable_lines(e.what()) << '\n';
      return 2;
    }
  }
  for (const auto& name : names) std::cout << name << '\n';
  return 0;
}

}  // namespace rb::cli
