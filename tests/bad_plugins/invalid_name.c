/* A name outside [a-z0-9-]+: it would be ambiguous on the command line and in configs. */
#include "poll_flower.h"

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){.name = "Invalid Name",
                                            .description = "has a name with capitals and a space"}))
