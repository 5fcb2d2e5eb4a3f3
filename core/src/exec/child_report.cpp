#include "exec/child_report.h"

#include <unistd.h>

#include <cerrno>

namespace rb::exec {
namespace {

nlohmann::json provenance_json(const Provenance& p) {
  return {{"path", p.path},
          {"sha256", p.sha256},
          {"plugin_version", p.plugin_version},
          {"library", p.library},
          {"library_version", p.library_version},
          {"abi_version", p.abi_version},
          {"description", p.description}};
}

Provenance provenance_from(const nlohmann::json& j) {
  Provenance p;
  p.path = j.at("path").get<std::string>();
  p.sha256 = j.at("sha256").get<std::string>();
  p.plugin_version = j.at("plugin_version").get<std::string>();
  p.library = j.at("library").get<std::string>();
  p.library_version = j.at("library_version").get<std::string>();
  p.abi_version = j.at("abi_version").get<std::uint32_t>();
  p.description = j.at("description").get<std::string>();
  return p;
}

}  // namespace

void ChildReporter::send(const nlohmann::json& message) const {
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

void ChildReporter::loaded(const Provenance& provenance) const {
  send({{"type", "loaded"}, {"provenance", provenance_json(provenance)}});
}

void ChildReporter::sample(const Sample& s) const {
  send({{"type", "sample"},
        {"round", s.round},
        {"iteration", s.iteration},
        {"warmup", s.warmup},
        {"metrics", s.metrics},
        {"counters", s.counters}});
}

void ChildReporter::failed(std::string_view reason) const {
  send({{"type", "failed"}, {"reason", reason}});
}

void ChildReporter::done() const { send({{"type", "done"}}); }

std::optional<ChildMessage> parse_child_message(std::string_view line) {
  try {
    const auto j = nlohmann::json::parse(line);
    const auto type = j.at("type").get<std::string>();
    if (type == "loaded")
      return ChildMessage{ChildMessage::Type::loaded, provenance_from(j.at("provenance")), {}, {}};
    if (type == "sample") {
      Sample s;
      s.round = j.at("round").get<int>();
      s.iteration = j.at("iteration").get<int>();
      s.warmup = j.at("warmup").get<bool>();
      s.metrics = j.at("metrics").get<std::map<std::string, double>>();
      s.counters = j.at("counters").get<std::map<std::string, std::uint64_t>>();
      return ChildMessage{ChildMessage::Type::sample, {}, std::move(s), {}};
    }
    if (type == "failed")
      return ChildMessage{ChildMessage::Type::failed, {}, {}, j.at("reason").get<std::string>()};
    if (type == "done") return ChildMessage{ChildMessage::Type::done, {}, {}, {}};
  } catch (const nlohmann::json::exception&) {
  }
  return std::nullopt;
}

}  // namespace rb::exec
