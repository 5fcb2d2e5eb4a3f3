/* A small, correct flower implementation on poll(2), shared by the test plugins that must
 * load and work, and the descriptor of a working plugin over it. */
#ifndef RB_TEST_POLL_FLOWER_H
#define RB_TEST_POLL_FLOWER_H

#include "test_plugin.h"

extern const rb_flower_ops rbtest_poll_flower_ops;

const char* rbtest_library_version(void);

/* A working plugin over that table (this ABI, version 1.0.0, library "poll"), except for the
 * non-zero members of `changes`, which replace those; name and description are always the
 * ones `changes` gives. One per process, as the plugin is. */
const rb_plugin* rbtest_poll_plugin(rb_plugin changes);

#endif
