// Poller: the epoll(7) demultiplexer under an EventLoop, level-triggered, with the kernel's
// epoll_event.data.ptr pointing at the Channel so a ready event needs no fd lookup.
#pragma once

#include <sys/epoll.h>

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace rbmuduo {

class Channel;

// How an update of an already registered channel reaches the kernel: the one difference between
// the two plugins built on this reactor. A binary picks its variant once, in
// default_poller.cpp (Poller::defaultPolicy), as muduo picks its Poller in DefaultPoller.cc.
enum class RegistrationPolicy {
  // muduo: EPOLL_CTL_ADD for a new channel, EPOLL_CTL_MOD for a known one.
  kModify,
  // The ADD-always patch (on bench.c it set up faster than both libevent2 and muduo): every update
  // is EPOLL_CTL_ADD and EEXIST counts as success, because a
  // failing ADD returns before the kernel touches the registration while MOD rewrites it.
  // When the interest set really changed, a MOD follows so the kernel stays correct.
  kAddAlways,
};

const char* toString(RegistrationPolicy policy);

// epoll_ctl calls issued, by operation. `eexist` counts the ADDs (already in `add`) that
// failed with EEXIST.
struct EpollCtlCounters {
  std::uint64_t add = 0;
  std::uint64_t mod = 0;
  std::uint64_t del = 0;
  std::uint64_t eexist = 0;
  std::uint64_t delFailures = 0;

  std::uint64_t calls() const { return add + mod + del; }
  friend EpollCtlCounters operator-(const EpollCtlCounters& after, const EpollCtlCounters& before);
  friend bool operator==(const EpollCtlCounters&, const EpollCtlCounters&) = default;
};

enum class PollStatus {
  kEvents,       // at least one channel is active
  kTimeout,      // the timeout passed with nothing ready
  kInterrupted,  // a signal interrupted epoll_wait
};

class Poller {
 public:
  using ChannelList = std::vector<Channel*>;
  static constexpr std::size_t kDefaultInitialEvents = 16;

  // The variant every EventLoop of this binary polls with; defined in default_poller.cpp, which
  // each binary compiles with its choice.
  static RegistrationPolicy defaultPolicy();

  explicit Poller(RegistrationPolicy policy, std::size_t initialEvents = kDefaultInitialEvents);
  ~Poller();
  Poller(const Poller&) = delete;
  Poller& operator=(const Poller&) = delete;

  // Appends the ready channels (with their revents set) to `active`. Throws
  // std::system_error when epoll_wait fails for another reason than EINTR.
  PollStatus poll(int timeoutMs, ChannelList* active);

  // Brings the kernel's registration in line with channel->events().
  void updateChannel(Channel* channel);
  // Forgets the channel; it must have no interest left (disableAll first).
  void removeChannel(Channel* channel);
  bool hasChannel(const Channel* channel) const;

  RegistrationPolicy policy() const { return policy_; }
  const EpollCtlCounters& counters() const { return counters_; }
  // Size of the epoll_wait result array; doubles each time a poll fills it.
  std::size_t eventCapacity() const { return events_.size(); }
  std::size_t channelCount() const { return channels_.size(); }

 private:
  void registerWithAdd(Channel* channel);
  void reregisterKnown(Channel* channel);
  // Returns the errno of a failed epoll_ctl, 0 on success.
  int control(int operation, Channel* channel);
  void controlOrThrow(int operation, Channel* channel);

  const RegistrationPolicy policy_;
  const int epollFd_;
  std::vector<epoll_event> events_;
  std::unordered_map<int, Channel*> channels_;
  EpollCtlCounters counters_;
};

}  // namespace rbmuduo
