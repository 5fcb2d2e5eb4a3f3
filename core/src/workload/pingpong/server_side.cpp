// The server half of a pingpong round, in the server's child process.
#include "plugin/loader.h"
#include "workload/pingpong/sides.h"
#include "workload/plugin_server_side.h"

namespace rb::workload {

void run_pingpong_server(const plugin::LoadedPlugin& plugin, const rb_host& host,
                         const CellInputs& inputs, const PingpongShape& shape) {
  if (!plugin.pingpong_server) throw CellFailure("plugin does not offer the pingpong server role");
  const rb_pingpong_server_params params{sizeof(rb_pingpong_server_params), inputs.role->listen_fd,
                                         stop_event_fd(), shape.threads, shape.block_size};
  run_plugin_server(*plugin.pingpong_server, host, params, inputs,
                    {"connections", "bytes_read", "bytes_written"});
}

}  // namespace rb::workload
