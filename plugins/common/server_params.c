#include "server_params.h"

#include "error_message.h"

/* What both checks do once they know whether the params are acceptable. */
static int check(int acceptable, void** state, const char* workload, char* err, size_t err_len) {
  if (state == NULL || !acceptable) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "%s server params missing, too small or with 0 threads", workload);
  }
  *state = NULL;
  return RB_OK;
}

int pingpong_server_check_params(const rb_pingpong_server_params* params, void** state, char* err,
                                 size_t err_len) {
  const size_t needed = offsetof(rb_pingpong_server_params, block_size) + sizeof params->block_size;
  return check(params != NULL && params->struct_size >= needed && params->threads != 0, state,
               "pingpong", err, err_len);
}

int rr_server_check_params(const rb_rr_server_params* params, void** state, char* err,
                           size_t err_len) {
  const size_t needed = offsetof(rb_rr_server_params, body_size) + sizeof params->body_size;
  return check(params != NULL && params->struct_size >= needed && params->threads != 0, state, "rr",
               err, err_len);
}
