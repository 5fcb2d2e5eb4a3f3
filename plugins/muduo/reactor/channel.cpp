#include "reactor/channel.h"

#include <cassert>

#include "reactor/event_loop.h"

namespace rbmuduo {

Channel::Channel(EventLoop* loop, int fd) : loop_(loop), fd_(fd) {}

Channel::~Channel() {
  assert(!eventHandling_);
  if (registration_ != Registration::kNew && loop_->hasChannel(this)) {
    events_ = kNoneEvent;
    loop_->removeChannel(this);
  }
}

void Channel::tie(const std::shared_ptr<void>& owner) {
  owner_ = owner;
  tied_ = true;
}

void Channel::enableReading() {
  events_ |= kReadEvent;
  update();
}

void Channel::disableReading() {
  events_ &= ~kReadEvent;
  update();
}

void Channel::enableWriting() {
  events_ |= kWriteEvent;
  update();
}

void Channel::disableWriting() {
  events_ &= ~kWriteEvent;
  update();
}

void Channel::disableAll() {
  events_ = kNoneEvent;
  update();
}

void Channel::remove() {
  assert(isNoneEvent());
  loop_->removeChannel(this);
}

void Channel::update() {
  loop_->updateChannel(this);
}

void Channel::handleEvent() {
  if (!tied_) {
    handleEventGuarded();
    return;
  }
  const std::shared_ptr<void> guard = owner_.lock();
  if (guard) {
    handleEventGuarded();
  }
}

void Channel::handleEventGuarded() {
  eventHandling_ = true;
  struct ResetFlag {
    bool& flag;
    ~ResetFlag() { flag = false; }
  } reset{eventHandling_};

  // A hang-up with nothing left to read is a close; with data pending, the read callback
  // sees it first and meets the end of file itself.
  if ((revents_ & EPOLLHUP) && !(revents_ & EPOLLIN)) {
    if (closeCallback_) closeCallback_();
  }
  if (revents_ & EPOLLERR) {
    if (errorCallback_) errorCallback_();
  }
  if (revents_ & (EPOLLIN | EPOLLPRI | EPOLLRDHUP)) {
    if (readCallback_) readCallback_();
  }
  if (revents_ & EPOLLOUT) {
    if (writeCallback_) writeCallback_();
  }
}

}  // namespace rbmuduo
