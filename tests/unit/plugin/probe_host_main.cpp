// Stands in for the runner in probe tests: only the hidden probe sub-command.
#include <cstdio>
#include <string>
#include <string_view>

#include "plugin/probe.h"
#include "workload/registry.h"

int main(int argc, char** argv) {
  if (argc == 4 && argv[1] == rb::plugin::kProbeCommand) {
    return rb::plugin::run_probe(argv[2], std::stoi(argv[3]), rb::workload::workload_tables());
  }
  std::fprintf(stderr, "usage: %s __probe <plugin.so> <fd>\n", argv[0]);
  return 2;
}
