#include "server_params.h"

#include "error_message.h"

static int refuse(const char* workload, char* err, size_t err_len) {
  return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                      "%s server params missing, too small or with 0 threads", workload);
}

int pingpong_server_check_params(const rb_pingpong_server_params* params, void** state, char* err,
                                 size_t err_len) {
  const size_t needed = offsetof(rb_pingpong_server_params, block_size) + sizeof params->block_size;
  if (state == NULL || params == NULL || params->struct_size < needed || params->threads == 0) {
    return refuse("pingpong", err, err_len);
  }
  *state = NULL;
  return RB_OK;
}

int rr_server_check_params(const rb_rr_server_params* params, void** state, char* err,
                           size_t err_len) {
  const size_t needed = offsetof(rb_rr_server_params, body_size) + sizeof params->body_size;
  if (state == NULL || params == NULL || params->struct_size < needed || params->threads == 0) {
    return refuse("rr", err, err_len);
  }
  *state = NULL;
  return RB_OK;
}
