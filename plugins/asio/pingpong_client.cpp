#include "pingpong_client.h"

#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <stdexcept>
#include <string>

#include "reactorbench/pingpong_pattern.h"

namespace rbasio {

namespace {

using boost::asio::ip::tcp;

const rb_pingpong_client_params& checked(const rb_pingpong_client_params& params) {
  if (params.sessions == 0 || params.block_size == 0 || params.threads == 0) {
    throw std::invalid_argument("pingpong client: sessions, block_size and threads must be > 0");
  }
  if (params.host == nullptr) {
    throw std::invalid_argument("pingpong client: host is NULL");
  }
  return params;
}

tcp::endpoint serverEndpoint(const rb_pingpong_client_params& params) {
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address_v4(params.host, ec);
  if (ec) {
    throw std::invalid_argument(std::string("pingpong client: not an IPv4 address: '") +
                                params.host + "'");
  }
  return {address, params.port};
}

std::vector<unsigned char> patternBlock(std::uint32_t blockSize) {
  std::vector<unsigned char> block(blockSize);
  rb_pingpong_fill_block(block.data(), blockSize);
  return block;
}

}  // namespace

ClientStream::ClientStream(ClientLoop& loop, std::uint32_t index, std::uint32_t blockSize,
                           std::uint32_t verifyStride, std::size_t readBuffer)
    : loop_(loop),
      index_(index),
      blockSize_(blockSize),
      verify_(rb_pingpong_verifies(index, verifyStride) != 0),
      bufferSize_(readBuffer),
      buffer_(new unsigned char[readBuffer]) {}

boost::asio::const_buffer ClientStream::received(std::size_t n) {
  pingpong_client_counts& counts = loop_.counts;
  counts.bytes_read += n;
  ++counts.messages_read;
  if (verify_) {
    pingpong_client_verify(&counts, &loop_.firstMismatch, index_, buffer_.get(), n, offset_,
                           blockSize_);
  }
  offset_ += n;
  return {buffer_.get(), n};
}

bool ClientStream::shutIfDue(tcp::socket& socket) {
  if (shut_ || !loop_.pastDeadline) return true;
  shut_ = true;
  boost::system::error_code ec;
  socket.shutdown(tcp::socket::shutdown_send, ec);
  return !ec;
}

SessionEnd ClientStream::endAfter(const boost::system::error_code& ec) const {
  return shut_ && ec == boost::asio::error::eof ? SessionEnd::kCompleted : SessionEnd::kReset;
}

PingpongClient::PingpongClient(const rb_pingpong_client_params& params,
                               const PluginOptions& options)
    : params_(checked(params)),
      server_(serverEndpoint(params)),
      block_(patternBlock(params.block_size)),
      readBuffer_(readBufferOr(options, params.block_size)),
      pool_(params.threads),
      stopWatch_(pool_.context(0), params.stop_fd) {
  loops_.reserve(pool_.size());
  for (std::size_t i = 0; i < pool_.size(); ++i) {
    loops_.push_back(std::make_unique<ClientLoop>(pool_.context(i)));
  }
}

PingpongClient::~PingpongClient() = default;

ClientStream PingpongClient::makeStream(std::size_t loopIndex, std::uint32_t index) {
  return ClientStream(*loops_[loopIndex], index, params_.block_size, params_.verify_stride,
                      readBuffer_);
}

void PingpongClient::run() {
  if (ran_) {
    throw std::logic_error("run called a second time");
  }
  ran_ = true;
  open_ = params_.sessions;
  // The contexts are not running yet, so each loop's timer may be started from here.
  for (auto& loop : loops_) {
    loop->deadline.expires_after(std::chrono::milliseconds(params_.duration_ms));
    loop->deadline.async_wait([&state = *loop](const boost::system::error_code& ec) {
      if (!ec) state.pastDeadline = true;
    });
  }
  for (std::uint32_t i = 0; i < params_.sessions; ++i) {
    launchSession(pool_.nextIndex(), i);
  }
  stopWatch_.start([this] { onHostStop(); });
  pool_.run();
  if (stoppedByHost_) {
    throw std::runtime_error("stopped by the host with " + std::to_string(openAtHostStop_) +
                             " of " + std::to_string(params_.sessions) + " sessions still open");
  }
}

void PingpongClient::sessionEnded(std::size_t loopIndex, SessionEnd end) {
  pingpong_client_counts& counts = loops_[loopIndex]->counts;
  switch (end) {
    case SessionEnd::kCompleted:
      ++counts.completed;
      break;
    case SessionEnd::kConnectFailed:
      ++counts.connect_failures;
      break;
    case SessionEnd::kReset:
      ++counts.resets;
      break;
  }
  if (open_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    boost::asio::post(pool_.context(0), [this] { allSessionsEnded(); });
  }
}

// Closing every socket ends every session (with operation_aborted), and the last to end
// winds the pool down as after a normal run.
void PingpongClient::onHostStop() {
  stoppedByHost_ = true;
  openAtHostStop_ = open_.load();
  for (std::size_t i = 0; i < pool_.size(); ++i) {
    boost::asio::post(pool_.context(i), [&state = *loops_[i]] {
      state.open.closeAll();
      state.deadline.cancel();
    });
  }
}

void PingpongClient::allSessionsEnded() {
  stopWatch_.cancel();
  pool_.windDown([this](std::size_t index) { loops_[index]->deadline.cancel(); });
}

void PingpongClient::reportCounters(const rb_counter_sink& sink) const {
  pingpong_client_counts total{};
  const pingpong_mismatch* first = nullptr;
  for (const auto& loop : loops_) {
    pingpong_client_counts_add(&total, &loop->counts);
    if (first == nullptr && loop->firstMismatch.found) first = &loop->firstMismatch;
  }
  pingpong_client_counts_put(&sink, &total, first);
}

}  // namespace rbasio
