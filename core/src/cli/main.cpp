// The runner's entry: everything else is rb::cli::runner_main (cli/runner_main.h).
#include <iostream>

#include "cli/exit_codes.h"
#include "cli/runner_main.h"
#include "text/printable.h"

// Whatever escapes (the command line's own set-up, an allocation) is said, not a terminate().
int main(int argc, char** argv) {
  try {
    return rb::cli::runner_main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << "\n";
    return rb::cli::kExitUsage;
  }
}
