// The server half of an rr round (or of `runner serve`), in the server's child process.
#include "plugin/loader.h"
#include "workload/plugin_server_side.h"
#include "workload/rr/sides.h"

namespace rb::workload {

void run_rr_server(const plugin::LoadedPlugin& plugin, const rb_host& host,
                   const CellInputs& inputs, const RrShape& shape) {
  if (!plugin.rr_server) throw CellFailure("plugin does not offer the rr server");
  const rb_rr_server_params params{sizeof(rb_rr_server_params), inputs.role->listen_fd,
                                   stop_event_fd(), shape.threads, shape.body_size};
  run_plugin_server(*plugin.rr_server, host, params, inputs,
                    {"connections", "requests", "bad_requests"});
}

}  // namespace rb::workload
