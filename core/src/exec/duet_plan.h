// [run] pairing = "duet" (Bulej et al., "Duet Benchmarking", ICPE 2020): a point's cells run
// at the same time, each alone on a CPU of its own, so that whatever the machine does in that
// moment both sides live through it; the CPUs rotate round by round, so that neither side
// keeps the better CPU. Which cells go together, and on which CPU.
#pragma once

#include <cstddef>
#include <vector>

#include "config/test_plan.h"
#include "model/results.h"

namespace rb::exec {

// The cells of cell i's point still running that run at once, i first: those of i's base
// plugin (a plugin with its variants and other builds: what an A/B compares) when there are
// two to `cpus` of them, else all of the point's when there are; else none (each then runs
// alone, paired by rounds).
std::vector<std::size_t> duet_group(const std::vector<CellResult>& cells, std::size_t i,
                                    std::size_t per_point, std::size_t cpus);

// The CPUs a duet spreads its cells over: [run] cpus when it names two or more, else every
// CPU this process may use.
std::vector<int> duet_cpus(const config::TestPlan& plan);

// The CPU member k of a group runs on in `round`: cpus[(k + round) mod n]. With two CPUs the
// two sides swap every round.
int duet_cpu(std::size_t member, int round, const std::vector<int>& cpus);

}  // namespace rb::exec
