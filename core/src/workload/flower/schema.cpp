#include "workload/flower/entry.h"

namespace rb::workload::flower {

WorkloadSchema schema() {
  return WorkloadSchema{
      "flower",
      "the hot potato (libevent test/bench.c): `active` pipes start with a byte, each read "
      "forwards one to the next pipe until `writes` are spent; setup and dispatch timed apart",
      {
          integer_axis("pipes", 1, 1'000'000, {}, "number of fd pairs watched by the loop"),
          integer_axis("active", 1, 1'000'000, {},
                       "pipes written before dispatch (the initial fires)"),
          integer_axis("writes", 0, 100'000'000, {std::int64_t{100}},
                       "global budget of forwarding writes per iteration"),
          choice_axis("transport", {"socketpair", "pipe"}, {std::string("socketpair")},
                      "socketpair (AF_UNIX stream) or pipe"),
      }};
}

}  // namespace rb::workload::flower
