#include "options.h"

namespace rbmuduo {

namespace {
enum Option { kEventsInitial, kPost, kIo };
}  // namespace

const std::array<rb_option_decl, 3> kOptionDecls = {
    rbcommon::declareOption(RB_OPTION_INT, "events_initial", "1..1048576", "16",
                            "initial size of the epoll_wait result array, doubled whenever a "
                            "poll fills it (muduo: 16)"),
    rbcommon::declareOption(RB_OPTION_ENUM, "post", "queue_in_loop|coalesced", "queue_in_loop",
                            "queue_in_loop: one queueInLoop functor per item, as muduo code "
                            "does; coalesced: a vector of items, one functor per batch",
                            "notify"),
    rbcommon::declareOption(RB_OPTION_ENUM, "io", "read|recv", "read",
                            "flower's calls per byte: read/write, or recv/send as muduo's "
                            "bench.cc",
                            "flower"),
};

PluginOptions optionsFrom(const std::array<rb_option_value, 3>& values) {
  return {.eventsInitial = static_cast<std::size_t>(values[kEventsInitial].number),
          .post = values[kPost].number == 0 ? PostMode::kQueueInLoop : PostMode::kCoalesced,
          .flowerRecv = values[kIo].number == 1};
}

}  // namespace rbmuduo
