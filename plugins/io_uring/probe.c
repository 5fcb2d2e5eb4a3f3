#include "probe.h"

#include <stdio.h>
#include <stdlib.h>

#include "error_message.h"
#include "kernel_release.h"

/* The release the needs are checked against: the kernel's, or RB_IO_URING_PRETEND_LINUX's (the
 * tests' way to see an older kernel's refusals on a new one). */
static const char* probed_release(void) {
  const char* pretend = getenv("RB_IO_URING_PRETEND_LINUX");
  return pretend != NULL && pretend[0] != '\0' ? pretend : kernel_release();
}

static int kernel_at_least(int major, int minor) {
  int have_major = 0, have_minor = 0;
  if (sscanf(probed_release(), "%d.%d", &have_major, &have_minor) != 2) return 0;
  return have_major > major || (have_major == major && have_minor >= minor);
}

void uring_poll_needs(int multishot, struct uring_need* needs, size_t* count) {
  needs[(*count)++] =
      (struct uring_need){IORING_OP_POLL_ADD, 0, 0, "IORING_OP_POLL_ADD (mode = poll)"};
  if (multishot)
    needs[(*count)++] = (struct uring_need){-1, 5, 13, "multishot poll (multishot = on)"};
}

int uring_probe_needs(struct uring_ring* ring, const struct uring_need* needs, size_t count,
                      char* err, size_t err_len) {
  struct io_uring_probe* probe = io_uring_get_probe_ring(&ring->ring);
  int rc = RB_OK;
  for (size_t i = 0; rc == RB_OK && i < count; ++i) {
    const struct uring_need* need = &needs[i];
    if (need->opcode >= 0 && (probe == NULL || !io_uring_opcode_supported(probe, need->opcode))) {
      rc = report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "this kernel's io_uring (Linux %s) lacks %s (io_uring_get_probe: opcode "
                        "%d unsupported)",
                        kernel_release(), need->what, need->opcode);
    } else if (need->since_major > 0 && !kernel_at_least(need->since_major, need->since_minor)) {
      rc = report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "this kernel's io_uring (Linux %s) lacks %s (Linux %d.%d)",
                        probed_release(), need->what, need->since_major, need->since_minor);
    }
  }
  if (probe != NULL) io_uring_free_probe(probe);
  return rc;
}
