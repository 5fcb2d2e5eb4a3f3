#include "loop_teardown.h"

#include "error_message.h"
#include "reactorbench/plugin.h"

int open_loop(uv_loop_t* loop, int* ready, char* err, size_t err_len) {
  const int rc = uv_loop_init(loop);
  if (rc != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_loop_init: %s", uv_strerror(rc));
  }
  *ready = 1;
  return RB_OK;
}

static void close_unclosed(uv_handle_t* handle, void* arg) {
  (void)arg;
  close_handle(handle, NULL);
}

void close_handle(uv_handle_t* handle, uv_close_cb on_closed) {
  if (!uv_is_closing(handle)) uv_close(handle, on_closed);
}

int close_loop(uv_loop_t* loop) {
  uv_walk(loop, close_unclosed, NULL);
  uv_run(loop, UV_RUN_DEFAULT);
  return uv_loop_close(loop);
}
