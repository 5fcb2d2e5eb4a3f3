/* Option declarations the host must refuse at load, one fault per build (the BROKEN_* macro
 * tests/bad_plugins/CMakeLists.txt defines), each after a good declaration. */
#include <stddef.h>

#include "poll_flower.h"

#ifdef BROKEN_DECL_SIZE
#define DECL_SIZE offsetof(rb_option_decl, workloads) /* built against a header without it */
#else
#define DECL_SIZE sizeof(rb_option_decl)
#endif
#define DECL(type, name, allowed, default_value, workloads) \
  { DECL_SIZE, type, name, allowed, default_value, "a test option", workloads }

/* Unused when the descriptor points at no table (BROKEN_NULL_TABLE). */
static const rb_option_decl declared[] __attribute__((unused)) = {
    DECL(RB_OPTION_INT, "depth", "1..8", "4", NULL),
#if defined(BROKEN_DUPLICATE)
    DECL(RB_OPTION_BOOL, "depth", NULL, "off", NULL),
#elif defined(BROKEN_ENUM_WITHOUT_ALLOWED)
    DECL(RB_OPTION_ENUM, "mode", NULL, NULL, NULL),
#elif defined(BROKEN_DEFAULT)
    DECL(RB_OPTION_INT, "batch", "1..64", "100", NULL),
#elif defined(BROKEN_NAME)
    DECL(RB_OPTION_STRING, "Bad-Name", NULL, NULL, NULL),
#elif defined(BROKEN_TYPE)
    DECL(7, "mode", NULL, NULL, NULL),
#elif defined(BROKEN_WORKLOAD)
    DECL(RB_OPTION_BOOL, "trace", NULL, "off", "flower,rr"),
#elif defined(BROKEN_MIXED_SIZE)
    {sizeof(rb_option_decl) + 8, RB_OPTION_BOOL, "trace", NULL, "off", "a test option", NULL},
#endif
};

/* The table the descriptor points to and how many entries it claims: a count without a table,
 * or one far past the array's end, which the host must refuse before reading an element. */
#if defined(BROKEN_NULL_TABLE)
#define TABLE NULL
#define COUNT 2
#elif defined(BROKEN_HUGE_COUNT)
#define TABLE declared
#define COUNT 100000
#else
#define TABLE declared
#define COUNT (sizeof declared / sizeof declared[0])
#endif

RBTEST_ENTRY(rbtest_poll_plugin((rb_plugin){
    .name = "broken-option-table",
    .description = "declares an option the host must refuse",
    .options = TABLE,
    .option_count = COUNT}))
