/* A plugin whose library_version runs to 150 characters, as a library that puts its build
 * configuration into its version string does: `runner plugins` must keep its columns. */
#include "poll_flower.h"

static const char* library_version(void) {
  return "2.1.12-stable+build.20261207.gcc12.O2.with-openssl-3.0.15.with-zlib.with-epoll."
         "with-kqueue-emulation.with-debug-mode-off.with-extra-long-suffix";
}

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){.name = "long-strings",
                                            .version = "1.0.0",
                                            .library = "poll",
                                            .library_version = library_version,
                                            .description = "a plugin with a long version"}))
