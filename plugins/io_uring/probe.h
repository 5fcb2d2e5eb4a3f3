#ifndef IO_URING_PROBE_H
#define IO_URING_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "ring.h"

/* What a workload needs of the kernel's io_uring, checked at prepare so that a missing feature
 * refuses the cell (RB_ERR_UNSUPPORTED, the feature named) instead of running something else.
 * Opcodes are asked of the kernel (io_uring_get_probe_ring); a flavour of an opcode the probe
 * cannot tell apart (multishot poll, accept, recv) by the kernel release that brought it. */
struct uring_need {
  int opcode;      /* IORING_OP_*; -1: none */
  int since_major; /* the Linux release that brought it (0: any) */
  int since_minor;
  const char* what; /* names the feature and the option asking for it */
};

/* Appends to needs[*count] what mode = poll asks (IORING_OP_POLL_ADD, and multishot poll
 * where `multishot`); needs has room for two more. */
void uring_poll_needs(int multishot, struct uring_need* needs, size_t* count);

/* RB_OK when the ring's kernel offers every need, else RB_ERR_UNSUPPORTED naming the first
 * missing one. */
int uring_probe_needs(struct uring_ring* ring, const struct uring_need* needs, size_t count,
                      char* err, size_t err_len);

#endif
