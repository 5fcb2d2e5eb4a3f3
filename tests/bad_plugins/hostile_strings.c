/* Terminal control sequences in every string it hands the runner: version, library,
 * library_version, description, and the error text of its third dispatch. The runner must
 * show them escaped, each table row on one line (issue 14, item 3). */
#include <stdio.h>

#include "poll_flower.h"

static int dispatch(void* state, char* err, size_t err_len) {
  static int calls = 0;
  if (++calls == 3) {
    snprintf(err, err_len,
             "broken\x1b[2J\nthird dispatch\r\xc2\x9b"
             "31m");
    return RB_ERR_INTERNAL;
  }
  return rbtest_poll_flower_ops.dispatch(state, err, err_len);
}

static const char* library_version(void) {
  return "lib\x1b]0;retitled\x07";
}

static rb_flower_ops table;

static const rb_plugin* descriptor(void) {
  table = rbtest_poll_flower_ops;
  table.dispatch = dispatch;
  return rbtest_poll_plugin((rb_plugin){.name = "hostile-strings",
                                        .version = "1.0\x1b[2J\nX",
                                        .library = "poll\x1b[31m",
                                        .library_version = library_version,
                                        .description = "clears\x1b[2J the \xc2\x9b"
                                                       "1m screen",
                                        .flower = &table});
}

RBTEST_ENTRY(descriptor())
