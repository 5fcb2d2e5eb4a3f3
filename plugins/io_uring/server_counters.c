#include "server_counters.h"

#include "uring_server.h"

void uring_server_put_counters(const void* state, const struct server_totals* totals,
                               const rb_counter_sink* sink) {
  const struct uring_server* server = state;
  struct uring_ring sum = {.opened = 0};
  uint64_t iterations = 0, exhausted = 0;
  for (uint32_t i = 0; i < server->threads; ++i) {
    const struct uring_loop* loop = &server->loops[i];
    sum.sqes_submitted += loop->ring.sqes_submitted;
    sum.cqes_reaped += loop->ring.cqes_reaped;
    sum.enter_calls += loop->ring.enter_calls;
    iterations += loop->iterations;
    exhausted += loop->buffers_exhausted;
  }
  if (server->protocol.rr) sink->put(sink->ctx, "bytes_written", totals->counts.bytes_written);
  sink->put(sink->ctx, "loop_iterations", iterations);
  uring_ring_put_counters(&sum, sink);
  sink->put(sink->ctx, "buffer_ring_empty", exhausted);
}
