#ifndef RB_PLUGIN_COMMON_FLOWER_HARNESS_H
#define RB_PLUGIN_COMMON_FLOWER_HARNESS_H

/* The flower workload as every C plugin runs it: prepare checks the host's params and keeps
 * its stop request, arm starts an iteration of the hot potato, dispatch runs the loop until the
 * game is over and says why when it is not, counters puts the game's counts, release frees.
 * What differs between plugins is only the loop: a plugin supplies it as a flower_backend,
 * whose functions run once per prepare, arm or dispatch, never per read (the read callbacks
 * call the hot potato directly). */

#include <stddef.h>
#include <stdint.h>

#include "abi_tables.h"
#include "error_message.h"
#include "hot_potato.h"
#include "option_table.h"
#include "reactorbench/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A plugin's state is a struct whose first member is its flower_game. */
struct flower_backend;

/* What arm does with the watchers, which decides what setup_us compares; the standard counter
 * "arm_reregisters" says which (1 or 0) to whoever reads the results. */
enum flower_arm_policy {
  FLOWER_ARM_UNSAID = 0,  /* no counter */
  FLOWER_ARM_KEEPS,       /* registers each pipe once and keeps it: setup_us is nearly 0 */
  FLOWER_ARM_REREGISTERS, /* registers every watcher again in every arm, as bench.c does */
};

struct flower_game {
  struct hot_potato potato;
  const struct flower_backend* backend;
  int (*stop_requested)(void* ctx); /* the host's, if its rb_host has one */
  void* host_ctx;
  int armed;
  int stopped_by_host;               /* the last dispatch ended on the host's request */
  uint64_t loop_iterations;          /* the loop's own count of turns in the last dispatch */
  enum flower_arm_policy arm_policy; /* set by the backend's setup */
};

struct flower_backend {
  size_t state_size;
  struct option_table options; /* the plugin's declared options (its descriptor's) */
  /* Builds the loop and a watcher per pipe of game->potato, as the options say (values[i]
   * belongs to options[i], parsed for "flower"). Runs on zeroed state whose params are
   * checked; teardown runs after a failed setup too. */
  int (*setup)(struct flower_game* game, const rb_option_value* values, char* err, size_t err_len);
  /* Runs the loop until hot_potato_done or flower_game_stop_asked, counting its turns in
   * loop_iterations; RB_OK or the loop's own failure. */
  int (*dispatch)(struct flower_game* game, char* err, size_t err_len);
  /* Frees what setup built. */
  void (*teardown)(struct flower_game* game);
  /* Counters of the loop's own after the game's (NULL: none). */
  void (*put_more)(const struct flower_game* game, const rb_counter_sink* sink);
};

/* rb_flower_ops' prepare for a backend (a plugin's prepare passes its own), and its dispatch,
 * counters and release. */
int flower_game_prepare(const struct flower_backend* backend, const rb_host* host,
                        const rb_flower_params* params, const rb_option* options,
                        uint32_t option_count, void** state, char* err, size_t err_len);
int flower_game_dispatch(void* state, char* err, size_t err_len);
int flower_game_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
void flower_game_release(void* state);

/* rb_flower_ops' arm with the backend's arm a constant: always inlined into each plugin's own
 * entry point (FLOWER_GAME_OPS), so that inside the host's timing of arm the only indirect
 * call is the host's own, as with a plugin written whole (an arm through the backend table
 * measured 40-90 ns more on raw-epoll's 0.06-us set-up). */
static inline __attribute__((always_inline)) int flower_game_arm_with(
    void* state, int (*arm)(struct flower_game*, char*, size_t), char* err, size_t err_len) {
  struct flower_game* game = (struct flower_game*)state;
  if (game == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "arm: state is NULL");
  }
  const int rc = arm(game, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  hot_potato_reset(&game->potato);
  game->stopped_by_host = 0;
  game->loop_iterations = 0;
  game->armed = 1;
  return RB_OK;
}

/* After a loop turn that began at reads_before reads: whether the host asked to stop. Only a
 * turn that read nothing asks, so a moving game makes no extra call. */
static inline int flower_game_stop_asked(struct flower_game* game, uint64_t reads_before) {
  if (game->potato.count != reads_before || game->stop_requested == NULL) {
    return 0;
  }
  game->stopped_by_host = game->stop_requested(game->host_ctx) != 0;
  return game->stopped_by_host;
}

/* Defines the plugin's rb_flower_ops `ops_name` from its state type, its declared options (an
 * array of known size) and its backend's functions; every entry point is the harness's. The
 * backend's arm, int arm(struct flower_game*, char* err, size_t err_len), watches every
 * pipe's read end and has the loop apply that now, so dispatch is charged for the game only
 * (bench.c does the same); it is called directly (flower_game_arm_with), not through the
 * backend table. */
#define FLOWER_GAME_OPS(ops_name, state_type, declared_options, setup, arm, dispatch, teardown)    \
  FLOWER_GAME_OPS_COUNTING(ops_name, state_type, declared_options, setup, arm, dispatch, teardown, \
                           NULL)

/* FLOWER_GAME_OPS for a loop that counts more than the game: counters puts the game's, then
 * put_more's, void put_more(const struct flower_game*, const rb_counter_sink*). */
#define FLOWER_GAME_OPS_COUNTING(ops_name, state_type, declared_options, setup, arm, dispatch, \
                                 teardown, put_more)                                           \
  static const struct flower_backend ops_name##_backend = {                                    \
      sizeof(state_type), OPTION_TABLE(declared_options), (setup), (dispatch), (teardown),     \
      (put_more)};                                                                             \
  RB_HARNESS_PREPARE(ops_name##_prepare, rb_flower_params, flower_game_prepare,                \
                     ops_name##_backend)                                                       \
  static int ops_name##_arm(void* state, char* err, size_t err_len) {                          \
    return flower_game_arm_with(state, (arm), err, err_len);                                   \
  }                                                                                            \
  const rb_flower_ops ops_name = {                                                             \
      sizeof(rb_flower_ops), ops_name##_prepare,   ops_name##_arm,                             \
      flower_game_dispatch,  flower_game_counters, flower_game_release}

#ifdef __cplusplus
}
#endif

#endif
