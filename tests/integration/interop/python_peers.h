// Small Python programs the interop tests run as the other half: written here, with the
// standard library only, so nothing of reactorbench is on their side of the socket.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "../run_helpers.h"

namespace rbtest {

// python3 pingpong_client.py HOST PORT SESSIONS BLOCK_SIZE EXCHANGES: per session, sends a
// block of random bytes, reads exactly as many back and compares them byte for byte, sends
// what came back again, EXCHANGES times; then shuts down its write side and reads to the
// server's FIN. Prints one JSON line: sessions, sent, received, mismatches, after_eof (bytes
// that came after the shutdown).
extern const char* const kPythonPingpongClient;

// python3 echo_server.py PORT [INFO_FILE]: an asyncio echo server on 127.0.0.1:PORT (0: any
// free port) that echoes every byte it reads until the peer's FIN, then closes. Prints its
// port on a line of its own once it listens. With INFO_FILE it writes there, as JSON, its
// arguments, its CPU affinity and its port, and appends to INFO_FILE.conns one line per
// closed connection: the bytes it echoed on it.
extern const char* const kPythonEchoServer;

// The programs above as files in `dir`; each returns the file's path.
std::filesystem::path write_pingpong_client(const ScratchDir& dir);
std::filesystem::path write_echo_server(const ScratchDir& dir);

// A program run in the background for one test: its stdout into a file, SIGKILL and reaped
// when this goes away.
class BackgroundProgram {
 public:
  BackgroundProgram(const std::vector<std::string>& argv, const std::filesystem::path& out);
  ~BackgroundProgram();
  BackgroundProgram(const BackgroundProgram&) = delete;
  BackgroundProgram& operator=(const BackgroundProgram&) = delete;
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
};

// The bytes per connection an echo server with INFO_FILE appended to INFO_FILE.conns, the
// connections that carried none (the runner's readiness probes) left out.
std::vector<std::uint64_t> echoed_per_connection(const std::filesystem::path& info_file);

}  // namespace rbtest
