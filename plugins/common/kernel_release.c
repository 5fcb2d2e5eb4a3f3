#include "kernel_release.h"

#include <pthread.h>
#include <stdio.h>
#include <sys/utsname.h>

static char release[sizeof(((struct utsname*)0)->release)];
static pthread_once_t release_once = PTHREAD_ONCE_INIT;

static void read_release(void) {
  struct utsname names;
  if (uname(&names) == 0) {
    snprintf(release, sizeof release, "%s", names.release);
  } else {
    snprintf(release, sizeof release, "unknown");
  }
}

const char* kernel_release(void) {
  pthread_once(&release_once, read_release);
  return release;
}
