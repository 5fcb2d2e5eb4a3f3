#include "u64_queue.h"

#include <stdlib.h>
#include <string.h>

enum { kFirstCapacity = 1024 };

void u64_queue_init(struct u64_queue* queue) {
  memset(queue, 0, sizeof *queue);
}

void u64_queue_free(struct u64_queue* queue) {
  free(queue->slots);
  u64_queue_init(queue);
}

static int grow(struct u64_queue* queue) {
  const size_t capacity = queue->capacity == 0 ? kFirstCapacity : queue->capacity * 2;
  if (capacity < queue->capacity || capacity > SIZE_MAX / sizeof(uint64_t)) {
    return -1;
  }
  uint64_t* slots = malloc(capacity * sizeof(uint64_t));
  if (slots == NULL) {
    return -1;
  }
  /* Unwrap the ring so the oldest value lands at index 0. */
  const size_t first_run = queue->capacity - queue->head;
  const size_t tail_run = queue->size > first_run ? queue->size - first_run : 0;
  const size_t head_run = queue->size - tail_run;
  if (head_run > 0) {
    memcpy(slots, queue->slots + queue->head, head_run * sizeof(uint64_t));
  }
  if (tail_run > 0) {
    memcpy(slots + head_run, queue->slots, tail_run * sizeof(uint64_t));
  }
  free(queue->slots);
  queue->slots = slots;
  queue->capacity = capacity;
  queue->head = 0;
  return 0;
}

int u64_queue_push(struct u64_queue* queue, uint64_t value) {
  if (queue->size == queue->capacity && grow(queue) != 0) {
    return -1;
  }
  queue->slots[(queue->head + queue->size) & (queue->capacity - 1)] = value;
  queue->size += 1;
  return 0;
}

size_t u64_queue_pop_sum(struct u64_queue* queue, size_t max, uint64_t* sum) {
  const size_t taken = max < queue->size ? max : queue->size;
  uint64_t total = 0;
  for (size_t i = 0; i < taken; ++i) {
    total += queue->slots[(queue->head + i) & (queue->capacity - 1)];
  }
  if (taken > 0) {
    queue->head = (queue->head + taken) & (queue->capacity - 1);
    queue->size -= taken;
  }
  *sum += total;
  return taken;
}

void u64_queue_swap(struct u64_queue* a, struct u64_queue* b) {
  const struct u64_queue held = *a;
  *a = *b;
  *b = held;
}
