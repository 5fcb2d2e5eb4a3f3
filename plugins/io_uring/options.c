#include "options.h"

#include "option_table.h"

enum { kMode, kBatch, kSqpoll, kFixedFiles, kMultishot, kProvidedBuffers, kWake };

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
}

OPTION_TABLE_PARSER(parse_uring_options, kIoUringOptions, struct uring_options, uring_options_from)
