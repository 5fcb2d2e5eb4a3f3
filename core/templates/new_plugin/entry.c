/* The plugin's descriptor and its entry point: what it is, what it wraps, its workloads. */
#include <reactorbench/kit/abi_tables.h>
#include <reactorbench/plugin.h>
#include <stddef.h>

#include "options.h"

/* RB_TEMPLATE_TABLE_DECLARATIONS */

/* The wrapped library's version as it runs (event_get_version(), uv_version_string(), ...).
 * A library with no version function: the version of the package it came from, fixed when
 * you build (e.g. -DLIB_VERSION="$(pkg-config --modversion lib)"), or "unknown". */
static const char* library_version(void) {
  return "0.0.0";
}

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "RB_TEMPLATE_NAME", /* [a-z0-9-]+: what configs say */
    .version = "0.1.0",
    .library = "epoll(7), a stand-in for your library",
    .library_version = library_version,
    .description = "RB_TEMPLATE_NAME: written by runner new-plugin; replace the stand-in loop",
    /* RB_TEMPLATE_TABLE_MEMBERS */
    .options = kPluginOptions,
    .option_count = kOptionCount,
};

RB_C_PLUGIN_ENTRY(descriptor)
