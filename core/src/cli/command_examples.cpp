#include "cli/command_examples.h"

#include <string>
#include <utility>

namespace rb::cli {
namespace {

constexpr const char* kTopLevel = R"(Examples:
  runner run configs/flower.toml                 the hot-potato sweep over every flower plugin
  runner run configs/pingpong.toml --quick       a first look: 3 repetitions, 2 points per axis
  runner run configs/rr.toml --dry-run           the cells, what is skipped, the planned time
  runner compare --plugins muduo,libevent2 RUN   two plugins of one run, with a verdict
  runner compare last~1 last --store DB          the newest stored run against the one before
  runner tag last base --store DB                name a baseline: then `compare base last`
  runner run configs/rr.toml --shard 2/4         one machine's quarter of the cells
  runner merge shard-1 shard-2 --out merged      the shards of one run as one results dir
  runner plugins --options libevent2             the options a plugin declares
  runner export RUN --format google-benchmark    results for other tools
`runner COMMAND --help` for each command; the user guide, docs/guide/, for configs
(configs.md) and exit codes (running.md, comparing-and-the-nightly.md).)";

// Per sub-command (by name): what a user types first. A config name alone (flower.toml) is
// also looked up among the shipped configs.
const std::pair<const char*, const char*> kExamples[] = {
    {"run", R"(Examples:
  runner run configs/flower.toml                 every flower plugin over the sweep
  runner run flower.toml --quick                 a shipped config, 3 repetitions, 2 points per axis
  runner run configs/rr.toml --dry-run           the cells, what is skipped, the planned time
  runner run configs/rr.toml --plugins libuv,muduo --rounds 3
  runner run configs/rr.toml --shard 2/4         one machine's quarter of the cells)"},
    {"plugins", R"(Examples:
  runner plugins                                 the plugins found, their workloads and versions
  runner plugins --options libevent2             the options a plugin declares
  runner plugins --json --plugin-path ./build    a plugin of your own, machine-readable)"},
    {"validate", R"(Examples:
  runner validate libuv                          one plugin against the ABI's checks
  runner validate ./build/my_loop.so --option backlog=64)"},
    {"serve", R"(Examples:
  runner serve --plugin libevent2 --workload rr --cpus 2   then: wrk -c 10 http://127.0.0.1:8080/
  runner serve --plugin muduo --workload pingpong --listen 127.0.0.1:9000 --set block_size=4096)"},
    {"history", R"(Examples:
  runner history --store results/history.db      the stored runs, newest first
  runner history --changes --store DB            each series' change points
  runner history --check-newest --store DB       the newest run against its history's level)"},
    {"compare", R"(Examples:
  runner compare results/base results/new        per cell: slower, faster, same, inconclusive
  runner compare --plugins muduo,libevent2 RUN   two plugins of one run, paired
  runner compare last~1 last --store DB --format md)"},
    {"report", R"(Examples:
  runner report results/rr-1 --html out/         one page with plots of one run
  runner report last --store DB --baseline base --html out/   with the verdicts against a tag)"},
    {"export", R"(Examples:
  runner export RUN --format google-benchmark > run.json   then: compare.py benchmarks old.json run.json
  runner export RUN --format bencher --exclude-disturbed   Bencher BMF, clean cells only
  runner export RUN --format custom-bigger-is-better --metrics all
  runner export RUN --format hdr-percentiles --out hgrm/   one .hgrm per latency distribution)"},
    {"summarize", R"(Examples:
  runner summarize results/rr-1                  summary.json and the tables from samples.jsonl)"},
    {"tag", R"(Examples:
  runner tag last base --store DB                then: runner compare base last --store DB)"},
    {"merge", R"(Examples:
  runner merge shard-1 shard-2 shard-3 --out merged)"},
    {"new-plugin", R"(Examples:
  runner new-plugin my-loop --workloads flower --out my-loop   then: docs/writing-a-plugin.md
  runner new-plugin my-loop --workloads flower,pingpong_server,pingpong_client --out my-loop)"},
};

}  // namespace

void add_command_examples(CLI::App& app) {
  app.footer(kTopLevel);
  for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; }))
    for (const auto& [name, examples] : kExamples)
      if (command->get_name() == name) command->footer(examples);
}

}  // namespace rb::cli
