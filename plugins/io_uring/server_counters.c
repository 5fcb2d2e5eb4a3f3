#include "server_counters.h"

#include "uring_server.h"

void uring_server_put_counters(const void* state, const struct server_totals* totals,
                               const rb_counter_sink* sink) {
  const struct uring_server* server = state;
  if (server->protocol.rr) sink->put(sink->ctx, "bytes_written", totals->counts.bytes_written);
  uring_loops_put_counters(&server->loops[0].io, sizeof server->loops[0], server->threads, sink);
}
