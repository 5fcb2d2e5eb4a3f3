#include "verified_pair.h"

#include <gtest/gtest.h>

#include "../../support/capability.h"

namespace rb_test {

void ExpectVerifiedPair(const Role<rb_pingpong_server_ops>& server_role,
                        const Role<rb_pingpong_client_ops>& client_role, uint32_t threads) {
  rb_pingpong_server_params server_params{};
  server_params.struct_size = sizeof server_params;
  server_params.threads = threads;
  server_params.block_size = 4096;
  ServedServer server(CallsOf(server_role.ops, server_params, server_role.options));
  if (server.prepare_rc() == RB_ERR_UNSUPPORTED && server_role.may_be_unsupported)
    RB_SKIP_WITHOUT("io_uring") << server.prepare_error();
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  ClientShape shape;
  shape.threads = threads;
  const ClientRun run =
      RunPingpongClient(client_role.ops, server.port(), shape, client_role.options);
  if (run.prepare_rc == RB_ERR_UNSUPPORTED && client_role.may_be_unsupported)
    RB_SKIP_WITHOUT("io_uring") << run.error;
  ASSERT_EQ(run.prepare_rc, RB_OK) << run.error;
  ASSERT_EQ(run.run_rc, RB_OK) << run.error;
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  const auto& client = run.counters;
  const auto served = server.Counters();
  EXPECT_EQ(client.at("sessions_completed"), shape.sessions);
  EXPECT_EQ(client.at("connect_failures"), 0u);
  EXPECT_EQ(client.at("resets"), 0u);
  EXPECT_EQ(client.at("verify_mismatches"), 0u);
  EXPECT_GE(client.at("bytes_read"), uint64_t{shape.sessions} * shape.block_size);
  EXPECT_EQ(client.at("verified_bytes"), client.at("bytes_read"));
  EXPECT_EQ(served.at("connections"), shape.sessions);
  // The server echoed all it read, and the client read all of it before the server closed.
  EXPECT_EQ(served.at("bytes_written"), served.at("bytes_read"));
  EXPECT_EQ(client.at("bytes_read"), served.at("bytes_written"));
}

}  // namespace rb_test
