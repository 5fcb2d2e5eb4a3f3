#pragma once

#include <cstdint>

#include "rr_cases.h"
#include "served_server.h"

namespace rb_test {

// One plugin's rr server as the host runs it (ServedServer), in the way rr_case says.
class ServedRrServer : public ServedServer {
 public:
  ServedRrServer(const RrCase& rr_case, uint32_t body_size);
};

}  // namespace rb_test
