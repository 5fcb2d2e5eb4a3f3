#include "options.h"

#include "option_table.h"

const rb_option_decl kLibuvOptions[kLibuvOptionCount] = {
    RB_OPTION_DECL(RB_OPTION_INT, "read_size", "1..16777216", "65536",
                   "bytes handed to libuv per read (uv_alloc_cb's buffer); 4096 reads as libevent "
                   "does",
                   "pingpong_server,pingpong_client,rr_server"),
};

void libuv_options_from(const rb_option_value* values, struct libuv_options* out) {
  out->read_size = (uint32_t)values[0].number;
}

OPTION_TABLE_PARSER(parse_libuv_options, kLibuvOptions, struct libuv_options, libuv_options_from)
