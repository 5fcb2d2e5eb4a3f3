/* Built against a future ABI 2.0: another major, which the host must refuse. */
#include "poll_flower.h"

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){
    .abi_version = RB_MAKE_VERSION(2, 0), .name = "abi-major", .description = "claims ABI 2.0"}))
