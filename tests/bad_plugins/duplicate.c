/* Built twice into two directories: two files claiming one plugin name. */
#include "poll_flower.h"

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){
    .name = "duplicate",
    .version = DUPLICATE_VERSION,
    .description = "one of two plugins with the same name"}))
