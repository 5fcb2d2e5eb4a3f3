#ifndef RB_PLUGIN_COMMON_THREAD_PIN_H
#define RB_PLUGIN_COMMON_THREAD_PIN_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Pins `thread` to one cpu (rb_notify_params::consumer_cpu). cpu < 0 means "leave it where
 * it is" and succeeds. Returns 0 or an errno value. */
int rb_pin_thread(pthread_t thread, int cpu);

#ifdef __cplusplus
}
#endif

#endif
