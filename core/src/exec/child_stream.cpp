#include "exec/child_stream.h"

#include <unistd.h>

#include <cerrno>

#include "model/json_codec.h"

namespace rb::exec {

void ChildStreamWriter::send(nlohmann::json message) const {
  if (member_ >= 0) message["member"] = member_;
  // Plugins may emit invalid UTF-8 in reasons; replace rather than throw.
  std::string line = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line += '\n';
  std::string_view rest = line;
  while (!rest.empty()) {
    const ssize_t n = ::write(fd_, rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the parent is gone; nothing left to tell
    rest.remove_prefix(static_cast<std::size_t>(n));
  }
}

void ChildStreamWriter::loaded(const Provenance& provenance) const {
  send({{"type", "loaded"}, {"provenance", model::to_json(provenance)}});
}

void ChildStreamWriter::sample(const Sample& s) const {
  nlohmann::json message = model::to_json(s);
  message["type"] = "sample";
  send(message);
}

void ChildStreamWriter::failed(std::string_view reason) const {
  send({{"type", "failed"}, {"reason", reason}});
}

void ChildStreamWriter::done() const {
  send({{"type", "done"}});
}

void ChildStreamWriter::ready(const std::map<std::string, std::uint64_t>& counters) const {
  send({{"type", "ready"}, {"counters", counters}});
}

void ChildStreamWriter::counters(const std::map<std::string, std::uint64_t>& counters) const {
  send({{"type", "counters"}, {"counters", counters}});
}

void ChildStreamWriter::canary(const CanaryResult& canary) const {
  send({{"type", "canary"}, {"cpu_ns", canary.cpu_ns}, {"syscall_ns", canary.syscall_ns}});
}

void ChildStreamWriter::listening(int port) const {
  send({{"type", "listening"}, {"port", port}});
}

void ChildStreamWriter::hello() const {
  send({{"type", "hello"}, {"protocol", kLaunchProtocol}});
}

namespace {

std::optional<ChildMessage> parse_typed(const model::Json& j) {
  const auto type = j.at("type").get<std::string>();
  if (type == "loaded") {
    Provenance provenance;
    model::from_json(j.at("provenance"), provenance);
    return ChildMessage{ChildMessage::Type::loaded, std::move(provenance), {}, {}};
  }
  if (type == "sample") {
    Sample s;
    model::from_json(j, s);
    return ChildMessage{ChildMessage::Type::sample, {}, std::move(s), {}};
  }
  if (type == "failed")
    return ChildMessage{ChildMessage::Type::failed, {}, {}, j.at("reason").get<std::string>()};
  if (type == "done") return ChildMessage{ChildMessage::Type::done, {}, {}, {}};
  if (type == "canary") {
    ChildMessage message{ChildMessage::Type::canary, {}, {}, {}};
    message.canary = CanaryResult{j.at("cpu_ns").get<double>(), j.at("syscall_ns").get<double>()};
    return message;
  }
  if (type == "listening") {
    ChildMessage message{ChildMessage::Type::listening, {}, {}, {}};
    message.port = j.at("port").get<int>();
    if (message.port <= 0 || message.port > 65535) return std::nullopt;
    return message;
  }
  if (type == "hello") {
    ChildMessage message{ChildMessage::Type::hello, {}, {}, {}};
    message.protocol = j.at("protocol").get<int>();
    return message;
  }
  if (type == "ready" || type == "counters")
    return ChildMessage{type == "ready" ? ChildMessage::Type::ready : ChildMessage::Type::counters,
                        {},
                        {},
                        {},
                        j.at("counters").get<std::map<std::string, std::uint64_t>>()};
  return std::nullopt;
}

}  // namespace

std::optional<ChildMessage> parse_child_message(std::string_view line) {
  try {
    const auto j = model::Json::parse(line);
    std::optional<ChildMessage> message = parse_typed(j);
    if (message) message->member = j.value("member", -1);
    return message;
  } catch (const nlohmann::json::exception&) {
  }
  return std::nullopt;
}

}  // namespace rb::exec
