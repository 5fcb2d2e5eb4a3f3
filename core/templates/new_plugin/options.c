#include "options.h"

const rb_option_decl kPluginOptions[kOptionCount] = {
    [kPollTimeoutMs] = RB_OPTION_DECL(
        RB_OPTION_INT, "poll_timeout_ms", "1..60000", "250",
        "how long one wait of the loop blocks before it looks at the host's stop", NULL),
};

int poll_timeout_ms_of(const rb_option_value* values) {
  return (int)values[kPollTimeoutMs].number;
}
