#include "pingpong_client_session.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "error_message.h"

int pingpong_client_check_params(const rb_pingpong_client_params* params, char* err,
                                 size_t err_len) {
  const size_t needed =
      offsetof(rb_pingpong_client_params, verify_stride) + sizeof params->verify_stride;
  if (params == NULL || params->struct_size < needed || params->threads == 0 ||
      params->sessions == 0 || params->block_size == 0 || params->host == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "pingpong client params missing, too small or zero");
  }
  return RB_OK;
}

int pingpong_client_base_init(struct pingpong_client_base* base,
                              const rb_pingpong_client_params* params, char* err, size_t err_len) {
  base->params = *params;
  base->params.host = NULL;
  base->server.sin_family = AF_INET;
  base->server.sin_port = htons(params->port);
  base->loop_count = params->threads;
  base->block = NULL;
  if (inet_pton(AF_INET, params->host, &base->server.sin_addr) != 1) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "not an IPv4 address: '%s'",
                        params->host);
  }
  base->block = malloc(params->block_size);
  if (base->block == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  rb_pingpong_fill_block(base->block, params->block_size);
  return RB_OK;
}

void pingpong_client_base_free(struct pingpong_client_base* base) {
  free(base->block);
  base->block = NULL;
}

int pingpong_client_start_connect(const struct pingpong_client_base* base) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return -1;
  }
  if (connect(fd, (const struct sockaddr*)&base->server, sizeof base->server) != 0 &&
      errno != EINPROGRESS) {
    close(fd);
    return -1;
  }
  return fd;
}

int pingpong_client_connected(int fd) {
  int error = 0;
  socklen_t length = sizeof error;
  if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
    return -1;
  }
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return 0;
}

static const struct pingpong_client_loop_state* loop_at(
    const struct pingpong_client_loop_state* first_loop, size_t stride, uint32_t i) {
  return (const struct pingpong_client_loop_state*)((const char*)first_loop + stride * i);
}

void pingpong_client_put_counters(const rb_counter_sink* sink,
                                  const struct pingpong_client_loop_state* first_loop,
                                  size_t stride, uint32_t loop_count) {
  struct pingpong_client_counts total = {0};
  const struct pingpong_mismatch* first = NULL;
  for (uint32_t i = 0; i < loop_count; ++i) {
    const struct pingpong_client_loop_state* loop = loop_at(first_loop, stride, i);
    pingpong_client_counts_add(&total, &loop->counts);
    if (first == NULL && loop->first_mismatch.found) {
      first = &loop->first_mismatch;
    }
  }
  pingpong_client_counts_put(sink, &total, first);
}

int pingpong_client_stop_result(const struct pingpong_client_loop_state* first_loop, size_t stride,
                                uint32_t loop_count, char* err, size_t err_len) {
  uint32_t open = 0;
  int stopped = 0;
  for (uint32_t i = 0; i < loop_count; ++i) {
    open += loop_at(first_loop, stride, i)->open;
    stopped = stopped || loop_at(first_loop, stride, i)->stopped;
  }
  if (stopped) {
    return report_error(RB_ERR_INTERNAL, err, err_len,
                        "stopped by the host with %u sessions still open", open);
  }
  return RB_OK;
}
