#include "driven_client.h"

#include <sys/eventfd.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "test_host.h"

namespace rb_test {

namespace {

// Far beyond any healthy run of the shapes tests use.
constexpr std::chrono::seconds kRunBound{30};

// Writes stop_fd once kRunBound passes, unless the run ended first.
class StopWatch {
 public:
  explicit StopWatch(int stop_fd)
      : thread_([this, stop_fd] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (ended_.wait_for(lock, kRunBound, [this] { return done_; })) return;
          const uint64_t one = 1;
          (void)!::write(stop_fd, &one, sizeof one);
        }) {}
  ~StopWatch() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    ended_.notify_one();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ended_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace

ClientRun RunPingpongClient(const rb_pingpong_client_ops& ops, uint16_t port,
                            const ClientShape& shape, const OptionPairs& options) {
  const int stop_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (stop_fd < 0) throw std::runtime_error("eventfd failed");
  TestHost host;
  rb_pingpong_client_params params{};
  params.struct_size = sizeof params;
  params.host = "127.0.0.1";
  params.port = port;
  params.sessions = shape.sessions;
  params.block_size = shape.block_size;
  params.threads = shape.threads;
  params.duration_ms = shape.duration_ms;
  params.stop_fd = stop_fd;
  params.verify_stride = 1;
  std::vector<rb_option> list;
  for (const auto& [key, value] : options) list.push_back({key.c_str(), value.c_str()});
  ClientRun result;
  std::array<char, 512> err{};
  void* state = nullptr;
  result.prepare_rc =
      ops.prepare(host.services(), &params, list.data(), static_cast<uint32_t>(list.size()), &state,
                  err.data(), err.size());
  if (result.prepare_rc == RB_OK) {
    {
      StopWatch watch(stop_fd);
      result.run_rc = ops.run(state, err.data(), err.size());
    }
    if (result.run_rc == RB_OK) {
      const rb_counter_sink sink = MapSink(&result.counters);
      result.run_rc = ops.counters(state, &sink, err.data(), err.size());
    }
    ops.release(state);
  }
  result.error = err.data();
  ::close(stop_fd);
  return result;
}

}  // namespace rb_test
