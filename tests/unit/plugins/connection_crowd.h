#pragma once

#include <sys/resource.h>

#include <cstdint>

namespace rb_test {

// What a crowd of clients saw: a connection is served when its GET got a response, refused
// when the server closed or reset it without one.
struct CrowdOutcome {
  int served = 0;
  int refused = 0;
};

// Opens `connections` connections to 127.0.0.1:port from a child process (so their
// descriptors count against the child's limit, not this process's), sends a GET on each and
// waits for each one's first answer (response bytes, or the server's close), closing each as
// it is answered. Throws
// std::runtime_error when the child fails or a connection waits past a generous timeout.
CrowdOutcome RunConnectionCrowd(uint16_t port, int connections);

// The same with this process's descriptor table full, for the crowd's while, but for
// `headroom` free slots: a server in this process runs out of descriptors and must refuse the
// excess. The descriptors are given back before it returns or throws.
CrowdOutcome RunConnectionCrowdOutOfDescriptors(uint16_t port, int connections, rlim_t headroom);

}  // namespace rb_test
