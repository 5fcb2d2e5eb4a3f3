/* A descriptor without a name. */
#include "poll_flower.h"

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){.name = NULL, .description = "has no name"}))
