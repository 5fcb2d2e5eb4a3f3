// The notify workload's ABI table, one per registration policy, so each of the two plugins
// built from this glue (muduo, epoll-add-always) runs its loop with its own Poller policy.
#pragma once

#include "reactorbench/plugin.h"

namespace rbmuduo {

extern const rb_notify_ops kNotifyOpsModify;
extern const rb_notify_ops kNotifyOpsAddAlways;

}  // namespace rbmuduo
