// Channel: one fd's interest set and callbacks inside one EventLoop. It never owns the fd.
#pragma once

#include <sys/epoll.h>

#include <cstdint>
#include <functional>
#include <memory>

namespace rbmuduo {

class EventLoop;

class Channel {
 public:
  using EventCallback = std::function<void()>;

  // Where the Poller stands with this channel.
  enum class Registration {
    kNew,      // unknown to the poller
    kAdded,    // known and registered with the kernel
    kDeleted,  // known, but removed from the kernel because it had no interest left
  };

  static constexpr std::uint32_t kNoneEvent = 0;
  static constexpr std::uint32_t kReadEvent = EPOLLIN | EPOLLPRI;
  static constexpr std::uint32_t kWriteEvent = EPOLLOUT;

  Channel(EventLoop* loop, int fd);
  // Deregisters itself if still known to the poller: a stale registration would hand the
  // kernel's data.ptr to freed memory.
  ~Channel();
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  // Runs the callbacks matching the revents of the last poll.
  void handleEvent();

  void setReadCallback(EventCallback cb) { readCallback_ = std::move(cb); }
  void setWriteCallback(EventCallback cb) { writeCallback_ = std::move(cb); }
  void setCloseCallback(EventCallback cb) { closeCallback_ = std::move(cb); }
  void setErrorCallback(EventCallback cb) { errorCallback_ = std::move(cb); }

  // Ties the channel to its owner (e.g. a connection held by shared_ptr): handleEvent keeps
  // the owner alive while the callbacks run, and skips them if it is already gone.
  void tie(const std::shared_ptr<void>& owner);

  // Each of these updates the poller, even when the interest set did not change: muduo
  // behaves so, and the flower benchmark measures exactly that cost.
  void enableReading();
  void disableReading();
  void enableWriting();
  void disableWriting();
  void disableAll();
  // Forgets this channel in the poller; call disableAll() first.
  void remove();

  int fd() const { return fd_; }
  EventLoop* ownerLoop() const { return loop_; }
  std::uint32_t events() const { return events_; }
  std::uint32_t revents() const { return revents_; }
  bool isNoneEvent() const { return events_ == kNoneEvent; }
  bool isReading() const { return (events_ & kReadEvent) != 0; }
  bool isWriting() const { return (events_ & kWriteEvent) != 0; }

  // Bookkeeping owned by the Poller.
  void setRevents(std::uint32_t revents) { revents_ = revents; }
  Registration registration() const { return registration_; }
  void setRegistration(Registration registration) { registration_ = registration; }
  // The mask the kernel holds, which under ADD-always may lag events() until a MOD.
  std::uint32_t registeredEvents() const { return registeredEvents_; }
  void setRegisteredEvents(std::uint32_t events) { registeredEvents_ = events; }

 private:
  void update();
  void handleEventGuarded();

  EventLoop* const loop_;
  const int fd_;
  std::uint32_t events_ = kNoneEvent;
  std::uint32_t revents_ = 0;
  Registration registration_ = Registration::kNew;
  std::uint32_t registeredEvents_ = 0;
  bool eventHandling_ = false;
  bool tied_ = false;
  std::weak_ptr<void> owner_;
  EventCallback readCallback_;
  EventCallback writeCallback_;
  EventCallback closeCallback_;
  EventCallback errorCallback_;
};

}  // namespace rbmuduo
