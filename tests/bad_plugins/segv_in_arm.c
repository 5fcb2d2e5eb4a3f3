/* Dereferences NULL in its third arm: the cell crashes with SIGSEGV after a warm-up and one
 * measured iteration. */
#include <stddef.h>

#include "runtime_plugin.h"

/* Third-party code is not built with our sanitizers: under the asan preset UBSan would report
 * the null store and exit(1) before the fault this plugin exists to cause. */
__attribute__((no_sanitize("undefined"))) static int arm(void* state, char* err, size_t err_len) {
  if (rbtest_arm_calls == 3) {
    /* Both volatile: a volatile pointer keeps the compiler from turning this into a trap,
     * a volatile pointee keeps -O2 from dropping the store as dead (GCC 12 did). */
    volatile int* volatile nowhere = NULL;
    *nowhere = 1;
  }
  return rbtest_poll_flower_ops.arm(state, err, err_len);
}

RBTEST_ENTRY(rbtest_runtime_plugin("segv-in-arm", "dereferences NULL in its third arm",
                                   (rb_flower_ops){.arm = arm}))
