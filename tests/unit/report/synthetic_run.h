// Small hand-made results for the report tests, plus a scratch directory.
#pragma once

#include <filesystem>
#include <string>

#include "../../support/scratch_dir.h"
#include "model/results.h"

namespace rb::report::testing {

stats::Summary summary_of(double median, double ci_low, double ci_high, std::size_t n = 24);

// flower, plugins libevent2 and raw-epoll, points pipes=100 and pipes=1000 (active=100,
// writes=100, transport=socketpair fixed). raw-epoll at pipes=1000 is skipped; the others
// are ok with setup_us, dispatch_us and total_us summaries, counters, rusage, provenance.
RunResult two_plugins_two_points();

using ScratchDir = rbtest::ScratchDir;

std::string read_file(const std::filesystem::path& path);

// write(run, path) leaves exactly format(run) in the file, for two_plugins_two_points().
void expect_writes_what_it_formats(void (*write)(const RunResult&, const std::filesystem::path&),
                                   std::string (*format)(const RunResult&));

}  // namespace rb::report::testing
