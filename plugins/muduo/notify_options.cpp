#include "notify_options.h"

#include <stdexcept>
#include <string>
#include <string_view>

#include "plugin_options.h"

namespace rbmuduo {

NotifyOptions parseNotifyOptions(const rb_option* options, std::uint32_t count) {
  if (count > 0 && options == nullptr) {
    throw std::invalid_argument("options is NULL but option_count is " + std::to_string(count));
  }
  NotifyOptions parsed;
  for (std::uint32_t i = 0; i < count; ++i) {
    const rb_option& option = options[i];
    if (option.key == nullptr || option.value == nullptr) {
      throw std::invalid_argument("option " + std::to_string(i) + " has a NULL key or value");
    }
    const std::string_view key = option.key;
    const std::string_view value = option.value;
    if (key == "post") {
      if (value == "queue_in_loop") {
        parsed.post = PostMode::kQueueInLoop;
      } else if (value == "coalesced") {
        parsed.post = PostMode::kCoalesced;
      } else {
        throw std::invalid_argument("option 'post': expected queue_in_loop or coalesced, got '" +
                                    std::string(value) + "'");
      }
    } else if (key == "events_initial") {
      // The loop's own option, validated where the flower workload validates it.
      parsed.eventsInitial = parsePluginOptions(&option, 1).eventsInitial;
    } else {
      throw std::invalid_argument("unknown option '" + std::string(key) +
                                  "' for the notify workload (known: post, events_initial)");
    }
  }
  return parsed;
}

}  // namespace rbmuduo
