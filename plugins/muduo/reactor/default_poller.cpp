// The one place a binary picks the Poller variant its EventLoops use, as muduo's
// DefaultPoller.cc: each binary compiles this file with its choice (RBMUDUO_ADD_ALWAYS, see
// CMakeLists.txt), so no constructor above the Poller carries it.
#include "reactor/poller.h"

#ifndef RBMUDUO_ADD_ALWAYS
#error \
    "RBMUDUO_ADD_ALWAYS must be defined to 0 (MOD, as muduo) or 1 (ADD-always, the patch that set up fastest on bench.c)"
#endif

namespace rbmuduo {

RegistrationPolicy Poller::defaultPolicy() {
  return RBMUDUO_ADD_ALWAYS != 0 ? RegistrationPolicy::kAddAlways : RegistrationPolicy::kModify;
}

}  // namespace rbmuduo
