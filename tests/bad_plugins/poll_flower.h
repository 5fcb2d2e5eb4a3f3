/* A small, correct flower implementation on poll(2), shared by the test plugins that must
 * load and work. */
#ifndef RB_TEST_POLL_FLOWER_H
#define RB_TEST_POLL_FLOWER_H

#include <reactorbench/plugin.h>

extern const rb_flower_ops rbtest_poll_flower_ops;

const char* rbtest_library_version(void);

#endif
