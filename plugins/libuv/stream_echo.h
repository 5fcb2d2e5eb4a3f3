#ifndef LIBUV_PLUGIN_STREAM_ECHO_H
#define LIBUV_PLUGIN_STREAM_ECHO_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>

/* Sends back data[0..n), which lives in the loop's one read buffer and is gone after the read
 * callback returns. What the socket takes at once (uv_try_write, as Node's streams do) needs
 * no copy and no request; only the rest is copied into a uv_write request that frees itself,
 * and it queues behind any write still pending, so the stream keeps its order. Reading may
 * go on meanwhile, up to the servers' high-water mark (output_high_water.h): were both ends
 * of a session to stop reading while any output waits, a block larger than the two socket
 * buffers would deadlock them.
 *
 * *written grows by the bytes the kernel accepted: at once, or when a request completes
 * (a request cancelled by uv_close adds nothing). `drained`, unless NULL, runs when a request
 * completes and leaves nothing queued: where a server that stopped reading above the
 * high-water mark reads on. Returns 0, or a libuv error after which the stream should be
 * closed. */
int stream_echo(uv_stream_t* stream, const char* data, size_t n, uint64_t* written,
                void (*drained)(uv_stream_t* stream));

#endif
