#include "flower.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace rbmuduo {

namespace {

std::vector<int> copyFds(const rb_flower_params& params, const int* fds, const char* what) {
  if (params.pipes == 0) {
    throw std::invalid_argument("flower: pipes must be at least 1");
  }
  if (fds == nullptr) {
    throw std::invalid_argument(std::string("flower: ") + what + " is NULL");
  }
  return std::vector<int>(fds, fds + params.pipes);
}

}  // namespace

FlowerBench::FlowerBench(const rb_host* host, const rb_flower_params& params,
                         const PluginOptions& options)
    : hostStop_(host),
      readFds_(copyFds(params, params.read_fds, "read_fds")),
      writeFds_(copyFds(params, params.write_fds, "write_fds")),
      useRecv_(options.flowerRecv),
      active_(params.active),
      writes_(params.writes),
      loop_(options.eventsInitial) {
  // The loop should never sit idle in a dispatch: every byte written is readable at once.
  // A poll that times out therefore means a lost byte, and dispatch fails instead of hanging.
  loop_.setIdleCallback([this](PollStatus status) { onIdle(status); });
  channels_.reserve(readFds_.size());
  for (int fd : readFds_) {
    channels_.push_back(std::make_unique<Channel>(&loop_, fd));
  }
  ctlAtArm_ = loop_.poller().counters();
}

FlowerBench::~FlowerBench() {
  for (auto& channel : channels_) {
    channel->disableAll();
    channel->remove();
  }
}

void FlowerBench::arm() {
  requireLoopThread("arm");
  ctlAtArm_ = loop_.poller().counters();
  count_ = 0;
  fired_ = active_;
  budget_ = writes_;
  writesDone_ = 0;
  failures_ = 0;
  firstFailure_.clear();
  // As bench.cc's runOnce: set the callback and enable reading on every channel, which
  // reaches the poller even for a channel that is already reading.
  for (std::size_t i = 0; i < channels_.size(); ++i) {
    Channel& channel = *channels_[i];
    channel.setReadCallback([this, i] { onReadable(i); });
    channel.enableReading();
  }
}

void FlowerBench::dispatch() {
  requireLoopThread("dispatch");
  pollsAtDispatch_ = loop_.pollCount();
  if (count_ < fired_) {
    loop_.loop();
  }
  pollsInDispatch_ = loop_.pollCount() - pollsAtDispatch_;
  if (failures_ > 0) {
    throw std::runtime_error("flower: " + std::to_string(failures_) +
                             " failure(s) in this iteration, the first: " + firstFailure_);
  }
}

void FlowerBench::reportCounters(const rb_counter_sink& sink) const {
  if (sink.put == nullptr) {
    throw std::invalid_argument("counters: the sink has no put function");
  }
  const EpollCtlCounters ctl = loop_.poller().counters() - ctlAtArm_;
  sink.put(sink.ctx, "reads", count_);
  sink.put(sink.ctx, "writes", writesDone_);
  sink.put(sink.ctx, "loop_iterations", pollsInDispatch_);
  // The arm policy (docs/plugin-abi.md): every arm enables reading on every channel again.
  sink.put(sink.ctx, "arm_reregisters", 1);
  sink.put(sink.ctx, "epoll_ctl_add", ctl.add);
  sink.put(sink.ctx, "epoll_ctl_mod", ctl.mod);
  sink.put(sink.ctx, "epoll_ctl_del", ctl.del);
  sink.put(sink.ctx, "epoll_ctl_eexist", ctl.eexist);
  sink.put(sink.ctx, "failures", failures_);
}

void FlowerBench::onReadable(std::size_t index) {
  char byte = 0;
  const int fd = readFds_[index];
  const ssize_t n = useRecv_ ? ::recv(fd, &byte, 1, 0) : ::read(fd, &byte, 1);
  if (n == 1) {
    ++count_;
    if (budget_ > 0) {
      --budget_;
      const std::size_t next = (index + 1) % writeFds_.size();
      const int to = writeFds_[next];
      if ((useRecv_ ? ::send(to, "m", 1, 0) : ::write(to, "m", 1)) == 1) {
        ++writesDone_;
        ++fired_;
      } else {
        fail(std::string(useRecv_ ? "send" : "write") + " to pipe " + std::to_string(next) + ": " +
             std::strerror(errno));
      }
    }
  } else if (n == 0) {
    // Level-triggered: an end of file would be reported again and again.
    fail("pipe " + std::to_string(index) + " was closed by its writer");
    loop_.quit();
    return;
  } else if (errno != EAGAIN && errno != EINTR) {
    fail(std::string(useRecv_ ? "recv" : "read") + " from pipe " + std::to_string(index) + ": " +
         std::strerror(errno));
    loop_.quit();
    return;
  }
  if (count_ == fired_) {
    loop_.quit();
  }
}

void FlowerBench::onIdle(PollStatus status) {
  if (hostStop_.requested()) {
    fail("the host asked to stop");
    loop_.quit();
  } else if (status == PollStatus::kTimeout) {
    fail("no event within " + std::to_string(EventLoop::kDefaultPollTimeoutMs) + " ms with " +
         std::to_string(count_) + " of " + std::to_string(fired_) + " bytes read");
    loop_.quit();
  }
}

void FlowerBench::fail(std::string message) {
  if (failures_++ == 0) {
    firstFailure_ = std::move(message);
  }
}

void FlowerBench::requireLoopThread(const char* phase) const {
  if (!loop_.isInLoopThread()) {
    throw std::logic_error(std::string("flower: ") + phase +
                           " called from another thread than prepare");
  }
}

}  // namespace rbmuduo
