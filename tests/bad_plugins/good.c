/* A well-formed plugin with a working flower table: the loader's positive case. */
#include "poll_flower.h"

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){
    .name = "good", .version = "1.2.3", .description = "a test plugin that loads and works"}))
