/* A valid descriptor whose flower table declares a struct_size ending before `release`. */
#include <stddef.h>

#include "poll_flower.h"

static const rb_flower_ops* truncated_ops(void) {
  static rb_flower_ops truncated;
  truncated = rbtest_poll_flower_ops;
  truncated.struct_size = offsetof(rb_flower_ops, counters);
  return &truncated;
}

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){.name = "flower-too-small",
                                            .description = "a flower table that is too short",
                                            .flower = truncated_ops()}))
