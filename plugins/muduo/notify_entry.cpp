#include "notify_entry.h"

#include <cstddef>
#include <new>
#include <stdexcept>
#include <string>

#include "abi_guard.h"
#include "notify_bench.h"
#include "notify_options.h"

namespace rbmuduo {
namespace {

NotifyBench& benchOf(void* state) {
  if (state == nullptr) {
    throw std::invalid_argument("state is NULL: start did not succeed");
  }
  return *static_cast<NotifyBench*>(state);
}

template <RegistrationPolicy kPolicy>
int notifyStart(const rb_host* host, const rb_notify_params* params, const rb_option* options,
                uint32_t optionCount, void** state, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (params == nullptr || state == nullptr) {
      throw std::invalid_argument("start: params and state must not be NULL");
    }
    *state = nullptr;
    const NotifyOptions parsed = parseNotifyOptions(options, optionCount);
    const bool hasCpu = params->struct_size >=
                        offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu;
    *state = new NotifyBench(host, hasCpu ? params->consumer_cpu : -1, kPolicy, parsed);
  });
}

int notifyPost(void* state, uint64_t value) noexcept {
  try {
    static_cast<NotifyBench*>(state)->post(value);
    return RB_OK;
  } catch (const std::bad_alloc&) {
    return RB_ERR_SYSTEM;
  } catch (...) {
    return RB_ERR_INTERNAL;
  }
}

int notifyFinish(void* state, rb_notify_result* result, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (result == nullptr) {
      throw std::invalid_argument("finish: result is NULL");
    }
    const rb_notify_result got = benchOf(state).finish();
    result->count = got.count;
    result->sum = got.sum;
  });
}

int notifyCounters(void* state, const rb_counter_sink* sink, char* err, size_t errLen) noexcept {
  return guardedCall(err, errLen, [&] {
    if (sink == nullptr || sink->put == nullptr) {
      throw std::invalid_argument("counters: sink is NULL");
    }
    benchOf(state).reportCounters(*sink);
  });
}

void notifyRelease(void* state) noexcept {
  delete static_cast<NotifyBench*>(state);
}

}  // namespace

extern const rb_notify_ops kNotifyOpsModify = {
    .struct_size = sizeof(rb_notify_ops),
    .start = &notifyStart<RegistrationPolicy::kModify>,
    .post = &notifyPost,
    .finish = &notifyFinish,
    .counters = &notifyCounters,
    .release = &notifyRelease,
};

extern const rb_notify_ops kNotifyOpsAddAlways = {
    .struct_size = sizeof(rb_notify_ops),
    .start = &notifyStart<RegistrationPolicy::kAddAlways>,
    .post = &notifyPost,
    .finish = &notifyFinish,
    .counters = &notifyCounters,
    .release = &notifyRelease,
};

}  // namespace rbmuduo
