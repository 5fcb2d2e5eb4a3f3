// The condvar-queue descriptor and its notify table: C entry points that turn C++ failures
// into the ABI's return codes, since nothing may throw across the plugin boundary.
#include <gnu/libc-version.h>

#include <cstddef>
#include <cstdio>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include "condvar_options.h"
#include "condvar_queue.h"
#include "reactorbench/plugin.h"

namespace rbcondvar {
namespace {

void writeError(char* err, std::size_t errLen, const char* message) {
  if (err != nullptr && errLen > 0) std::snprintf(err, errLen, "%s", message);
}

template <typename Body>
int guarded(char* err, std::size_t errLen, Body&& body) noexcept {
  try {
    body();
    return RB_OK;
  } catch (const std::invalid_argument& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_INVALID_ARGUMENT;
  } catch (const std::system_error& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_SYSTEM;
  } catch (const std::exception& e) {
    writeError(err, errLen, e.what());
    return RB_ERR_INTERNAL;
  } catch (...) {
    writeError(err, errLen, "unknown exception");
    return RB_ERR_INTERNAL;
  }
}

CondvarQueue& queueOf(void* state) {
  if (state == nullptr) throw std::invalid_argument("state is NULL: start did not succeed");
  return *static_cast<CondvarQueue*>(state);
}

int notifyStart(const rb_host* host, const rb_notify_params* params, const rb_option* options,
                uint32_t optionCount, void** state, char* err, size_t errLen) noexcept {
  return guarded(err, errLen, [&] {
    if (params == nullptr || state == nullptr) {
      throw std::invalid_argument("start: params and state must not be NULL");
    }
    *state = nullptr;
    const CondvarOptions parsed = parseCondvarOptions(options, optionCount);
    const bool hasCpu = params->struct_size >=
                        offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu;
    *state = new CondvarQueue(host, hasCpu ? params->consumer_cpu : -1, parsed);
  });
}

int notifyPost(void* state, uint64_t value) noexcept {
  try {
    static_cast<CondvarQueue*>(state)->post(value);
    return RB_OK;
  } catch (const std::bad_alloc&) {
    return RB_ERR_SYSTEM;
  } catch (...) {
    return RB_ERR_INTERNAL;
  }
}

int notifyFinish(void* state, rb_notify_result* result, char* err, size_t errLen) noexcept {
  return guarded(err, errLen, [&] {
    if (result == nullptr) throw std::invalid_argument("finish: result is NULL");
    const rb_notify_result got = queueOf(state).finish();
    result->count = got.count;
    result->sum = got.sum;
  });
}

int notifyCounters(void* state, const rb_counter_sink* sink, char* err, size_t errLen) noexcept {
  return guarded(err, errLen, [&] {
    if (sink == nullptr || sink->put == nullptr) {
      throw std::invalid_argument("counters: sink is NULL");
    }
    queueOf(state).reportCounters(*sink);
  });
}

void notifyRelease(void* state) noexcept {
  delete static_cast<CondvarQueue*>(state);
}

// std::mutex and std::condition_variable are glibc's pthread_mutex and pthread_cond.
const char* libraryVersion() {
  return gnu_get_libc_version();
}

const rb_notify_ops kNotifyOps = {
    .struct_size = sizeof(rb_notify_ops),
    .start = &notifyStart,
    .post = &notifyPost,
    .finish = &notifyFinish,
    .counters = &notifyCounters,
    .release = &notifyRelease,
};

const rb_plugin kPlugin = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "condvar-queue",
    .version = "1.0.0",
    .library = "glibc-pthread",
    .library_version = &libraryVersion,
    .description =
        "mutex + condition variable + deque hand-off, no event loop (seed 004's "
        "winner); options notify=signal|broadcast, batch=false|true",
    .flower = nullptr,
    .notify = &kNotifyOps,
    .pingpong_server = nullptr,
    .pingpong_client = nullptr,
    .rr_server = nullptr,
};

}  // namespace
}  // namespace rbcondvar

RB_PLUGIN_ENTRY(host_abi) {
  if (RB_VERSION_MAJOR(host_abi) != RB_ABI_MAJOR) {
    return nullptr;
  }
  return &rbcondvar::kPlugin;
}
