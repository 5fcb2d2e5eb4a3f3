#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace rb_test {

// One way of running one plugin's rr server.
struct RrCase {
  std::string path;  // the plugin .so
  std::string name;  // usable in a test name, e.g. "libevent2_http_evhttp_threads2"
  std::vector<std::pair<std::string, std::string>> options;
  uint32_t threads = 1;
  // Whether responses are exactly the canned ones of <reactorbench/http_request.h>.
  bool exact_responses = true;
};

// Every plugin in the build's plugin directory that loads and offers rr_server, with no
// option and with each option variant known to need its own coverage, each with 1 and 2
// threads.
std::vector<RrCase> AllRrCases();

// So a failing case prints its name rather than bytes.
void PrintTo(const RrCase& rr_case, std::ostream* out);

}  // namespace rb_test
