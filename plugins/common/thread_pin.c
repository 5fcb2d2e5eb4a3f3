#define _GNU_SOURCE
#include "thread_pin.h"

#include <errno.h>
#include <sched.h>

int rb_pin_thread(pthread_t thread, int cpu) {
  if (cpu < 0) {
    return 0;
  }
  if (cpu >= CPU_SETSIZE) {
    return EINVAL;
  }
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return pthread_setaffinity_np(thread, sizeof set, &set);
}
