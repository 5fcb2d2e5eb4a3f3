#include "loop_threads.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

int run_loop_threads(void* loops, size_t stride, uint32_t count, void* (*run)(void*),
                     void (*abandon)(void*), uint32_t* started) {
  char* first = loops;
  if (count == 1) {
    run(first);
    if (started != NULL) {
      *started = 1;
    }
    return 0;
  }
  pthread_t* threads = calloc(count, sizeof *threads);
  if (threads == NULL) {
    return ENOMEM;
  }
  uint32_t made = 0;
  int error = 0;
  for (; made < count; ++made) {
    error = pthread_create(&threads[made], NULL, run, first + stride * made);
    if (error != 0) {
      break;
    }
  }
  for (uint32_t i = 0; error != 0 && abandon != NULL && i < made; ++i) {
    abandon(first + stride * i);
  }
  for (uint32_t i = 0; i < made; ++i) {
    pthread_join(threads[i], NULL);
  }
  free(threads);
  if (started != NULL) {
    *started = made;
  }
  return error;
}
