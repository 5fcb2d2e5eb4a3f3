#include "store/store_scheme.h"

#include <cctype>

#include <fmt/format.h>

#include "store/database.h"
#include "text/printable.h"

namespace rb::store {
namespace {

struct SchemeBackend {
  std::string_view scheme;  // as written before the ':', compared exactly
  Backend backend;
};

// The one table. A location without a scheme is a path: SQLite.
constexpr SchemeBackend kSchemeBackends[] = {
    {"file", Backend::sqlite},
    {"postgresql", Backend::postgres},
    {"postgres", Backend::postgres},
};

// The scheme of "scheme://..." or "file:...", "" for a path. A path may hold a ':'
// ("history:old.db"), so only the "://" form, or file:, makes a URL.
std::string_view scheme_of(std::string_view location) {
  if (location.starts_with("file:")) return "file";
  const std::size_t colon = location.find("://");
  if (colon == std::string_view::npos || colon == 0) return {};
  const std::string_view scheme = location.substr(0, colon);
  if (std::isalpha(static_cast<unsigned char>(scheme.front())) == 0) return {};
  for (const char c : scheme)
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '+' && c != '-' && c != '.')
      return {};
  return scheme;
}

const SchemeBackend* find_scheme(std::string_view scheme) {
  for (const auto& entry : kSchemeBackends)
    if (entry.scheme == scheme) return &entry;
  return nullptr;
}

// file:PATH, file:/PATH, file:///PATH or file://localhost/PATH -> PATH.
std::string file_url_path(std::string_view location) {
  std::string_view rest = location.substr(std::string_view("file:").size());
  if (!rest.starts_with("//")) return std::string(rest);
  rest.remove_prefix(2);
  const std::size_t slash = rest.find('/');
  const std::string_view host = rest.substr(0, slash);
  if (!host.empty() && host != "localhost")
    throw StoreError(
        fmt::format("store '{}': a file: URL names a file on this machine, not on "
                    "host '{}' (write file:///PATH)",
                    text::printable_excerpt(location, 200), text::printable(host)));
  return slash == std::string_view::npos ? std::string() : std::string(rest.substr(slash));
}

}  // namespace

std::string known_store_schemes() {
  return "a path or file:PATH (SQLite), postgresql:// or postgres:// (PostgreSQL)";
}

std::optional<Backend> backend_of(std::string_view location) {
  const std::string_view scheme = scheme_of(location);
  if (scheme.empty()) return Backend::sqlite;
  if (const SchemeBackend* entry = find_scheme(scheme)) return entry->backend;
  return std::nullopt;
}

StoreTarget store_target(std::string_view location) {
  const std::string_view scheme = scheme_of(location);
  if (scheme.empty()) return {Backend::sqlite, std::string(location)};
  const SchemeBackend* entry = find_scheme(scheme);
  // Only the scheme is echoed: the rest of an unknown URL may carry a password.
  if (entry == nullptr)
    throw StoreError(
        fmt::format("store location with scheme '{}://': no backend opens it "
                    "(known: {})",
                    text::printable_excerpt(scheme), known_store_schemes()));
  if (scheme == "file") return {entry->backend, file_url_path(location)};
  return {entry->backend, std::string(location)};
}

}  // namespace rb::store
