#include "workload/pingpong/entry.h"

namespace rb::workload::pingpong {

WorkloadSchema schema() {
  WorkloadSchema schema{
      "pingpong",
      "echo throughput (muduo examples/pingpong): a client process opens `sessions` TCP "
      "connections to a server process on 127.0.0.1, sends one block on each and echoes back "
      "what returns for `duration`; MiB/s, messages/s, CPU and memory per side",
      {
          integer_axis("block_size", 1, 16 << 20, {}, "bytes the client sends on connect"),
          integer_axis("sessions", 1, 1'000'000, {}, "concurrent connections"),
          integer_axis("threads", 1, 256, {std::int64_t{1}},
                       "event-loop threads in the server and in the client"),
          duration_axis("duration", 10, 3'600'000, {std::string("10s")}, {std::string("1s")},
                        "how long each client run ping-pongs (\"10s\", \"500ms\" or seconds)"),
          choice_axis("verify", {"all", "sample", "off"}, {std::string("sample")},
                      "sessions whose echoed bytes the client checks: all, every 7th, none"),
      }};
  schema.roles = {"server", "client"};
  return schema;
}

}  // namespace rb::workload::pingpong
