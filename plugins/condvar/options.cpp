#include "options.h"

namespace rbcondvar {

namespace {
enum Option { kNotify, kBatch };
}  // namespace

// Both are choices of two words, not booleans: a config writes exactly these.
const std::array<rb_option_decl, 2> kOptionDecls = {
    rbcommon::declareOption(RB_OPTION_ENUM, "notify", "signal|broadcast", "signal",
                            "signal: pthread_cond_signal wakes one waiter; broadcast: "
                            "pthread_cond_broadcast, as the pipe-vs-condvar study"),
    rbcommon::declareOption(RB_OPTION_ENUM, "batch", "false|true", "false",
                            "true: the consumer takes everything queued under one lock; false: "
                            "one item per lock, as the pipe-vs-condvar study"),
};

CondvarOptions optionsFrom(const std::array<rb_option_value, 2>& values) {
  return {.broadcast = values[kNotify].number == 1, .batch = values[kBatch].number == 1};
}

}  // namespace rbcondvar
