#include "served_rr_server.h"

#include <stdexcept>

#include "built_plugins.h"

namespace rb_test {

namespace {

ServerCalls RrServerCalls(const RrCase& rr_case, uint32_t body_size) {
  const rb_rr_server_ops* ops = LoadPlugin(rr_case.path).rr_server;
  if (ops == nullptr) throw std::runtime_error(rr_case.path + " offers no rr_server");
  rb_rr_server_params params{};
  params.struct_size = sizeof params;
  params.threads = rr_case.threads;
  params.body_size = body_size;
  return CallsOf(*ops, params, rr_case.options);
}

}  // namespace

ServedRrServer::ServedRrServer(const RrCase& rr_case, uint32_t body_size)
    : ServedServer(RrServerCalls(rr_case, body_size)) {}

}  // namespace rb_test
