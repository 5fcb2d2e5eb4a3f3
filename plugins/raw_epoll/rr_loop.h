#ifndef RAW_EPOLL_RR_LOOP_H
#define RAW_EPOLL_RR_LOOP_H

#include <pthread.h>
#include <stdint.h>
#include <sys/epoll.h>

#include "held_input.h"
#include "out_buffer.h"
#include "reactorbench/http_request.h"
#include "rr_stall.h"
#include "spin.h"

/* One HTTP connection. It is registered for EPOLLIN while nothing waits to be sent and for
 * EPOLLOUT only while something does: a client that pipelines without reading its responses
 * then fills its own socket buffers instead of our memory. Within one read, answering stops
 * above the high-water mark and the rest of the read is held until the output is out. */
struct rr_conn {
  int fd;
  int closing; /* reads no more; closes once its output is out */
  uint32_t interest;
  rb_http_parser parser;
  struct out_buffer out;
  struct held_input held;
  struct rr_conn* prev;
  struct rr_conn* next;
};

/* One epoll loop of the rr server and the connections it serves. Counts are touched only by
 * the loop's thread, and read once it has stopped. */
struct rr_loop {
  int epoll_fd;
  int wake_fd; /* worker loops: the acceptor's stop signal */
  pthread_t thread;
  pthread_mutex_t lock; /* the list: the acceptor adds, the loop removes */
  struct rr_conn* conns;
  const rb_http_responses* responses;
  char* buffer;
  struct epoll_event* events;
  int max_events;
  uint64_t requests;
  uint64_t bad_requests;
  uint64_t bytes_written;
  uint64_t loop_iterations;
  struct rr_stall stall; /* injected pauses (option stall_ms), off by default */
  uint64_t stalls;
  struct spin spin; /* option spin_ns: an injected cost per request served */
  int failed;
  char error[200];
};

/* 0, or -1 with errno set; rr_loop_free undoes a partial init. */
int rr_loop_init(struct rr_loop* loop, int max_events, const rb_http_responses* responses);
void rr_loop_free(struct rr_loop* loop);

/* Any thread: the loop takes the accepted socket on. 0, or -1 with errno set (the socket is
 * then closed). */
int rr_loop_add_conn(struct rr_loop* loop, int fd);

/* The loop's thread: serves what epoll reported for conn, which may close it. */
void rr_loop_on_conn_event(struct rr_loop* loop, struct rr_conn* conn, uint32_t events);

void rr_loop_close_all(struct rr_loop* loop);

#endif
