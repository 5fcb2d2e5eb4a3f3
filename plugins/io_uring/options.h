#ifndef IO_URING_OPTIONS_H
#define IO_URING_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "option_table.h"
#include "reactorbench/plugin.h"

/* The options of [plugin_options.io-uring], declared once: the descriptor lists this table and
 * every workload parses against it. Each changes one io_uring mechanism, so variants put them
 * side by side. */
enum { kIoUringOptionCount = 14 };
extern const rb_option_decl kIoUringOptions[kIoUringOptionCount];

enum uring_mode {
  URING_MODE_POLL, /* readiness: IORING_OP_POLL_ADD, then read(2) */
  URING_MODE_READ  /* completions: IORING_OP_READ, the data in the completion's buffer */
};

enum uring_wake {
  URING_WAKE_MSG_RING, /* notify: IORING_OP_MSG_RING from the producers' ring */
  URING_WAKE_EVENTFD   /* notify: an eventfd write completing the consumer ring's READ */
};

enum uring_submit {
  URING_SUBMIT_BATCH, /* an io_uring_submit once `batch` SQEs are queued, the rest with the wait */
  URING_SUBMIT_WAIT   /* every SQE goes with the next wait: one enter submits and reaps */
};

enum uring_ring_size {
  URING_RING_CONNECTIONS, /* buffers twice the connections, provided as they connect */
  URING_RING_DEMAND       /* a few buffers, doubled only when a recv finds the ring empty */
};

struct uring_options {
  enum uring_mode mode;
  uint32_t batch;       /* SQEs queued before an io_uring_submit between waits */
  int sqpoll;           /* IORING_SETUP_SQPOLL: a kernel thread polls the submission queue */
  int fixed_files;      /* fds registered with the ring (IOSQE_FIXED_FILE) */
  int multishot;        /* one SQE, many completions (poll) */
  int multishot_given;  /* the options named multishot (not just its default) */
  int provided_buffers; /* servers, mode = read: a registered buffer ring */
  enum uring_wake wake;
  enum uring_submit submit;
  int defer_taskrun;       /* IORING_SETUP_DEFER_TASKRUN | SINGLE_ISSUER, enabled by the loop */
  int registered_ring;     /* the ring's fd registered with its thread (IORING_REGISTER_RING_FDS) */
  int bundle;              /* provided buffers: a recv takes as many as the data fills */
  int incremental_buffers; /* provided buffers consumed a part at a time (IOU_PBUF_RING_INC) */
  int send_zc;             /* replies of kUringSendZcMin bytes and more: IORING_OP_SEND_ZC */
  enum uring_ring_size ring_size; /* provided buffers: how many the ring holds */
  int ring_size_given;            /* the options named ring_size (not just its default) */
};

/* Fills out from kIoUringOptions' parsed values. */
void uring_options_from(const rb_option_value* values, struct uring_options* out);

/* Unknown keys, keys of another workload and malformed values give RB_ERR_INVALID_ARGUMENT
 * with a message naming them. */
int parse_uring_options(const rb_option* options, uint32_t option_count, const char* workload,
                        struct uring_options* out, char* err, size_t err_len);

#endif
