#include "server_counters.h"

void pingpong_server_put_counters(const rb_counter_sink* sink, uint64_t connections,
                                  uint64_t bytes_read, uint64_t bytes_written,
                                  uint64_t accept_refused) {
  sink->put(sink->ctx, "connections", connections);
  sink->put(sink->ctx, "bytes_read", bytes_read);
  sink->put(sink->ctx, "bytes_written", bytes_written);
  sink->put(sink->ctx, "accept_refused", accept_refused);
}

void rr_server_put_counters(const rb_counter_sink* sink, uint64_t connections, uint64_t requests,
                            uint64_t bad_requests, uint64_t accept_refused) {
  sink->put(sink->ctx, "connections", connections);
  sink->put(sink->ctx, "requests", requests);
  sink->put(sink->ctx, "bad_requests", bad_requests);
  sink->put(sink->ctx, "accept_refused", accept_refused);
}
