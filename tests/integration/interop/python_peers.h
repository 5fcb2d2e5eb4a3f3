// Small Python programs the interop tests run as the other half: written here, with the
// standard library only, so nothing of reactorbench is on their side of the socket.
#pragma once

namespace rbtest {

// python3 pingpong_client.py HOST PORT SESSIONS BLOCK_SIZE EXCHANGES: per session, sends a
// block of random bytes, reads exactly as many back and compares them byte for byte, sends
// what came back again, EXCHANGES times; then shuts down its write side and reads to the
// server's FIN. Prints one JSON line: sessions, sent, received, mismatches, after_eof (bytes
// that came after the shutdown).
extern const char* const kPythonPingpongClient;

}  // namespace rbtest
