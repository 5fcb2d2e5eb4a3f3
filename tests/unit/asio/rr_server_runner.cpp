#include "rr_server_runner.h"

#include <dlfcn.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <stdexcept>

namespace rbasio_test {

const rb_plugin& LoadPlugin(const std::string& stem) {
  const std::string path = std::string(REACTORBENCH_PLUGIN_DIR) + "/" + stem + ".so";
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) throw std::runtime_error("dlopen " + path + ": " + ::dlerror());
  void* entry = ::dlsym(handle, RB_ENTRY_SYMBOL);
  if (entry == nullptr) throw std::runtime_error(path + " has no " RB_ENTRY_SYMBOL);
  const rb_plugin* plugin = reinterpret_cast<rb_entry_fn>(entry)(RB_ABI_VERSION);
  if (plugin == nullptr || plugin->rr_server == nullptr) {
    throw std::runtime_error(path + " offers no rr server");
  }
  return *plugin;
}

RrServerRunner::RrServerRunner(const rb_plugin& plugin, std::uint32_t threads,
                               std::uint32_t bodySize)
    : ops_(*plugin.rr_server), stopFd_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
  const rb_rr_server_params params{sizeof(rb_rr_server_params), listener_.fd(), stopFd_, threads,
                                   bodySize};
  char err[256] = {};
  const int rc = ops_.prepare(nullptr, &params, nullptr, 0, &state_, err, sizeof err);
  if (rc != RB_OK) {
    ADD_FAILURE() << "prepare: code " << rc << ", " << err;
    return;
  }
  serving_ =
      std::thread([this] { serveCode_ = ops_.serve(state_, serveError_, sizeof serveError_); });
}

RrServerRunner::~RrServerRunner() {
  if (serving_.joinable()) Stop();
  if (state_ != nullptr) ops_.release(state_);
  ::close(stopFd_);
}

int RrServerRunner::Stop() {
  const std::uint64_t one = 1;
  EXPECT_EQ(::write(stopFd_, &one, sizeof one), static_cast<ssize_t>(sizeof one));
  if (serving_.joinable()) serving_.join();
  error_ = serveError_;
  return serveCode_;
}

Counters RrServerRunner::ReadCounters() {
  Counters counters;
  const rb_counter_sink sink{&counters, [](void* ctx, const char* name, std::uint64_t value) {
                               (*static_cast<Counters*>(ctx))[name] = value;
                             }};
  char err[256] = {};
  const int rc = ops_.counters(state_, &sink, err, sizeof err);
  EXPECT_EQ(rc, RB_OK) << err;
  return counters;
}

}  // namespace rbasio_test
