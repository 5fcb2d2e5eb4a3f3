#include "options.h"

#include "option_table.h"

enum {
  kMode,
  kBatch,
  kSqpoll,
  kFixedFiles,
  kMultishot,
  kProvidedBuffers,
  kWake,
  kSubmit,
  kDeferTaskrun,
  kRegisteredRing,
  kBundle,
  kIncrementalBuffers,
  kSendZc,
  kRingSize
};

#define URING_CONN_WORKLOADS "pingpong_server,pingpong_client,rr_server"

/* batch's bound is the kernel's largest submission queue (IORING_MAX_ENTRIES). */
const rb_option_decl kIoUringOptions[kIoUringOptionCount] = {
    [kMode] = RB_OPTION_DECL(RB_OPTION_ENUM, "mode", "poll|read", "poll",
                             "readiness (IORING_OP_POLL_ADD, then read) or completions that "
                             "carry the data (IORING_OP_READ; servers: IORING_OP_RECV)",
                             "flower,pingpong_server,pingpong_client,rr_server"),
    [kBatch] = RB_OPTION_DECL(RB_OPTION_INT, "batch", "1..32768", "64",
                              "SQEs queued before an io_uring_submit between waits (the rest go "
                              "with the next wait)",
                              NULL),
    [kSqpoll] = RB_OPTION_DECL(RB_OPTION_ENUM, "sqpoll", "off|on", "off",
                               "a kernel thread polls the submission queue (IORING_SETUP_SQPOLL; "
                               "it takes a core of its own)",
                               NULL),
    [kFixedFiles] =
        RB_OPTION_DECL(RB_OPTION_ENUM, "fixed_files", "off|on", "off",
                       "the fds are registered with the ring (IOSQE_FIXED_FILE; servers: each "
                       "connection's in a slot of a sparse table, Linux 5.19)",
                       "flower,pingpong_server,rr_server"),
    [kMultishot] = RB_OPTION_DECL(RB_OPTION_ENUM, "multishot", "on|off", "off",
                                  "one SQE for many completions (poll 5.13, accept 5.19, recv "
                                  "6.0 with provided_buffers), or one per completion",
                                  "flower,pingpong_server,pingpong_client,rr_server"),
    [kProvidedBuffers] = RB_OPTION_DECL(RB_OPTION_ENUM, "provided_buffers", "off|on", "off",
                                        "mode = read: recv into a registered buffer ring "
                                        "(Linux 5.19), or into a buffer per connection",
                                        "pingpong_server,pingpong_client,rr_server"),
    [kWake] = RB_OPTION_DECL(RB_OPTION_ENUM, "wake", "msg_ring|eventfd", "msg_ring",
                             "notify: IORING_OP_MSG_RING from the producers' ring (Linux 5.18), "
                             "or an eventfd write completing a READ on the consumer's ring",
                             "notify"),
    [kSubmit] = RB_OPTION_DECL(RB_OPTION_ENUM, "submit", "batch|wait", "batch",
                               "batch: io_uring_submit once `batch` SQEs are queued; wait: every "
                               "SQE goes with the next wait, one io_uring_enter submitting and "
                               "reaping",
                               NULL),
    [kDeferTaskrun] =
        RB_OPTION_DECL(RB_OPTION_ENUM, "defer_taskrun", "off|on", "off",
                       "IORING_SETUP_DEFER_TASKRUN | SINGLE_ISSUER (Linux 6.1): completions run "
                       "only when the loop's own thread waits, a ring per loop thread",
                       URING_CONN_WORKLOADS),
    [kRegisteredRing] = RB_OPTION_DECL(RB_OPTION_ENUM, "registered_ring", "off|on", "off",
                                       "the ring's fd registered with the loop's thread "
                                       "(IORING_REGISTER_RING_FDS, Linux 5.18): no fd lookup "
                                       "per io_uring_enter",
                                       URING_CONN_WORKLOADS),
    [kBundle] = RB_OPTION_DECL(RB_OPTION_ENUM, "bundle", "off|on", "off",
                               "provided_buffers = on: a recv takes as many buffers as the data "
                               "fills (IORING_RECVSEND_BUNDLE, Linux 6.10)",
                               URING_CONN_WORKLOADS),
    [kIncrementalBuffers] =
        RB_OPTION_DECL(RB_OPTION_ENUM, "incremental_buffers", "off|on", "off",
                       "provided_buffers = on: a recv takes only the part of a buffer it fills, "
                       "the next the rest (IOU_PBUF_RING_INC, Linux 6.12)",
                       URING_CONN_WORKLOADS),
    [kSendZc] = RB_OPTION_DECL(RB_OPTION_ENUM, "send_zc", "off|on", "off",
                               "sends of 8 KiB and more (the echo's replies, the client's blocks) "
                               "go out zero-copy (IORING_OP_SEND_ZC, Linux 6.0), one in flight "
                               "per connection; smaller ones with send(2)",
                               "pingpong_server,pingpong_client"),
    [kRingSize] = RB_OPTION_DECL(RB_OPTION_ENUM, "ring_size", "connections|demand", "demand",
                                 "provided_buffers = on: demand, 16 buffers at first, doubled "
                                 "only when a recv finds the ring empty (few buffers cycle "
                                 "through the cache; a few recvs end and are posted again); or "
                                 "connections, twice the connections, provided as they connect",
                                 URING_CONN_WORKLOADS),
};

void uring_options_from(const rb_option_value* values, struct uring_options* out) {
  out->mode = values[kMode].number == 0 ? URING_MODE_POLL : URING_MODE_READ;
  out->batch = (uint32_t)values[kBatch].number;
  out->sqpoll = values[kSqpoll].number == 1;
  out->fixed_files = values[kFixedFiles].number == 1;
  out->multishot = values[kMultishot].number == 0;
  out->multishot_given = values[kMultishot].given;
  out->provided_buffers = values[kProvidedBuffers].number == 1;
  out->wake = values[kWake].number == 0 ? URING_WAKE_MSG_RING : URING_WAKE_EVENTFD;
  out->submit = values[kSubmit].number == 0 ? URING_SUBMIT_BATCH : URING_SUBMIT_WAIT;
  out->defer_taskrun = values[kDeferTaskrun].number == 1;
  out->registered_ring = values[kRegisteredRing].number == 1;
  out->bundle = values[kBundle].number == 1;
  out->incremental_buffers = values[kIncrementalBuffers].number == 1;
  out->send_zc = values[kSendZc].number == 1;
  out->ring_size = values[kRingSize].number == 0 ? URING_RING_CONNECTIONS : URING_RING_DEMAND;
  out->ring_size_given = values[kRingSize].given;
}

OPTION_TABLE_PARSER(parse_uring_options, kIoUringOptions, struct uring_options, uring_options_from)
