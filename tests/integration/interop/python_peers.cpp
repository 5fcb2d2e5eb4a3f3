#include "python_peers.h"

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

}  // namespace rbtest
