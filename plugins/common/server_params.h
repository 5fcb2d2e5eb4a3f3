#ifndef RB_PLUGIN_COMMON_SERVER_PARAMS_H
#define RB_PLUGIN_COMMON_SERVER_PARAMS_H

#include <stddef.h>

#include "reactorbench/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The checks every server's prepare starts with: RB_OK with *state cleared, or
 * RB_ERR_INVALID_ARGUMENT ("... server params missing, too small or with 0 threads") when
 * state or params is NULL, params is older than the members read, or asks for no thread. */
int pingpong_server_check_params(const rb_pingpong_server_params* params, void** state, char* err,
                                 size_t err_len);
int rr_server_check_params(const rb_rr_server_params* params, void** state, char* err,
                           size_t err_len);

#ifdef __cplusplus
}
#endif

#endif
