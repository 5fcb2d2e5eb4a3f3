/* Shared by the plugins that load fine and then misbehave at run time (built into
 * bad_plugins/runtime/): a descriptor over the working poll(2) flower table with some phases
 * replaced, and how many times each phase has been called in this process (the runner calls
 * prepare once per process), so a plugin can fail at a chosen iteration after some samples
 * were measured. */
#ifndef RB_TEST_RUNTIME_PLUGIN_H
#define RB_TEST_RUNTIME_PLUGIN_H

#include "poll_flower.h"

/* Calls so far in this process, the current one included (1-based inside a call). */
extern int rbtest_arm_calls;
extern int rbtest_dispatch_calls;

/* The descriptor for RB_PLUGIN_ENTRY to return: the poll flower, except that every non-NULL
 * member of `replaced` is called instead of the working phase (after the call is counted). */
const rb_plugin* rbtest_runtime_plugin(const char* name, const char* description,
                                       rb_flower_ops replaced);

#endif
