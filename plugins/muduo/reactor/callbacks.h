// The callback types shared by TcpServer, TcpClient and TcpConnection.
#pragma once

#include <functional>
#include <memory>

namespace rbmuduo {

class Buffer;
class TcpConnection;

using TcpConnectionPtr = std::shared_ptr<TcpConnection>;
// Runs on connect and on disconnect; conn->connected() tells which.
using ConnectionCallback = std::function<void(const TcpConnectionPtr&)>;
// Runs after each read that returned data; the bytes are in the buffer, unconsumed ones stay.
using MessageCallback = std::function<void(const TcpConnectionPtr&, Buffer*)>;
// Runs once the output buffer has drained into the socket.
using WriteCompleteCallback = std::function<void(const TcpConnectionPtr&)>;
// Internal: the owner (server or client) lets go of a closed connection.
using CloseCallback = std::function<void(const TcpConnectionPtr&)>;

}  // namespace rbmuduo
