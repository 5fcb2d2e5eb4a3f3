#ifndef RB_PLUGIN_COMMON_U64_QUEUE_H
#define RB_PLUGIN_COMMON_U64_QUEUE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A FIFO of uint64 values in a ring that doubles when full: what std::queue<int> is in
 * the pipe-vs-condvar study, for plugins written in C. Not thread-safe: callers hold their own
 * mutex. */
struct u64_queue {
  uint64_t* slots;
  size_t capacity; /* a power of two, or 0 before the first push */
  size_t head;     /* index of the oldest value */
  size_t size;
};

void u64_queue_init(struct u64_queue* queue);
void u64_queue_free(struct u64_queue* queue);

/* 0 on success, -1 when the ring cannot grow (out of memory); the queue is then unchanged. */
int u64_queue_push(struct u64_queue* queue, uint64_t value);

/* Removes up to `max` of the oldest values and returns how many; their sum is added to
 * *sum. */
size_t u64_queue_pop_sum(struct u64_queue* queue, size_t max, uint64_t* sum);

/* Exchanges the contents of two queues: a consumer swaps the shared queue for its own empty
 * one under the lock and drains it outside, as muduo swaps its pending functors. */
void u64_queue_swap(struct u64_queue* a, struct u64_queue* b);

#ifdef __cplusplus
}
#endif

#endif
