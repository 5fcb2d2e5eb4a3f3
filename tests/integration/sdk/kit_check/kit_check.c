/* The installed plugin kit's pieces, each on its own: option-table parsing, the output
 * buffer and its high-water mark, the hot potato's bookkeeping over real socket pairs. Prints
 * one line per failed expectation and exits 1 if there was any. */
#include <reactorbench/kit/hot_potato.h>
#include <reactorbench/kit/option_table.h>
#include <reactorbench/kit/out_buffer.h>
#include <reactorbench/kit/output_high_water.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int failures;

static void expect(int ok, const char* what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    failures++;
  }
}

static const rb_option_decl kDecls[] = {
    RB_OPTION_DECL(RB_OPTION_INT, "depth", "1..8", "4", "how deep", NULL),
    RB_OPTION_DECL(RB_OPTION_ENUM, "mode", "fast|slow", "fast", "how", "flower"),
};

static void options(void) {
  rb_option_value values[2];
  char err[256] = "";
  const rb_option given[] = {{"mode", "slow"}};
  expect(option_table_parse(kDecls, 2, "flower", given, 1, values, err, sizeof err) == RB_OK,
         "a declared option parses");
  expect(values[0].number == 4 && !values[0].given, "the default fills an option not given");
  expect(values[1].number == 1 && values[1].given, "an ENUM's value is its index");
  const rb_option unknown[] = {{"dpeth", "2"}};
  expect(option_table_parse(kDecls, 2, "flower", unknown, 1, values, err, sizeof err) ==
             RB_ERR_INVALID_ARGUMENT,
         "an unknown option is refused");
  expect(strcmp(err, "unknown option 'dpeth' for the flower workload (known: depth, mode)") == 0,
         err);
  const rb_option too_deep[] = {{"depth", "9"}};
  expect(option_table_parse(kDecls, 2, "notify", too_deep, 1, values, err, sizeof err) ==
             RB_ERR_INVALID_ARGUMENT,
         "a value outside the range is refused");
}

static void output(void) {
  expect(!rb_output_above_high_water(RB_OUTPUT_HIGH_WATER), "the mark itself is not above it");
  expect(rb_output_above_high_water(RB_OUTPUT_HIGH_WATER + 1), "one byte more is");
  int pair[2];
  expect(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair) == 0, "socketpair");
  struct out_buffer out = {0};
  uint64_t written = 0;
  static char block[1 << 20];
  expect(out_buffer_send(pair[0], &out, block, sizeof block, &written) == 0, "a send");
  expect(written + out.length == sizeof block, "what the socket took plus what is kept");
  expect(out_buffer_pending(&out), "a socket buffer smaller than 1 MiB leaves some kept");
  out_buffer_free(&out);
  close(pair[0]);
  close(pair[1]);
}

static void potato(void) {
  int read_fds[3], write_fds[3];
  for (int i = 0; i < 3; ++i) {
    int pair[2];
    expect(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, pair) == 0, "socketpair");
    read_fds[i] = pair[0];
    write_fds[i] = pair[1];
  }
  const rb_flower_params params = {sizeof params, 3, 1, 4, read_fds, write_fds};
  struct hot_potato game;
  char err[256] = "";
  expect(hot_potato_init(&game, &params, err, sizeof err) == RB_OK, err);
  hot_potato_reset(&game);
  expect(write(write_fds[0], "x", 1) == 1, "the host's priming write");
  for (uint32_t idx = 0; !hot_potato_done(&game); idx = (idx + 1) % 3)
    hot_potato_on_readable(&game, idx);
  expect(game.count == 1 + 4 && game.writes == 4 && !game.fatal, "active + writes reads, writes");
  hot_potato_free(&game);
  for (int i = 0; i < 3; ++i) {
    close(read_fds[i]);
    close(write_fds[i]);
  }
}

int main(void) {
  options();
  output();
  potato();
  if (failures == 0) printf("kit ok\n");
  return failures == 0 ? 0 : 1;
}
