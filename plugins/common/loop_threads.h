#ifndef RB_PLUGIN_COMMON_LOOP_THREADS_H
#define RB_PLUGIN_COMMON_LOOP_THREADS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Runs `run` once per loop, loops[i] being `stride` bytes apart: on the calling thread when
 * there is one loop, else on a thread each, and returns when all have returned. If a thread
 * cannot be created, `abandon` (when not NULL) is called for every loop already started, so
 * a loop that would wait for its peers can give up, and those are joined. Returns 0, or the
 * pthread_create error; *started (when not NULL) says how many threads ran. */
int run_loop_threads(void* loops, size_t stride, uint32_t count, void* (*run)(void*),
                     void (*abandon)(void*), uint32_t* started);

#ifdef __cplusplus
}
#endif

#endif
