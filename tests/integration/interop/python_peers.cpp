#include "python_peers.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

namespace rbtest {

const char* const kPythonPingpongClient = R"PY(
import asyncio, json, os, sys

host, port = sys.argv[1], int(sys.argv[2])
sessions, block_size, exchanges = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])

async def session():
    reader, writer = await asyncio.open_connection(host, port)
    data = os.urandom(block_size)
    sent = received = mismatches = 0
    for _ in range(exchanges):
        writer.write(data)
        await writer.drain()
        sent += len(data)
        echoed = await reader.readexactly(len(data))
        received += len(echoed)
        if echoed != data:
            mismatches += 1
        data = echoed
    writer.write_eof()
    rest = await reader.read()
    writer.close()
    await writer.wait_closed()
    return sent, received + len(rest), mismatches, len(rest)

async def main():
    results = await asyncio.gather(*(session() for _ in range(sessions)))
    print(json.dumps({"sessions": len(results),
                      "sent": sum(r[0] for r in results),
                      "received": sum(r[1] for r in results),
                      "mismatches": sum(r[2] for r in results),
                      "after_eof": sum(r[3] for r in results)}))

asyncio.run(asyncio.wait_for(main(), 60))
)PY";

const char* const kPythonEchoServer = R"PY(
import asyncio, json, os, sys

port = int(sys.argv[1])
info = sys.argv[2] if len(sys.argv) > 2 else None

async def echo(reader, writer):
    total = 0
    while True:
        data = await reader.read(65536)
        if not data:
            break
        writer.write(data)
        await writer.drain()
        total += len(data)
    writer.close()
    try:
        await writer.wait_closed()
    except OSError:
        pass
    if info:
        with open(info + ".conns", "a") as conns:
            conns.write(f"{total}\n")

async def main():
    server = await asyncio.start_server(echo, "127.0.0.1", port)
    bound = server.sockets[0].getsockname()[1]
    if info:
        with open(info, "w") as out:
            json.dump({"argv": sys.argv[1:], "cpus": sorted(os.sched_getaffinity(0)),
                       "port": bound}, out)
    print(bound, flush=True)
    async with server:
        await server.serve_forever()

asyncio.run(main())
)PY";

std::filesystem::path write_pingpong_client(const ScratchDir& dir) {
  return dir.write("pingpong_client.py", kPythonPingpongClient);
}

std::filesystem::path write_echo_server(const ScratchDir& dir) {
  return dir.write("echo_server.py", kPythonEchoServer);
}

BackgroundProgram::BackgroundProgram(const std::vector<std::string>& argv,
                                     const std::filesystem::path& out) {
  // Everything is built before the fork: the child of a threaded test may only exec.
  std::vector<std::string> storage = argv;
  std::vector<char*> args;
  for (auto& a : storage) args.push_back(a.data());
  args.push_back(nullptr);
  const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(fd, STDOUT_FILENO);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ::close(fd);
}

BackgroundProgram::~BackgroundProgram() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
}

std::vector<std::uint64_t> echoed_per_connection(const std::filesystem::path& info_file) {
  std::vector<std::uint64_t> out;
  std::ifstream in(info_file.string() + ".conns");
  for (std::uint64_t bytes = 0; in >> bytes;)
    if (bytes > 0) out.push_back(bytes);
  return out;
}

}  // namespace rbtest
