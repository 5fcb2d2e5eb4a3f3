#include "uring_loop.h"

#include <poll.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include "kernel_release.h"

static inline uint64_t conn_tag(const struct uring_conn* conn, enum uring_op op) {
  return (uint64_t)(uintptr_t)conn | (uint64_t)op;
}

static int multishot_recv(const struct uring_options* options) {
  return options->mode == URING_MODE_READ && options->provided_buffers && options->multishot;
}

/* Queues an SQE the loop waits on for conn (inflight counts it); NULL when none is free. */
static struct io_uring_sqe* conn_sqe(struct uring_loop* loop, struct uring_conn* conn,
                                     enum uring_op op) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->ring);
  if (sqe == NULL) return NULL;
  io_uring_sqe_set_data64(sqe, conn_tag(conn, op));
  conn->inflight += 1;
  return sqe;
}

static int post_read(struct uring_loop* loop, struct uring_conn* conn) {
  const struct uring_options* options = &loop->options;
  struct io_uring_sqe* sqe = conn_sqe(loop, conn, kOpRead);
  if (sqe == NULL) return -1;
  /* The tag set by conn_sqe survives the prep helpers, which leave user_data alone. */
  const uint64_t tag = sqe->user_data;
  if (options->mode == URING_MODE_POLL) {
    /* The peer's end too: the completion says when the peer's end of stream is there to read too.
     */
    if (options->multishot)
      io_uring_prep_poll_multishot(sqe, conn->file, POLLIN | kUringPollPeerEnd);
    else
      io_uring_prep_poll_add(sqe, conn->file, POLLIN | kUringPollPeerEnd);
  } else if (options->provided_buffers) {
    if (options->multishot) {
      io_uring_prep_recv_multishot(sqe, conn->file, NULL, 0, 0);
      loop->recv_reposts += (uint64_t)conn->recv_posted;
      conn->recv_posted = 1;
    } else {
      io_uring_prep_recv(sqe, conn->file, NULL, 0, 0);
    }
    if (options->bundle) sqe->ioprio |= IORING_RECVSEND_BUNDLE;
    sqe->flags |= IOSQE_BUFFER_SELECT;
    sqe->buf_group = loop->buffers.group;
  } else {
    io_uring_prep_recv(sqe, conn->file, conn->buffer, kUringConnBufferSize, 0);
  }
  sqe->flags |= conn->sqe_flags;
  sqe->user_data = tag;
  conn->reading = 1;
  conn->cancelling = 0;
  return uring_ring_queue(&loop->ring);
}

int uring_conn_post_write_wait(struct uring_loop* loop, struct uring_conn* conn) {
  struct io_uring_sqe* sqe = conn_sqe(loop, conn, kOpWrite);
  if (sqe == NULL) return -1;
  const uint64_t tag = sqe->user_data;
  io_uring_prep_poll_add(sqe, conn->file, POLLOUT);
  sqe->flags |= conn->sqe_flags;
  sqe->user_data = tag;
  conn->writing = 1;
  return uring_ring_queue(&loop->ring);
}

int uring_conn_post_send_zc(struct uring_loop* loop, struct uring_conn* conn) {
  struct uring_zc* zc = &conn->zc;
  struct io_uring_sqe* sqe = conn_sqe(loop, conn, kOpSendZc);
  if (sqe == NULL) return -1;
  const uint64_t tag = sqe->user_data;
  /* MSG_WAITALL: the kernel retries a short send itself, so a result is rarely short. */
  io_uring_prep_send_zc(sqe, conn->file, zc->sending.data + zc->sent, zc->sending.length - zc->sent,
                        MSG_NOSIGNAL | MSG_WAITALL, 0);
  sqe->flags |= conn->sqe_flags;
  sqe->user_data = tag;
  zc->results_due += 1;
  loop->send_zc_sends += 1;
  return uring_ring_queue(&loop->ring);
}

/* Cancels conn's operation op; its completion (-ECANCELED, or its own if it came first) ends
 * it, the cancel's own is ignored. */
static int post_cancel(struct uring_loop* loop, const struct uring_conn* conn, enum uring_op op) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->ring);
  if (sqe == NULL) return -1;
  io_uring_prep_cancel64(sqe, conn_tag(conn, op), 0);
  io_uring_sqe_set_data64(sqe, kTagIgnore);
  return uring_ring_queue(&loop->ring);
}

void uring_conn_close(struct uring_loop* loop, struct uring_conn* conn) {
  if (!conn->dead) {
    conn->dead = 1;
    /* Ends a pending recv or readiness poll at once; a multishot one is cancelled too. */
    shutdown(conn->fd, SHUT_RDWR);
    if (conn->reading) post_cancel(loop, conn, kOpRead);
    if (conn->writing) post_cancel(loop, conn, kOpWrite);
  }
  if (conn->inflight > 0) return; /* released by the loop at its last completion */
  loop->release(loop, conn);
}

void uring_conn_settle(struct uring_loop* loop, struct uring_conn* conn) {
  const int pending = out_buffer_pending(&conn->out);
  if (conn->closing && !uring_conn_output_pending(conn)) {
    uring_conn_close(loop, conn);
    return;
  }
  const int want_input =
      !conn->closing && !rb_output_above_high_water(uring_conn_output_length(conn));
  int rc = 0;
  if (want_input && !conn->reading) {
    rc = post_read(loop, conn);
  } else if (!want_input && conn->reading && !conn->cancelling && multishot_recv(&loop->options)) {
    /* A multishot recv would go on filling memory for a peer that does not read. */
    conn->cancelling = 1;
    rc = post_cancel(loop, conn, kOpRead);
  }
  if (rc == 0 && pending && !conn->writing) rc = uring_conn_post_write_wait(loop, conn);
  if (rc != 0) uring_conn_close(loop, conn);
}

/* ring_size = connections: a ring of whole buffers sized to the connections, each of which may
 * hold one while its data is handled and the kernel fills the next, so twice as many. The
 * default (demand) and an incremental ring grow only when they run dry: the kernel takes a
 * ring's buffers in turn, so every buffer it holds is touched once a cycle, and 2,000 buffers
 * of 16 KiB cycle through a 1 MiB cache where the 32 that 1,000 pingpong sessions need stay in
 * it (+3.7% MiB/s at 1,000 sessions, +10.3% at 100: results.md, "Is io_uring faster than
 * epoll on this machine?"). */
static void provide_for_connections(struct uring_loop* loop) {
  struct buffer_ring* buffers = &loop->buffers;
  if (buffers->ring == NULL || buffers->incremental) return;
  if (loop->options.ring_size == URING_RING_DEMAND) return;
  const uint32_t wanted = 2 * loop->connections;
  if (wanted > buffers->made && buffers->made < kBufferRingSlots)
    buffer_ring_grow(buffers, wanted > 2 * buffers->made ? wanted : 2 * buffers->made);
}

void uring_loop_ring_ran_dry(struct uring_loop* loop) {
  /* The recvs that end in one empty spell arrive together (a ring of 16 met by 100 sessions
   * ended 21 at once); doubling for each took the ring to 8,192 buffers, 128 MiB, where a few
   * hundred serve. So the spell counts once: the recvs posted again after the pass find the
   * ring doubled, and one more buffer for each of them where that is more. */
  loop->ring_dry_in_pass += 1;
  const uint32_t before = loop->ring_made_at_pass;
  const uint32_t doubled = 2 * before;
  const uint32_t wanted =
      before + loop->ring_dry_in_pass > doubled ? before + loop->ring_dry_in_pass : doubled;
  if (wanted > loop->buffers.made && loop->buffers.made < kBufferRingSlots)
    buffer_ring_grow(&loop->buffers, wanted);
}

void uring_conn_adopt(struct uring_loop* loop, struct uring_conn* conn, int fd) {
  struct uring_files* files = &loop->files;
  loop->connections += 1;
  provide_for_connections(loop);
  conn->fd = fd;
  conn->file = fd;
  conn->sqe_flags = 0;
  if (files->free_count == 0) return;
  const uint32_t slot = files->free[files->free_count - 1];
  if (io_uring_register_files_update(&loop->ring.ring, slot, &fd, 1) != 1) return;
  files->free_count -= 1;
  files->registered += 1;
  conn->file = (int)slot;
  conn->sqe_flags = IOSQE_FIXED_FILE;
}

void uring_conn_disown(struct uring_loop* loop, struct uring_conn* conn) {
  loop->connections -= 1;
  if (!(conn->sqe_flags & IOSQE_FIXED_FILE) || loop->files.free == NULL) return;
  int none = -1;
  io_uring_register_files_update(&loop->ring.ring, (unsigned)conn->file, &none, 1);
  loop->files.free[loop->files.free_count++] = (uint32_t)conn->file;
  conn->sqe_flags = 0;
}

/* fixed_files = on: a sparse table of as many slots as the process may have fds (at most
 * kUringMostFixedFiles), every one free. */
static int open_files(struct uring_loop* loop, char* err, size_t err_len) {
  uint32_t count = kUringMostFixedFiles;
  struct rlimit limit;
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < count)
    count = (uint32_t)limit.rlim_cur;
  loop->files.free = malloc((size_t)count * sizeof *loop->files.free);
  if (loop->files.free == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u fixed file slots",
                        count);
  const int rc = io_uring_register_files_sparse(&loop->ring.ring, count);
  if (rc == -EINVAL || rc == -EOPNOTSUPP)
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "this kernel's io_uring (Linux %s) lacks a sparse table of registered "
                        "files (IORING_RSRC_REGISTER_SPARSE, Linux 5.19; fixed_files = on): %s",
                        kernel_release(), strerror(-rc));
  if (rc < 0)
    return report_error(RB_ERR_SYSTEM, err, err_len,
                        "io_uring_register_files_sparse of %u slots (fixed_files = on): %s", count,
                        strerror(-rc));
  for (uint32_t i = 0; i < count; ++i) loop->files.free[i] = count - 1 - i;
  loop->files.free_count = count;
  return RB_OK;
}

int uring_loop_post_poll(struct uring_loop* loop, int fd, int events, enum uring_tag tag) {
  struct io_uring_sqe* sqe = uring_ring_sqe(&loop->ring);
  if (sqe == NULL) return -1;
  io_uring_prep_poll_add(sqe, fd, (unsigned)events);
  io_uring_sqe_set_data64(sqe, tag);
  return uring_ring_queue(&loop->ring);
}

/* The owner's needs, then what the options ask of connections' input. */
static int probe_features(struct uring_loop* loop, const struct uring_need* owner_needs,
                          size_t owner_count, char* err, size_t err_len) {
  const struct uring_options* options = &loop->options;
  if (options->mode == URING_MODE_READ && !options->provided_buffers && options->multishot &&
      options->multishot_given)
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "multishot = on with mode = read needs provided_buffers = on (a multishot "
                        "recv takes its buffers from a buffer ring)");
  enum { kMostNeeds = 8 };
  struct uring_need needs[kMostNeeds];
  size_t count = 0;
  for (; count < owner_count && count < kMostNeeds - 2; ++count) needs[count] = owner_needs[count];
  if (options->mode == URING_MODE_POLL) {
    uring_poll_needs(options->multishot, needs, &count);
  } else {
    needs[count++] = (struct uring_need){IORING_OP_RECV, 0, 0, "IORING_OP_RECV (mode = read)"};
    if (multishot_recv(options))
      needs[count++] = (struct uring_need){-1, 6, 0, "multishot recv (multishot = on)"};
  }
  return uring_probe_needs(&loop->ring, needs, count, err, err_len);
}

/* bundle, incremental_buffers and ring_size shape a buffer ring: without one refused, and so
 * are bundle and incremental_buffers together and defer_taskrun with sqpoll, which the kernel
 * refuses with a bare EINVAL. */
static int check_option_combinations(const struct uring_options* options, char* err,
                                     size_t err_len) {
  if (options->defer_taskrun && options->sqpoll)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "defer_taskrun = on and sqpoll = on together: the kernel's DEFER_TASKRUN "
                        "runs completions on the submitting thread, which SQPOLL's kernel thread "
                        "is not");
  const int provided = options->mode == URING_MODE_READ && options->provided_buffers;
  const char* shaping = options->bundle                ? "bundle = on"
                        : options->incremental_buffers ? "incremental_buffers = on"
                        : options->ring_size_given     ? "ring_size"
                                                       : NULL;
  if (shaping != NULL && !provided)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "%s needs mode = read and provided_buffers = on (it shapes the buffer "
                        "ring a recv takes its buffers from)",
                        shaping);
  if (options->bundle && options->incremental_buffers)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "bundle = on and incremental_buffers = on cannot be combined: a bundle "
                        "would start inside a partly consumed buffer");
  return RB_OK;
}

/* What the ring-wide options ask of the kernel, beyond what setting the ring up checked. */
static int probe_ring_features(struct uring_loop* loop, char* err, size_t err_len) {
  const struct uring_options* options = &loop->options;
  struct uring_need needs[5];
  size_t count = 0;
  if (options->defer_taskrun)
    needs[count++] = (struct uring_need){-1, 6, 1,
                                         "IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER "
                                         "(defer_taskrun = on)"};
  if (options->registered_ring)
    needs[count++] = (struct uring_need){-1, 5, 18,
                                         "registered ring fds (IORING_REGISTER_RING_FDS; "
                                         "registered_ring = on)"};
  if (options->bundle)
    needs[count++] =
        (struct uring_need){-1, 6, 10, "recv bundles (IORING_RECVSEND_BUNDLE; bundle = on)"};
  if (options->incremental_buffers)
    needs[count++] = (struct uring_need){
        -1, 6, 12,
        "incrementally consumed buffer rings (IOU_PBUF_RING_INC; incremental_buffers "
        "= on)"};
  if (options->send_zc)
    needs[count++] = (struct uring_need){IORING_OP_SEND_ZC, 6, 0,
                                         "zero-copy send (IORING_OP_SEND_ZC; send_zc = on)"};
  int rc = uring_probe_needs(&loop->ring, needs, count, err, err_len);
  if (rc == RB_OK && options->bundle && !(loop->ring.ring.features & IORING_FEAT_RECVSEND_BUNDLE))
    rc = report_error(RB_ERR_UNSUPPORTED, err, err_len,
                      "this kernel's io_uring (Linux %s) lacks recv bundles "
                      "(IORING_FEAT_RECVSEND_BUNDLE, Linux 6.10; bundle = on)",
                      kernel_release());
  return rc;
}

int uring_loop_start(struct uring_loop* loop, char* err, size_t err_len) {
  const char* what = "";
  const int rc = uring_ring_start(&loop->ring, &what);
  if (rc < 0) return report_error(RB_ERR_SYSTEM, err, err_len, "%s: %s", what, strerror(-rc));
  return RB_OK;
}

/* As ring_size says, or RB_IO_URING_RING_BUFFERS's count: the tests' way to make a ring run
 * dry with few connections. */
static uint32_t first_ring_buffers(const struct uring_options* options) {
  const char* given = getenv("RB_IO_URING_RING_BUFFERS");
  const long count = given != NULL ? strtol(given, NULL, 10) : 0;
  if (count > 0 && count <= kBufferRingSlots) return (uint32_t)count;
  return options->ring_size == URING_RING_DEMAND ? kUringDemandRingBuffers : kUringRingBuffers;
}

int uring_loop_open(struct uring_loop* loop, const struct uring_options* options,
                    uint32_t sq_entries, uint32_t cq_entries, const struct uring_need* needs,
                    size_t need_count, uint16_t group, char* err, size_t err_len) {
  loop->options = *options;
  int rc = check_option_combinations(options, err, err_len);
  if (rc == RB_OK) rc = uring_ring_open(&loop->ring, sq_entries, cq_entries, options, err, err_len);
  if (rc == RB_OK) rc = probe_features(loop, needs, need_count, err, err_len);
  if (rc == RB_OK) rc = probe_ring_features(loop, err, err_len);
  if (rc != RB_OK) return rc;
  if (options->mode == URING_MODE_POLL) {
    loop->buffer = malloc(kUringLoopBufferSize);
    if (loop->buffer == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a read buffer");
  }
  if (options->mode == URING_MODE_READ && options->provided_buffers) {
    rc = buffer_ring_open(&loop->buffers, &loop->ring.ring, first_ring_buffers(options),
                          kUringConnBufferSize, group, options->bundle,
                          options->incremental_buffers, err, err_len);
    if (rc != RB_OK) return rc;
  }
  return options->fixed_files ? open_files(loop, err, err_len) : RB_OK;
}

void uring_loop_close(struct uring_loop* loop) {
  buffer_ring_close(&loop->buffers, &loop->ring.ring);
  uring_ring_close(&loop->ring);
  free(loop->buffer);
  loop->buffer = NULL;
  free(loop->files.free); /* the ring's table went with it */
  loop->files.free = NULL;
  loop->files.free_count = 0;
}

void uring_loops_put_counters(const struct uring_loop* first, size_t stride, uint32_t count,
                              const rb_counter_sink* sink) {
  struct uring_ring sum = {.opened = 0};
  uint64_t iterations = 0, exhausted = 0, registered = 0, recvs = 0, reposts = 0, most = 0;
  uint64_t provided = 0, grown = 0, misorders = 0, overflows = 0;
  uint64_t zc_sends = 0, zc_notifications = 0, zc_fallbacks = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const struct uring_loop* loop =
        (const struct uring_loop*)((const char*)first + (size_t)i * stride);
    sum.sqes_submitted += loop->ring.sqes_submitted;
    sum.cqes_reaped += loop->ring.cqes_reaped;
    sum.enter_calls += loop->ring.enter_calls;
    iterations += loop->iterations;
    exhausted += loop->buffers_exhausted;
    registered += loop->files.registered;
    recvs += loop->recv_completions;
    reposts += loop->recv_reposts;
    if (loop->most_cqes_in_pass > most) most = loop->most_cqes_in_pass;
    provided += loop->buffers.made;
    grown += loop->buffers.grown;
    misorders += loop->bundle_misorders;
    overflows += loop->cq_overflows;
    zc_sends += loop->send_zc_sends;
    zc_notifications += loop->send_zc_notifications;
    zc_fallbacks += loop->send_zc_fallbacks;
  }
  sink->put(sink->ctx, "loop_iterations", iterations);
  uring_ring_put_counters(&sum, sink);
  sink->put(sink->ctx, "buffer_ring_empty", exhausted);
  sink->put(sink->ctx, "fixed_files_registered", registered);
  sink->put(sink->ctx, "recv_completions", recvs);
  sink->put(sink->ctx, "recv_reposts", reposts);
  sink->put(sink->ctx, "most_cqes_in_pass", most);
  sink->put(sink->ctx, "buffer_ring_buffers", provided);
  sink->put(sink->ctx, "buffer_ring_grown", grown);
  sink->put(sink->ctx, "bundle_misorders", misorders);
  sink->put(sink->ctx, "cq_overflows", overflows);
  sink->put(sink->ctx, "send_zc_sends", zc_sends);
  sink->put(sink->ctx, "send_zc_notifications", zc_notifications);
  sink->put(sink->ctx, "send_zc_fallbacks", zc_fallbacks);
}
