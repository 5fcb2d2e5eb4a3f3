#pragma once

#include <cstdint>

#include "driven_client.h"
#include "reactorbench/plugin.h"
#include "served_server.h"

namespace rb_test {

// A pingpong role's table and the options it gets.
template <class Ops>
struct Role {
  const Ops& ops;
  OptionPairs options;
  // RB_ERR_UNSUPPORTED from this role skips the test (io_uring: a kernel or seccomp policy
  // may refuse the ring or an option); from any other role it is a failure, so that a
  // regression (libevent2 returns it when its event_base cannot be created) is never a skip.
  bool may_be_unsupported = false;
};

// Runs `client` against `server` (each with `threads` loops; ClientShape's other defaults),
// every session verified, and checks what such a run must show: every session completed, no
// mismatch, every byte read verified, and the server's counts agreeing with the client's. Skips
// the test when a role that may (Role::may_be_unsupported) refuses this machine
// (RB_ERR_UNSUPPORTED), naming the reason; fails when another role does.
void ExpectVerifiedPair(const Role<rb_pingpong_server_ops>& server,
                        const Role<rb_pingpong_client_ops>& client, uint32_t threads);

}  // namespace rb_test
