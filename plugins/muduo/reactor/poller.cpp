#include "reactor/poller.h"

#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <stdexcept>
#include <string>
#include <system_error>

#include "reactor/channel.h"

namespace rbmuduo {

namespace {

const char* operationName(int operation) {
  switch (operation) {
    case EPOLL_CTL_ADD:
      return "EPOLL_CTL_ADD";
    case EPOLL_CTL_MOD:
      return "EPOLL_CTL_MOD";
    case EPOLL_CTL_DEL:
      return "EPOLL_CTL_DEL";
    default:
      return "epoll_ctl";
  }
}

int createEpollFd() {
  const int fd = ::epoll_create1(EPOLL_CLOEXEC);
  if (fd < 0) {
    throw std::system_error(errno, std::generic_category(), "epoll_create1");
  }
  return fd;
}

}  // namespace

const char* toString(RegistrationPolicy policy) {
  return policy == RegistrationPolicy::kModify ? "MOD" : "ADD-always";
}

EpollCtlCounters operator-(const EpollCtlCounters& after, const EpollCtlCounters& before) {
  EpollCtlCounters delta;
  delta.add = after.add - before.add;
  delta.mod = after.mod - before.mod;
  delta.del = after.del - before.del;
  delta.eexist = after.eexist - before.eexist;
  delta.delFailures = after.delFailures - before.delFailures;
  return delta;
}

Poller::Poller(RegistrationPolicy policy, std::size_t initialEvents)
    : policy_(policy), epollFd_(createEpollFd()), events_(initialEvents) {
  if (initialEvents == 0) {
    ::close(epollFd_);
    throw std::invalid_argument("Poller: the initial event array must hold at least one event");
  }
}

Poller::~Poller() {
  ::close(epollFd_);
}

PollStatus Poller::poll(int timeoutMs, ChannelList* active) {
  const int ready =
      ::epoll_wait(epollFd_, events_.data(), static_cast<int>(events_.size()), timeoutMs);
  if (ready > 0) {
    for (int i = 0; i < ready; ++i) {
      auto* channel = static_cast<Channel*>(events_[i].data.ptr);
      assert(hasChannel(channel));
      channel->setRevents(events_[i].events);
      active->push_back(channel);
    }
    // A full array means more may have been ready: give the next poll room for them.
    if (static_cast<std::size_t>(ready) == events_.size()) {
      events_.resize(events_.size() * 2);
    }
    return PollStatus::kEvents;
  }
  if (ready == 0) {
    return PollStatus::kTimeout;
  }
  if (errno == EINTR) {
    return PollStatus::kInterrupted;
  }
  throw std::system_error(errno, std::generic_category(), "epoll_wait");
}

void Poller::updateChannel(Channel* channel) {
  switch (channel->registration()) {
    case Channel::Registration::kNew:
      assert(channels_.find(channel->fd()) == channels_.end());
      if (channel->isNoneEvent()) {
        // Known but with nothing to watch: the kernel needs no registration yet.
        channel->setRegistration(Channel::Registration::kDeleted);
      } else {
        registerWithAdd(channel);
      }
      channels_[channel->fd()] = channel;
      break;
    case Channel::Registration::kDeleted:
      assert(hasChannel(channel));
      if (!channel->isNoneEvent()) {
        registerWithAdd(channel);
      }
      break;
    case Channel::Registration::kAdded:
      assert(hasChannel(channel));
      if (channel->isNoneEvent()) {
        if (control(EPOLL_CTL_DEL, channel) != 0) {
          ++counters_.delFailures;
        }
        channel->setRegistration(Channel::Registration::kDeleted);
        channel->setRegisteredEvents(0);
      } else {
        reregisterKnown(channel);
      }
      break;
  }
}

void Poller::removeChannel(Channel* channel) {
  assert(hasChannel(channel));
  assert(channel->isNoneEvent());
  channels_.erase(channel->fd());
  if (channel->registration() == Channel::Registration::kAdded) {
    // The fd may already be closed (EBADF): there is nothing left to undo then.
    if (control(EPOLL_CTL_DEL, channel) != 0) {
      ++counters_.delFailures;
    }
  }
  channel->setRegistration(Channel::Registration::kNew);
  channel->setRegisteredEvents(0);
}

bool Poller::hasChannel(const Channel* channel) const {
  const auto it = channels_.find(channel->fd());
  return it != channels_.end() && it->second == channel;
}

void Poller::registerWithAdd(Channel* channel) {
  controlOrThrow(EPOLL_CTL_ADD, channel);
  channel->setRegistration(Channel::Registration::kAdded);
  channel->setRegisteredEvents(channel->events());
}

void Poller::reregisterKnown(Channel* channel) {
  if (policy_ == RegistrationPolicy::kModify) {
    controlOrThrow(EPOLL_CTL_MOD, channel);
    channel->setRegisteredEvents(channel->events());
    return;
  }
  const int error = control(EPOLL_CTL_ADD, channel);
  if (error == EEXIST) {
    ++counters_.eexist;
    // EEXIST leaves the old mask in place; only a real change needs the kernel's help.
    if (channel->registeredEvents() != channel->events()) {
      controlOrThrow(EPOLL_CTL_MOD, channel);
    }
  } else if (error != 0) {
    throw std::system_error(error, std::generic_category(),
                            "EPOLL_CTL_ADD fd " + std::to_string(channel->fd()));
  }
  channel->setRegisteredEvents(channel->events());
}

int Poller::control(int operation, Channel* channel) {
  switch (operation) {
    case EPOLL_CTL_ADD:
      ++counters_.add;
      break;
    case EPOLL_CTL_MOD:
      ++counters_.mod;
      break;
    default:
      ++counters_.del;
      break;
  }
  epoll_event event{};
  event.events = channel->events();
  event.data.ptr = channel;
  return ::epoll_ctl(epollFd_, operation, channel->fd(), &event) == 0 ? 0 : errno;
}

void Poller::controlOrThrow(int operation, Channel* channel) {
  const int error = control(operation, channel);
  if (error != 0) {
    throw std::system_error(
        error, std::generic_category(),
        std::string(operationName(operation)) + " fd " + std::to_string(channel->fd()));
  }
}

}  // namespace rbmuduo
