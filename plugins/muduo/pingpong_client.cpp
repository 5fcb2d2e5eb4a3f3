#include "pingpong_client.h"

#include <stdexcept>

#include "reactorbench/pingpong_pattern.h"

namespace rbmuduo {

namespace {

std::string firstBlock(std::uint32_t blockSize) {
  std::string block(blockSize, '\0');
  rb_pingpong_fill_block(reinterpret_cast<unsigned char*>(block.data()), blockSize);
  return block;
}

InetAddress serverAddress(const rb_pingpong_client_params& params) {
  if (params.host == nullptr) {
    throw std::invalid_argument("pingpong client: host is NULL");
  }
  return InetAddress(params.host, params.port);
}

}  // namespace

PingpongClient::PingpongClient(const rb_pingpong_client_params& params,
                               const PluginOptions& options)
    : params_(params),
      server_(serverAddress(params)),
      block_(firstBlock(params.block_size)),
      loop_(options.eventsInitial),
      pool_(&loop_),
      stopChannel_(&loop_, params.stop_fd) {
  if (params.sessions == 0 || params.block_size == 0 || params.threads == 0) {
    throw std::invalid_argument("pingpong client: sessions, block_size and threads must be > 0");
  }
  if (params.threads > 1) {
    pool_.setThreadNum(static_cast<int>(params.threads));
  }
  stopChannel_.setReadCallback([this] { onHostStop(); });
}

PingpongClient::~PingpongClient() {
  if (stopChannel_.registration() != Channel::Registration::kNew) {
    stopChannel_.disableAll();
    stopChannel_.remove();
  }
}

void PingpongClient::run() {
  pool_.start();
  sessions_.reserve(params_.sessions);
  for (std::uint32_t i = 0; i < params_.sessions; ++i) {
    sessions_.push_back(std::make_unique<PingpongSession>(pool_.getNextLoop(), server_, i, block_,
                                                          params_.verify_stride,
                                                          [this] { onSessionEnd(); }));
  }
  open_ = params_.sessions;
  loop_.runAfter(std::chrono::milliseconds(params_.duration_ms), [this] {
    for (auto& session : sessions_) {
      session->stop();
    }
  });
  stopChannel_.enableReading();
  for (auto& session : sessions_) {
    session->start();
  }
  loop_.loop();
  stopChannel_.disableAll();
  stopChannel_.remove();
  if (stoppedByHost_) {
    throw std::runtime_error("stopped by the host before every session had ended");
  }
}

void PingpongClient::onSessionEnd() {
  // Queued rather than immediate, so that the connection's own clean-up, queued in the same
  // loop by its TcpClient, still runs before the loop ends.
  if (open_.fetch_sub(1) == 1) {
    loop_.queueInLoop([this] { loop_.quit(); });
  }
}

void PingpongClient::onHostStop() {
  stoppedByHost_ = true;
  stopChannel_.disableAll();
  for (auto& session : sessions_) {
    session->abort();
  }
}

void PingpongClient::reportCounters(const rb_counter_sink& sink) const {
  pingpong_client_counts total{};
  const pingpong_mismatch* first = nullptr;
  for (const auto& session : sessions_) {
    pingpong_client_counts_add(&total, &session->counts());
    if (first == nullptr && session->firstMismatch().found) first = &session->firstMismatch();
  }
  pingpong_client_counts_put(&sink, &total, first);
}

}  // namespace rbmuduo
