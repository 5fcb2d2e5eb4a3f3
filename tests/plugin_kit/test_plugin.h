/* What every test plugin's descriptor and entry repeat, so that each test plugin states only
 * what it is about (its tables, and the one thing a bad plugin breaks). Header only: the bad
 * plugins and the integration tests' faulty plugins include it. */
#ifndef RB_TEST_PLUGIN_KIT_H
#define RB_TEST_PLUGIN_KIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <reactorbench/plugin.h>

static inline const char* rbtest_unversioned_library(void) {
  return "0";
}

/* The descriptor's leading members: this ABI, plugin version 1.0.0, an unversioned library. */
#define RBTEST_DESCRIPTOR_HEAD(NAME, LIBRARY, DESCRIPTION)                                 \
  .struct_size = sizeof(rb_plugin), .abi_version = RB_ABI_VERSION, .name = (NAME),         \
  .version = "1.0.0", .library = (LIBRARY), .library_version = rbtest_unversioned_library, \
  .description = (DESCRIPTION)

/* A numeric option a faulty test plugin takes, and where it goes. */
typedef struct rbtest_long_option {
  const char* key;
  long* target;
} rbtest_long_option;

/* Stores every option in the target of its key; an unknown key fails with the known ones. */
static inline int rbtest_set_long_options(const rb_option* options, uint32_t option_count,
                                          const rbtest_long_option* known, size_t known_count,
                                          char* err, size_t len) {
  for (uint32_t i = 0; i < option_count; ++i) {
    size_t k = 0;
    while (k < known_count && strcmp(options[i].key, known[k].key) != 0) ++k;
    if (k == known_count) {
      int at = snprintf(err, len, "unknown option '%s' (known: ", options[i].key);
      for (k = 0; k < known_count && at >= 0 && (size_t)at < len; ++k)
        at += snprintf(err + at, len - (size_t)at, "%s%s", known[k].key,
                       k + 1 < known_count ? ", " : ")");
      return RB_ERR_INVALID_ARGUMENT;
    }
    *known[k].target = strtol(options[i].value, NULL, 10);
  }
  return RB_OK;
}

/* An entry that hands DESCRIPTOR to any host, whatever its ABI. */
#define RBTEST_ENTRY(DESCRIPTOR) \
  RB_PLUGIN_ENTRY(host_abi) {    \
    (void)host_abi;              \
    return (DESCRIPTOR);         \
  }

/* An entry that hands DESCRIPTOR to a host of this ABI major only, as a real plugin does. */
#define RBTEST_ENTRY_FOR_THIS_MAJOR(DESCRIPTOR)                              \
  RB_PLUGIN_ENTRY(host_abi) {                                                \
    return RB_VERSION_MAJOR(host_abi) == RB_ABI_MAJOR ? (DESCRIPTOR) : NULL; \
  }

#endif
